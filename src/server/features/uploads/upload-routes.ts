import {
  UploadCheck,
  UploadCheckQuery,
  UploadHistory,
  UploadHistoryQuery,
  UploadImportRequest,
  UploadTemplateQuery,
  type ColumnMapping,
} from "../../../contracts/uploads";
import { fiscalYearStart } from "../../../domain/fiscal-calendar";
import { dimensionsOf } from "../../../domain/kpi/dimension-key";
import { monthDateOf, monthIndexAt, monthIndexOf, monthRange, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import { IdParams, needs, userRoute, type UploadedFile } from "../../platform/http/route";
import { loadKpis } from "../kpis/kpi-repository";
import { mayWrite, type Reader } from "../kpis/kpi-service";
import { requireUploadType } from "./upload-access";
import { checkUpload } from "./upload-check";
import { cleanFileName, CSV, FileRefused, readUploadedSheet, UPLOAD_MAX_BYTES, XLSX } from "./upload-files";
import { cancelUpload, importUpload } from "./upload-import";
import { loadUpload, uploadHistory } from "./upload-store";
import { buildTemplate, type TemplateData } from "./upload-templates";

const UPLOAD = needs("upload_download_excel_data");
export const HISTORY_PAGE = 20;

/**
 * Excel and CSV uploads (spec sections 3, 4 and 7): the template per type, the check (the file
 * is read and every row validated; the outcome is stored, nothing is written to the data), the
 * import of a checked upload (all rows, or only the valid ones) and its cancellation, the
 * person's upload history. Every route needs upload_download_excel_data; each type needs what
 * editing the same data by hand needs (upload-access.ts).
 */
export const uploadRoutes = [
  userRoute({
    method: "GET",
    path: "/uploads/template/",
    summary: "The upload template of a type (xlsx or csv), filled with the stored values of a fiscal year",
    access: UPLOAD,
    query: UploadTemplateQuery,
    response: { mediaType: `${XLSX} or ${CSV}`, description: "The template file" },
    handle: async ({ query, reader, inTenant, reply }) => {
      requireUploadType(reader, query.type);
      const data = await inTenant((context) => templateData(context, reader, query.type, query.year ?? null));
      const file = await buildTemplate(data, query.format ?? "xlsx");
      return reply.header("content-type", file.mediaType).header("content-disposition", `attachment; filename="${file.fileName}"`).send(file.bytes);
    },
  }),

  userRoute<undefined, typeof UploadCheckQuery.Type, UploadedFile>({
    method: "POST",
    path: "/uploads/check/",
    summary: "Check an upload: read and validate every row, store the outcome (nothing is written to the data)",
    description: "Answers the state ('successful', 'contains warnings', 'partially successful with errors'), every problem by row and column, and a preview. Import it with POST /uploads/{id}/import/.",
    access: UPLOAD,
    query: UploadCheckQuery,
    upload: { field: "file", maxBytes: UPLOAD_MAX_BYTES, mediaTypes: [XLSX, CSV] },
    bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
    response: UploadCheck,
    status: 201,
    handle: async ({ query, body: file, user, reader, inTenant }) => {
      requireUploadType(reader, query.type);
      let sheet;
      try {
        // Read before the transaction: parsing takes time no other request should wait for.
        sheet = await readUploadedSheet(file);
      } catch (error) {
        if (error instanceof FileRefused) throw badRequest({ file: [error.message] });
        throw error;
      }
      const chosen = chosenMapping(query);
      return inTenant((context) => checkUpload(context, { userId: user.userId, reader, type: query.type, fileName: cleanFileName(file.filename), sheet, chosen, now: new Date() }));
    },
  }),

  userRoute({
    method: "GET",
    path: "/uploads/",
    summary: "The signed-in person's uploads, newest first (count, offset, limit, yearsAvailable, results, year)",
    access: UPLOAD,
    query: UploadHistoryQuery,
    response: UploadHistory,
    handle: ({ query, user, inTenant }) =>
      inTenant((context) => uploadHistory(context, user.userId, { year: query.year ?? null, offset: query.offset ?? 0, limit: query.limit ?? HISTORY_PAGE })),
  }),

  userRoute({
    method: "GET",
    path: "/uploads/{id}/",
    summary: "One of the person's uploads with every problem and its preview",
    access: UPLOAD,
    params: IdParams,
    response: UploadCheck,
    handle: ({ params: { id }, user, inTenant }) => inTenant((context) => loadUpload(context, id, user.userId)),
  }),

  userRoute({
    method: "POST",
    path: "/uploads/{id}/import/",
    summary: "Import a checked upload: all rows (refused when any has an error) or only the valid rows",
    access: UPLOAD,
    params: IdParams,
    body: UploadImportRequest,
    response: UploadCheck,
    handle: ({ params: { id }, body, user, reader, inTenant }) =>
      inTenant((context) => importUpload(context, { id, userId: user.userId, reader, choice: body.rows ?? "all", now: new Date() })),
  }),

  userRoute({
    method: "DELETE",
    path: "/uploads/{id}/",
    summary: "Cancel a checked upload (nothing of it was written)",
    access: UPLOAD,
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, user, inTenant }) => inTenant((context) => cancelUpload(context, id, user.userId)),
  }),
];

/** The headers the person named for this upload; null when they named none (their remembered ones apply). */
function chosenMapping(query: typeof UploadCheckQuery.Type): ColumnMapping | null {
  const named = (text: string | undefined) => (text && text.trim() !== "" ? text.trim() : null);
  const mapping = { id: named(query.idColumn), name: named(query.nameColumn), date: named(query.dateColumn), value: named(query.valueColumn) };
  return Object.values(mapping).some((header) => header !== null) ? mapping : null;
}

/** What a template holds: the KPIs the person may write and the stored values of the fiscal year. */
async function templateData(context: TenantContext, reader: Reader, type: TemplateData["type"], year: number | null): Promise<TemplateData> {
  const { db } = context;
  const tenant = await db.selectFrom("tenants").select("fiscal_year_offset").executeTakeFirstOrThrow();
  const offset = tenant.fiscal_year_offset;
  const start: MonthIndex = year === null ? fiscalYearStart(monthIndexAt(new Date()), offset) : year * 12 + offset;
  const months = monthRange(start, start + 11);
  const startYear = Math.floor(start / 12);
  const fiscalYear = offset === 0 ? `FY ${startYear}` : `FY ${startYear}-${String(startYear + 1).slice(2)}`;
  const base = { type, fiscalYear, months, kpis: [], values: new Map(), dimensionValues: [], fxRates: [] };
  if (type === "fx") {
    const [rates, dated] = await Promise.all([
      db.selectFrom("fx_rates").select(["id", "name", "currency"]).orderBy("name").execute(),
      db.selectFrom("fx_rate_values").select(["fx_rate_id", "valid_from", "rate"]).orderBy("valid_from").execute(),
    ]);
    return { ...base, fxRates: rates.map((rate) => ({ name: rate.name, currency: rate.currency, rates: dated.filter((item) => item.fx_rate_id === rate.id).map((item) => ({ month: monthIndexOf(item.valid_from), rate: item.rate })) })) };
  }
  const kpis = (await loadKpis(context)).filter((kpi) => kpi.formula === null && mayWrite(reader, kpi)).map((kpi) => ({ id: kpi.id, name: kpi.name, unit: kpi.unit }));
  const ids = kpis.map((kpi) => kpi.id);
  if (ids.length === 0) return { ...base, kpis };
  const [from, to] = [monthDateOf(start), monthDateOf(start + 11)];
  if (type === "dimensions") {
    const rows = await db
      .selectFrom("kpi_values")
      .select(["kpi_id", "dimension_key", "month", "value"])
      .where("series", "=", "actual")
      .where("dimension_key", "<>", "")
      .where("kpi_id", "in", ids)
      .where("month", ">=", from)
      .where("month", "<=", to)
      .orderBy("kpi_id")
      .orderBy("month")
      .orderBy("dimension_key")
      .execute();
    return { ...base, kpis, dimensionValues: rows.filter((row) => dimensionsOf(row.dimension_key).length > 0).map((row) => ({ kpi: row.kpi_id, month: monthIndexOf(row.month), dimensionKey: row.dimension_key, value: row.value })) };
  }
  const rows =
    type === "forecasting"
      ? await db
          .selectFrom("forecast_values")
          .innerJoin("forecasts", (join) => join.onRef("forecasts.tenant_id", "=", "forecast_values.tenant_id").onRef("forecasts.id", "=", "forecast_values.forecast_id"))
          .innerJoin("kpis", (join) => join.onRef("kpis.tenant_id", "=", "forecast_values.tenant_id").onRef("kpis.id", "=", "forecast_values.kpi_id").onRef("kpis.category_id", "=", "forecasts.category_id"))
          .select(["forecast_values.kpi_id", "forecast_values.month", "forecast_values.value"])
          .where("forecasts.is_active", "=", true)
          .where("forecast_values.kpi_id", "in", ids)
          .where("forecast_values.month", ">=", from)
          .where("forecast_values.month", "<=", to)
          .execute()
      : await db
          .selectFrom("kpi_values")
          .select(["kpi_id", "month", "value"])
          .where("series", "=", type === "planning" ? "planning" : "actual")
          .where("dimension_key", "=", "")
          .where("kpi_id", "in", ids)
          .where("month", ">=", from)
          .where("month", "<=", to)
          .execute();
  const values = new Map<number, Map<MonthIndex, number>>();
  for (const row of rows) {
    const perMonth = values.get(row.kpi_id) ?? new Map<MonthIndex, number>();
    perMonth.set(monthIndexOf(row.month), row.value);
    values.set(row.kpi_id, perMonth);
  }
  return { ...base, kpis, values };
}
