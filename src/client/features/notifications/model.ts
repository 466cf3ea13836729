import { castDraft, produce } from "immer";
import type { ToastAction } from "../../../contracts/messages/notifications";
import type { UserNotification } from "../../../contracts/notifications";
import type { Reducer } from "../../bus/store";

export interface Notification {
  readonly id: number;
  readonly text: string;
  readonly href: string | null;
  readonly occurredAt: string;
  readonly read: boolean;
}

export interface Toast {
  readonly id: string;
  readonly tone: "success" | "error" | "info";
  readonly text: string;
  readonly action: ToastAction | null;
}

/**
 * The person's inbox on the server (mentions, actions assigned, alerts): kept until read, so one
 * that arrived while they were away waits for them. `unread` counts all unread, also those older
 * than the latest the server sends.
 */
export interface Inbox {
  readonly status: "idle" | "loaded" | "error";
  readonly items: readonly UserNotification[];
  readonly unread: number;
}

/** The notification centre (others' changes, newest first), the person's inbox, and the toasts on screen. */
export interface NotificationsModel {
  readonly items: readonly Notification[];
  readonly inbox: Inbox;
  readonly toasts: readonly Toast[];
}

/** The centre keeps the latest 50; older ones are in the change logs of their features. */
export const MAX_NOTIFICATIONS = 50;
/** At most three toasts at once, so they never pile up over the screen. */
export const MAX_TOASTS = 3;

export const initialNotifications: NotificationsModel = { items: [], inbox: { status: "idle", items: [], unread: 0 }, toasts: [] };

export const notificationsReducer: Reducer<NotificationsModel> = (model, event) => {
  switch (event._tag) {
    case "NotificationReceived":
      return produce(model, (draft) => {
        if (draft.items.some((item) => item.id === event.id)) return;
        draft.items.unshift({ id: event.id, text: event.text, href: event.href, occurredAt: event.occurredAt, read: false });
        draft.items.splice(MAX_NOTIFICATIONS);
      });
    case "NotificationsRead":
      return produce(model, (draft) => {
        for (const item of draft.items) item.read = true;
      });
    case "InboxLoaded":
      return produce(model, (draft) => {
        draft.inbox = castDraft({ status: "loaded", items: event.notifications, unread: event.unread });
      });
    case "InboxLoadFailed":
      return produce(model, (draft) => {
        draft.inbox.status = "error";
      });
    case "InboxNotificationArrived":
      return produce(model, (draft) => {
        if (draft.inbox.items.some((item) => item.id === event.notification.id)) return;
        draft.inbox.items.unshift(castDraft(event.notification));
        draft.inbox.items.splice(MAX_NOTIFICATIONS);
        if (event.notification.readAt === null) draft.inbox.unread += 1;
      });
    case "InboxMarkedRead":
      return produce(model, (draft) => {
        // Only those still unread here count: this tab's own answer may have folded them already.
        let newlyRead = 0;
        for (const id of event.ids) {
          const item = draft.inbox.items.find((candidate) => candidate.id === id);
          if (item && item.readAt !== null) continue;
          if (item) item.readAt = event.readAt;
          newlyRead += 1;
        }
        draft.inbox.unread = Math.max(0, draft.inbox.unread - newlyRead);
      });
    case "ToastShown":
      return produce(model, (draft) => {
        draft.toasts.push(castDraft({ id: event.id, tone: event.tone, text: event.text, action: event.action }));
        draft.toasts.splice(0, Math.max(0, draft.toasts.length - MAX_TOASTS));
      });
    case "ToastDismissed":
      return produce(model, (draft) => {
        draft.toasts = draft.toasts.filter((toast) => toast.id !== event.id);
      });
    case "SignedOut":
      return initialNotifications;
    default:
      return model;
  }
};

export const selectUnreadCount = (model: NotificationsModel) => model.items.filter((item) => !item.read).length + model.inbox.unread;
