import { castDraft, produce } from "immer";
import type { DeepDrillResponse, DeepDrillsResponse, RecommendationsResponse } from "../../../contracts/kpi-analysis";
import type { CommandOf } from "../../../contracts/messages";
import type { Reducer } from "../../bus/store";

/** One load's state: `missing` once the server said the KPI does not exist for this reader. */
export interface AnalysisLoad<T> {
  readonly status: "loading" | "loaded" | "error" | "missing";
  /** The last answer, kept while a newer load runs so the view does not flash. */
  readonly data: T | null;
  readonly message: string | null;
}

/** The KPI detail's analyses, each by the key of the command that loads it (analysisKey). */
export interface KpiAnalysisModel {
  readonly drills: Readonly<Record<string, AnalysisLoad<DeepDrillsResponse>>>;
  readonly drill: Readonly<Record<string, AnalysisLoad<DeepDrillResponse>>>;
  readonly recommendations: Readonly<Record<string, AnalysisLoad<RecommendationsResponse>>>;
}

export const initialKpiAnalysis: KpiAnalysisModel = { drills: {}, drill: {}, recommendations: {} };

type AnalysisCommand = CommandOf<"LoadDeepDrills" | "LoadDeepDrill" | "LoadKpiRecommendations">;
const SLICE = { LoadDeepDrills: "drills", LoadDeepDrill: "drill", LoadKpiRecommendations: "recommendations" } as const;

/** The key of a load: its kind and its parameters as stable text. */
export function analysisKey(command: AnalysisCommand): string {
  const { _tag, ...params } = command;
  return `${SLICE[_tag]}:${JSON.stringify(params, Object.keys(params).sort())}`;
}
const sliceOf = (key: string) => key.slice(0, key.indexOf(":")) as keyof KpiAnalysisModel;

export const kpiAnalysisReducer: Reducer<KpiAnalysisModel> = (model, event) => {
  switch (event._tag) {
    case "KpiAnalysisLoadStarted":
      return produce(model, (draft) => {
        const slice = draft[sliceOf(event.key)] as Record<string, AnalysisLoad<unknown>>;
        slice[event.key] = { status: "loading", data: slice[event.key]?.data ?? null, message: null };
      });
    case "KpiAnalysisLoadFailed":
      return produce(model, (draft) => {
        const slice = draft[sliceOf(event.key)] as Record<string, AnalysisLoad<unknown>>;
        slice[event.key] = { status: event.missing ? "missing" : "error", data: event.missing ? null : (slice[event.key]?.data ?? null), message: event.message };
      });
    case "DeepDrillsLoaded":
      return produce(model, (draft) => {
        draft.drills[event.key] = { status: "loaded", data: castDraft(event.answer), message: null };
      });
    case "DeepDrillLoaded":
      return produce(model, (draft) => {
        draft.drill[event.key] = { status: "loaded", data: castDraft(event.answer), message: null };
      });
    case "KpiRecommendationsLoaded":
      return produce(model, (draft) => {
        draft.recommendations[event.key] = { status: "loaded", data: castDraft(event.answer), message: null };
      });
    default:
      return model;
  }
};
