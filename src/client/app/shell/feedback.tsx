import { Link, useLocation } from "wouter";
import type { Command } from "../../../contracts/messages";
import { useDispatch, useModel } from "../../bus/use-model";
import { NotificationCentre } from "../../ui/notification-centre";
import { ToastRegion } from "../../ui/toast";
import { useNow } from "../clock";
import type { AppState } from "../state";

/** Relative times ("5 minutes ago") in the notification list are read again every half minute. */
const NOTIFICATION_CLOCK_MS = 30_000;

/** The bell in the top bar: what other people changed, kept until read (features/notifications). */
export function Notifications() {
  const dispatch = useDispatch();
  const items = useModel((state: AppState) => state.notifications.items);
  const now = useNow(NOTIFICATION_CLOCK_MS);
  const [from] = useLocation(); // a KPI detail's breadcrumbs lead back to the screen the person was on
  return (
    <NotificationCentre
      notifications={items.map((item) => ({ id: item.id, text: item.text, at: item.occurredAt, read: item.read, ...(item.href ? { href: item.href } : {}) }))}
      now={new Date(now)}
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
