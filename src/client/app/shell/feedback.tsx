import { Link, useLocation } from "wouter";
import type { Command } from "../../../contracts/messages";
import { useDispatch, useModel } from "../../bus/use-model";
import { NotificationCentre } from "../../ui/notification-centre";
import { ToastRegion } from "../../ui/toast";
import { useNow } from "../clock";
import type { AppState } from "../state";

/** Relative times ("5 minutes ago") in the notification list are read again every half minute. */
const NOTIFICATION_CLOCK_MS = 30_000;

/** Inbox entries are told apart from change notes (numbered by the event log) by this prefix. */
const INBOX_PREFIX = "inbox-";

/**
 * The bell in the top bar: the person's inbox (mentions, actions assigned to them, alerts: kept on
 * the server until read) and what other people changed in this session, newest first in one list.
 * Opening an inbox entry marks it read; "Mark all as read" marks both.
 */
export function Notifications() {
  const dispatch = useDispatch();
  const items = useModel((state: AppState) => state.notifications.items);
  const inbox = useModel((state: AppState) => state.notifications.inbox);
  const now = useNow(NOTIFICATION_CLOCK_MS);
  const [from] = useLocation(); // a KPI detail's breadcrumbs lead back to the screen the person was on
  const entries = [
    ...inbox.items.map((item) => ({ id: `${INBOX_PREFIX}${item.id}`, text: item.title, at: item.createdAt, read: item.readAt !== null, ...(item.body ? { detail: item.body } : {}), ...(item.link ? { href: item.link } : {}) })),
    ...items.map((item) => ({ id: item.id, text: item.text, at: item.occurredAt, read: item.read, ...(item.href ? { href: item.href } : {}) })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const listedInboxUnread = inbox.items.filter((item) => item.readAt === null).length;
  const unreadCount = items.filter((item) => !item.read).length + Math.max(inbox.unread, listedInboxUnread);
  return (
    <NotificationCentre
      notifications={entries}
      now={new Date(now)}
      unreadCount={unreadCount}
      onSelect={(id) => {
        const inboxId = typeof id === "string" && id.startsWith(INBOX_PREFIX) ? Number(id.slice(INBOX_PREFIX.length)) : null;
        if (inboxId !== null && inbox.items.some((item) => item.id === inboxId && item.readAt === null)) dispatch({ _tag: "MarkInboxRead", ids: [inboxId] });
      }}
      onMarkAllRead={() => dispatch({ _tag: "MarkNotificationsRead" })}
      renderLink={(href, children, onClick) => (
        <Link href={href} state={{ from }} onClick={onClick}>
          {children}
        </Link>
      )}
    />
  );
}

/** The person's own outcomes (saved, failed, undo), small in a corner, at most three. */
export function Toasts() {
  const dispatch = useDispatch();
  const toasts = useModel((state: AppState) => state.notifications.toasts);
  return (
    <ToastRegion
      toasts={toasts.map((toast) => ({ id: toast.id, kind: toast.tone, title: toast.text, ...(toast.action ? { actionLabel: toast.action.label } : {}) }))}
      onDismiss={(id) => dispatch({ _tag: "DismissToast", id: String(id) })}
      onAction={(id) => {
        // The region dismisses the toast itself; the bus validates the command like any other.
        const toast = toasts.find((candidate) => candidate.id === id);
        if (toast?.action) dispatch(toast.action.command as Command);
      }}
    />
  );
}
