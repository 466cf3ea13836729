import { Schema } from "@effect/schema";

/**
 * Feedback for people: notifications of what others changed (kept in the notification centre)
 * and toasts about the person's own actions (saved, failed, undo). Their texts are written when
 * the event is made, so a recorded log folds to the same words without a catalogue or a server.
 */

// ── commands ────────────────────────────────────────────────────────────────
export class MarkNotificationsRead extends Schema.TaggedStruct("MarkNotificationsRead", {}) {}
export class DismissToast extends Schema.TaggedStruct("DismissToast", { id: Schema.String }) {}

export const NotificationsCommand = Schema.Union(MarkNotificationsRead, DismissToast);

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

export const NotificationsEvent = Schema.Union(NotificationReceived, NotificationsRead, ToastShown, ToastDismissed);
