import type { NotificationReceivedPayload, UserNotification } from "../../../contracts/notifications";
import type { TenantContext } from "../../db/tenancy";

export interface NewNotification {
  readonly userId: number;
  /** What it is about: mention, action_assigned, alert_triggered, … */
  readonly kind: string;
  readonly title: string;
  readonly body?: string;
  /** The in-app path it opens ("/reporting/kpi-detail/7/comments"), or null. */
  readonly link?: string | null;
}

/**
 * Tells one person something in the tenant's transaction: the notification waits in their inbox
 * until read, and NotificationReceived (delivered to that person only: ownEventFilter on
 * payload.userId) shows it live. Mail, where a feature wants one too, goes through the mailer.
 */
export async function notifyUser(context: TenantContext, notification: NewNotification): Promise<UserNotification> {
  const row = await context.db
    .insertInto("user_notifications")
    .values({
      tenant_id: context.tenantId,
      user_id: notification.userId,
      kind: notification.kind,
      title: notification.title.slice(0, 300),
      body: (notification.body ?? "").slice(0, 2000),
      link: notification.link ?? null,
    })
    .returning(["id", "kind", "title", "body", "link", "created_at", "read_at"])
    .executeTakeFirstOrThrow();
  const stored = notificationOf(row);
  const payload: NotificationReceivedPayload = { userId: notification.userId, notification: stored };
  await context.appendEvent({ type: "NotificationReceived", payload });
  return stored;
}

export function notificationOf(row: { id: number; kind: string; title: string; body: string; link: string | null; created_at: Date; read_at: Date | null }): UserNotification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, createdAt: row.created_at.toISOString(), readAt: row.read_at ? row.read_at.toISOString() : null };
}
