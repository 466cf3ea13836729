import { Schema } from "@effect/schema";
import { AppSettings, DashboardFilter, HistoryBucket, KpiAggregatesResult, KpiCategory, KpiMeta, ValuesResponse } from "../kpis";

/**
 * KPI reporting: loading the views (meta, aggregates, history, monthly values), editing values,
 * favorites and dashboard filters. A view's data is kept under a `key` the screen chooses
 * ("operational", "kpi-detail/12", …) with the `params` it was asked for, so an answer to an
 * older request never overwrites a newer one.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
const MonthDate = Schema.String;

// ── commands ────────────────────────────────────────────────────────────────
export class LoadKpiMeta extends Schema.TaggedStruct("LoadKpiMeta", {}) {}
export class LoadKpiAggregates extends Schema.TaggedStruct("LoadKpiAggregates", {
  key: Schema.String,
  endDate: MonthDate,
  ignoreLastMonths: Schema.Number,
  fxRate: Schema.NullOr(Schema.Number),
  idList: Schema.NullOr(Schema.Array(Schema.Number)),
}) {}
export class LoadKpiHistory extends Schema.TaggedStruct("LoadKpiHistory", {
  key: Schema.String,
  kpiId: Schema.Number,
  endDate: MonthDate,
  timeRange: Schema.Number,
  bucketSize: Schema.Literal(1, 3, 6, 12),
  fxRate: Schema.NullOr(Schema.Number),
}) {}
export class LoadKpiValues extends Schema.TaggedStruct("LoadKpiValues", {
  key: Schema.String,
  startDate: MonthDate,
  date: MonthDate,
  type: Schema.Literal("financial", "kpi", "all"),
  idList: Schema.NullOr(Schema.Array(Schema.Number)),
  includePlanning: Schema.Boolean,
  fxRate: Schema.NullOr(Schema.Number),
  /** A saved planning version read as the plan (the financial dashboard's "compare with"). */
  planningVersion: Schema.optional(Schema.NullOr(Schema.Number)),
}) {}
/** A typed cell of the value grid: replaces the pending value for the same KPI and month. */
export class EditKpiValue extends Schema.TaggedStruct("EditKpiValue", { kpiId: Schema.Number, date: MonthDate, text: Schema.String, unit: Schema.String }) {}
export class DiscardPendingValues extends Schema.TaggedStruct("DiscardPendingValues", { kpiId: Schema.Number }) {}
export class SavePendingValues extends Schema.TaggedStruct("SavePendingValues", { kpiId: Schema.Number }) {}
/** The data input grid: the pending values of one month across KPIs, in one all-or-nothing request. */
export class SaveMonthValues extends Schema.TaggedStruct("SaveMonthValues", { date: MonthDate, kpiIds: Schema.Array(Schema.Number) }) {}
export class ToggleFavorite extends Schema.TaggedStruct("ToggleFavorite", { kpiId: Schema.Number }) {}
export class LoadAppSettings extends Schema.TaggedStruct("LoadAppSettings", {}) {}
export class ChangeDashboardFilter extends Schema.TaggedStruct("ChangeDashboardFilter", {
  dashboard: Schema.Literal("operational", "strategic"),
  filter: DashboardFilter,
}) {}
export class LoadKpiCategories extends Schema.TaggedStruct("LoadKpiCategories", { kind: Schema.Literal("financial", "kpi") }) {}
/** endDate null: follow the last complete month. */
export class ChangeReportingPeriod extends Schema.TaggedStruct("ChangeReportingPeriod", { endDate: Schema.NullOr(MonthDate), ignoreLastMonths: Schema.Number }) {}

/** Folds or unfolds a category section of a dashboard; kept for the session, not saved. */
export class FoldDashboardCategory extends Schema.TaggedStruct("FoldDashboardCategory", {
  dashboard: Schema.Literal("operational", "strategic"),
  category: Schema.String,
  folded: Schema.Boolean,
}) {}

export const KpisCommand = Schema.Union(
  LoadKpiMeta,
  LoadKpiAggregates,
  LoadKpiHistory,
  LoadKpiValues,
  EditKpiValue,
  DiscardPendingValues,
  SavePendingValues,
  SaveMonthValues,
  ToggleFavorite,
  LoadAppSettings,
  ChangeDashboardFilter,
  ChangeReportingPeriod,
  LoadKpiCategories,
  FoldDashboardCategory,
);

// ── events ──────────────────────────────────────────────────────────────────
const ViewKind = Schema.Literal("aggregates", "history", "values");

export class KpiMetaLoadStarted extends Schema.TaggedStruct("KpiMetaLoadStarted", {}) {}
export class KpiMetaLoaded extends Schema.TaggedStruct("KpiMetaLoaded", { kpis: Schema.Array(KpiMeta) }) {}
export class KpiMetaLoadFailed extends Schema.TaggedStruct("KpiMetaLoadFailed", { message: Schema.String }) {}

export class KpiViewLoadStarted extends Schema.TaggedStruct("KpiViewLoadStarted", { kind: ViewKind, key: Schema.String, params: Schema.String }) {}
export class KpiViewLoadFailed extends Schema.TaggedStruct("KpiViewLoadFailed", { kind: ViewKind, key: Schema.String, params: Schema.String, message: Schema.String }) {}
export class KpiAggregatesLoaded extends Schema.TaggedStruct("KpiAggregatesLoaded", {
  key: Schema.String,
  params: Schema.String,
  results: Schema.Record({ key: Schema.String, value: KpiAggregatesResult }),
}) {}
export class KpiHistoryLoaded extends Schema.TaggedStruct("KpiHistoryLoaded", {
  key: Schema.String,
  params: Schema.String,
  results: Schema.Record({ key: Schema.String, value: Schema.Array(HistoryBucket) }),
}) {}
export class KpiValuesLoaded extends Schema.TaggedStruct("KpiValuesLoaded", { key: Schema.String, params: Schema.String, kpis: ValuesResponse.fields.kpis }) {}

export class PendingValueSet extends Schema.TaggedStruct("PendingValueSet", {
  kpiId: Schema.Number,
  date: MonthDate,
  text: Schema.String,
  value: Schema.Union(Schema.Number, Schema.Literal("-")),
}) {}
export class PendingValueRejected extends Schema.TaggedStruct("PendingValueRejected", { kpiId: Schema.Number, date: MonthDate, text: Schema.String, message: Schema.String }) {}
export class PendingValuesDiscarded extends Schema.TaggedStruct("PendingValuesDiscarded", { kpiId: Schema.Number }) {}
export class KpiValuesSaveStarted extends Schema.TaggedStruct("KpiValuesSaveStarted", { kpiId: Schema.Number }) {}
/** The server saved the values (null = removed); every open view of these KPIs reloads. */
export class KpiValueEdited extends Schema.TaggedStruct("KpiValueEdited", {
  values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: MonthDate, value: Schema.NullOr(Schema.Number) })),
}) {}
/** A month's values across KPIs are being saved (SaveMonthValues); success is KpiValueEdited. */
export class KpiMonthValuesSaveStarted extends Schema.TaggedStruct("KpiMonthValuesSaveStarted", { date: MonthDate, kpiIds: Schema.Array(Schema.Number) }) {}
export class KpiMonthValuesSaveFailed extends Schema.TaggedStruct("KpiMonthValuesSaveFailed", { date: MonthDate, kpiIds: Schema.Array(Schema.Number), message: Schema.String, fields: FieldMessages }) {}
export class KpiValuesSaveFailed extends Schema.TaggedStruct("KpiValuesSaveFailed", { kpiId: Schema.Number, message: Schema.String, fields: FieldMessages }) {}
/** Another user changed KPI data; open views of these KPIs reload (origin remote). */
export class KpiDataChangedElsewhere extends Schema.TaggedStruct("KpiDataChangedElsewhere", { kpiIds: Schema.Array(Schema.Number) }) {}

export class FavoriteAdded extends Schema.TaggedStruct("FavoriteAdded", { kpiId: Schema.Number, favorites: Schema.Array(Schema.Number) }) {}
export class FavoriteRemoved extends Schema.TaggedStruct("FavoriteRemoved", { kpiId: Schema.Number, favorites: Schema.Array(Schema.Number) }) {}
export class FavoriteToggleFailed extends Schema.TaggedStruct("FavoriteToggleFailed", { kpiId: Schema.Number, message: Schema.String }) {}

export class AppSettingsLoaded extends Schema.TaggedStruct("AppSettingsLoaded", { settings: AppSettings }) {}
/** The saved settings could not be read: the defaults of spec section 9 apply, the screens load. */
export class AppSettingsLoadFailed extends Schema.TaggedStruct("AppSettingsLoadFailed", { message: Schema.String }) {}
export class DashboardFilterChanged extends Schema.TaggedStruct("DashboardFilterChanged", { dashboard: Schema.Literal("operational", "strategic"), filter: DashboardFilter }) {}
export class AppSettingsSaved extends Schema.TaggedStruct("AppSettingsSaved", {}) {}
export class AppSettingsSaveFailed extends Schema.TaggedStruct("AppSettingsSaveFailed", { message: Schema.String }) {}
export class ReportingPeriodChanged extends Schema.TaggedStruct("ReportingPeriodChanged", { endDate: Schema.NullOr(MonthDate), ignoreLastMonths: Schema.Number }) {}

export class DashboardCategoryFolded extends Schema.TaggedStruct("DashboardCategoryFolded", {
  dashboard: Schema.Literal("operational", "strategic"),
  category: Schema.String,
  folded: Schema.Boolean,
}) {}

export class KpiCategoriesLoaded extends Schema.TaggedStruct("KpiCategoriesLoaded", { kind: Schema.Literal("financial", "kpi"), categories: Schema.Array(KpiCategory) }) {}
/** The categories call failed: their column configs fall back to none ('No categories data received'). */
export class KpiCategoriesLoadFailed extends Schema.TaggedStruct("KpiCategoriesLoadFailed", { kind: Schema.Literal("financial", "kpi"), message: Schema.String }) {}

export const KpisEvent = Schema.Union(
  DashboardCategoryFolded,
  KpiCategoriesLoaded,
  KpiCategoriesLoadFailed,
  KpiMetaLoadStarted,
  KpiMetaLoaded,
  KpiMetaLoadFailed,
  KpiViewLoadStarted,
  KpiViewLoadFailed,
  KpiAggregatesLoaded,
  KpiHistoryLoaded,
  KpiValuesLoaded,
  PendingValueSet,
  PendingValueRejected,
  PendingValuesDiscarded,
  KpiValuesSaveStarted,
  KpiMonthValuesSaveStarted,
  KpiMonthValuesSaveFailed,
  KpiValueEdited,
  KpiValuesSaveFailed,
  KpiDataChangedElsewhere,
  FavoriteAdded,
  FavoriteRemoved,
  FavoriteToggleFailed,
  AppSettingsLoaded,
  AppSettingsLoadFailed,
  DashboardFilterChanged,
  AppSettingsSaved,
  AppSettingsSaveFailed,
  ReportingPeriodChanged,
);
