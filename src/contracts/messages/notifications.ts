import { Schema } from "@effect/schema";
import { UserNotification } from "../notifications";

/**
 * Feedback for people: notifications of what others changed (kept in the notification centre)
 * and toasts about the person's own actions (saved, failed, undo). Their texts are written when
 * the event is made, so a recorded log folds to the same words without a catalogue or a server.
 */

// ── commands ────────────────────────────────────────────────────────────────
export class MarkNotificationsRead extends Schema.TaggedStruct("MarkNotificationsRead", {}) {}
export class DismissToast extends Schema.TaggedStruct("DismissToast", { id: Schema.String }) {}

/** The person's inbox (their own notifications on the server: mentions, actions assigned, alerts). */
export class LoadInbox extends Schema.TaggedStruct("LoadInbox", {}) {}
/** Mark some of the inbox read (a notification opened). */
export class MarkInboxRead extends Schema.TaggedStruct("MarkInboxRead", { ids: Schema.Array(Schema.Number) }) {}

export const NotificationsCommand = Schema.Union(MarkNotificationsRead, DismissToast, LoadInbox, MarkInboxRead);

// ── events ──────────────────────────────────────────────────────────────────
/** Another person's change, in words; `id` is the server event's seq. */
export class NotificationReceived extends Schema.TaggedStruct("NotificationReceived", {
  id: Schema.Number,
  text: Schema.String,
  href: Schema.NullOr(Schema.String),
  occurredAt: Schema.String,
}) {}
export class NotificationsRead extends Schema.TaggedStruct("NotificationsRead", {}) {}

/**
 * A toast's action: a label and the command it dispatches (e.g. Undo → ToggleFavorite). The
 * command is validated by the bus when dispatched, like any other.
 */
export const ToastAction = Schema.Struct({ label: Schema.String, command: Schema.Unknown });
export type ToastAction = typeof ToastAction.Type;

export class ToastShown extends Schema.TaggedStruct("ToastShown", {
  id: Schema.String,
  tone: Schema.Literal("success", "error", "info"),
  text: Schema.String,
  action: Schema.NullOr(ToastAction),
}) {}
export class ToastDismissed extends Schema.TaggedStruct("ToastDismissed", { id: Schema.String }) {}

/** The inbox as the server answered it: the latest notifications and how many are unread in all. */
export class InboxLoaded extends Schema.TaggedStruct("InboxLoaded", { notifications: Schema.Array(UserNotification), unread: Schema.Number }) {}
export class InboxLoadFailed extends Schema.TaggedStruct("InboxLoadFailed", { message: Schema.String }) {}
/** A notification for the person arrived live (the server's NotificationReceived, theirs only). */
export class InboxNotificationArrived extends Schema.TaggedStruct("InboxNotificationArrived", { notification: UserNotification }) {}
/** Notifications read here or in the person's other tabs. */
export class InboxMarkedRead extends Schema.TaggedStruct("InboxMarkedRead", { ids: Schema.Array(Schema.Number), readAt: Schema.String }) {}

export const NotificationsEvent = Schema.Union(NotificationReceived, NotificationsRead, ToastShown, ToastDismissed, InboxLoaded, InboxLoadFailed, InboxNotificationArrived, InboxMarkedRead);
