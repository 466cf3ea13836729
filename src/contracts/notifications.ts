import { Schema } from "@effect/schema";
import { List, RecordId } from "./fields";

/**
 * A notification for one person (GET /api/notifications/, and live as the NotificationReceived
 * event, which the event stream delivers to that person only). `kind` says what it is about
 * (mention, action_assigned, alert_triggered, …); `link` is the in-app path it opens.
 */
export const UserNotification = Schema.Struct({
  id: Schema.Number,
  kind: Schema.String,
  title: Schema.String,
  body: Schema.String,
  link: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  readAt: Schema.NullOr(Schema.String),
});
export type UserNotification = typeof UserNotification.Type;

/** The payload of NotificationReceived: whom it is for and what it says. */
export const NotificationReceivedPayload = Schema.Struct({ userId: Schema.Number, notification: UserNotification });
export type NotificationReceivedPayload = typeof NotificationReceivedPayload.Type;

/** GET /api/notifications/: the person's latest notifications, newest first, and how many are unread in all. */
export const NotificationsResponse = Schema.Struct({ notifications: Schema.Array(UserNotification), unread: Schema.Number });
export type NotificationsResponse = typeof NotificationsResponse.Type;

/** POST /api/notifications/read/: mark these read (another person's ids are ignored, as if unknown). */
export const MarkNotificationsReadBody = Schema.Struct({ ids: List(RecordId, 200, { min: 1 }) });
