import { Schema } from "@effect/schema";
import { DEEP_DRILL_TYPES, DeepDrillResponse, DeepDrillsResponse, RecommendationsResponse } from "../kpi-analysis";

/** The KPI detail's deep drills and recommendations (/reporting/kpi-detail/{kpiId}/drill/…, …/recommendations/…). */

// ── commands ────────────────────────────────────────────────────────────────
/** Which drills apply to a KPI. */
export class LoadDeepDrills extends Schema.TaggedStruct("LoadDeepDrills", { kpiId: Schema.Number }) {}
/** One drill of a KPI over a period against the previous period, plan or last year. */
export class LoadDeepDrill extends Schema.TaggedStruct("LoadDeepDrill", {
  kpiId: Schema.Number,
  type: Schema.Literal(...DEEP_DRILL_TYPES),
  endDate: Schema.String,
  period: Schema.Literal("month", "quarter", "ytd", "ltm"),
  compare: Schema.Literal("previous", "plan", "lastYear"),
  fxRate: Schema.NullOr(Schema.Number),
  dimension: Schema.NullOr(Schema.String),
}) {}
/** Every recommendation on a KPI at the reporting month (the tab filters by rule itself, so it can count them). */
export class LoadKpiRecommendations extends Schema.TaggedStruct("LoadKpiRecommendations", { kpiId: Schema.Number, endDate: Schema.String, fxRate: Schema.NullOr(Schema.Number) }) {}

export const KpiAnalysisCommand = Schema.Union(LoadDeepDrills, LoadDeepDrill, LoadKpiRecommendations);

// ── events ──────────────────────────────────────────────────────────────────
/** `key` names the load (analysisKey of its command). */
export class KpiAnalysisLoadStarted extends Schema.TaggedStruct("KpiAnalysisLoadStarted", { key: Schema.String }) {}
/** `missing`: the KPI does not exist for this reader (404). */
export class KpiAnalysisLoadFailed extends Schema.TaggedStruct("KpiAnalysisLoadFailed", { key: Schema.String, message: Schema.String, missing: Schema.Boolean }) {}
export class DeepDrillsLoaded extends Schema.TaggedStruct("DeepDrillsLoaded", { key: Schema.String, answer: DeepDrillsResponse }) {}
export class DeepDrillLoaded extends Schema.TaggedStruct("DeepDrillLoaded", { key: Schema.String, answer: DeepDrillResponse }) {}
export class KpiRecommendationsLoaded extends Schema.TaggedStruct("KpiRecommendationsLoaded", { key: Schema.String, answer: RecommendationsResponse }) {}

export const KpiAnalysisEvent = Schema.Union(KpiAnalysisLoadStarted, KpiAnalysisLoadFailed, DeepDrillsLoaded, DeepDrillLoaded, KpiRecommendationsLoaded);
