import { sql } from "kysely";
import type { NotificationsResponse } from "../../../contracts/notifications";
import type { TenantContext } from "../../db/tenancy";
import { notificationOf } from "../../platform/notifications/notify-user";

/** The inbox shows the latest 50; older ones stay, counted as unread until read. */
export const INBOX_SIZE = 50;

/** The person's own notifications only, newest first, and their unread count. */
export async function inboxOf(context: TenantContext, userId: number): Promise<NotificationsResponse> {
  const [rows, unread] = await Promise.all([
    context.db.selectFrom("user_notifications").select(["id", "kind", "title", "body", "link", "created_at", "read_at"]).where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").limit(INBOX_SIZE).execute(),
    context.db.selectFrom("user_notifications").select((eb) => eb.fn.countAll<string>().as("n")).where("user_id", "=", userId).where("read_at", "is", null).executeTakeFirstOrThrow(),
  ]);
  return { notifications: rows.map(notificationOf), unread: Number(unread.n) };
}

/**
 * Marks the person's notifications read: the listed ones, or all. Ids of other people's are
 * passed over as unknown ones are: nobody learns whether an id is someone else's. The person's
 * other tabs learn of it by NotificationsMarkedRead (to them only).
 */
export async function markRead(context: TenantContext, userId: number, ids: readonly number[] | "all"): Promise<NotificationsResponse> {
  let update = context.db.updateTable("user_notifications").set({ read_at: new Date() }).where("user_id", "=", userId).where("read_at", "is", null);
  if (ids !== "all") update = update.where("id", "=", sql<number>`any(${[...ids]}::bigint[])`);
  const changed = await update.returning("id").execute();
  if (changed.length > 0) await context.appendEvent({ type: "NotificationsMarkedRead", payload: { userId, ids: changed.map((row) => row.id) } });
  return inboxOf(context, userId);
}
