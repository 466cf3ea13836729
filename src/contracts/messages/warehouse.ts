import { Schema } from "@effect/schema";
import {
  DataIssuesAnswer,
  DealSizeAnswer,
  LIST_VIEW_VARIANTS,
  ListViewAnswer,
  PipelineAnswer,
  RAW_DATA_KINDS,
  RawDataAnswer,
  SalesTargetAnswer,
  StageSizeMixAnswer,
  DevelopmentShareAnswer,
  RecommendationsAnswer,
  SnapshotComparisonAnswer,
  SnapshotSummary,
  StagePercentagesAnswer,
  StagesAnswer,
} from "../warehouse";

/** The warehouse screens (/warehouse/…): analytics over raw business data, snapshots, uploads. */

const Period = { from: Schema.String, to: Schema.String };
const RawDataKind = Schema.Literal(...RAW_DATA_KINDS);

/** What a warehouse view asks the warehouse API for: the view and its parameters. */
export const WarehouseRequest = Schema.Union(
  Schema.Struct({ view: Schema.Literal("deal-size"), ...Period }),
  Schema.Struct({ view: Schema.Literal("stages"), ...Period }),
  Schema.Struct({ view: Schema.Literal("stage-percentages"), ...Period }),
  Schema.Struct({ view: Schema.Literal("sales-target"), ...Period }),
  Schema.Struct({ view: Schema.Literal("marimekko"), ...Period }),
  Schema.Struct({ view: Schema.Literal("development-share"), ...Period }),
  Schema.Struct({ view: Schema.Literal("recommendations"), ...Period }),
  /** The pipeline of a day; null for today. */
  Schema.Struct({ view: Schema.Literal("pipeline"), date: Schema.NullOr(Schema.String) }),
  Schema.Struct({ view: Schema.Literal("list-view"), variant: Schema.Literal(...LIST_VIEW_VARIANTS), ...Period }),
  Schema.Struct({ view: Schema.Literal("data-issues") }),
  Schema.Struct({ view: Schema.Literal("snapshots") }),
  Schema.Struct({ view: Schema.Literal("snapshot"), snapshotId: Schema.Number }),
  Schema.Struct({ view: Schema.Literal("raw-data") }),
);
export type WarehouseRequest = typeof WarehouseRequest.Type;
export type WarehouseViewName = WarehouseRequest["view"];

/** The answer of each view, as the API sends it. */
export const WarehouseViewData = Schema.Union(
  DealSizeAnswer,
  StagesAnswer,
  StagePercentagesAnswer,
  SalesTargetAnswer,
  StageSizeMixAnswer,
  DevelopmentShareAnswer,
  RecommendationsAnswer,
  PipelineAnswer,
  ListViewAnswer,
  DataIssuesAnswer,
  Schema.Array(SnapshotSummary),
  SnapshotComparisonAnswer,
  RawDataAnswer,
);

// ── commands ────────────────────────────────────────────────────────────────
/** Loads a view into the slot `key` (one slot per place on a screen); a newer load of the slot supersedes the running one. */
export class LoadWarehouseView extends Schema.TaggedStruct("LoadWarehouseView", { key: Schema.String, request: WarehouseRequest }) {}
/** A CSV file of one kind of raw data; the file itself is not kept in a session log. */
export class UploadRawData extends Schema.TaggedStruct("UploadRawData", {
  kind: RawDataKind,
  file: Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob),
  fileName: Schema.String,
}) {}
export class TakeWarehouseSnapshot extends Schema.TaggedStruct("TakeWarehouseSnapshot", { name: Schema.String, date: Schema.NullOr(Schema.String) }) {}
export class DeleteWarehouseSnapshot extends Schema.TaggedStruct("DeleteWarehouseSnapshot", { snapshotId: Schema.Number, name: Schema.String }) {}

export const WarehouseCommand = Schema.Union(LoadWarehouseView, UploadRawData, TakeWarehouseSnapshot, DeleteWarehouseSnapshot);

// ── events ──────────────────────────────────────────────────────────────────
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

/** `params` is the request as stable text: a slot's data says which request it answers. */
export class WarehouseViewLoadStarted extends Schema.TaggedStruct("WarehouseViewLoadStarted", { key: Schema.String, params: Schema.String }) {}
export class WarehouseViewLoaded extends Schema.TaggedStruct("WarehouseViewLoaded", { key: Schema.String, params: Schema.String, data: WarehouseViewData }) {}
export class WarehouseViewLoadFailed extends Schema.TaggedStruct("WarehouseViewLoadFailed", { key: Schema.String, params: Schema.String, message: Schema.String }) {}

export class RawDataUploadStarted extends Schema.TaggedStruct("RawDataUploadStarted", { kind: RawDataKind, fileName: Schema.String }) {}
export class RawDataUploaded extends Schema.TaggedStruct("RawDataUploaded", { kind: RawDataKind, rows: Schema.Number, issues: Schema.Number, message: Schema.String }) {}
/** Nothing was imported: the reason, and every problem by row and column. */
export class RawDataUploadFailed extends Schema.TaggedStruct("RawDataUploadFailed", { kind: RawDataKind, message: Schema.String, problems: Schema.Array(Schema.String) }) {}

export class WarehouseSnapshotActionStarted extends Schema.TaggedStruct("WarehouseSnapshotActionStarted", { action: Schema.Literal("take", "delete") }) {}
export class WarehouseSnapshotTaken extends Schema.TaggedStruct("WarehouseSnapshotTaken", { snapshot: SnapshotSummary }) {}
export class WarehouseSnapshotDeleted extends Schema.TaggedStruct("WarehouseSnapshotDeleted", { snapshotId: Schema.Number }) {}
export class WarehouseSnapshotFailed extends Schema.TaggedStruct("WarehouseSnapshotFailed", { action: Schema.Literal("take", "delete"), message: Schema.String, fields: FieldMessages }) {}

/** Another person uploaded raw data or changed the snapshots: open warehouse views load again. */
export class WarehouseDataChangedElsewhere extends Schema.TaggedStruct("WarehouseDataChangedElsewhere", { type: Schema.String }) {}

export const WarehouseEvent = Schema.Union(
  WarehouseViewLoadStarted,
  WarehouseViewLoaded,
  WarehouseViewLoadFailed,
  RawDataUploadStarted,
  RawDataUploaded,
  RawDataUploadFailed,
  WarehouseSnapshotActionStarted,
  WarehouseSnapshotTaken,
  WarehouseSnapshotDeleted,
  WarehouseSnapshotFailed,
  WarehouseDataChangedElsewhere,
);
