// Attachments (upload, download, delete, the size budget per report, drafts only), schema
// templates (save a report's schema, create a report from it), duplicate, and the Excel export
// (a sheet per section, escaped text, the figures the reader is served), opened with ExcelJS.
import ExcelJS from "exceljs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ATTACHMENT_MAX_BYTES, REPORT_ATTACHMENTS_MAX_BYTES } from "../../../../src/domain/investor-reporting/attachments";
import { ATTACHMENT_TOO_LARGE, REPORT_FROZEN, TEMPLATE_NAME_TAKEN } from "../../../../src/domain/investor-reporting/texts";
import { investorCompany } from "./fixture";

function multipart(filename: string, bytes: Buffer) {
  const boundary = `----meridian${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

test("attachments: upload, download, delete; the report's total size has a limit; only drafts change", async () => {
  const { app, call, writer, reader, ok, boardPack } = await investorCompany();
  const { id } = await boardPack();
  const upload = async (filename: string, bytes: Buffer) => {
    const body = multipart(filename, bytes);
    const response = await app.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/files/`, headers: { ...writer.headers, ...body.headers }, payload: body.payload });
    return { status: response.statusCode, body: response.json() };
  };
  const pdf = Buffer.from("%PDF-1.4\n% a tiny file\n");
  const added = ok(await upload("Cap table.pdf", pdf), 201);
  const fileId = added.attachments[0].id;
  assert.equal([added.attachments[0].fileName, added.attachments[0].mediaType, added.attachments[0].size], ["Cap table.pdf", "application/pdf", pdf.length]);
  const download = await app.inject({ method: "GET", url: `/api/investor-reporting/reports/${id}/files/${fileId}/`, headers: reader.headers });
  assert.is(download.statusCode, 200, "a reader of the report downloads it");
  assert.ok(download.rawPayload.equals(pdf));
  assert.is(download.headers["content-type"], "application/pdf");
  assert.is((await upload("page.html", Buffer.from("<script>alert(1)</script>"))).status, 400, "only the listed kinds");

  // Fill the budget with files of the largest size one upload takes, then one byte more is refused.
  const big = Buffer.alloc(ATTACHMENT_MAX_BYTES, 1);
  const room = REPORT_ATTACHMENTS_MAX_BYTES - pdf.length;
  for (let used = 0; used + big.length <= room; used += big.length) ok(await upload("data.xlsx", big), 201);
  const rest = room % big.length;
  if (rest > 0) ok(await upload("rest.csv", Buffer.alloc(rest, 65)), 201);
  const refused = await upload("one-more.txt", Buffer.from("x"));
  assert.equal([refused.status, refused.body], [400, { file: [ATTACHMENT_TOO_LARGE] }]);
  const total = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`)).attachments.reduce((sum: number, file: { size: number }) => sum + file.size, 0);
  assert.is(total, REPORT_ATTACHMENTS_MAX_BYTES);
  ok(await call(writer.headers, "DELETE", `/api/investor-reporting/reports/${id}/files/${fileId}/`));
  assert.is((await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/files/${fileId}/`)).status, 404);
  ok(await upload("small.txt", Buffer.from("fits again")), 201);
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  assert.equal((await upload("late.txt", Buffer.from("x"))).body, { detail: REPORT_FROZEN });
});

test("templates: a report's schema saved under a unique name; a report made from it has its sections and settings, no texts", async () => {
  const { call, writer, reader, ok, boardPack, ids } = await investorCompany();
  const { id, sections } = await boardPack();
  const template = ok(await call(writer.headers, "POST", "/api/investor-reporting/schema-templates/", { name: "Quarterly", reportId: id }), 201);
  assert.equal(template.sections.map((section: { variant: string }) => section.variant), sections.map((section) => section.variant));
  assert.equal((await call(writer.headers, "POST", "/api/investor-reporting/schema-templates/", { name: "QUARTERLY", reportId: id })).body, { name: [TEMPLATE_NAME_TAKEN] });
  assert.equal(ok(await call(reader.headers, "GET", "/api/investor-reporting/schema-templates/")).templates.map((entry: { name: string }) => entry.name), ["Quarterly"]);
  const made = ok(await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "Q2", endDate: "2026-09-01", templateId: template.id }), 201);
  assert.equal(made.schema.sections.map((section: { name: string; variant: string }) => [section.name, section.variant]), sections.map((section) => [section.name, section.variant]));
  assert.equal(made.schema.sections[0].settings.kpiIds, [ids.revenue, ids.customers]);
  assert.equal(made.schema.sections[2].content, { html: "" }, "a template carries no texts");
  assert.is((await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "Q3", endDate: "2026-09-01", templateId: template.id + 1000 })).status, 400);
  assert.is((await call(writer.headers, "DELETE", `/api/investor-reporting/schema-templates/${template.id}/`)).status, 204);
  assert.is((await call(writer.headers, "DELETE", `/api/investor-reporting/schema-templates/${template.id}/`)).status, 404);
});

test("duplicate: a new draft with the sections and texts, without recipients or frozen figures", async () => {
  const { call, writer, ok, boardPack } = await investorCompany();
  const { id, sections } = await boardPack();
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "add", recipients: [{ email: "anna@investor.example" }] }));
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  const copy = ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/duplicate/`, { name: "Board pack Q2" }), 201);
  assert.equal([copy.status, copy.recipients, copy.approved], ["draft", [], null]);
  assert.equal(copy.schema.sections.map((section: { slug: string }) => section.slug), sections.map((section) => section.slug));
  assert.equal(copy.schema.sections[2].content.html, "<h2>Highlights</h2><p>=A strong quarter</p>", "the copy keeps the text as it was stored: through the allow-list");
  assert.is((await call(writer.headers, "POST", `/api/investor-reporting/reports/${copy.id}/sections/`, { variant: "text" })).status, 201, "the copy is a draft");
});

test("Excel export: an overview and a sheet per section, text escaped, figures as numbers, only what the reader may read", async () => {
  const { app, writer, reader, boardPack, ids } = await investorCompany();
  const { id } = await boardPack("=Board pack");
  const open = async (headers: Record<string, string>) => {
    const response = await app.inject({ method: "POST", url: `/api/investor-reporting/reports/${id}/export/xlsx/`, headers });
    assert.is(response.statusCode, 200);
    assert.match(response.headers["content-disposition"] as string, /filename="Board-pack\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook;
  };
  const workbook = await open(writer.headers);
  assert.equal(workbook.worksheets.map((sheet) => sheet.name), ["Report", "1 Section 1", "2 Section 2", "3 Section 3"]);
  assert.is(workbook.getWorksheet("Report")!.getCell("B1").value, "'=Board pack", "escaped against formula injection");
  const kpiSheet = workbook.getWorksheet("1 Section 1")!;
  const revenueRows: unknown[][] = [];
  kpiSheet.eachRow((row) => {
    const values = row.values as unknown[];
    if (values[1] === "revenue" && values[3] === "Reported") revenueRows.push(values.slice(7, 9));
  });
  assert.equal(revenueRows, [[100, 150], [200, 150], [300, 150]], "actual and plan by month, as numbers");
  assert.is(workbook.getWorksheet("3 Section 3")!.getCell("A3").value, "'=A strong quarter");
  const forReader = await open(reader.headers);
  const names: unknown[] = [];
  forReader.getWorksheet("1 Section 1")!.eachRow((row) => names.push((row.values as unknown[])[1]));
  assert.ok(names.includes("customers"));
  assert.not.ok(names.includes("revenue"), "a KPI above the reader's level is left out");
  void ids;
});

test.run();
