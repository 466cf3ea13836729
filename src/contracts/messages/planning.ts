import { Schema } from "@effect/schema";
import { KpiMonthValue } from "../kpis";
import { PlanningVersion } from "../planning";

/** Financial and operational planning (/planning/…): the planning grid and planning versions. */

const GridKpis = Schema.Array(Schema.Struct({ id: Schema.Number, values: Schema.Array(KpiMonthValue) }));
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
/** A cell's value as the server takes it: a number, or '-' to remove it. */
const CellValue = Schema.Union(Schema.Number, Schema.Literal("-"));

// ── commands ────────────────────────────────────────────────────────────────
/**
 * The grid's months: `startDate` to `date` (the fiscal year shown and the one before it, for last
 * year's actuals and plan). `version` shows a saved version's values as the plan, read only.
 */
export class LoadPlanningGrid extends Schema.TaggedStruct("LoadPlanningGrid", {
  key: Schema.String,
  startDate: Schema.String,
  date: Schema.String,
  type: Schema.Literal("financial", "kpi"),
  idList: Schema.Array(Schema.Number),
  version: Schema.NullOr(Schema.Number),
}) {}
/** Typed, pasted, filled or computed (spread, uplift) cells: each replaces the pending value of its KPI and month. */
export class EditPlanningCells extends Schema.TaggedStruct("EditPlanningCells", {
  cells: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, text: Schema.String, unit: Schema.String })),
}) {}
export class DiscardPlanningChanges extends Schema.TaggedStruct("DiscardPlanningChanges", {}) {}
/** Every pending change in one request: the server saves all of them or none. */
export class SavePlanningChanges extends Schema.TaggedStruct("SavePlanningChanges", {}) {}
export class LoadPlanningVersions extends Schema.TaggedStruct("LoadPlanningVersions", {}) {}
export class SavePlanningVersion extends Schema.TaggedStruct("SavePlanningVersion", { name: Schema.String, fiscalYear: Schema.Number }) {}
export class DeletePlanningVersion extends Schema.TaggedStruct("DeletePlanningVersion", { versionId: Schema.Number, name: Schema.String }) {}

export const PlanningCommand = Schema.Union(LoadPlanningGrid, EditPlanningCells, DiscardPlanningChanges, SavePlanningChanges, LoadPlanningVersions, SavePlanningVersion, DeletePlanningVersion);

// ── events ──────────────────────────────────────────────────────────────────
export class PlanningGridLoadStarted extends Schema.TaggedStruct("PlanningGridLoadStarted", { key: Schema.String, params: Schema.String, version: Schema.NullOr(Schema.Number) }) {}
export class PlanningGridLoaded extends Schema.TaggedStruct("PlanningGridLoaded", { key: Schema.String, params: Schema.String, kpis: GridKpis }) {}
export class PlanningGridLoadFailed extends Schema.TaggedStruct("PlanningGridLoadFailed", { key: Schema.String, params: Schema.String, message: Schema.String }) {}
/** The cells read by the number input rules: the valid ones pending, the others with their message. */
export class PlanningCellsEdited extends Schema.TaggedStruct("PlanningCellsEdited", {
  pending: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, text: Schema.String, value: CellValue })),
  rejected: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, text: Schema.String, message: Schema.String })),
}) {}
export class PlanningChangesDiscarded extends Schema.TaggedStruct("PlanningChangesDiscarded", {}) {}
export class PlanningSaveStarted extends Schema.TaggedStruct("PlanningSaveStarted", { count: Schema.Number }) {}
/** Saved (this person's, or another's arriving over the stream): the grid takes the values. */
export class PlanningValuesSaved extends Schema.TaggedStruct("PlanningValuesSaved", {
  values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, value: Schema.NullOr(Schema.Number) })),
  elsewhere: Schema.Boolean,
}) {}
/** Nothing was saved: why, and the server's field messages (`values.3.value`) to show on their cells. */
export class PlanningSaveFailed extends Schema.TaggedStruct("PlanningSaveFailed", {
  message: Schema.String,
  fields: FieldMessages,
  cells: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String })),
}) {}
export class PlanningVersionsLoadStarted extends Schema.TaggedStruct("PlanningVersionsLoadStarted", {}) {}
export class PlanningVersionsLoaded extends Schema.TaggedStruct("PlanningVersionsLoaded", { versions: Schema.Array(PlanningVersion) }) {}
export class PlanningVersionsLoadFailed extends Schema.TaggedStruct("PlanningVersionsLoadFailed", { message: Schema.String }) {}
export class PlanningVersionActionStarted extends Schema.TaggedStruct("PlanningVersionActionStarted", { action: Schema.Literal("save", "delete") }) {}
export class PlanningVersionSaved extends Schema.TaggedStruct("PlanningVersionSaved", { version: PlanningVersion }) {}
export class PlanningVersionDeleted extends Schema.TaggedStruct("PlanningVersionDeleted", { versionId: Schema.Number }) {}
export class PlanningVersionFailed extends Schema.TaggedStruct("PlanningVersionFailed", { action: Schema.Literal("save", "delete"), message: Schema.String, fields: FieldMessages }) {}

export const PlanningEvent = Schema.Union(
  PlanningGridLoadStarted,
  PlanningGridLoaded,
  PlanningGridLoadFailed,
  PlanningCellsEdited,
  PlanningChangesDiscarded,
  PlanningSaveStarted,
  PlanningValuesSaved,
  PlanningSaveFailed,
  PlanningVersionsLoadStarted,
  PlanningVersionsLoaded,
  PlanningVersionsLoadFailed,
  PlanningVersionActionStarted,
  PlanningVersionSaved,
  PlanningVersionDeleted,
  PlanningVersionFailed,
);
