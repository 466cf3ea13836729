import { RawDataAnswer, RawDataParams, UPLOAD_HAS_ERRORS, UploadAnswer } from "../../../contracts/warehouse";
import { checkWarehouseData } from "../../../domain/warehouse/data-rules";
import { RAW_DATA_KIND_LABEL, RAW_DATA_KINDS, type RawDataKind } from "../../../domain/warehouse/records";
import { problemText, RAW_DATA_COLUMNS, readRawRows } from "../../../domain/warehouse/raw-rows";
import { badRequest, HttpError } from "../../platform/http/errors";
import { userRoute, type UploadedFile } from "../../platform/http/route";
import { CsvUnreadable, readCsv } from "./csv-file";
import { SEE_RAW_DATA, UPLOAD_RAW_DATA } from "./warehouse-access";
import { loadWarehouseData, replaceRawData } from "./warehouse-repository";
import { today } from "./warehouse-routes";
import { userNames } from "../../platform/people";

/** One raw data file at most: a decade of a large CRM's deals as CSV. */
export const RAW_DATA_MAX_BYTES = 10 * 1024 * 1024;
/** Problems listed in a refusal; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 200;
/** What spreadsheets and browsers call a CSV file (Excel on Windows says vnd.ms-excel). */
const CSV_MEDIA_TYPES = ["text/csv", "text/plain", "application/vnd.ms-excel", "application/csv"];

const TABLE_OF: Readonly<Record<RawDataKind, "warehouse_deals" | "warehouse_employees" | "warehouse_products" | "warehouse_sales_targets">> = {
  deals: "warehouse_deals",
  employees: "warehouse_employees",
  products: "warehouse_products",
  "sales-targets": "warehouse_sales_targets",
};

/**
 * Loading raw data: what is loaded, and the upload of one kind as CSV. An upload is checked whole
 * and replaces the kind's rows only when every cell can be read (all or nothing); the refusal
 * lists every problem by row and column. Rows that can be read but break a data rule are stored
 * and counted in the answer (they show among the data issues).
 */
export const rawDataRoutes = [
  userRoute({
    method: "GET",
    path: "/raw-data/",
    summary: "The raw data loaded per kind: rows, columns of its file, and its last upload",
    access: SEE_RAW_DATA,
    response: RawDataAnswer,
    handle: ({ inTenant }) =>
      inTenant(async (context) => {
        const counts = await Promise.all(RAW_DATA_KINDS.map((kind) => context.db.selectFrom(TABLE_OF[kind]).select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow()));
        const uploads = await context.db.selectFrom("warehouse_uploads").selectAll().orderBy("id", "desc").execute();
        const names = await userNames(context, uploads.map((upload) => upload.uploaded_by));
        return {
          kinds: RAW_DATA_KINDS.map((kind, index) => {
            const last = uploads.find((upload) => upload.kind === kind);
            return {
              kind,
              label: RAW_DATA_KIND_LABEL[kind],
              rows: Number(counts[index]!.rows),
              columns: RAW_DATA_COLUMNS[kind],
              lastUpload: last ? { fileName: last.file_name, rows: last.row_count, at: new Date(last.uploaded_at).toISOString(), by: last.uploaded_by === null ? null : (names.get(last.uploaded_by) ?? null) } : null,
            };
          }),
        };
      }),
  }),

  userRoute<{ kind: RawDataKind }, undefined, UploadedFile>({
    method: "POST",
    path: "/raw-data/{kind}/",
    summary: "Upload one kind of raw data as CSV: it replaces that kind's rows, all or nothing",
    description: "The first row names the columns (GET /raw-data/ lists them). Comma, semicolon or tab separated; UTF-8 or Windows-1252. A refusal lists every problem by row and column and writes nothing.",
    access: UPLOAD_RAW_DATA,
    params: RawDataParams,
    upload: { field: "file", maxBytes: RAW_DATA_MAX_BYTES, mediaTypes: CSV_MEDIA_TYPES },
    bodyLimit: RAW_DATA_MAX_BYTES + 64 * 1024,
    response: UploadAnswer,
    status: 201,
    handle: async ({ params: { kind }, body: file, inTenant, user }) => {
      let read;
      try {
        const { lines, rowNumbers } = readCsv(file.bytes);
        read = readRawRows(kind, lines, rowNumbers);
      } catch (error) {
        if (error instanceof CsvUnreadable) throw badRequest({ file: [error.message] });
        throw error;
      }
      const fileProblems = read.problems.filter((problem) => problem.row === 0);
      if (fileProblems.length > 0) throw badRequest({ file: fileProblems.map(problemText) });
      if (read.problems.length > 0) {
        const listed = read.problems.slice(0, MAX_LISTED_PROBLEMS).map(problemText);
        const rest = read.problems.length - listed.length;
        throw new HttpError(400, { detail: UPLOAD_HAS_ERRORS, rows: rest > 0 ? [...listed, `…and ${rest} more problems.`] : listed });
      }
      const fileName = cleanFileName(file.filename, kind);
      return inTenant(async (context) => {
        await replaceRawData(context, kind, read.records);
        await context.db.insertInto("warehouse_uploads").values({ tenant_id: context.tenantId, kind, file_name: fileName, row_count: read.records.length, uploaded_by: user.userId }).execute();
        await context.appendEvent({ type: "WarehouseDataUploaded", payload: { kind, rows: read.records.length, fileName } });
        const issues = checkWarehouseData(await loadWarehouseData(context), today()).issues.filter((issue) => issue.kind === kind).length;
        const noun = read.records.length === 1 ? "row" : "rows";
        return {
          kind,
          rows: read.records.length,
          issues,
          detail: `${read.records.length} ${noun} of ${RAW_DATA_KIND_LABEL[kind].toLowerCase()} imported.${issues > 0 ? ` ${issues} data ${issues === 1 ? "issue" : "issues"} to look at under Data issues.` : ""}`,
        };
      });
    },
  }),
];

/** The file's name as the raw data screen shows it: no control characters, at most 200 characters. */
function cleanFileName(name: string, kind: RawDataKind): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || `${kind}.csv`;
}
