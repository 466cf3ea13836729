import ExcelJS from "exceljs";
import { reportingCompany } from "../kpis/reporting-fixture";

/**
 * The reporting test company (fiscal year from April; revenue level 1, cogs level 2, gross
 * profit and gross margin calculated, cash level 3, customers level 0; an active forecast; a USD
 * rate) with helpers to upload files as a person would: multipart, one file.
 */
export async function uploadCompany() {
  const company = await reportingCompany();
  const { app, userWith } = company;
  const admin = await userWith(["upload_download_excel_data", "write_super_sensitive", "access_financial_planning", "write_forecasts", "manage_company_settings"]);

  /** POST /api/uploads/check/ with one file; the answer's status and JSON. */
  const check = async (headers: Record<string, string>, type: string, file: Buffer, fileName = "values.xlsx", query: Record<string, string> = {}) => {
    const boundary = "----meridian-upload-test";
    const mediaType = fileName.endsWith(".csv") ? "text/csv" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mediaType}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = `/api/uploads/check/?${new URLSearchParams({ type, ...query }).toString()}`;
    const response = await app.inject({ method: "POST", url, headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
    return { status: response.statusCode, body: response.json() };
  };

  /** POST /api/uploads/{id}/import/. */
  const importUpload = async (headers: Record<string, string>, id: number, rows?: "all" | "valid") => {
    const response = await app.inject({ method: "POST", url: `/api/uploads/${id}/import/`, headers, payload: rows ? { rows } : {} });
    return { status: response.statusCode, body: response.json() };
  };

  /** The tenant's stored values of a series, as "kpi/month/dimension" → value. */
  const stored = (series: "actual" | "planning") =>
    company.withTenant(company.tenantId, { kind: "system", name: "test" }, async ({ db }) => {
      const rows = await db.selectFrom("kpi_values").select(["kpi_id", "month", "dimension_key", "value"]).where("series", "=", series).execute();
      return Object.fromEntries(rows.map((row) => [`${row.kpi_id}/${row.month}${row.dimension_key ? `/${row.dimension_key}` : ""}`, row.value]));
    });

  /** How many uploads the tenant has stored, and its event log's length. */
  const footprint = () =>
    company.withTenant(company.tenantId, { kind: "system", name: "test" }, async ({ db }) => ({
      uploads: (await db.selectFrom("uploads").select("id").execute()).length,
      events: (await db.selectFrom("events").select("seq").execute()).length,
    }));

  return { ...company, admin, check, importUpload, stored, footprint };
}

/** A workbook whose first sheet holds `rows` (the first is the header). */
export async function workbookOf(rows: readonly (readonly ExcelJS.CellValue[])[], options: { percentCells?: readonly string[] } = {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Values");
  for (const row of rows) sheet.addRow([...row]);
  for (const address of options.percentCells ?? []) sheet.getCell(address).numFmt = "0.0%";
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const FISCAL_2026 = ["01.04.2026", "01.05.2026", "01.06.2026", "01.07.2026", "01.08.2026", "01.09.2026", "01.10.2026", "01.11.2026", "01.12.2026", "01.01.2027", "01.02.2027", "01.03.2027"];
