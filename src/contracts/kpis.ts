import { Schema } from "@effect/schema";

const NullableNumber = Schema.NullOr(Schema.Number);

/** GET /api/kpis/meta/: one KPI the user may read (spec section 3, "KPI meta"). */
export const KpiMeta = Schema.Struct({
  id: Schema.Number,
  key: Schema.String,
  name: Schema.String,
  description: Schema.String,
  category: Schema.Struct({ id: Schema.Number, name: Schema.String, kind: Schema.Literal("kpi", "financial"), isComplex: Schema.Boolean, flexibleColumnsConfig: Schema.Array(Schema.Unknown) }),
  parentId: NullableNumber,
  benchmarks: Schema.Struct({ valueBottom25: NullableNumber, valueMedian50: NullableNumber, valueTop25: NullableNumber, top5: NullableNumber }),
  aggregationType: Schema.Literal("cum", "ad", "dd"),
  higherIsBetter: Schema.Boolean,
  favorite: Schema.Boolean,
  sensitivity: Schema.Number,
  isCalculated: Schema.Boolean,
  formula: Schema.NullOr(Schema.String),
  unit: Schema.String,
  cadence: Schema.String,
  validationState: Schema.Literal("validated", "in_validation", "unvalidated"),
  lastActualDate: Schema.NullOr(Schema.String),
  outdated: Schema.Boolean,
  writable: Schema.Boolean,
});
export type KpiMeta = typeof KpiMeta.Type;

const Aggregate = NullableNumber;

/** GET /api/kpis/aggregates/: per KPI id, the YTD, LTM and full-year aggregates. */
export const KpiAggregatesResult = Schema.Struct({
  ytd: Schema.Struct({
    actualValue: Aggregate,
    planningValue: Aggregate,
    lastYearValue: Aggregate,
    forecastValue: Aggregate,
    actualPlanningValue: Aggregate,
    actualForecastValue: Aggregate,
    closestDate: Schema.NullOr(Schema.String),
  }),
  ltm: Schema.Struct({ value: Aggregate, fullForecastValue: Aggregate, fullPlanningValue: Aggregate, actualPlanningValue: Aggregate, actualForecastValue: Aggregate }),
  fullyear: Schema.Struct({
    forecastProjectedValue: Aggregate,
    planningValue: Aggregate,
    lastYearValue: Aggregate,
    forecastValue: Aggregate,
    actualPlanningValue: Aggregate,
    actualForecastValue: Aggregate,
  }),
});

const MonthDate = Schema.String.pipe(Schema.pattern(/^\d{4}-(0[1-9]|1[0-2])-01$/, { message: () => "Enter the first day of a month (YYYY-MM-01)." }));

/** GET /api/kpis/aggregates/ query. */
export const AggregatesQuery = Schema.Struct({
  endDate: MonthDate,
  ignoreLastMonths: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(0, 3, { message: () => "Choose 0 to 3 months." }))),
  fxRate: Schema.optional(Schema.NumberFromString.pipe(Schema.int())),
  idList: Schema.optional(Schema.String),
});

/** POST /api/kpis/monthly-values/: a value, or "-" to remove it. */
export const MonthlyValuesRequest = Schema.Struct({
  values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: MonthDate, value: Schema.Union(Schema.Number, Schema.Literal("-")) })).pipe(
    Schema.minItems(1, { message: () => "Send at least one value." }),
    Schema.maxItems(1000, { message: () => "Send at most 1000 values at once." }),
  ),
});

export const KPI_NOT_EDITABLE = "Calculated KPIs are computed from their formula and cannot be edited.";
export const KPI_WRITE_FORBIDDEN = "You don't have permission to change values of this KPI.";

/** GET /api/kpis/history/ query: `timeRange` months ending at `endDate`, in buckets of 1, 3, 6 or 12. */
export const HistoryQuery = Schema.Struct({
  endDate: MonthDate,
  timeRange: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 120, { message: () => "Choose 1 to 120 months." }))),
  bucketSize: Schema.optional(Schema.NumberFromString.pipe(Schema.filter((value) => [1, 3, 6, 12].includes(value), { message: () => "Choose 1, 3, 6 or 12 months." }))),
  fxRate: Schema.optional(Schema.NumberFromString.pipe(Schema.int())),
  idList: Schema.optional(Schema.String),
});

/** One bucket of a KPI's history: its four series aggregated by the KPI's type. */
export const HistoryBucket = Schema.Struct({
  label: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
  actual: Schema.NullOr(Schema.Number),
  planning: Schema.NullOr(Schema.Number),
  forecast: Schema.NullOr(Schema.Number),
  lastYear: Schema.NullOr(Schema.Number),
});
