import { Schema } from "@effect/schema";
import { ColumnMapping, UPLOAD_TYPES, UploadCheck, UploadHistory } from "../uploads";

/**
 * Uploads (/data-management): download a template, check a file, import it (all rows or the
 * valid ones) or cancel it, and the person's upload history.
 */

const UploadTypeLiteral = Schema.Literal(...UPLOAD_TYPES);

// ── commands ────────────────────────────────────────────────────────────────
export class DownloadUploadTemplate extends Schema.TaggedStruct("DownloadUploadTemplate", { uploadType: UploadTypeLiteral, format: Schema.Literal("xlsx", "csv") }) {}
/** The file itself is not kept in a session log. `mapping` null: the remembered or usual column names. */
export class CheckUpload extends Schema.TaggedStruct("CheckUpload", {
  uploadType: UploadTypeLiteral,
  file: Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob),
  fileName: Schema.String,
  mapping: Schema.NullOr(ColumnMapping),
}) {}
export class ImportUpload extends Schema.TaggedStruct("ImportUpload", { uploadId: Schema.Number, rows: Schema.Literal("all", "valid") }) {}
export class CancelUpload extends Schema.TaggedStruct("CancelUpload", { uploadId: Schema.Number }) {}
/** Opens one of the person's uploads from the history. */
export class OpenUpload extends Schema.TaggedStruct("OpenUpload", { uploadId: Schema.Number }) {}
export class CloseUploadResult extends Schema.TaggedStruct("CloseUploadResult", {}) {}
export class LoadUploadHistory extends Schema.TaggedStruct("LoadUploadHistory", { year: Schema.NullOr(Schema.Number), offset: Schema.Number }) {}

export const UploadsCommand = Schema.Union(DownloadUploadTemplate, CheckUpload, ImportUpload, CancelUpload, OpenUpload, CloseUploadResult, LoadUploadHistory);

// ── events ──────────────────────────────────────────────────────────────────
export class UploadTemplateDownloaded extends Schema.TaggedStruct("UploadTemplateDownloaded", { uploadType: UploadTypeLiteral, format: Schema.Literal("xlsx", "csv") }) {}
export class UploadTemplateDownloadFailed extends Schema.TaggedStruct("UploadTemplateDownloadFailed", { message: Schema.String }) {}
export class UploadCheckStarted extends Schema.TaggedStruct("UploadCheckStarted", { uploadType: UploadTypeLiteral, fileName: Schema.String }) {}
/** The server checked the file and stored the outcome (nothing written to the data yet). */
export class UploadChecked extends Schema.TaggedStruct("UploadChecked", { check: UploadCheck }) {}
export class UploadCheckFailed extends Schema.TaggedStruct("UploadCheckFailed", { fileName: Schema.String, message: Schema.String }) {}
export class UploadOpened extends Schema.TaggedStruct("UploadOpened", { check: UploadCheck }) {}
export class UploadOpenFailed extends Schema.TaggedStruct("UploadOpenFailed", { uploadId: Schema.Number, message: Schema.String }) {}
export class UploadImportStarted extends Schema.TaggedStruct("UploadImportStarted", { uploadId: Schema.Number, rows: Schema.Literal("all", "valid") }) {}
export class UploadImported extends Schema.TaggedStruct("UploadImported", { check: UploadCheck }) {}
export class UploadImportFailed extends Schema.TaggedStruct("UploadImportFailed", { uploadId: Schema.Number, message: Schema.String }) {}
export class UploadCancelled extends Schema.TaggedStruct("UploadCancelled", { uploadId: Schema.Number }) {}
export class UploadCancelFailed extends Schema.TaggedStruct("UploadCancelFailed", { uploadId: Schema.Number, message: Schema.String }) {}
export class UploadResultClosed extends Schema.TaggedStruct("UploadResultClosed", {}) {}
export class UploadHistoryLoadStarted extends Schema.TaggedStruct("UploadHistoryLoadStarted", { year: Schema.NullOr(Schema.Number), offset: Schema.Number }) {}
export class UploadHistoryLoaded extends Schema.TaggedStruct("UploadHistoryLoaded", { history: UploadHistory }) {}
export class UploadHistoryLoadFailed extends Schema.TaggedStruct("UploadHistoryLoadFailed", { message: Schema.String }) {}

export const UploadsEvent = Schema.Union(
  UploadTemplateDownloaded,
  UploadTemplateDownloadFailed,
  UploadCheckStarted,
  UploadChecked,
  UploadCheckFailed,
  UploadOpened,
  UploadOpenFailed,
  UploadImportStarted,
  UploadImported,
  UploadImportFailed,
  UploadCancelled,
  UploadCancelFailed,
  UploadResultClosed,
  UploadHistoryLoadStarted,
  UploadHistoryLoaded,
  UploadHistoryLoadFailed,
);
