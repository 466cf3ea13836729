import { Schema } from "@effect/schema";
import { List, MonthDate, RecordId, RequiredText, WholeNumber } from "./fields";

/**
 * Saved charts of the chart builder (issue 13; spec section 7 "charts CRUD"): one or more KPIs
 * drawn as bars, stacks, lines or a pivot table over a period. A chart keeps only its settings;
 * its figures are read when it is drawn, through GET /api/kpis/history/ (buckets of 1, 3, 6 or 12
 * months, the four series, the FX selection), so a chart never shows a KPI its reader may not read.
 */

export const CHART_TYPES = ["bar", "stacked", "grouped", "percentStacked", "line", "pivot"] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_TYPE_INVALID = "Chart type must be valid.";

export const CHART_SERIES = ["actual", "planning", "lastYear", "forecast"] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

/** Bucket sizes by their spec names: month, quarter, half year, year (1, 3, 6, 12 months). */
export const CHART_BUCKETS = ["M", "Q", "HY", "Y"] as const;
export type ChartBucket = (typeof CHART_BUCKETS)[number];
export const BUCKET_MONTHS: Readonly<Record<ChartBucket, 1 | 3 | 6 | 12>> = { M: 1, Q: 3, HY: 6, Y: 12 };

export const COLOUR_SCHEMES = ["meridian", "blues", "greens", "warm", "contrast"] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

export const MAX_CHART_KPIS = 12;
export const CHART_NAME_BLANK = "Enter a name for the chart.";

const OneOf = <T extends string>(values: readonly T[], message: string) =>
  Schema.String.pipe(Schema.filter((value) => values.includes(value as T) || message, { jsonSchema: { enum: [...values] } })) as unknown as Schema.Schema<T, string>;

/**
 * The period a chart covers: `months` months ending at `endMonth` ('YYYY-MM-01'), or, with
 * `endMonth` null, ending at the company's reporting month whenever the chart is drawn.
 */
export const ChartPeriod = Schema.Struct({
  months: WholeNumber(1, 120, "Choose 1 to 120 months."),
  endMonth: Schema.NullOr(MonthDate),
});
export type ChartPeriod = typeof ChartPeriod.Type;

/** The pivot table's layout: what forms the rows, which totals show, how rows are ordered. */
export const PivotOptions = Schema.Struct({
  rows: OneOf(["kpis", "periods"] as const, "Rows must be KPIs or periods."),
  /** Per fiscal year, the buckets' subtotal (a year's sum or the KPI's period rule). */
  subtotals: Schema.Boolean,
  totals: Schema.Boolean,
  sort: OneOf(["manual", "valueAscending", "valueDescending"] as const, "Sort must be manual, or by value ascending or descending."),
  /** The manual row order by KPI id (KPIs left out follow in the chart's order). */
  rowOrder: List(RecordId, MAX_CHART_KPIS),
});
export type PivotOptions = typeof PivotOptions.Type;

export const ChartSettings = Schema.Struct({
  type: OneOf(CHART_TYPES, CHART_TYPE_INVALID),
  kpiIds: List(RecordId, MAX_CHART_KPIS, { min: 1, tooFew: "Choose at least one KPI.", tooMany: `Choose at most ${MAX_CHART_KPIS} KPIs.` }),
  period: ChartPeriod,
  bucket: OneOf(CHART_BUCKETS, "Bucket size must be M, Q, HY or Y."),
  series: List(OneOf(CHART_SERIES, "Series must be actual, planning, lastYear or forecast."), CHART_SERIES.length, { min: 1, tooFew: "Choose at least one series." }),
  colourScheme: OneOf(COLOUR_SCHEMES, "Colour scheme must be valid."),
  axis: Schema.Struct({ startAtZero: Schema.Boolean, gridLines: Schema.Boolean, valueLabels: Schema.Boolean }),
  legend: Schema.Struct({ show: Schema.Boolean, position: OneOf(["top", "bottom", "right"] as const, "Legend position must be top, bottom or right.") }),
  pivot: PivotOptions,
});
export type ChartSettings = typeof ChartSettings.Type;

/** A saved chart as the API answers it. */
export const SavedChart = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  settings: ChartSettings,
  createdBy: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  /** Whether the reader may change or delete it. */
  canEdit: Schema.Boolean,
});
export type SavedChart = typeof SavedChart.Type;

/** POST /api/charts/ and PUT /api/charts/{id}/ (a whole chart: name and settings). */
export const ChartInput = Schema.Struct({ name: RequiredText(150, CHART_NAME_BLANK), settings: ChartSettings });
export type ChartInput = typeof ChartInput.Type;

/** GET /api/charts/?kpi={id}: every chart, or the charts that draw one KPI (a KPI detail's charts tab). */
export const ChartsQuery = Schema.Struct({ kpi: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())) });
export const ChartsResponse = Schema.Struct({ charts: Schema.Array(SavedChart) });
