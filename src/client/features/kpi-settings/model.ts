import { castDraft, produce } from "immer";
import type { GlossaryResponse, KpiManagement } from "../../../contracts/kpi-management";
import type { CommandOf } from "../../../contracts/messages";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

export interface SaveState {
  readonly status: "saving" | "saved" | "error";
  readonly message: string | null;
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

/**
 * The KPI settings screens' read model: the management list, the glossary, and each change's
 * progress by its save key (saveKeyOf). A reload keeps the data on screen while it runs.
 * `revision` goes up when something changed (here or elsewhere): open screens load again.
 */
export interface KpiSettingsModel {
  readonly management: { readonly status: LoadStatus; readonly data: KpiManagement | null; readonly message: string | null };
  readonly glossary: { readonly status: LoadStatus; readonly data: GlossaryResponse | null; readonly message: string | null };
  readonly saves: Readonly<Record<string, SaveState>>;
  readonly revision: number;
}

export const initialKpiSettings: KpiSettingsModel = {
  management: { status: "idle", data: null, message: null },
  glossary: { status: "idle", data: null, message: null },
  saves: {},
  revision: 0,
};

export type KpiSettingsChange = CommandOf<
  "CreateCustomKpi" | "ChangeKpiSettings" | "DeleteCustomKpi" | "SetKpiResponsibles" | "SetKpiBenchmarks" | "CreateKpiCategory" | "RenameKpiCategory" | "DeleteKpiCategory" | "SaveGlossaryEntry" | "ApproveGlossaryEntry"
>;

/** Where a change's progress is kept: one key per dialog action, so each shows only its own. */
export function saveKeyOf(command: KpiSettingsChange): string {
  switch (command._tag) {
    case "CreateCustomKpi":
      return "kpi/new";
    case "ChangeKpiSettings":
      return `kpi/${command.kpiId}/settings`;
    case "DeleteCustomKpi":
      return `kpi/${command.kpiId}/delete`;
    case "SetKpiResponsibles":
      return `kpi/${command.kpiId}/responsibles`;
    case "SetKpiBenchmarks":
      return `kpi/${command.kpiId}/benchmarks`;
    case "CreateKpiCategory":
      return "category/new";
    case "RenameKpiCategory":
      return `category/${command.categoryId}/rename`;
    case "DeleteKpiCategory":
      return `category/${command.categoryId}/delete`;
    case "SaveGlossaryEntry":
      return `glossary/${command.kpiId}/save`;
    case "ApproveGlossaryEntry":
      return `glossary/${command.kpiId}/approve`;
  }
}

const saved: SaveState = { status: "saved", message: null, fields: {} };

export const kpiSettingsReducer: Reducer<KpiSettingsModel> = (model, event) => {
  switch (event._tag) {
    case "KpiManagementLoadStarted":
      return produce(model, (draft) => {
        draft.management.status = "loading";
        draft.management.message = null;
      });
    case "KpiManagementLoaded":
      return produce(model, (draft) => {
        draft.management = { status: "loaded", data: castDraft(event.management), message: null };
      });
    case "KpiManagementLoadFailed":
      return produce(model, (draft) => {
        draft.management.status = "error";
        draft.management.message = event.message;
      });
    case "GlossaryLoadStarted":
      return produce(model, (draft) => {
        draft.glossary.status = "loading";
        draft.glossary.message = null;
      });
    case "GlossaryLoaded":
      return produce(model, (draft) => {
        draft.glossary = { status: "loaded", data: castDraft(event.glossary), message: null };
      });
    case "GlossaryLoadFailed":
      return produce(model, (draft) => {
        draft.glossary.status = "error";
        draft.glossary.message = event.message;
      });
    case "KpiSettingSaveStarted":
      return produce(model, (draft) => {
        draft.saves[event.key] = { status: "saving", message: null, fields: {} };
      });
    case "KpiSettingSaveFailed":
      return produce(model, (draft) => {
        draft.saves[event.key] = { status: "error", message: event.message, fields: castDraft(event.fields) };
      });
    case "ManagedKpiSaved":
      return produce(model, (draft) => {
        draft.saves[event.key] = castDraft(saved);
        const kpis = draft.management.data?.kpis;
        if (kpis) {
          const index = kpis.findIndex((kpi) => kpi.id === event.kpi.id);
          if (index >= 0) kpis[index] = castDraft(event.kpi);
          else kpis.push(castDraft(event.kpi));
        }
        draft.revision += 1;
      });
    case "ManagedKpiDeleted":
      return produce(model, (draft) => {
        draft.saves[event.key] = castDraft(saved);
        if (draft.management.data) draft.management.data.kpis = draft.management.data.kpis.filter((kpi) => kpi.id !== event.id);
        draft.revision += 1;
      });
    case "ManagedCategorySaved":
      return produce(model, (draft) => {
        draft.saves[event.key] = castDraft(saved);
        const categories = draft.management.data?.categories;
        if (categories) {
          const index = categories.findIndex((category) => category.id === event.category.id);
          if (index >= 0) categories[index] = event.category;
          else categories.push(event.category);
        }
        draft.revision += 1;
      });
    case "ManagedCategoryDeleted":
      return produce(model, (draft) => {
        draft.saves[event.key] = castDraft(saved);
        if (draft.management.data) {
          draft.management.data.categories = draft.management.data.categories.filter((category) => category.id !== event.id);
          draft.management.data.kpis = draft.management.data.kpis.filter((kpi) => kpi.categoryId !== event.id);
        }
        draft.revision += 1;
      });
    case "GlossaryEntryStored":
      return produce(model, (draft) => {
        draft.saves[event.key] = castDraft(saved);
        const entries = draft.glossary.data?.entries;
        if (entries) {
          const index = entries.findIndex((entry) => entry.kpiId === event.entry.kpiId);
          if (index >= 0) entries[index] = castDraft(event.entry);
        }
      });
    case "KpiSettingsChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    default:
      return model;
  }
};
