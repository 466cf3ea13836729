import { sql } from "kysely";
import type { UploadCheck, UploadHistory, UploadSummary } from "../../../contracts/uploads";
import type { MonthIndex } from "../../../domain/months";
import type { NewFxRate } from "../../../domain/uploads/check-parts";
import type { TenantContext } from "../../db/tenancy";
import { notFound } from "../../platform/http/errors";

/** A valid row as kept with a checked upload until it is imported: [month, value (null removes)]. */
export interface StoredRow {
  readonly row: number;
  /** The KPI or FX rate; null only for an FX rate the import creates (`createsRate`). */
  readonly target: number | null;
  readonly label: string;
  readonly dimensionKey: string;
  readonly values: readonly (readonly [MonthIndex, number | null])[];
  readonly createsRate?: NewFxRate;
}

const SUMMARY_COLUMNS = [
  "id",
  "type",
  "file_name",
  "status",
  "state",
  "created_at",
  "imported_at",
  "row_count",
  "valid_row_count",
  "value_count",
  "unchanged_count",
  "error_count",
  "warning_count",
  "imported_rows",
  "imported_value_count",
] as const;

type SummaryRow = { [K in (typeof SUMMARY_COLUMNS)[number]]: K extends "created_at" ? Date : K extends "imported_at" ? Date | null : unknown };

function summaryOf(row: SummaryRow): UploadSummary {
  return {
    id: row.id as number,
    type: row.type as UploadSummary["type"],
    fileName: row.file_name as string,
    status: row.status as UploadSummary["status"],
    state: row.state as UploadSummary["state"],
    createdAt: new Date(row.created_at).toISOString(),
    importedAt: row.imported_at === null ? null : new Date(row.imported_at).toISOString(),
    rows: row.row_count as number,
    validRows: row.valid_row_count as number,
    values: row.value_count as number,
    unchanged: row.unchanged_count as number,
    errors: row.error_count as number,
    warnings: row.warning_count as number,
    importedRows: row.imported_rows as UploadSummary["importedRows"],
    importedValues: row.imported_value_count as number | null,
  };
}

/**
 * An upload of `userId` with its problems and preview; 404 for anyone else's (a check's problems
 * quote KPI names and values its uploader could read, others maybe not) and another company's.
 */
export async function loadUpload({ db }: TenantContext, id: number, userId: number): Promise<UploadCheck> {
  const row = await db
    .selectFrom("uploads")
    .select([...SUMMARY_COLUMNS, "layout", "columns", "mapping", "problems", "preview"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...summaryOf(row as SummaryRow),
    layout: row.layout,
    columns: row.columns as UploadCheck["columns"],
    mapping: row.mapping as UploadCheck["mapping"],
    problems: row.problems as UploadCheck["problems"],
    preview: row.preview as UploadCheck["preview"],
  };
}

/** The person's uploads, newest first, optionally of one year (spec section 3, "Upload list"). */
export async function uploadHistory({ db }: TenantContext, userId: number, options: { year: number | null; offset: number; limit: number }): Promise<UploadHistory> {
  const year = sql<number>`extract(year from created_at)::int`;
  const own = db.selectFrom("uploads").where("user_id", "=", userId);
  const inYear = options.year === null ? own : own.where(year, "=", options.year);
  const [years, count, rows] = await Promise.all([
    own.select(year.as("year")).distinct().orderBy("year", "desc").execute(),
    inYear.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    inYear.select([...SUMMARY_COLUMNS]).orderBy("created_at", "desc").orderBy("id", "desc").offset(options.offset).limit(options.limit).execute(),
  ]);
  return {
    count: count.count,
    offset: options.offset,
    limit: options.limit,
    yearsAvailable: years.map((row) => row.year),
    year: options.year,
    results: rows.map((row) => summaryOf(row as SummaryRow)),
  };
}
