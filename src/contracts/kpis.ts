import { Schema } from "@effect/schema";
import { KpiDashboardPlacement } from "./custom-dashboards";
import { FiniteNumber, IdListFromString, List, MonthDate, RecordId, Text, WholeNumber } from "./fields";

export { MonthDate };

/** The most KPIs one request may name. */
export const MAX_KPIS_PER_REQUEST = 2000;

const NullableNumber = Schema.NullOr(Schema.Number);

/**
 * How a KPI's figure over a period (a quarter, YTD, LTM, a full year) is made from its months.
 * Every KPI follows its own aggregation type: `sum` (cum: the months add up), `average` (ad: the
 * average of its monthly values), `last` (dd: the period's last month with a value). A calculated
 * KPI's monthly values are its formula month by month, aggregated the same way. `weighted`: a
 * calculated KPI declared a weighted ratio (a margin): its formula over its inputs' figures of the
 * period, each input by its own rule, over the months in which every input has data (gross profit
 * over the quarter ÷ revenue over the quarter). `describePeriodRule` (domain/kpi/period-rule)
 * says it in words.
 */
export const PERIOD_RULES = ["sum", "average", "last", "weighted"] as const;
export type PeriodRule = (typeof PERIOD_RULES)[number];

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
  /** How its period figures are made (PERIOD_RULES). */
  periodRule: Schema.Literal(...PERIOD_RULES),
  unit: Schema.String,
  cadence: Schema.String,
  validationState: Schema.Literal("validated", "in_validation", "unvalidated"),
  lastActualDate: Schema.NullOr(Schema.String),
  outdated: Schema.Boolean,
  writable: Schema.Boolean,
  /** Its values in the category's forecasts are kept by hand: a recalculation leaves them (spec `override_forecasting`). */
  overrideForecasting: Schema.Boolean,
  /** The custom dashboards the reader sees that show the KPI on a card (a KPI card or a KPI chart card). */
  customDashboards: Schema.Array(Schema.Number),
  /** Its KPI cards on those dashboards: the dashboard and the card's position there. */
  customDashboardsKpi: Schema.Array(KpiDashboardPlacement),
});
export type KpiMeta = typeof KpiMeta.Type;

const Aggregate = NullableNumber;
/** A number of months (whole, 0 or more). */
const MonthCount = Schema.Number;

/**
 * GET /api/kpis/aggregates/: per KPI id, the YTD, LTM and full-year aggregates.
 *
 * Every figure says how many months stand behind it, so a view can mark one that covers only part
 * of its period and compare like with like:
 * - `monthCounts.period`: the months the window covers (YTD: from the fiscal year's first month to
 *   the end, 1-12; LTM and full year: 12);
 * - `monthCounts.<field>`: the months of that window with data behind `<field>` (for the combined
 *   fields, the months with an actual or, after the last actual, a plan or forecast). Fewer than
 *   `period` means the figure is partial: "Plan (7 of 12 months)".
 * - `actualVsPlanning` (YTD, LTM): the actual and the plan over only the months that have both,
 *   with their number; `actualVsLastYear` (YTD): the actual and last year's actual over only the
 *   months that have both. These are the pairs to compare (deviation, percent change): twelve months
 *   of actuals are never set against seven months of plan. When the counts of the plain fields
 *   are equal to `months`, the pair equals the plain fields.
 */
export const KpiAggregatesResult = Schema.Struct({
  ytd: Schema.Struct({
    actualValue: Aggregate,
    planningValue: Aggregate,
    lastYearValue: Aggregate,
    forecastValue: Aggregate,
    actualPlanningValue: Aggregate,
    actualForecastValue: Aggregate,
    closestDate: Schema.NullOr(Schema.String),
    monthCounts: Schema.Struct({
      period: MonthCount,
      actualValue: MonthCount,
      planningValue: MonthCount,
      lastYearValue: MonthCount,
      forecastValue: MonthCount,
      actualPlanningValue: MonthCount,
      actualForecastValue: MonthCount,
    }),
    actualVsPlanning: Schema.Struct({ months: MonthCount, actualValue: Aggregate, planningValue: Aggregate }),
    actualVsLastYear: Schema.Struct({ months: MonthCount, actualValue: Aggregate, lastYearValue: Aggregate }),
  }),
  ltm: Schema.Struct({
    value: Aggregate,
    fullForecastValue: Aggregate,
    fullPlanningValue: Aggregate,
    actualPlanningValue: Aggregate,
    actualForecastValue: Aggregate,
    monthCounts: Schema.Struct({
      period: MonthCount,
      value: MonthCount,
      fullForecastValue: MonthCount,
      fullPlanningValue: MonthCount,
      actualPlanningValue: MonthCount,
      actualForecastValue: MonthCount,
    }),
    actualVsPlanning: Schema.Struct({ months: MonthCount, actualValue: Aggregate, planningValue: Aggregate }),
  }),
  fullyear: Schema.Struct({
    forecastProjectedValue: Aggregate,
    planningValue: Aggregate,
    lastYearValue: Aggregate,
    forecastValue: Aggregate,
    actualPlanningValue: Aggregate,
    actualForecastValue: Aggregate,
    monthCounts: Schema.Struct({
      period: MonthCount,
      forecastProjectedValue: MonthCount,
      planningValue: MonthCount,
      lastYearValue: MonthCount,
      forecastValue: MonthCount,
      actualPlanningValue: MonthCount,
      actualForecastValue: MonthCount,
    }),
  }),
});

/**
 * One of a few strings, with one message for any other value (a union of literals would report
 * every alternative).
 */
const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  Schema.String.pipe(Schema.filter((value): value is T[number] => values.includes(value), { message: () => message, jsonSchema: { enum: values } }));


/** GET /api/kpis/aggregates/ query. */
export const AggregatesQuery = Schema.Struct({
  endDate: MonthDate,
  /** `legacy` answers the old year-to-date shape (LegacyAggregatesResponse). */
  format: Schema.optional(oneOf(["legacy"], "Choose legacy, or leave the format out.")),
  type: Schema.optional(oneOf(["financial", "kpi", "all"], "Choose financial, kpi or all.")),
  /** The spec's aggregate window (YTD, LTM, full year) is 12 months; nothing else is accepted. */
  timeRange: Schema.optional(Schema.NumberFromString.pipe(Schema.filter((value) => value === 12, { message: () => "The aggregate window is 12 months: choose 12." }))),
  ignoreLastMonths: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(0, 3, { message: () => "Choose 0 to 3 months." }))),
  fxRate: Schema.optional(Schema.NumberFromString.pipe(Schema.int())),
  /** Comma-separated KPI ids (empty: none); left out: every readable KPI. */
  idList: Schema.optional(IdListFromString(MAX_KPIS_PER_REQUEST)),
});

/** POST /api/kpis/monthly-values/: a value, or "-" to remove it. */
export const MonthlyValuesRequest = Schema.Struct({
  // Bounds as a plain filter: @effect/schema 0.75's minItems/maxItems run on a value that is not an
  // array (null, a missing key under errors "all") and throw, which would answer 500, not 400.
  values: Schema.Array(Schema.Struct({ kpi: RecordId, date: MonthDate, value: Schema.Union(FiniteNumber, Schema.Literal("-")) })).pipe(
    Schema.filter((values) => (values.length < 1 ? "Send at least one value." : values.length > 1000 ? "Send at most 1000 values at once." : true)),
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
  /** Comma-separated KPI ids (empty: none); left out: every readable KPI. */
  idList: Schema.optional(IdListFromString(MAX_KPIS_PER_REQUEST)),
});

/**
 * One bucket of a KPI's history: its four series aggregated by the KPI's period rule.
 * `label` names the whole bucket ("Oct 2026", "Q3 FY 2026/27", "H1 FY 2026/27", "FY 2026/27")
 * and `rangeLabel` its months ("Oct – Dec 2026", "Nov 2026 – Jan 2027") for tooltips;
 * `startDate`/`endDate` are its first and last month inside the range asked for.
 * `monthCounts.period` is the whole bucket's size in months (1, 3, 6, 12), `monthCounts.inRange`
 * how many of them the range includes (fewer at the range's edges: a partial bucket), and
 * `actual`/`planning`/`forecast`/`lastYear` how many months of data stand behind each figure.
 * `actualVsPlanning` and `actualVsLastYear` are the pairs to compare, each over only the months
 * with both (see KpiAggregatesResult).
 */
export const HistoryBucket = Schema.Struct({
  label: Schema.String,
  rangeLabel: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
  actual: Schema.NullOr(Schema.Number),
  planning: Schema.NullOr(Schema.Number),
  forecast: Schema.NullOr(Schema.Number),
  lastYear: Schema.NullOr(Schema.Number),
  monthCounts: Schema.Struct({ period: MonthCount, inRange: MonthCount, actual: MonthCount, planning: MonthCount, forecast: MonthCount, lastYear: MonthCount }),
  actualVsPlanning: Schema.Struct({ months: MonthCount, actual: NullableNumber, planning: NullableNumber }),
  actualVsLastYear: Schema.Struct({ months: MonthCount, actual: NullableNumber, lastYear: NullableNumber }),
});

export const HistoryResponse = Schema.Struct({ results: Schema.Record({ key: Schema.String, value: Schema.Array(HistoryBucket) }) });
export const AggregatesResponse = Schema.Struct({ results: Schema.Record({ key: Schema.String, value: KpiAggregatesResult }) });
export type KpiAggregatesResult = typeof KpiAggregatesResult.Type;
export type HistoryBucket = typeof HistoryBucket.Type;

/**
 * Which KPIs a values or aggregates call covers: the financial categories (P&L), the KPI
 * categories, or all. Absent means all.
 */
export const KpiType = Schema.Literal("financial", "kpi", "all");
export type KpiType = typeof KpiType.Type;

/** POST /api/kpis/values/: the months from startDate to date (both first days of months). */
export const ValuesRequest = Schema.Struct({
  startDate: MonthDate,
  date: MonthDate,
  type: Schema.optional(KpiType),
  idList: Schema.optional(List(RecordId, MAX_KPIS_PER_REQUEST)),
  includePlanning: Schema.optional(Schema.Boolean),
  fxRate: Schema.optional(Schema.NullOr(RecordId)),
  /** A saved planning version: its values answer as planningValue (and calculated KPIs are made from them). */
  planningVersion: Schema.optional(Schema.NullOr(RecordId)),
});

/** One month of one KPI: actual, planning (when asked for), last year's actual, active forecast. */
export const KpiMonthValue = Schema.Struct({
  date: Schema.String,
  value: NullableNumber,
  planningValue: NullableNumber,
  lastYearValue: NullableNumber,
  forecastValue: NullableNumber,
});
export type KpiMonthValue = typeof KpiMonthValue.Type;

export const ValuesResponse = Schema.Struct({ kpis: Schema.Array(Schema.Struct({ id: Schema.Number, values: Schema.Array(KpiMonthValue) })) });
export type ValuesResponse = typeof ValuesResponse.Type;

/** The most values one planning save takes: two fiscal years of 200 KPIs. */
export const MAX_PLANNING_VALUES = 5000;

/**
 * POST /api/kpis/planning-values/: the shape of monthly values, written to the planning series.
 * A planning grid saves a whole year of many KPIs at once (all or nothing), so it takes more.
 */
export const PlanningValuesRequest = Schema.Struct({
  values: Schema.Array(Schema.Struct({ kpi: RecordId, date: MonthDate, value: Schema.Union(FiniteNumber, Schema.Literal("-")) })).pipe(
    Schema.filter((values) => (values.length < 1 ? "Send at least one value." : values.length > MAX_PLANNING_VALUES ? `Send at most ${MAX_PLANNING_VALUES} values at once.` : true)),
  ),
});

/** The answer of a values save: what was saved, `null` where a value was removed. */
export const SavedValues = Schema.Struct({ values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, value: NullableNumber })) });

/** Favorites: POST /api/kpis/favorites/ {kpi}; DELETE /api/kpis/favorites/{kpi}/; PUT /api/kpis/favorites/ {kpis} (the whole ordered list). */
export const FavoriteRequest = Schema.Struct({ kpi: RecordId });
export const FavoritesBulkRequest = Schema.Struct({ kpis: List(RecordId, 500, { tooMany: "Choose at most 500 favorites." }) });
export const FavoritesResponse = Schema.Struct({ kpis: Schema.Array(Schema.Number) });

/**
 * One column of a financial table (spec section 3, "Flexible columns config"). `type` is the
 * period type, `dataType` which series; a deviation column compares two other columns by id.
 */
export const FLEXIBLE_PERIOD_TYPES = ["fixed_period", "ytd", "ltm", "full_year", "current_selection", "deviation", "column_unit"] as const;
export const FLEXIBLE_DATA_TYPES = ["actuals", "planning", "forecast", "actuals_planning", "actuals_forecast"] as const;
export const FlexibleColumn = Schema.Struct({
  id: Text(64),
  title: Schema.optional(Text(200)),
  type: Schema.Literal(...FLEXIBLE_PERIOD_TYPES),
  dataType: Schema.optional(Schema.Literal(...FLEXIBLE_DATA_TYPES)),
  offset: Schema.optional(Schema.Struct({ value: WholeNumber(-100, 100), type: Schema.Literal("year", "period") })),
  ignoreLastMonths: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(0, 3))),
  period: Schema.optional(Schema.Struct({ range: Schema.Struct({ startDate: MonthDate, endDate: MonthDate }) })),
  deviation: Schema.optional(Schema.Struct({ baseLineColumn: Text(64), comparisonColumn: Text(64), displayIn: Schema.Literal("absolute", "percent") })),
});
export type FlexibleColumn = typeof FlexibleColumn.Type;
export const FlexibleColumnsConfig = Schema.Array(FlexibleColumn);

/** GET /api/kpis/categories/?kind=: the categories with their columns; PATCH …/{id}/ {flexibleColumnsConfig}. */
export const KpiCategory = Schema.Struct({ id: Schema.Number, name: Schema.String, kind: Schema.Literal("kpi", "financial"), isComplex: Schema.Boolean, flexibleColumnsConfig: FlexibleColumnsConfig });
export type KpiCategory = typeof KpiCategory.Type;
export const NO_CATEGORIES_DATA = "No categories data received";

/**
 * Currencies (spec section 3, "Currency"): the corporate (local) currency has rate 1. A named
 * rate's `exchangeRate` is the rate in force this month (the latest dated at or before it; before
 * its earliest date, the earliest), never a newer future-dated one.
 */
export const Currency = Schema.Struct({ id: Schema.Number, code: Schema.String, name: Schema.String, exchangeRate: Schema.Number, corporate: Schema.Boolean });
export type Currency = typeof Currency.Type;

/** GET/PUT /api/settings/: the user's app settings (spec section 3, "App settings"). */
export const DashboardFilter = Schema.Struct({
  trendDuration: Schema.Number.pipe(Schema.int(), Schema.between(1, 12)),
  trendOffset: Schema.Number.pipe(Schema.int(), Schema.between(0, 12)),
  benchmarkCategory: Text(64),
  up: Schema.Boolean,
  neutral: Schema.Boolean,
  down: Schema.Boolean,
  null: Schema.Boolean,
  planningAsBenchmark: Schema.Boolean,
});
export type DashboardFilter = typeof DashboardFilter.Type;
export { DEFAULT_DASHBOARD_FILTER } from "./kpis-defaults";
export const AppSettings = Schema.Struct({
  kpiDashboardFilter: Schema.optional(Schema.Record({ key: Text(64), value: DashboardFilter })),
  /** endDate null: the last complete month, whenever the settings are read. */
  daterangeFilter: Schema.optional(Schema.Struct({ endDate: Schema.NullOr(MonthDate), ignoreLastMonths: Schema.Number.pipe(Schema.int(), Schema.between(0, 3)) })),
});
export type AppSettings = typeof AppSettings.Type;

// ---------------------------------------------------------------------------------------------
// Requests and answers of the KPI reporting endpoints built on the contracts above.

/** GET /api/kpis/aggregates/?format=legacy: the old year-to-date shape, mapped from ytd and fullyear. */
export const LegacyYearToDate = Schema.Struct({
  kpiId: Schema.Number,
  aggregates: Schema.Struct({ planningSum: NullableNumber, lastYearHistorySum: NullableNumber, historySum: NullableNumber }),
  forecast: Schema.Struct({ historySum: NullableNumber }),
  projection: Schema.Struct({ planningSum: NullableNumber }),
});
export type LegacyYearToDate = typeof LegacyYearToDate.Type;
export const LegacyAggregatesResponse = Schema.Struct({ yearToDate: Schema.Array(LegacyYearToDate) });

export const VALUES_RANGE_REVERSED = "The start date must not be after the date.";
export const VALUES_RANGE_TOO_LONG = "Choose at most 120 months.";
export const NO_SUCH_FX_RATE = "There is no such FX rate.";
export const PLANNING_FORBIDDEN = "You don't have permission to change planning values.";
export const FAVORITES_DUPLICATE = "Each KPI may appear only once.";

/** A named FX rate's dated value: units of its currency per unit of corporate currency from validFrom on. */
export const DatedRate = Schema.Struct({
  validFrom: MonthDate,
  rate: Schema.Number.pipe(Schema.filter((rate) => (Number.isFinite(rate) && rate > 0) || "Enter a rate above 0.")),
});
export type DatedRateInput = typeof DatedRate.Type;
// Bounds as a plain filter (see MonthlyValuesRequest).
const DatedRates = Schema.Array(DatedRate).pipe(Schema.filter((rates) => (rates.length < 1 ? "Enter at least one rate." : rates.length > 1200 ? "Enter at most 1200 rates." : true)));
export const CurrencyCode = Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/, { message: () => "Enter a three-letter currency code in capitals, such as USD." }));
const CurrencyName = Schema.Trim.pipe(Schema.filter((name) => (name.length < 1 ? "Enter a name." : name.length > 100 ? "Use at most 100 characters." : true)));

/** GET /api/kpis/currencies/: the corporate currency first (id 0, rate 1), then the named rates. */
export const CurrenciesResponse = Schema.Struct({ currencies: Schema.Array(Currency) });
/** GET /api/kpis/currencies/{id}/ and the answer of every currency write: the currency with its dated rates. */
export const CurrencyDetail = Schema.extend(Currency, Schema.Struct({ rates: Schema.Array(Schema.Struct({ validFrom: Schema.String, rate: Schema.Number })) }));
export type CurrencyDetail = typeof CurrencyDetail.Type;
export const CurrencyCreateRequest = Schema.Struct({ name: CurrencyName, code: CurrencyCode, rates: DatedRates });
export const CurrencyChangeRequest = Schema.Struct({ name: Schema.optional(CurrencyName), code: Schema.optional(CurrencyCode) });
export const CurrencyRatesRequest = Schema.Struct({ rates: DatedRates });
export const CorporateCurrencyRequest = Schema.Struct({ code: CurrencyCode });
export const CORPORATE_CURRENCY_NAME = "Corporate currency";
/** Spec section 5. */
export const FX_RATE_NAME_TAKEN = "FX Rate name must be unique";
export const FX_RATE_DATES_DUPLICATE = "Each month may have only one rate.";

/** GET /api/kpis/categories/?kind= and PATCH /api/kpis/categories/{id}/. */
export const CategoriesQuery = Schema.Struct({ kind: Schema.optional(oneOf(["kpi", "financial"], "Choose financial or kpi.")) });
export const CategoriesResponse = Schema.Struct({ categories: Schema.Array(KpiCategory) });
export const CategoryChangeRequest = Schema.Struct({ flexibleColumnsConfig: FlexibleColumnsConfig });
export const MAX_FLEXIBLE_COLUMNS = 20;
