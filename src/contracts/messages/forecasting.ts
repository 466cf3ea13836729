import { Schema } from "@effect/schema";
import { CreateForecastRequest, ForecastCategory, ForecastComputed, ForecastDetail, ForecastPatched, ForecastReports, ForecastSources, ForecastSummary, ForecastSwitched } from "../forecasting";

/**
 * Forecasting (/forecasting/category/{id}, /forecasting/{id}): the categories, a category's
 * forecasts, the create wizard, a forecast's grid (adjust values, per-KPI overrides, accuracy),
 * activate / switch / deactivate, recompute and delete.
 */

const Fields = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

// ── commands ────────────────────────────────────────────────────────────────
export class LoadForecastCategories extends Schema.TaggedStruct("LoadForecastCategories", {}) {}
export class LoadForecastReports extends Schema.TaggedStruct("LoadForecastReports", { categoryId: Schema.Number }) {}
export class LoadForecastSources extends Schema.TaggedStruct("LoadForecastSources", { categoryId: Schema.Number }) {}
export class LoadForecast extends Schema.TaggedStruct("LoadForecast", { forecastId: Schema.Number }) {}
export class CreateForecast extends Schema.TaggedStruct("CreateForecast", { request: CreateForecastRequest }) {}
export class ActivateForecast extends Schema.TaggedStruct("ActivateForecast", { forecastId: Schema.Number }) {}
export class DeactivateForecast extends Schema.TaggedStruct("DeactivateForecast", { forecastId: Schema.Number }) {}
export class RecomputeForecast extends Schema.TaggedStruct("RecomputeForecast", { forecastId: Schema.Number }) {}
export class DeleteForecast extends Schema.TaggedStruct("DeleteForecast", { forecastId: Schema.Number, categoryId: Schema.Number }) {}
/** A typed cell of the forecast grid: parsed by the KPI detail's rules ('-' removes the value). */
export class EditForecastValue extends Schema.TaggedStruct("EditForecastValue", { kpiId: Schema.Number, date: Schema.String, text: Schema.String, unit: Schema.String }) {}
export class SetForecastOverride extends Schema.TaggedStruct("SetForecastOverride", { kpiId: Schema.Number, override: Schema.Boolean }) {}
export class DiscardForecastEdits extends Schema.TaggedStruct("DiscardForecastEdits", {}) {}
/** Saves every pending value and override of the open forecast in one request: all or nothing. */
export class SaveForecastEdits extends Schema.TaggedStruct("SaveForecastEdits", { forecastId: Schema.Number }) {}
export class DismissForecastCreated extends Schema.TaggedStruct("DismissForecastCreated", {}) {}

export const ForecastingCommand = Schema.Union(
  LoadForecastCategories,
  LoadForecastReports,
  LoadForecastSources,
  LoadForecast,
  CreateForecast,
  ActivateForecast,
  DeactivateForecast,
  RecomputeForecast,
  DeleteForecast,
  EditForecastValue,
  SetForecastOverride,
  DiscardForecastEdits,
  SaveForecastEdits,
  DismissForecastCreated,
);

// ── events ──────────────────────────────────────────────────────────────────
export class ForecastCategoriesLoadStarted extends Schema.TaggedStruct("ForecastCategoriesLoadStarted", {}) {}
export class ForecastCategoriesLoaded extends Schema.TaggedStruct("ForecastCategoriesLoaded", { categories: Schema.Array(ForecastCategory) }) {}
export class ForecastCategoriesLoadFailed extends Schema.TaggedStruct("ForecastCategoriesLoadFailed", { message: Schema.String }) {}
export class ForecastReportsLoadStarted extends Schema.TaggedStruct("ForecastReportsLoadStarted", { categoryId: Schema.Number }) {}
export class ForecastReportsLoaded extends Schema.TaggedStruct("ForecastReportsLoaded", { reports: ForecastReports }) {}
export class ForecastReportsLoadFailed extends Schema.TaggedStruct("ForecastReportsLoadFailed", { categoryId: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class ForecastSourcesLoaded extends Schema.TaggedStruct("ForecastSourcesLoaded", { categoryId: Schema.Number, sources: ForecastSources }) {}
export class ForecastSourcesLoadFailed extends Schema.TaggedStruct("ForecastSourcesLoadFailed", { categoryId: Schema.Number, message: Schema.String }) {}
export class ForecastLoadStarted extends Schema.TaggedStruct("ForecastLoadStarted", { forecastId: Schema.Number }) {}
export class ForecastLoaded extends Schema.TaggedStruct("ForecastLoaded", { detail: ForecastDetail }) {}
export class ForecastLoadFailed extends Schema.TaggedStruct("ForecastLoadFailed", { forecastId: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class ForecastCreateStarted extends Schema.TaggedStruct("ForecastCreateStarted", {}) {}
export class ForecastCreated extends Schema.TaggedStruct("ForecastCreated", { result: ForecastComputed }) {}
export class ForecastCreateFailed extends Schema.TaggedStruct("ForecastCreateFailed", { message: Schema.String, fields: Fields }) {}
export class ForecastCreatedDismissed extends Schema.TaggedStruct("ForecastCreatedDismissed", {}) {}
export class ForecastActionStarted extends Schema.TaggedStruct("ForecastActionStarted", { forecastId: Schema.Number, action: Schema.String }) {}
/** The forecast is its category's active one now; `result.deactivated` is the one it replaced. */
export class ForecastActivated extends Schema.TaggedStruct("ForecastActivated", { result: ForecastSwitched }) {}
export class ForecastDeactivated extends Schema.TaggedStruct("ForecastDeactivated", { forecast: ForecastSummary }) {}
export class ForecastRecomputed extends Schema.TaggedStruct("ForecastRecomputed", { result: ForecastComputed }) {}
export class ForecastDeleted extends Schema.TaggedStruct("ForecastDeleted", { forecastId: Schema.Number, categoryId: Schema.Number }) {}
export class ForecastActionFailed extends Schema.TaggedStruct("ForecastActionFailed", { forecastId: Schema.Number, action: Schema.String, message: Schema.String }) {}
/** A typed cell, parsed by the epic: a value, null to remove, or why the text was refused. */
export class ForecastCellEdited extends Schema.TaggedStruct("ForecastCellEdited", { kpiId: Schema.Number, date: Schema.String, text: Schema.String, value: Schema.NullOr(Schema.Number), error: Schema.NullOr(Schema.String) }) {}
export class ForecastOverrideSet extends Schema.TaggedStruct("ForecastOverrideSet", { kpiId: Schema.Number, override: Schema.Boolean }) {}
export class ForecastEditsDiscarded extends Schema.TaggedStruct("ForecastEditsDiscarded", {}) {}
export class ForecastEditsSaveStarted extends Schema.TaggedStruct("ForecastEditsSaveStarted", { forecastId: Schema.Number }) {}
export class ForecastEditsSaved extends Schema.TaggedStruct("ForecastEditsSaved", { result: ForecastPatched }) {}
export class ForecastEditsSaveFailed extends Schema.TaggedStruct("ForecastEditsSaveFailed", { forecastId: Schema.Number, message: Schema.String }) {}
/** Someone else changed forecasts (another browser, another person): the open forecasting screens load again. */
export class ForecastsChangedElsewhere extends Schema.TaggedStruct("ForecastsChangedElsewhere", { categoryId: Schema.NullOr(Schema.Number), forecastId: Schema.NullOr(Schema.Number) }) {}

export const ForecastingEvent = Schema.Union(
  ForecastCategoriesLoadStarted,
  ForecastCategoriesLoaded,
  ForecastCategoriesLoadFailed,
  ForecastReportsLoadStarted,
  ForecastReportsLoaded,
  ForecastReportsLoadFailed,
  ForecastSourcesLoaded,
  ForecastSourcesLoadFailed,
  ForecastLoadStarted,
  ForecastLoaded,
  ForecastLoadFailed,
  ForecastCreateStarted,
  ForecastCreated,
  ForecastCreateFailed,
  ForecastCreatedDismissed,
  ForecastActionStarted,
  ForecastActivated,
  ForecastDeactivated,
  ForecastRecomputed,
  ForecastDeleted,
  ForecastActionFailed,
  ForecastCellEdited,
  ForecastOverrideSet,
  ForecastEditsDiscarded,
  ForecastEditsSaveStarted,
  ForecastEditsSaved,
  ForecastEditsSaveFailed,
  ForecastsChangedElsewhere,
);
