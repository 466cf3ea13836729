import { Schema } from "@effect/schema";
import { exhaustMap, filter, map, merge, mergeMap, switchMap, type Observable } from "rxjs";
import type { DomainEvent } from "../../../contracts/messages";
import { InboxLoaded, InboxLoadFailed, InboxMarkedRead, InboxNotificationArrived, ToastShown } from "../../../contracts/messages/notifications";
import { NotificationsResponse, UserNotification } from "../../../contracts/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

type InboxEpic = Epic<AppState, EpicDeps>;

/** The inbox is read when the person's session is known (signed in, or a reload) and when asked. */
export const loadInbox: InboxEpic = ({ command$, event$ }, deps) =>
  merge(
    command$.pipe(ofCommand("LoadInbox"), map(({ commandId }) => commandId as string | undefined)),
    event$.pipe(ofEvent("SessionLoaded"), map(() => undefined)),
  ).pipe(switchMap((commandId) => inbox$(deps, "GET").pipe(causedBy(commandId))));

/** The server's NotificationReceived (this person's only) lands in the inbox; NotificationsMarkedRead from their other tabs too. */
export const inboxLive: InboxEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => envelope.payload.type === "NotificationReceived" || envelope.payload.type === "NotificationsMarkedRead"),
    mergeMap((envelope): Emitted[] => {
      const payload = envelope.payload.payload as { notification?: unknown; ids?: unknown };
      if (envelope.payload.type === "NotificationsMarkedRead") {
        const ids = Array.isArray(payload?.ids) ? payload.ids.filter((id): id is number => typeof id === "number") : [];
        return ids.length ? [{ event: InboxMarkedRead.make({ ids, readAt: envelope.payload.occurredAt }), origin: "remote" }] : [];
      }
      const decoded = Schema.decodeUnknownOption(UserNotification)(payload?.notification);
      // Folded as the person's own (local): it is theirs, and its toast comes from toast-rules.
      return decoded._tag === "Some" ? [{ event: InboxNotificationArrived.make({ notification: decoded.value }) }] : [];
    }),
  );

/** Opening a notification marks it read; "Mark all as read" marks the inbox too. */
export const markInboxRead: InboxEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("MarkInboxRead", "MarkNotificationsRead"),
    filter(({ command }) => (command._tag === "MarkInboxRead" ? command.ids.length > 0 : state$.value.notifications.inbox.unread > 0)),
    exhaustMap(({ command, commandId }) => {
      const answer = command._tag === "MarkInboxRead" ? inbox$(deps, "POST", "/notifications/read/", { ids: command.ids }) : inbox$(deps, "POST", "/notifications/read-all/");
      return answer.pipe(causedBy(commandId));
    }),
  );

function inbox$(deps: EpicDeps, method: "GET" | "POST", path = "/notifications/", body?: unknown): Observable<DomainEvent> {
  return outcome$(
    deps.api.request({ root: "main", method, path, decode: NotificationsResponse, ...(method === "GET" ? { idempotent: true } : {}), ...(body === undefined ? {} : { body }) }),
    (answer): DomainEvent => InboxLoaded.make({ notifications: answer.notifications, unread: answer.unread }),
    (error): DomainEvent =>
      method === "GET" ? InboxLoadFailed.make({ message: describeApiError(error) }) : ToastShown.make({ id: deps.ids(), tone: "error", text: `Not marked read: ${describeApiError(error)}`, action: null }),
  );
}

export const inboxEpics = { loadInbox, inboxLive, markInboxRead };
