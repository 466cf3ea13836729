import { Schema } from "@effect/schema";
import { ChartSettings, SavedChart } from "../charts";
import { HistoryBucket } from "../kpis";

/** The chart builder and saved charts (/reporting/custom-dashboard-helper, KPI detail charts, dashboard cards). */

const History = Schema.Record({ key: Schema.String, value: Schema.Array(HistoryBucket) });
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

// ── commands ────────────────────────────────────────────────────────────────
/** The saved charts: all of them (kpiId null) or those drawing one KPI. */
export class LoadCharts extends Schema.TaggedStruct("LoadCharts", { kpiId: Schema.NullOr(Schema.Number) }) {}
export class LoadChart extends Schema.TaggedStruct("LoadChart", { chartId: Schema.Number }) {}
/**
 * A chart's figures under `key` (a saved chart's id, the builder's preview): its KPIs' history in
 * the chart's buckets and, with `years`, in fiscal years too (the pivot table's subtotals and totals).
 */
export class LoadChartData extends Schema.TaggedStruct("LoadChartData", {
  key: Schema.String,
  kpiIds: Schema.Array(Schema.Number),
  endDate: Schema.String,
  timeRange: Schema.Number,
  bucketSize: Schema.Literal(1, 3, 6, 12),
  fxRate: Schema.NullOr(Schema.Number),
  years: Schema.Boolean,
}) {}
/** Saves a new chart (chartId null) or changes one; with `dashboardId` it is then added to that dashboard as a card. */
export class SaveChart extends Schema.TaggedStruct("SaveChart", {
  chartId: Schema.NullOr(Schema.Number),
  name: Schema.String,
  settings: ChartSettings,
  dashboardId: Schema.NullOr(Schema.Number),
}) {}
export class DeleteChart extends Schema.TaggedStruct("DeleteChart", { chartId: Schema.Number, name: Schema.String }) {}
/** The builder opens anew: the last save's outcome is forgotten. */
export class ResetChartSave extends Schema.TaggedStruct("ResetChartSave", {}) {}

export const ChartsCommand = Schema.Union(LoadCharts, LoadChart, LoadChartData, SaveChart, DeleteChart, ResetChartSave);

// ── events ──────────────────────────────────────────────────────────────────
export class ChartsLoadStarted extends Schema.TaggedStruct("ChartsLoadStarted", { key: Schema.String }) {}
export class ChartsLoaded extends Schema.TaggedStruct("ChartsLoaded", { key: Schema.String, charts: Schema.Array(SavedChart) }) {}
export class ChartsLoadFailed extends Schema.TaggedStruct("ChartsLoadFailed", { key: Schema.String, message: Schema.String }) {}
export class ChartLoadStarted extends Schema.TaggedStruct("ChartLoadStarted", { chartId: Schema.Number }) {}
export class ChartLoaded extends Schema.TaggedStruct("ChartLoaded", { chart: SavedChart }) {}
/** `missing`: the chart was deleted or the reader may not read any of its KPIs (404). */
export class ChartLoadFailed extends Schema.TaggedStruct("ChartLoadFailed", { chartId: Schema.Number, message: Schema.String, missing: Schema.Boolean }) {}
export class ChartDataLoadStarted extends Schema.TaggedStruct("ChartDataLoadStarted", { key: Schema.String, params: Schema.String }) {}
export class ChartDataLoaded extends Schema.TaggedStruct("ChartDataLoaded", { key: Schema.String, params: Schema.String, history: History, years: Schema.NullOr(History) }) {}
export class ChartDataLoadFailed extends Schema.TaggedStruct("ChartDataLoadFailed", { key: Schema.String, params: Schema.String, message: Schema.String }) {}
export class ChartSaveStarted extends Schema.TaggedStruct("ChartSaveStarted", {}) {}
/** Saved; `dashboardId` when it was also added to that dashboard. */
export class ChartSaved extends Schema.TaggedStruct("ChartSaved", { chart: SavedChart, created: Schema.Boolean, dashboardId: Schema.NullOr(Schema.Number) }) {}
/** Nothing saved (or saved but not added to the dashboard: `chart`): why, and the server's field messages (`settings.type`). */
export class ChartSaveFailed extends Schema.TaggedStruct("ChartSaveFailed", { message: Schema.String, fields: FieldMessages, chart: Schema.NullOr(SavedChart) }) {}
export class ChartSaveReset extends Schema.TaggedStruct("ChartSaveReset", {}) {}
export class ChartDeleted extends Schema.TaggedStruct("ChartDeleted", { chartId: Schema.Number }) {}
export class ChartDeleteFailed extends Schema.TaggedStruct("ChartDeleteFailed", { chartId: Schema.Number, message: Schema.String }) {}
/** Another person (or tab) created, changed or deleted a chart: open lists and charts load again. */
export class ChartsChangedElsewhere extends Schema.TaggedStruct("ChartsChangedElsewhere", { chartId: Schema.NullOr(Schema.Number) }) {}

export const ChartsEvent = Schema.Union(
  ChartsLoadStarted,
  ChartsLoaded,
  ChartsLoadFailed,
  ChartLoadStarted,
  ChartLoaded,
  ChartLoadFailed,
  ChartDataLoadStarted,
  ChartDataLoaded,
  ChartDataLoadFailed,
  ChartSaveStarted,
  ChartSaved,
  ChartSaveFailed,
  ChartSaveReset,
  ChartDeleted,
  ChartDeleteFailed,
  ChartsChangedElsewhere,
);
