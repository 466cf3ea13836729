import { castDraft, produce } from "immer";
import type { KpiAlert } from "../../../contracts/alerts";
import type { Reducer } from "../../bus/store";

/** Where a list of alerts is kept: all of the person's, or those on one KPI. */
export const alertListKey = (kpiId: number | null) => (kpiId === null ? "all" : `kpi/${kpiId}`);

export interface AlertList {
  readonly status: "loading" | "loaded" | "error";
  readonly alerts: readonly KpiAlert[];
  readonly message: string | null;
}

/**
 * The alerts' read model: the person's lists (all, by KPI), the company's time zone the send
 * times are shown in (from the last answer), the dialog's save with the server's field messages,
 * per-alert actions running (pause, delete), and a revision another tab's change or a trigger bumps.
 */
export interface AlertsModel {
  readonly lists: Readonly<Record<string, AlertList>>;
  readonly timeZone: string | null;
  readonly save: { readonly status: "idle" | "saving" | "saved" | "error"; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>>; readonly alert: KpiAlert | null };
  readonly busy: readonly number[];
  readonly revision: number;
}

export const initialAlerts: AlertsModel = { lists: {}, timeZone: null, save: { status: "idle", message: null, fields: {}, alert: null }, busy: [], revision: 0 };

/** Puts the alert in every list it belongs to (all, its KPI's), in place or at the end. */
function upsert(lists: Record<string, AlertList>, alert: KpiAlert) {
  for (const [key, list] of Object.entries(lists)) {
    if (key !== "all" && key !== alertListKey(alert.kpiId)) continue;
    const alerts = list.alerts as KpiAlert[];
    const index = alerts.findIndex((entry) => entry.id === alert.id);
    if (index >= 0) alerts[index] = alert;
    else alerts.push(alert);
  }
}

export const alertsReducer: Reducer<AlertsModel> = (model, event) => {
  switch (event._tag) {
    case "AlertsLoadStarted":
      return produce(model, (draft) => {
        draft.lists[event.key] = { status: "loading", alerts: draft.lists[event.key]?.alerts ?? [], message: null };
      });
    case "AlertsLoaded":
      return produce(model, (draft) => {
        draft.lists[event.key] = { status: "loaded", alerts: castDraft(event.alerts), message: null };
        draft.timeZone = event.timeZone;
      });
    case "AlertsLoadFailed":
      return produce(model, (draft) => {
        draft.lists[event.key] = { status: "error", alerts: draft.lists[event.key]?.alerts ?? [], message: event.message };
      });
    case "AlertSaveStarted":
      return produce(model, (draft) => {
        draft.save = { status: "saving", message: null, fields: {}, alert: null };
      });
    case "AlertSaved":
      return produce(model, (draft) => {
        draft.save = { status: "saved", message: null, fields: {}, alert: castDraft(event.alert) };
        upsert(draft.lists as Record<string, AlertList>, event.alert);
      });
    case "AlertSaveFailed":
      return produce(model, (draft) => {
        draft.save = { status: "error", message: event.message, fields: castDraft(event.fields), alert: null };
      });
    case "AlertSaveReset":
      return produce(model, (draft) => {
        draft.save = castDraft(initialAlerts.save);
      });
    case "AlertActionStarted":
      return produce(model, (draft) => {
        if (!draft.busy.includes(event.alertId)) draft.busy.push(event.alertId);
      });
    case "AlertChanged":
      return produce(model, (draft) => {
        upsert(draft.lists as Record<string, AlertList>, event.alert);
        draft.busy = draft.busy.filter((id) => id !== event.alert.id);
      });
    case "AlertDeleted":
      return produce(model, (draft) => {
        for (const list of Object.values(draft.lists)) list.alerts = list.alerts.filter((alert) => alert.id !== event.alertId);
        draft.busy = draft.busy.filter((id) => id !== event.alertId);
      });
    case "AlertActionFailed":
      return produce(model, (draft) => {
        draft.busy = draft.busy.filter((id) => id !== event.alertId);
      });
    case "AlertsChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    default:
      return model;
  }
};
