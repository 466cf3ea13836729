import { Schema } from "@effect/schema";
import { BenchmarksRequest, CustomKpiRequest, GlossaryEntry, GlossaryEntryRequest, GlossaryResponse, KpiManagement, KpiSettingsChange, ManagedCategory, ManagedKpi } from "../kpi-management";

/**
 * The KPI settings screens (/settings/kpi-management, /settings/kpi-glossary) and the glossary's
 * read view (/reporting/kpi-glossary). Every change is tracked under a save key
 * (kpi-settings/model.ts saveKeyOf) so the dialog that asked shows its own progress and errors.
 */

// ── commands ────────────────────────────────────────────────────────────────
export class LoadKpiManagement extends Schema.TaggedStruct("LoadKpiManagement", {}) {}
export class CreateCustomKpi extends Schema.TaggedStruct("CreateCustomKpi", { kpi: CustomKpiRequest }) {}
export class ChangeKpiSettings extends Schema.TaggedStruct("ChangeKpiSettings", { kpiId: Schema.Number, change: KpiSettingsChange }) {}
export class DeleteCustomKpi extends Schema.TaggedStruct("DeleteCustomKpi", { kpiId: Schema.Number, name: Schema.String }) {}
export class SetKpiResponsibles extends Schema.TaggedStruct("SetKpiResponsibles", { kpiId: Schema.Number, userIds: Schema.Array(Schema.Number) }) {}
export class SetKpiBenchmarks extends Schema.TaggedStruct("SetKpiBenchmarks", { kpiId: Schema.Number, benchmarks: BenchmarksRequest }) {}
export class CreateKpiCategory extends Schema.TaggedStruct("CreateKpiCategory", { name: Schema.String }) {}
export class RenameKpiCategory extends Schema.TaggedStruct("RenameKpiCategory", { categoryId: Schema.Number, name: Schema.String }) {}
export class DeleteKpiCategory extends Schema.TaggedStruct("DeleteKpiCategory", { categoryId: Schema.Number, name: Schema.String }) {}
export class LoadGlossary extends Schema.TaggedStruct("LoadGlossary", {}) {}
export class SaveGlossaryEntry extends Schema.TaggedStruct("SaveGlossaryEntry", { kpiId: Schema.Number, entry: GlossaryEntryRequest }) {}
export class ApproveGlossaryEntry extends Schema.TaggedStruct("ApproveGlossaryEntry", { kpiId: Schema.Number }) {}

export const KpiSettingsCommand = Schema.Union(
  LoadKpiManagement,
  CreateCustomKpi,
  ChangeKpiSettings,
  DeleteCustomKpi,
  SetKpiResponsibles,
  SetKpiBenchmarks,
  CreateKpiCategory,
  RenameKpiCategory,
  DeleteKpiCategory,
  LoadGlossary,
  SaveGlossaryEntry,
  ApproveGlossaryEntry,
);

// ── events ──────────────────────────────────────────────────────────────────
const Fields = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
export class KpiManagementLoadStarted extends Schema.TaggedStruct("KpiManagementLoadStarted", {}) {}
export class KpiManagementLoaded extends Schema.TaggedStruct("KpiManagementLoaded", { management: KpiManagement }) {}
export class KpiManagementLoadFailed extends Schema.TaggedStruct("KpiManagementLoadFailed", { message: Schema.String }) {}
export class GlossaryLoadStarted extends Schema.TaggedStruct("GlossaryLoadStarted", {}) {}
export class GlossaryLoaded extends Schema.TaggedStruct("GlossaryLoaded", { glossary: GlossaryResponse }) {}
export class GlossaryLoadFailed extends Schema.TaggedStruct("GlossaryLoadFailed", { message: Schema.String }) {}
export class KpiSettingSaveStarted extends Schema.TaggedStruct("KpiSettingSaveStarted", { key: Schema.String }) {}
/** Nothing saved: why, and the server's field messages. */
export class KpiSettingSaveFailed extends Schema.TaggedStruct("KpiSettingSaveFailed", { key: Schema.String, message: Schema.String, fields: Fields }) {}
export class ManagedKpiSaved extends Schema.TaggedStruct("ManagedKpiSaved", { key: Schema.String, kpi: ManagedKpi }) {}
export class ManagedKpiDeleted extends Schema.TaggedStruct("ManagedKpiDeleted", { key: Schema.String, id: Schema.Number, name: Schema.String }) {}
export class ManagedCategorySaved extends Schema.TaggedStruct("ManagedCategorySaved", { key: Schema.String, category: ManagedCategory }) {}
export class ManagedCategoryDeleted extends Schema.TaggedStruct("ManagedCategoryDeleted", { key: Schema.String, id: Schema.Number, name: Schema.String, deletedKpis: Schema.Number }) {}
export class GlossaryEntryStored extends Schema.TaggedStruct("GlossaryEntryStored", { key: Schema.String, entry: GlossaryEntry }) {}
/** Someone changed KPI settings or the glossary elsewhere: open settings screens load again. */
export class KpiSettingsChangedElsewhere extends Schema.TaggedStruct("KpiSettingsChangedElsewhere", { change: Schema.String }) {}

export const KpiSettingsEvent = Schema.Union(
  KpiManagementLoadStarted,
  KpiManagementLoaded,
  KpiManagementLoadFailed,
  GlossaryLoadStarted,
  GlossaryLoaded,
  GlossaryLoadFailed,
  KpiSettingSaveStarted,
  KpiSettingSaveFailed,
  ManagedKpiSaved,
  ManagedKpiDeleted,
  ManagedCategorySaved,
  ManagedCategoryDeleted,
  GlossaryEntryStored,
  KpiSettingsChangedElsewhere,
);
