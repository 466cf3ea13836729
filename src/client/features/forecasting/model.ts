import { castDraft, produce } from "immer";
import type { ForecastCategory, ForecastComputed, ForecastDetail, ForecastReports, ForecastSources } from "../../../contracts/forecasting";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/** A typed cell of the grid: a value to save, '-' to remove (null), or refused with the reason. */
export type CellEdit = { readonly text: string; readonly value: number | null } | { readonly text: string; readonly error: string };

/**
 * Forecasting's read model: the categories, the open category's forecasts, the wizard's sources
 * and outcome, the open forecast with the person's unsaved edits, and the last action's outcome.
 * `revision` goes up when forecasts changed elsewhere: open screens load again.
 */
export interface ForecastingModel {
  readonly categories: { readonly status: LoadStatus; readonly message: string | null; readonly items: readonly ForecastCategory[] };
  readonly reports: { readonly status: LoadStatus; readonly message: string | null; readonly notFound: boolean; readonly categoryId: number | null; readonly data: ForecastReports | null };
  readonly sources: { readonly status: LoadStatus; readonly message: string | null; readonly categoryId: number | null; readonly data: ForecastSources | null };
  readonly create: { readonly status: "idle" | "saving" | "error" | "created"; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>>; readonly result: ForecastComputed | null };
  readonly detail: { readonly status: LoadStatus; readonly message: string | null; readonly notFound: boolean; readonly forecastId: number | null; readonly data: ForecastDetail | null };
  /** Unsaved cells by `${kpiId}/${date}` and overrides by KPI id, of the open forecast. */
  readonly edits: { readonly cells: Readonly<Record<string, CellEdit>>; readonly overrides: Readonly<Record<number, boolean>>; readonly status: "idle" | "saving" | "error"; readonly message: string | null };
  readonly action: { readonly status: "idle" | "running" | "done" | "error"; readonly action: string | null; readonly forecastId: number | null; readonly message: string | null; readonly notice: string | null };
  readonly revision: number;
}

export const initialForecasting: ForecastingModel = {
  categories: { status: "idle", message: null, items: [] },
  reports: { status: "idle", message: null, notFound: false, categoryId: null, data: null },
  sources: { status: "idle", message: null, categoryId: null, data: null },
  create: { status: "idle", message: null, fields: {}, result: null },
  detail: { status: "idle", message: null, notFound: false, forecastId: null, data: null },
  edits: { cells: {}, overrides: {}, status: "idle", message: null },
  action: { status: "idle", action: null, forecastId: null, message: null, notice: null },
  revision: 0,
};

export const cellKey = (kpiId: number, date: string) => `${kpiId}/${date}`;

/** The edits to send: every valid cell and every override; null while a cell is refused. */
export function pendingChanges(edits: ForecastingModel["edits"]): { values: { kpi: number; date: string; value: number | "-" }[]; overrides: { kpi: number; override: boolean }[] } | null {
  const values: { kpi: number; date: string; value: number | "-" }[] = [];
  for (const [key, edit] of Object.entries(edits.cells)) {
    if ("error" in edit) return null;
    const [kpi, date] = key.split("/");
    values.push({ kpi: Number(kpi), date: date!, value: edit.value === null ? "-" : edit.value });
  }
  return { values, overrides: Object.entries(edits.overrides).map(([kpi, override]) => ({ kpi: Number(kpi), override })) };
}

export const forecastingReducer: Reducer<ForecastingModel> = (model, event) => {
  switch (event._tag) {
    case "ForecastCategoriesLoadStarted":
      return produce(model, (draft) => {
        draft.categories.status = "loading";
        draft.categories.message = null;
      });
    case "ForecastCategoriesLoaded":
      return produce(model, (draft) => {
        draft.categories = castDraft({ status: "loaded" as const, message: null, items: event.categories });
      });
    case "ForecastCategoriesLoadFailed":
      return produce(model, (draft) => {
        draft.categories.status = "error";
        draft.categories.message = event.message;
      });
    case "ForecastReportsLoadStarted":
      return produce(model, (draft) => {
        const same = draft.reports.categoryId === event.categoryId;
        draft.reports = castDraft({ status: "loading" as const, message: null, notFound: false, categoryId: event.categoryId, data: same ? model.reports.data : null });
      });
    case "ForecastReportsLoaded":
      return produce(model, (draft) => {
        draft.reports = castDraft({ status: "loaded" as const, message: null, notFound: false, categoryId: event.reports.category.id, data: event.reports });
      });
    case "ForecastReportsLoadFailed":
      return produce(model, (draft) => {
        draft.reports = castDraft({ status: "error" as const, message: event.message, notFound: event.notFound, categoryId: event.categoryId, data: null });
      });
    case "ForecastSourcesLoaded":
      return produce(model, (draft) => {
        draft.sources = castDraft({ status: "loaded" as const, message: null, categoryId: event.categoryId, data: event.sources });
      });
    case "ForecastSourcesLoadFailed":
      return produce(model, (draft) => {
        draft.sources = castDraft({ status: "error" as const, message: event.message, categoryId: event.categoryId, data: null });
      });
    case "ForecastLoadStarted":
      return produce(model, (draft) => {
        const same = draft.detail.forecastId === event.forecastId;
        draft.detail = castDraft({ status: "loading" as const, message: null, notFound: false, forecastId: event.forecastId, data: same ? model.detail.data : null });
        if (!same) draft.edits = castDraft(initialForecasting.edits);
      });
    case "ForecastLoaded":
      return produce(model, (draft) => {
        draft.detail = castDraft({ status: "loaded" as const, message: null, notFound: false, forecastId: event.detail.forecast.id, data: event.detail });
      });
    case "ForecastLoadFailed":
      return produce(model, (draft) => {
        draft.detail = castDraft({ status: "error" as const, message: event.message, notFound: event.notFound, forecastId: event.forecastId, data: null });
      });
    case "ForecastCreateStarted":
      return produce(model, (draft) => {
        draft.create = { status: "saving", message: null, fields: {}, result: null };
      });
    case "ForecastCreated":
      return produce(model, (draft) => {
        draft.create = castDraft({ status: "created" as const, message: null, fields: {}, result: event.result });
        draft.revision += 1;
      });
    case "ForecastCreateFailed":
      return produce(model, (draft) => {
        draft.create = castDraft({ status: "error" as const, message: event.message, fields: event.fields, result: null });
      });
    case "ForecastCreatedDismissed":
      return produce(model, (draft) => {
        draft.create = castDraft(initialForecasting.create);
      });
    case "ForecastActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "running", action: event.action, forecastId: event.forecastId, message: null, notice: null };
      });
    case "ForecastActivated":
      return produce(model, (draft) => {
        const { activated, deactivated } = event.result;
        draft.action = { status: "done", action: "activate", forecastId: activated.id, message: null, notice: deactivated ? `${activated.name} is the active forecast now, instead of ${deactivated.name}.` : `${activated.name} is the active forecast now.` };
        draft.revision += 1;
      });
    case "ForecastDeactivated":
      return produce(model, (draft) => {
        draft.action = { status: "done", action: "deactivate", forecastId: event.forecast.id, message: null, notice: `${event.forecast.name} is no longer active. The category has no active forecast.` };
        draft.revision += 1;
      });
    case "ForecastRecomputed":
      return produce(model, (draft) => {
        const kept = event.result.kept.length;
        draft.action = { status: "done", action: "recompute", forecastId: event.result.forecast.id, message: null, notice: `${event.result.forecast.name} was computed again.${kept ? ` ${kept === 1 ? "1 KPI kept its" : `${kept} KPIs kept their`} values set by hand.` : ""}` };
        draft.revision += 1;
      });
    case "ForecastDeleted":
      return produce(model, (draft) => {
        draft.action = { status: "done", action: "delete", forecastId: event.forecastId, message: null, notice: "The forecast was deleted." };
        if (draft.reports.data) draft.reports.data.forecasts = draft.reports.data.forecasts.filter((forecast) => forecast.id !== event.forecastId);
        draft.revision += 1;
      });
    case "ForecastActionFailed":
      return produce(model, (draft) => {
        draft.action = { status: "error", action: event.action, forecastId: event.forecastId, message: event.message, notice: null };
      });
    case "ForecastCellEdited":
      return produce(model, (draft) => {
        const key = cellKey(event.kpiId, event.date);
        const stored = model.detail.data?.kpis.find((kpi) => kpi.id === event.kpiId);
        const index = model.detail.data?.months.indexOf(event.date) ?? -1;
        const before = stored && index >= 0 ? stored.values[index] ?? null : null;
        if (event.error !== null) draft.edits.cells[key] = { text: event.text, error: event.error };
        else if (event.value === before) delete draft.edits.cells[key];
        else draft.edits.cells[key] = { text: event.text, value: event.value };
        if (draft.edits.status === "error") draft.edits.status = "idle";
      });
    case "ForecastOverrideSet":
      return produce(model, (draft) => {
        const stored = model.detail.data?.kpis.find((kpi) => kpi.id === event.kpiId)?.override ?? false;
        if (event.override === stored) delete draft.edits.overrides[event.kpiId];
        else draft.edits.overrides[event.kpiId] = event.override;
      });
    case "ForecastEditsDiscarded":
      return produce(model, (draft) => {
        draft.edits = castDraft(initialForecasting.edits);
      });
    case "ForecastEditsSaveStarted":
      return produce(model, (draft) => {
        draft.edits.status = "saving";
        draft.edits.message = null;
      });
    case "ForecastEditsSaved":
      return produce(model, (draft) => {
        draft.edits = castDraft(initialForecasting.edits);
        draft.action = { status: "done", action: "save", forecastId: event.result.forecast.id, message: null, notice: `Saved ${event.result.values.length === 1 ? "1 value" : `${event.result.values.length} values`} of ${event.result.forecast.name}.` };
        draft.revision += 1;
      });
    case "ForecastEditsSaveFailed":
      return produce(model, (draft) => {
        draft.edits.status = "error";
        draft.edits.message = event.message;
      });
    case "ForecastsChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    case "SignedOut":
      return initialForecasting;
    default:
      return model;
  }
};
