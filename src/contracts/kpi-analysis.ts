import { Schema } from "@effect/schema";
import { MonthDate } from "./fields";

/**
 * Deep drills and recommendations on one KPI (spec sections 2 and 7; issue 15 scope 7):
 * GET /api/kpis/{id}/deep-drills/ lists the drills and whether each applies to the KPI,
 * GET /api/kpis/{id}/deep-drills/{type}/ answers one, GET /api/kpis/{id}/recommendations/ the
 * rule-based recommendations. The methods are in domain/kpi-analysis and docs/decisions.md.
 */
export const DEEP_DRILL_TYPES = ["dimensions", "root-cause", "pnl-analysis"] as const;
export type DeepDrillType = (typeof DEEP_DRILL_TYPES)[number];
export const DEEP_DRILL_LABELS: Readonly<Record<DeepDrillType, string>> = { dimensions: "Dimensions", "root-cause": "Root cause", "pnl-analysis": "P&L analysis" };

const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  Schema.String.pipe(Schema.filter((value): value is T[number] => values.includes(value), { message: () => message, jsonSchema: { enum: values } }));

export const DrillPeriodField = oneOf(["month", "quarter", "ytd", "ltm"] as const, "Choose month, quarter, ytd or ltm.");
export const DrillComparisonField = oneOf(["previous", "plan", "lastYear"] as const, "Choose previous, plan or lastYear.");

export const DeepDrillTypeField = oneOf(DEEP_DRILL_TYPES, "Choose dimensions, root-cause or pnl-analysis.");

/** GET /api/kpis/{id}/deep-drills/{type}/ query. `startDate` (a custom range) is refused: spec section 8. */
export const DeepDrillQuery = Schema.Struct({
  endDate: MonthDate,
  period: Schema.optional(DrillPeriodField),
  compare: Schema.optional(DrillComparisonField),
  fxRate: Schema.optional(Schema.NumberFromString.pipe(Schema.int())),
  /** The dimension to split by (dimensions drill); the first the KPI has when left out. */
  dimension: Schema.optional(Schema.String.pipe(Schema.maxLength(100, { message: () => "must be at most 100 characters" }))),
  startDate: Schema.optional(MonthDate),
});

const Amount = Schema.NullOr(Schema.Number);

export const DeepDrillAvailability = Schema.Struct({
  type: Schema.Literal(...DEEP_DRILL_TYPES),
  label: Schema.String,
  available: Schema.Boolean,
  /** Why it does not apply, in words (null when it does). */
  reason: Schema.NullOr(Schema.String),
});
export const DeepDrillsResponse = Schema.Struct({ drills: Schema.Array(DeepDrillAvailability), defaultType: Schema.NullOr(Schema.Literal(...DEEP_DRILL_TYPES)) });
export type DeepDrillsResponse = typeof DeepDrillsResponse.Type;

/** What every drill says about the periods it compares. */
const Frame = {
  kpiId: Schema.Number,
  periodLabel: Schema.String,
  baseLabel: Schema.String,
  /** The KPI's own figure in the period and in the base. */
  value: Amount,
  base: Amount,
};

export const DimensionRowAnswer = Schema.Struct({
  member: Schema.String,
  value: Amount,
  share: Amount,
  base: Amount,
  plan: Amount,
});
export const DimensionsDrill = Schema.Struct({
  type: Schema.Literal("dimensions"),
  ...Frame,
  dimensions: Schema.Array(Schema.String),
  dimension: Schema.NullOr(Schema.String),
  /** The sum of the members (may differ from the KPI's own value when the upload covers only part). */
  partsTotal: Amount,
  /** The KPI's own plan of the period. */
  plan: Amount,
  rows: Schema.Array(DimensionRowAnswer),
});
export type DimensionsDrill = typeof DimensionsDrill.Type;

/** An input of a formula or a line of a P&L: hidden when the reader may not read it (no value then). */
export const DrillInput = Schema.Struct({
  key: Schema.String,
  kpiId: Schema.NullOr(Schema.Number),
  name: Schema.String,
  unit: Schema.String,
  hidden: Schema.Boolean,
  /** A calculated KPI the drill can open in turn. */
  drillable: Schema.Boolean,
  base: Amount,
  value: Amount,
  effect: Amount,
});
export type DrillInput = typeof DrillInput.Type;

export const RootCauseDrill = Schema.Struct({
  type: Schema.Literal("root-cause"),
  ...Frame,
  formula: Schema.String,
  /** shapley (exact over all orders) or shapley-orders (orders through a division by zero left out). */
  method: Schema.NullOr(Schema.Literal("shapley", "shapley-orders")),
  /** Why the change is not split, when it is not. */
  unattributed: Schema.NullOr(Schema.String),
  inputs: Schema.Array(DrillInput),
  /**
   * The part of the KPI's change its period rule adds beyond the formula over its inputs' period
   * figures (a KPI that averages its monthly formula values); null when there is none.
   */
  aggregationEffect: Amount,
});
export type RootCauseDrill = typeof RootCauseDrill.Type;

export const PnlFactorAnswer = Schema.Struct({
  factor: Schema.Literal("price", "volume", "revenue", "costs"),
  label: Schema.String,
  base: Amount,
  value: Amount,
  effect: Amount,
});
export const PnlDrill = Schema.Struct({
  type: Schema.Literal("pnl-analysis"),
  ...Frame,
  kind: Schema.Literal("profit", "margin"),
  /** Why price and volume are not told apart (null when they are). */
  note: Schema.NullOr(Schema.String),
  unattributed: Schema.NullOr(Schema.String),
  factors: Schema.Array(PnlFactorAnswer),
  /** The KPIs behind the factors, by role, each with its own change. */
  lines: Schema.Array(Schema.Struct({ role: Schema.Literal("price", "volume", "revenue", "cost"), input: DrillInput })),
});
export type PnlDrill = typeof PnlDrill.Type;

export const DeepDrillResponse = Schema.Union(DimensionsDrill, RootCauseDrill, PnlDrill);
export type DeepDrillResponse = typeof DeepDrillResponse.Type;

// ── recommendations ─────────────────────────────────────────────────────────
export const RECOMMENDATION_TYPES = ["behind-plan", "below-benchmark", "trend-reversal", "outdated"] as const;
export type RecommendationTypeName = (typeof RECOMMENDATION_TYPES)[number];

export const RecommendationsQuery = Schema.Struct({
  endDate: MonthDate,
  type: Schema.optional(oneOf(RECOMMENDATION_TYPES, "Choose behind-plan, below-benchmark, trend-reversal or outdated.")),
  fxRate: Schema.optional(Schema.NumberFromString.pipe(Schema.int())),
});

export const KpiRecommendation = Schema.Struct({
  type: Schema.Literal(...RECOMMENDATION_TYPES),
  tone: Schema.Literal("warning", "good"),
  title: Schema.String,
  reason: Schema.String,
  advice: Schema.String,
  figures: Schema.Array(Schema.Struct({ label: Schema.String, value: Amount, format: Schema.Literal("kpi", "change", "count") })),
});
export type KpiRecommendation = typeof KpiRecommendation.Type;

export const RecommendationsResponse = Schema.Struct({
  kpiId: Schema.Number,
  recommendations: Schema.Array(KpiRecommendation),
  /** Rules that could not be checked on this KPI, and why ("No benchmark median is set."). */
  notChecked: Schema.Array(Schema.Struct({ type: Schema.Literal(...RECOMMENDATION_TYPES), reason: Schema.String })),
});
export type RecommendationsResponse = typeof RecommendationsResponse.Type;
