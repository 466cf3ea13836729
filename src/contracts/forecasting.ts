import { Schema } from "@effect/schema";
import { FiniteNumber, List, MonthDate, RecordId, RecordIdFromString, RequiredText, WholeNumberFromString } from "./fields";

/**
 * Forecasting (spec sections 3, 4, 7; issue 12): forecasts per KPI category, system (made by the
 * product) or user; source the product's own data or a spreadsheet service; method linear
 * progression; one active forecast per category, whose values every KPI figure uses.
 */

export const FORECAST_SOURCES = ["meridian", "spreadsheet"] as const;
export type ForecastSource = (typeof FORECAST_SOURCES)[number];
export const FORECAST_SOURCE_LABELS: Readonly<Record<ForecastSource, string>> = { meridian: "Meridian data", spreadsheet: "Spreadsheet service" };
export const FORECAST_METHODS = ["linear_progression"] as const;
export type ForecastMethod = (typeof FORECAST_METHODS)[number];
export const FORECAST_METHOD_LABELS: Readonly<Record<ForecastMethod, string>> = { linear_progression: "Linear progression" };
export const FORECAST_NAME_MAX = 100;
/** Spec section 9: "Forecast refresh loads the last 2 forecasts". */
export const FORECAST_REFRESH_COUNT = 2;

export const ForecastRef = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type ForecastRef = typeof ForecastRef.Type;

export const ForecastSummary = Schema.Struct({
  id: Schema.Number,
  categoryId: Schema.Number,
  name: Schema.String,
  source: Schema.Literal(...FORECAST_SOURCES),
  method: Schema.Literal(...FORECAST_METHODS),
  isSystem: Schema.Boolean,
  isActive: Schema.Boolean,
  /** Null for a spreadsheet forecast: it takes no actuals. */
  actualsFrom: Schema.NullOr(Schema.String),
  actualsTo: Schema.NullOr(Schema.String),
  forecastFrom: Schema.String,
  forecastTo: Schema.String,
  createdAt: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
  activatedAt: Schema.NullOr(Schema.String),
});
export type ForecastSummary = typeof ForecastSummary.Type;

export const ForecastCategory = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  kind: Schema.Literal("kpi", "financial"),
  activeForecast: Schema.NullOr(ForecastRef),
  forecastCount: Schema.Number,
});
export type ForecastCategory = typeof ForecastCategory.Type;

/** GET /forecasting/categories/ */
export const ForecastCategories = Schema.Array(ForecastCategory);

/** GET /forecasting/{categoryId}/reports/: the category's forecasts, active first, then newest. */
export const ForecastReports = Schema.Struct({ category: ForecastCategory, forecasts: Schema.Array(ForecastSummary), mayWrite: Schema.Boolean });
export type ForecastReports = typeof ForecastReports.Type;

export const SourceAvailability = Schema.Struct({
  source: Schema.Literal(...FORECAST_SOURCES),
  label: Schema.String,
  available: Schema.Boolean,
  /** Why it cannot be chosen ('A spreadsheet-service forecast needs data in the integration.'). */
  message: Schema.NullOr(Schema.String),
});

/**
 * GET /forecasting/{categoryId}/sources/: what the wizard offers, and per KPI of the category the
 * months that have actuals and the months the spreadsheet holds, so it can say per KPI which
 * will be left out before anything is created.
 */
export const ForecastSources = Schema.Struct({
  sources: Schema.Array(SourceAvailability),
  methods: Schema.Array(Schema.Struct({ method: Schema.Literal(...FORECAST_METHODS), label: Schema.String })),
  lastActualMonth: Schema.String,
  kpis: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String, actualMonths: Schema.Array(Schema.String), sheetMonths: Schema.Array(Schema.String) })),
});
export type ForecastSources = typeof ForecastSources.Type;

/** GET /kpis/forecastable-sources/ */
export const ForecastableSources = Schema.Array(SourceAvailability);

export const ForecastAccuracy = Schema.Struct({ mape: Schema.NullOr(Schema.Number), months: Schema.Number, zeroActualMonths: Schema.Number });

export const ForecastKpiRow = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  unit: Schema.String,
  /** The KPI keeps its hand-set forecast values when a forecast is recomputed (override_forecasting). */
  override: Schema.Boolean,
  writable: Schema.Boolean,
  /** Why the KPI has no values ('Linear progression needs at least 2 months of data.'). */
  note: Schema.NullOr(Schema.String),
  /** Aligned with `months`. */
  values: Schema.Array(Schema.NullOr(Schema.Number)),
  adjusted: Schema.Array(Schema.Boolean),
  actuals: Schema.Array(Schema.NullOr(Schema.Number)),
  accuracy: ForecastAccuracy,
});
export type ForecastKpiRow = typeof ForecastKpiRow.Type;

/** GET /forecasting/{id}/ (fxRateId optional): a forecast with its KPIs × months. */
export const ForecastDetail = Schema.Struct({
  forecast: ForecastSummary,
  category: ForecastRef,
  months: Schema.Array(Schema.String),
  kpis: Schema.Array(ForecastKpiRow),
  mayWrite: Schema.Boolean,
  /** Money values were converted to this FX rate (then the grid is read only). */
  fxRateId: Schema.NullOr(Schema.Number),
});
export type ForecastDetail = typeof ForecastDetail.Type;

export const ForecastDetailQuery = Schema.Struct({ fxRateId: Schema.optional(RecordIdFromString) });

export const CreateForecastRequest = Schema.Struct({
  categoryId: RecordId,
  name: RequiredText(FORECAST_NAME_MAX),
  source: Schema.Literal(...FORECAST_SOURCES),
  method: Schema.Literal(...FORECAST_METHODS),
  /** Needed for the product's own data; ignored for a spreadsheet. */
  actualsFrom: Schema.optional(Schema.NullOr(MonthDate)),
  actualsTo: Schema.optional(Schema.NullOr(MonthDate)),
  forecastFrom: MonthDate,
  forecastTo: MonthDate,
});
export type CreateForecastRequest = typeof CreateForecastRequest.Type;

export const KpiNote = Schema.Struct({ kpi: Schema.Number, name: Schema.String, message: Schema.String });
export type KpiNote = typeof KpiNote.Type;

/** POST /forecasting/ and POST /forecasting/{id}/recompute/: the forecast and what was left out, per KPI. */
export const ForecastComputed = Schema.Struct({ forecast: ForecastSummary, notes: Schema.Array(KpiNote), kept: Schema.Array(Schema.Number) });
export type ForecastComputed = typeof ForecastComputed.Type;

export const ForecastValueChange = Schema.Struct({ kpi: RecordId, date: MonthDate, value: Schema.Union(FiniteNumber, Schema.Literal("-")) });

/** PATCH /forecasting/{id}/: rename, adjust values ('-' removes one), set overrides; all or nothing. */
export const ForecastPatch = Schema.Struct({
  name: Schema.optional(RequiredText(FORECAST_NAME_MAX)),
  values: Schema.optional(List(ForecastValueChange, 5000, { tooMany: "Send at most 5000 values at once." })),
  overrides: Schema.optional(List(Schema.Struct({ kpi: RecordId, override: Schema.Boolean }), 1000)),
});
export type ForecastPatch = typeof ForecastPatch.Type;

export const ForecastPatched = Schema.Struct({
  forecast: ForecastSummary,
  values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, value: Schema.NullOr(Schema.Number) })),
  overrides: Schema.Array(Schema.Struct({ kpi: Schema.Number, override: Schema.Boolean })),
});
export type ForecastPatched = typeof ForecastPatched.Type;

/** POST /forecasting/{id}/activate/: the forecast now active and the one it replaced (a switch). */
export const ForecastSwitched = Schema.Struct({ activated: ForecastSummary, deactivated: Schema.NullOr(ForecastSummary) });
export type ForecastSwitched = typeof ForecastSwitched.Type;

/** GET /kpis/{id}/forecasts/?last=N: the KPI's category's last N forecasts with the KPI's values, newest first. */
export const KpiForecastsQuery = Schema.Struct({ last: Schema.optional(WholeNumberFromString(1, 20)) });
export const KpiForecasts = Schema.Array(Schema.Struct({ forecast: ForecastSummary, values: Schema.Array(Schema.Struct({ date: Schema.String, value: Schema.Number, adjusted: Schema.Boolean })) }));
export type KpiForecasts = typeof KpiForecasts.Type;

/** POST /kpis/{id}/forecasts/: save the KPI's values in its category's active forecast (or `forecastId`). */
export const KpiForecastSave = Schema.Struct({
  forecastId: Schema.optional(RecordId),
  values: List(Schema.Struct({ date: MonthDate, value: Schema.Union(FiniteNumber, Schema.Literal("-")) }), 240, { min: 1, tooFew: "Send at least one value." }),
});
