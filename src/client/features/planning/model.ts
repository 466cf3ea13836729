import { castDraft, produce } from "immer";
import type { KpiMonthValue } from "../../../contracts/kpis";
import type { PlanningVersion } from "../../../contracts/planning";
import type { Reducer } from "../../bus/store";

/** A change typed, pasted or computed in the grid, not saved yet. */
export interface PlanningDraft {
  readonly text: string;
  readonly value: number | "-";
}

/**
 * The planning screens' read model: the grid's values (one slot per screen and year), the
 * pending changes by KPI and month, the refused cells with their message, the cells another
 * person saved while this person had a change pending (the conflict shown on the cell), the
 * save's state, and the planning versions.
 */
export interface PlanningModel {
  readonly grids: Readonly<Record<string, { readonly status: "loading" | "loaded" | "error"; readonly params: string; readonly version: number | null; readonly kpis: readonly { readonly id: number; readonly values: readonly KpiMonthValue[] }[] | null; readonly message: string | null }>>;
  readonly pending: Readonly<Record<number, Readonly<Record<string, PlanningDraft>>>>;
  readonly rejected: Readonly<Record<number, Readonly<Record<string, { readonly text: string; readonly message: string }>>>>;
  /** Another person saved this cell while it had a pending change here: their value (null: removed). */
  readonly conflicts: Readonly<Record<number, Readonly<Record<string, number | null>>>>;
  readonly save: { readonly status: "idle" | "saving" | "error"; readonly message: string | null };
  readonly versions: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly list: readonly PlanningVersion[]; readonly message: string | null };
  readonly versionAction: { readonly status: "idle" | "busy" | "error"; readonly action: "save" | "delete" | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
}

export const initialPlanning: PlanningModel = {
  grids: {},
  pending: {},
  rejected: {},
  conflicts: {},
  save: { status: "idle", message: null },
  versions: { status: "idle", list: [], message: null },
  versionAction: { status: "idle", action: null, message: null, fields: {} },
};

export const planningReducer: Reducer<PlanningModel> = (model, event) => {
  switch (event._tag) {
    case "PlanningGridLoadStarted":
      return produce(model, (draft) => {
        const current = draft.grids[event.key];
        draft.grids[event.key] = { status: "loading", params: event.params, version: event.version, kpis: current?.params === event.params ? current.kpis : null, message: null };
      });
    case "PlanningGridLoaded":
      return produce(model, (draft) => {
        const current = draft.grids[event.key];
        if (current?.params !== event.params) return;
        current.status = "loaded";
        current.kpis = castDraft(event.kpis);
      });
    case "PlanningGridLoadFailed":
      return produce(model, (draft) => {
        const current = draft.grids[event.key];
        if (current?.params !== event.params) return;
        current.status = "error";
        current.message = event.message;
      });
    case "PlanningCellsEdited":
      return produce(model, (draft) => {
        for (const cell of event.pending) {
          (draft.pending[cell.kpi] ??= {})[cell.date] = { text: cell.text, value: cell.value };
          if (draft.rejected[cell.kpi]) delete draft.rejected[cell.kpi]![cell.date];
        }
        for (const cell of event.rejected) {
          (draft.rejected[cell.kpi] ??= {})[cell.date] = { text: cell.text, message: cell.message };
          if (draft.pending[cell.kpi]) delete draft.pending[cell.kpi]![cell.date];
        }
        pruneEmpty(draft.pending);
        pruneEmpty(draft.rejected);
        if (draft.save.status === "error") draft.save = { status: "idle", message: null };
      });
    case "PlanningChangesDiscarded":
      return produce(model, (draft) => {
        draft.pending = {};
        draft.rejected = {};
        draft.conflicts = {};
        draft.save = { status: "idle", message: null };
      });
    case "PlanningSaveStarted":
      return produce(model, (draft) => {
        draft.save = { status: "saving", message: null };
      });
    case "PlanningSaveFailed":
      return produce(model, (draft) => {
        // Nothing was saved and nothing is lost: the changes stay pending, refused cells say why.
        draft.save = { status: "error", message: event.message };
        for (const [field, messages] of Object.entries(event.fields)) {
          const index = /^values\.(\d+)\./.exec(field)?.[1];
          const cell = index === undefined ? undefined : event.cells[Number(index)];
          const entry = cell && draft.pending[cell.kpi]?.[cell.date];
          if (!cell || !entry) continue;
          (draft.rejected[cell.kpi] ??= {})[cell.date] = { text: entry.text, message: messages.join(" ") };
          delete draft.pending[cell.kpi]![cell.date];
        }
        pruneEmpty(draft.pending);
      });
    case "PlanningValuesSaved":
      return produce(model, (draft) => {
        const byKpi = new Map<number, Map<string, number | null>>();
        for (const value of event.values) {
          const months = byKpi.get(value.kpi) ?? new Map<string, number | null>();
          months.set(value.date, value.value);
          byKpi.set(value.kpi, months);
          const pending = draft.pending[value.kpi]?.[value.date];
          if (!event.elsewhere) {
            if (pending) delete draft.pending[value.kpi]![value.date];
            if (draft.conflicts[value.kpi]) delete draft.conflicts[value.kpi]![value.date];
          } else if (pending && !sameValue(pending.value, value.value)) {
            // The person's draft stays; the cell shows what the other person saved.
            (draft.conflicts[value.kpi] ??= {})[value.date] = value.value;
          }
        }
        pruneEmpty(draft.pending);
        pruneEmpty(draft.conflicts);
        if (!event.elsewhere) draft.save = { status: "idle", message: null };
        // Every open grid takes the saved values (a version's grid keeps the version's).
        for (const grid of Object.values(draft.grids)) {
          if (!grid.kpis || grid.version !== null) continue;
          for (const kpi of grid.kpis) {
            const months = byKpi.get(kpi.id);
            if (!months) continue;
            for (const month of kpi.values) if (months.has(month.date)) month.planningValue = months.get(month.date)!;
          }
        }
      });
    case "PlanningVersionsLoadStarted":
      return produce(model, (draft) => {
        draft.versions.status = "loading";
        draft.versions.message = null;
      });
    case "PlanningVersionsLoaded":
      return produce(model, (draft) => {
        draft.versions = castDraft({ status: "loaded" as const, list: event.versions, message: null });
      });
    case "PlanningVersionsLoadFailed":
      return produce(model, (draft) => {
        draft.versions.status = "error";
        draft.versions.message = event.message;
      });
    case "PlanningVersionActionStarted":
      return produce(model, (draft) => {
        draft.versionAction = { status: "busy", action: event.action, message: null, fields: {} };
      });
    case "PlanningVersionSaved":
      return produce(model, (draft) => {
        draft.versionAction = { status: "idle", action: null, message: null, fields: {} };
        draft.versions.list = castDraft([event.version, ...model.versions.list.filter((version) => version.id !== event.version.id)]);
      });
    case "PlanningVersionDeleted":
      return produce(model, (draft) => {
        draft.versionAction = { status: "idle", action: null, message: null, fields: {} };
        draft.versions.list = castDraft(model.versions.list.filter((version) => version.id !== event.versionId));
      });
    case "PlanningVersionFailed":
      return produce(model, (draft) => {
        draft.versionAction = castDraft({ status: "error" as const, action: event.action, message: event.message, fields: event.fields });
      });
    default:
      return model;
  }
};

const sameValue = (pending: number | "-", saved: number | null) => (pending === "-" ? saved === null : pending === saved);

function pruneEmpty(byKpi: Record<number, Record<string, unknown>>) {
  for (const kpi of Object.keys(byKpi)) if (Object.keys(byKpi[Number(kpi)]!).length === 0) delete byKpi[Number(kpi)];
}

/** How many changes wait to be saved, and how many cells were refused. */
export const countOf = (byKpi: Readonly<Record<number, Readonly<Record<string, unknown>>>>) => Object.values(byKpi).reduce((sum, months) => sum + Object.keys(months).length, 0);
