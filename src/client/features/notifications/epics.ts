import { filter, map, mergeMap, type Observable } from "rxjs";
import { NotificationReceived, NotificationsRead, ToastDismissed, ToastShown } from "../../../contracts/messages/notifications";
import { describeServerEvent } from "../../../domain/notifications/describe-event";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { ofCommand, ofEvent } from "../../bus/operators";
import { inboxEpics } from "./inbox-epics";
import { toastFor } from "./toast-rules";

type NotificationsEpic = Epic<AppState, EpicDeps>;

/**
 * Others' changes from the server's stream become notifications written for people; the
 * person's own, arriving from their other tabs, update the screens but ring no bell.
 */
export const notifyOthersChanges: NotificationsEpic = ({ event$, state$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    mergeMap(({ payload: event }): Emitted[] => {
      if (event.actor === `user:${state$.value.session.profile?.id}`) return [];
      const kpis = state$.value.kpis.meta.kpis;
      const dashboards = state$.value.customDashboards;
      const dashboardName = (id: number) => dashboards.open[id]?.dashboard?.name ?? dashboards.list.dashboards.find((entry) => entry.id === id)?.name;
      const described = describeServerEvent(event.type, event.payload, { actorName: event.actorName, kpiName: (id) => kpis.find((kpi) => kpi.id === id)?.name, dashboardName });
      if (!described) return [];
      return [{ event: NotificationReceived.make({ id: event.seq, text: described.text, href: described.href, occurredAt: event.occurredAt }), origin: "remote" }];
    }),
  );

/** The person's own outcomes (saved, failed, undoable) become toasts; replayed logs make none. */
export const toastOwnOutcomes: NotificationsEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    filter((envelope) => envelope.origin === "local"),
    mergeMap((envelope): Observable<Emitted> | Emitted[] => {
      const content = toastFor(envelope.payload, state$.value);
      return content ? [{ event: ToastShown.make({ id: deps.ids(), ...content }), commandId: envelope.commandId }] : [];
    }),
  );

export const markNotificationsRead: NotificationsEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("MarkNotificationsRead"),
    map(({ commandId }): Emitted => ({ event: NotificationsRead.make({}), commandId })),
  );

export const dismissToast: NotificationsEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("DismissToast"),
    map(({ command, commandId }): Emitted => ({ event: ToastDismissed.make({ id: command.id }), commandId })),
  );

export const notificationsEpics = { notifyOthersChanges, toastOwnOutcomes, markNotificationsRead, dismissToast, ...inboxEpics };
