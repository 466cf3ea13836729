import { castDraft, produce } from "immer";
import type { ChangeLogResponse, ListColumn, OkrListResponse, TeamAnalyticsResponse } from "../../../contracts/okr-insights";
import type { Reducer } from "../../bus/store";

/**
 * The OKR list view, team analytics and change log (issue 16). Each screen keeps the answer to
 * its latest question (`key`: the filter or period asked) with the load's status; the list view
 * also keeps the person's columns, shown at once when changed and put back if the save fails; a
 * revision another person's change bumps makes the open screen read again. Types only from the
 * contracts: this module is in the first page's bundle, the schemas are not.
 */
type LoadStatus = "idle" | "loading" | "loaded" | "error";

export interface Loaded<T> {
  readonly status: LoadStatus;
  readonly key: string | null;
  readonly value: T | null;
  readonly message: string | null;
}

export interface OkrInsightsModel {
  readonly list: Loaded<OkrListResponse>;
  /** The person's columns; empty until loaded (the view shows the defaults meanwhile). */
  readonly columns: { readonly status: LoadStatus | "saving"; readonly columns: readonly ListColumn[]; readonly isDefault: boolean; readonly message: string | null };
  readonly analytics: Loaded<TeamAnalyticsResponse>;
  readonly changeLog: Loaded<ChangeLogResponse>;
  readonly revision: number;
}

const IDLE = { status: "idle" as const, key: null, value: null, message: null };

export const initialOkrInsights: OkrInsightsModel = {
  list: IDLE,
  columns: { status: "idle", columns: [], isDefault: true, message: null },
  analytics: IDLE,
  changeLog: IDLE,
  revision: 0,
};

type Slice = "list" | "analytics" | "changeLog";
/** A load started: the previous answer stays on screen (marked loading) until the new one arrives. */
const started = (model: OkrInsightsModel, slice: Slice, key: string) =>
  produce(model, (draft) => {
    draft[slice].status = "loading";
    draft[slice].key = key;
    draft[slice].message = null;
  });
const failed = (model: OkrInsightsModel, slice: Slice, key: string, message: string) =>
  model[slice].key !== key
    ? model
    : produce(model, (draft) => {
        draft[slice].status = "error";
        draft[slice].message = message;
      });

export const okrInsightsReducer: Reducer<OkrInsightsModel> = (model, event) => {
  switch (event._tag) {
    case "OkrListLoadStarted":
      return started(model, "list", event.key);
    case "OkrListLoaded":
      return produce(model, (draft) => {
        draft.list = castDraft({ status: "loaded" as const, key: event.key, value: event.list, message: null });
      });
    case "OkrListLoadFailed":
      return failed(model, "list", event.key, event.message);
    case "OkrTeamAnalyticsLoadStarted":
      return started(model, "analytics", event.key);
    case "OkrTeamAnalyticsLoaded":
      return produce(model, (draft) => {
        draft.analytics = castDraft({ status: "loaded" as const, key: event.key, value: event.analytics, message: null });
      });
    case "OkrTeamAnalyticsLoadFailed":
      return failed(model, "analytics", event.key, event.message);
    case "OkrChangeLogLoadStarted":
      return started(model, "changeLog", event.key);
    case "OkrChangeLogLoaded":
      return produce(model, (draft) => {
        draft.changeLog = castDraft({ status: "loaded" as const, key: event.key, value: event.log, message: null });
      });
    case "OkrChangeLogLoadFailed":
      return failed(model, "changeLog", event.key, event.message);
    case "OkrListColumnsLoaded":
    case "OkrListColumnsSaved":
      return produce(model, (draft) => {
        draft.columns = castDraft({ status: "loaded" as const, columns: event.columns, isDefault: event.isDefault, message: null });
      });
    case "OkrListColumnsLoadFailed":
      return produce(model, (draft) => {
        draft.columns.status = "error";
        draft.columns.message = event.message;
      });
    case "OkrListColumnsSaveStarted":
      return produce(model, (draft) => {
        draft.columns = castDraft({ status: "saving" as const, columns: event.columns, isDefault: event.isDefault, message: null });
      });
    case "OkrListColumnsSaveFailed":
      return produce(model, (draft) => {
        draft.columns = castDraft({ status: "error" as const, columns: event.previous, isDefault: event.previousIsDefault, message: event.message });
      });
    case "OkrInsightsChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    default:
      return model;
  }
};
