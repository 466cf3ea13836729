import { Schema } from "@effect/schema";
import { RecordId, Text, WholeNumberFromString } from "./fields";

/**
 * Excel and CSV uploads (spec sections 3, 4 and 7: "upload template, history, check"; "Uploads:
 * list, and upload per type"). An upload is checked first: the server reads the file, validates
 * every row and stores the result with its problems (nothing is written to the KPI data yet);
 * the person then imports it, all rows or only the valid ones, or cancels it.
 */

/** What an upload writes: actuals, planning, the active forecast, actuals by dimension, or FX rates. */
export const UPLOAD_TYPES = ["reporting", "planning", "forecasting", "dimensions", "fx"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const UPLOAD_TYPE_LABELS: Readonly<Record<UploadType, string>> = {
  reporting: "Reporting actuals",
  planning: "Planning",
  forecasting: "Forecasting",
  dimensions: "Actuals by dimension",
  fx: "FX rates",
};

/** Spec section 4, "Upload result": in these words. */
export const UPLOAD_STATES = ["successful", "contains warnings", "partially successful with errors"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * How the file lays out its values: a row per KPI (or FX rate) with a column per month (the
 * templates of actuals, planning, forecasting and FX rates), or a row per value with ID, Date and
 * Value columns (the template of actuals by dimension; also read for the other KPI types).
 */
export const UPLOAD_LAYOUTS = ["months-as-columns", "one-value-per-row"] as const;

/** Where a problem is: the row as numbered in the file (1 is the header) and the column letter; null for the whole file, row or column. */
export const UploadProblem = Schema.Struct({
  row: Schema.NullOr(Schema.Number),
  column: Schema.NullOr(Schema.String),
  severity: Schema.Literal("error", "warning"),
  message: Schema.String,
});
export type UploadProblem = typeof UploadProblem.Type;

/** Which header names which column: what the check applied, and what a person chooses when the file's headers are their own. */
export const ColumnMapping = Schema.Struct({
  id: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  date: Schema.NullOr(Schema.String),
  value: Schema.NullOr(Schema.String),
});
export type ColumnMapping = typeof ColumnMapping.Type;

/** A row of the preview: what it would write (value null removes the month's value). */
export const UploadPreviewRow = Schema.Struct({
  row: Schema.Number,
  label: Schema.String,
  dimension: Schema.NullOr(Schema.String),
  valid: Schema.Boolean,
  values: Schema.Array(Schema.Struct({ date: Schema.String, value: Schema.NullOr(Schema.Number) })),
  /** An FX upload's row for a rate the company does not have yet: importing creates it with this name and currency. */
  createsRate: Schema.optional(Schema.Struct({ name: Schema.String, currency: Schema.String })),
});

/** One upload in the history. `rows` counts the file's data rows with anything in them; `values` the changes in its valid rows. */
export const UploadSummary = Schema.Struct({
  id: Schema.Number,
  type: Schema.Literal(...UPLOAD_TYPES),
  fileName: Schema.String,
  status: Schema.Literal("checked", "imported"),
  state: Schema.Literal(...UPLOAD_STATES),
  createdAt: Schema.String,
  importedAt: Schema.NullOr(Schema.String),
  rows: Schema.Number,
  validRows: Schema.Number,
  values: Schema.Number,
  /** Values in the file equal to what is stored already: not written again. */
  unchanged: Schema.Number,
  errors: Schema.Number,
  warnings: Schema.Number,
  importedRows: Schema.NullOr(Schema.Literal("all", "valid")),
  importedValues: Schema.NullOr(Schema.Number),
});
export type UploadSummary = typeof UploadSummary.Type;

/** The check's answer (and GET /uploads/{id}/): the summary with every problem and a preview. */
export const UploadCheck = Schema.Struct({
  ...UploadSummary.fields,
  layout: Schema.Literal(...UPLOAD_LAYOUTS),
  columns: Schema.Array(Schema.String),
  mapping: ColumnMapping,
  problems: Schema.Array(UploadProblem),
  preview: Schema.Array(UploadPreviewRow),
});
export type UploadCheck = typeof UploadCheck.Type;

/** Spec section 3, "Upload list". `year` is the year shown (null: every year). */
export const UploadHistory = Schema.Struct({
  count: Schema.Number,
  offset: Schema.Number,
  limit: Schema.Number,
  yearsAvailable: Schema.Array(Schema.Number),
  year: Schema.NullOr(Schema.Number),
  results: Schema.Array(UploadSummary),
});
export type UploadHistory = typeof UploadHistory.Type;

const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  Schema.String.pipe(Schema.filter((value): value is T[number] => values.includes(value), { message: () => message, jsonSchema: { enum: values } }));

const UploadTypeField = oneOf(UPLOAD_TYPES, `Choose ${UPLOAD_TYPES.join(", ")}.`);
const HeaderName = Text(200);

export const UploadTemplateQuery = Schema.Struct({
  type: UploadTypeField,
  format: Schema.optional(oneOf(["xlsx", "csv"], "Choose xlsx or csv.")),
  /** The fiscal year by the calendar year it starts in (default: this fiscal year). */
  year: Schema.optional(WholeNumberFromString(1900, 2199, "Choose a year from 1900 to 2199.")),
});

/** The upload's type, and optionally which header names which column (remembered for the person's next upload). */
export const UploadCheckQuery = Schema.Struct({
  type: UploadTypeField,
  idColumn: Schema.optional(HeaderName),
  nameColumn: Schema.optional(HeaderName),
  dateColumn: Schema.optional(HeaderName),
  valueColumn: Schema.optional(HeaderName),
});

/** All rows (the default: nothing is written when any row has an error) or only the valid ones. */
export const UploadImportRequest = Schema.Struct({ rows: Schema.optional(oneOf(["all", "valid"], "Choose all or valid.")) });

export const UploadHistoryQuery = Schema.Struct({
  year: Schema.optional(WholeNumberFromString(1900, 2200, "Choose a year from 1900 to 2200.")),
  offset: Schema.optional(WholeNumberFromString(0, 1_000_000)),
  limit: Schema.optional(WholeNumberFromString(1, 100)),
});

export const UploadParams = Schema.Struct({ id: RecordId });
