import ExcelJS from "exceljs";
import JSZip from "jszip";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { INVALID_NUMBER, INVALID_SHORTHAND } from "../../../../src/domain/kpi/number-input";
import { monthIndexOf } from "../../../../src/domain/months";
import { dottedDateOf } from "../../../../src/domain/uploads/upload-dates";
import * as T from "../../../../src/domain/uploads/upload-texts";
import { PLANNING_FORBIDDEN } from "../../../../src/contracts/kpis";
import { createTestTenant, testDatabase } from "../../../support/database";
import { uploadCompany, workbookOf } from "./upload-fixture";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const m = (date: string) => monthIndexOf(date);

test("the template is a workbook of the KPIs the person may write, by ID and name, with a dated column per month of the fiscal year and the stored values", async () => {
  const { app, admin, ids, userWith } = await uploadCompany();
  const response = await app.inject({ method: "GET", url: "/api/uploads/template/?type=reporting&year=2026", headers: admin.headers });
  assert.is(response.statusCode, 200);
  assert.is(response.headers["content-type"], XLSX);
  assert.match(String(response.headers["content-disposition"]), /meridian-reporting-template-FY-2026-27\.xlsx/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  assert.equal((sheet.getRow(1).values as unknown[]).slice(1), ["ID", "KPI", "01.04.2026", "01.05.2026", "01.06.2026", "01.07.2026", "01.08.2026", "01.09.2026", "01.10.2026", "01.11.2026", "01.12.2026", "01.01.2027", "01.02.2027", "01.03.2027"]);
  // Calculated KPIs (gross profit, gross margin) are not in it: they cannot be written.
  assert.equal(sheet.getColumn(1).values.slice(2), [ids.revenue, ids.cogs, ids.cash, ids.customers]);
  assert.equal((sheet.getRow(2).values as unknown[]).slice(1, 6), [ids.revenue, "revenue", 100, 200, 300]);
  assert.ok(book.getWorksheet("Read me"), "the rules come with it");
  // A person who may write only level 0 gets only those KPIs; CSV is the same table.
  const employee = await userWith(["upload_download_excel_data", "write_non_sensitive"]);
  const csv = await app.inject({ method: "GET", url: "/api/uploads/template/?type=planning&format=csv&year=2026", headers: employee.headers });
  assert.is(csv.statusCode, 403, "planning needs a planning permission");
  assert.equal(csv.json(), { detail: PLANNING_FORBIDDEN });
  const own = await app.inject({ method: "GET", url: "/api/uploads/template/?type=reporting&format=csv&year=2026", headers: employee.headers });
  assert.is(own.headers["content-type"], "text/csv");
  assert.equal(own.body.replace(/^\uFEFF/, "").trim().split("\r\n"), ["ID,KPI,01.04.2026,01.05.2026,01.06.2026,01.07.2026,01.08.2026,01.09.2026,01.10.2026,01.11.2026,01.12.2026,01.01.2027,01.02.2027,01.03.2027", `${ids.customers},customers,,,42,,,,,,,,,`]);
  // FX: a row per named rate, a column per date it has a rate from.
  const fx = await app.inject({ method: "GET", url: "/api/uploads/template/?type=fx&format=csv", headers: admin.headers });
  assert.equal(fx.body.replace(/^\uFEFF/, "").trim().split("\r\n"), ["FX rate,Currency,01.01.2025,01.01.2026,01.06.2026", "USD,USD,1.5,2,3"]);
});

test("the three result states, in the spec's words", async () => {
  const { admin, ids, check } = await uploadCompany();
  const clean = await check(admin.headers, "reporting", await workbookOf([["ID", "KPI", "01.04.2025"], [ids.revenue, "revenue", 1]]));
  assert.is(clean.status, 201, JSON.stringify(clean.body));
  assert.is(clean.body.state, "successful");
  assert.equal(clean.body.problems, []);
  const warned = await check(admin.headers, "reporting", await workbookOf([["ID", "KPI", "01.04.2025"], [ids.revenue, "Umsatz", 1]]));
  assert.is(warned.body.state, "contains warnings");
  assert.equal(warned.body.problems, [{ row: 2, column: "B", severity: "warning", message: T.NAME_DIFFERS("Umsatz", "revenue") }]);
  const partly = await check(admin.headers, "reporting", await workbookOf([["ID", "KPI", "01.04.2025"], [ids.revenue, "revenue", 1], [ids.cogs, "cogs", "twelve"]]));
  assert.is(partly.body.state, "partially successful with errors");
  assert.equal([partly.body.rows, partly.body.validRows, partly.body.values, partly.body.errors], [2, 1, 1, 1]);
});

test("every validation text of a KPI upload reaches the person by row and column", async () => {
  const { admin, ids, check, userWith } = await uploadCompany();
  const other = await createTestTenant();
  const { withTenant } = await testDatabase();
  // Another company's KPI id is "no such KPI", exactly like an id that exists nowhere.
  const foreignKpi = await withTenant(other, { kind: "system", name: "test" }, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: other, name: "Other", kind: "kpi", position: 0 }).returning("id").executeTakeFirstOrThrow();
    return (await db.insertInto("kpis").values({ tenant_id: other, category_id: category.id, parent_id: null, key: "secret", name: "Secret", unit: "number", aggregation_type: "cum", sensitivity: 0, formula: null, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null }).returning("id").executeTakeFirstOrThrow()).id;
  });
  const writer = await userWith(["upload_download_excel_data", "write_most_sensitive", "read_super_sensitive"]);
  const file = await workbookOf([
    ["ID", "KPI", "01.04.2025", "15.05.2025", "01.06.2025", "Notes", "01.01.2030"],
    [foreignKpi, "Secret", 1, null, null, null, null],
    [ids.grossProfit, "gross_profit", 1, null, null, null, null],
    [ids.cash, "cash", 1, null, null, null, null],
    [ids.revenue, "revenue", "1.234,5", { formula: "1+1", result: 2 }, "5h", null, 4],
    ["abc", "", 1, null, null, null, null],
    [null, "", 1, null, null, null, null],
    [ids.customers, "customers", 1, null, null, null, null],
    [ids.customers, "customers", 2, null, null, null, null],
  ]);
  const answer = await check(writer.headers, "reporting", file);
  assert.is(answer.status, 201);
  const problem = (row: number | null, column: string | null, severity: string, message: string) => ({ row, column, severity, message });
  assert.equal(answer.body.problems, [
    problem(1, "D", "warning", T.NOT_FIRST_OF_MONTH("15.05.2025", m("2025-05-01"))),
    problem(1, "F", "warning", T.COLUMN_IGNORED("Notes")),
    problem(2, "A", "error", T.NO_SUCH_KPI(foreignKpi)),
    problem(3, "A", "error", T.KPI_CALCULATED("gross_profit")),
    problem(4, "A", "error", T.KPI_NOT_WRITABLE("cash")),
    problem(5, "C", "error", INVALID_NUMBER),
    problem(5, "D", "error", T.FORMULA_CELL),
    problem(5, "E", "error", INVALID_SHORTHAND),
    problem(5, "G", "warning", T.MONTH_NOT_ENDED(m("2030-01-01"))),
    problem(6, "A", "error", T.NOT_A_KPI_ID("abc")),
    problem(7, "A", "error", T.NO_KPI_ID),
    problem(8, "A", "error", T.KPI_LISTED_TWICE(ids.customers, [9])),
    problem(9, "A", "error", T.KPI_LISTED_TWICE(ids.customers, [8])),
  ]);
  assert.equal(answer.body.preview[0], { row: 2, label: "Secret", dimension: null, valid: false, values: [] }, "the foreign KPI is named only by the file's own words");

  // Header texts, and the unit rules of binary and position KPIs, in their own files.
  const headers = await check(admin.headers, "reporting", await workbookOf([["ID", "31.02.2025", "01.04.2025", "2025-04-01"], [ids.revenue, 1, 2, 3]]));
  assert.equal(headers.body.problems.map((item: { message: string }) => item.message), [
    T.NOT_A_DATE("31.02.2025"),
    T.MONTH_TWICE(m("2025-04-01"), "D"),
    T.MONTH_TWICE(m("2025-04-01"), "C"),
    T.COLUMN_NOT_DATED,
    T.COLUMN_NOT_DATED,
    T.COLUMN_NOT_DATED,
  ]);
  assert.equal((await check(admin.headers, "reporting", await workbookOf([["Kennzahl", "01.04.2025"], [ids.revenue, 1]]))).body.problems[0].message, T.NO_ID_COLUMN);
  assert.equal((await check(admin.headers, "reporting", await workbookOf([["ID", "KPI"], [ids.revenue, "revenue"]]))).body.problems[0].message, T.NO_MONTH_COLUMNS);
  assert.equal((await check(admin.headers, "dimensions", await workbookOf([["ID", "Region"], [ids.revenue, "North"]]))).body.problems.map((item: { message: string }) => item.message), [T.NO_DATE_COLUMN, T.NO_VALUE_COLUMN]);
  const dims = await check(admin.headers, "dimensions", await workbookOf([["ID", "Date", "Value", "Region"], [ids.revenue, "01.04.2025", 1, null], [ids.revenue, null, 1, "North"], [ids.revenue, "01.04.2025", null, "North"], [ids.revenue, "01.05.2025", 1, "x".repeat(101)], [ids.revenue, "01.06.2025", 1, "South"], [ids.revenue, "01.06.2025", 2, "South"]]));
  assert.equal(dims.body.problems.map((item: { row: number; message: string }) => `${item.row}: ${item.message}`), [
    `2: ${T.NO_DIMENSION}`,
    `3: ${T.NO_DATE}`,
    `4: ${T.NO_VALUE}`,
    `5: ${T.DIMENSION_TOO_LONG(100)}`,
    `6: ${T.VALUE_LISTED_TWICE([7])}`,
    `7: ${T.VALUE_LISTED_TWICE([6])}`,
  ]);
  const planning = await check(admin.headers, "planning", await workbookOf([["ID", "Date", "Value", "Region"], [ids.revenue, "01.04.2025", 5, "North"]]));
  assert.equal(planning.body.problems.map((item: { message: string }) => item.message), [T.DIMENSIONS_IGNORED("Region")]);
  assert.is(planning.body.layout, "one-value-per-row");
  // A percentage-formatted cell means what it shows (12.5 %), so it fits only a percentage KPI.
  const percent = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2025"], [ids.revenue, 0.125]], { percentCells: ["B2"] }));
  assert.equal(percent.body.problems.map((item: { message: string }) => item.message), [INVALID_SHORTHAND], "a percentage cell fits only a percentage KPI");
});

test("FX rate uploads: detailed validation errors by row and column", async () => {
  const { admin, check } = await uploadCompany();
  const answer = await check(admin.headers, "fx", await workbookOf([["FX rate", "Currency", "01.01.2026", "15.02.2026", "13.13.2026"], ["USD", "USD", 1.1, 0, 1], ["Yen", null, 150, null, null], [null, null, 1.2, null, null], ["usd", "USD", "-1", null, null]]));
  assert.is(answer.status, 201);
  assert.equal(answer.body.problems.map((item: { row: number; column: string | null; message: string }) => `${item.row}${item.column ?? ""}: ${item.message}`), [
    `1D: ${T.NOT_FIRST_OF_MONTH("15.02.2026", m("2026-02-01"))}`,
    `1E: ${T.NOT_A_DATE("13.13.2026")}`,
    `2A: ${T.FX_RATE_LISTED_TWICE("USD", [5])}`,
    `2D: ${T.RATE_NOT_POSITIVE}`,
    `2E: ${T.COLUMN_NOT_DATED}`,
    `3A: ${T.NO_SUCH_FX_RATE("Yen")}`,
    `4A: ${T.NO_RATE_NAME}`,
    `5A: ${T.FX_RATE_LISTED_TWICE("USD", [2])}`,
    `5C: ${T.RATE_NOT_POSITIVE}`,
  ]);
  const none = await check(admin.headers, "fx", await workbookOf([["Währung", "01.01.2026"], ["USD", 1]]));
  assert.equal(none.body.problems[0].message, T.NO_NAME_COLUMN);
  const empty = await check(admin.headers, "fx", await workbookOf([["FX rate", "01.01.2026"], ["USD", null]]));
  assert.equal(empty.body.rows, 0, "a template row left empty is no row");
  const dash = await check(admin.headers, "fx", await workbookOf([["FX rate", "01.01.2026"], ["USD", "-"]]));
  assert.equal(dash.body.problems[0].message, T.NO_RATES("USD"));
});

test("a bad file is refused at once and writes nothing: not a workbook, truncated, empty, a zip bomb, too many rows, a broken CSV", async () => {
  const { admin, ids, check, footprint } = await uploadCompany();
  const before = await footprint();
  const good = await workbookOf([["ID", "01.04.2025"], [ids.revenue, 1]]);
  const bomb = await (async () => {
    const zip = new JSZip();
    zip.file("[Content_Types].xml", "<Types/>");
    zip.file("xl/workbook.xml", "<workbook/>");
    zip.file("xl/worksheets/sheet1.xml", Buffer.alloc(80 * 1024 * 1024));
    return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
  })();
  assert.ok(bomb.length < 1024 * 1024, "80 MB of zeros packs under 1 MB");
  const refusals: [string, Buffer, string, string][] = [
    ["not a workbook", Buffer.from("just some text"), "values.xlsx", "The file is not a valid Excel workbook (.xlsx)."],
    ["truncated", good.subarray(0, good.length / 2), "values.xlsx", "The file is not a valid Excel workbook (.xlsx)."],
    ["zip bomb", bomb, "values.xlsx", "The workbook unpacks to more than 64 MB."],
    ["an old .xls", Buffer.from("d0cf11e0a1b11ae1000000000000", "hex"), "values.xls", T.UNSUPPORTED_FILE],
    ["header only, nothing", Buffer.from("\r\n\r\n"), "values.csv", T.EMPTY_FILE],
    ["an unclosed quote", Buffer.from('ID,01.04.2025\n1,"12\n'), "values.csv", T.CSV_UNREADABLE(2)],
    ["too many rows", Buffer.from(`ID,01.04.2025\n${`${ids.revenue},1\n`.repeat(10_001)}`), "values.csv", T.TOO_MANY_ROWS(10_000)],
    ["too many columns", Buffer.from(`ID,${Array.from({ length: 200 }, () => "01.04.2025").join(",")}\n`), "values.csv", T.TOO_MANY_COLUMNS(200)],
    ["too many filled cells", Buffer.from(`ID,${Array.from({ length: 199 }, (_, index) => dottedDateOf(24_000 + index)).join(",")}\n${`${ids.revenue}${",1".repeat(199)}\n`.repeat(600)}`), "values.csv", T.TOO_MANY_CELLS(100_000)],
  ];
  for (const [name, bytes, fileName, message] of refusals) {
    const started = Date.now();
    const answer = await check(admin.headers, "reporting", bytes, fileName);
    assert.is(answer.status, 400, name);
    assert.equal(answer.body, { file: [message] }, name);
    assert.ok(Date.now() - started < 5000, `${name} is refused quickly (${Date.now() - started} ms)`);
  }
  const empty = await check(admin.headers, "reporting", Buffer.alloc(0));
  assert.is(empty.status, 400);
  assert.equal(empty.body, { file: ["The file is empty."] });
  const tooBig = await check(admin.headers, "reporting", Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), "values.csv");
  assert.is(tooBig.status, 413);
  assert.equal(tooBig.body, { file: ["The file you are trying to upload exceeds the maximum allowed size of 5 MB."] });
  assert.equal(await footprint(), before, "no upload stored, no event written");
});

test("text PostgreSQL cannot store never reaches it: NUL in a cell, control characters in the file's name", async () => {
  const { admin, check } = await uploadCompany();
  const answer = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2024"], ["a\u0000b", 1]]), "val\u0001ues.xlsx");
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  assert.equal([answer.body.fileName, answer.body.problems[0].message], ["values.xlsx", T.NOT_A_KPI_ID("ab")]);
});

test("CSV files: semicolons or commas, a byte order mark, Windows-1252, quoted thousands", async () => {
  const { admin, ids, check } = await uploadCompany();
  const semicolons = await check(admin.headers, "reporting", Buffer.from(`\uFEFFID;KPI;01.04.2024;01.05.2024\r\n${ids.revenue};Revenue;1,234.5;-\r\n`), "values.csv");
  assert.is(semicolons.status, 201);
  assert.equal(semicolons.body.preview[0].values, [{ date: "2024-04-01", value: 1234.5 }]);
  assert.is(semicolons.body.values, 1, "removing a value never stored changes nothing");
  const commas = await check(admin.headers, "reporting", Buffer.concat([Buffer.from(`ID,KPI,01.04.2024\n${ids.revenue},"Ums`), Buffer.from([0xe4]), Buffer.from(`tze","1,500"\n`)]), "values.csv");
  assert.is(commas.status, 201, JSON.stringify(commas.body));
  assert.equal(commas.body.problems.map((item: { message: string }) => item.message), [T.NAME_DIFFERS("Umsätze", "revenue")]);
  assert.equal(commas.body.preview[0].values, [{ date: "2024-04-01", value: 1500 }]);
});

test("a person's column names are remembered for their next upload of the type", async () => {
  const { admin, ids, check, userWith } = await uploadCompany();
  const file = await workbookOf([["Kennzahl", "Monat", "Betrag"], [ids.revenue, "01.04.2025", 7]]);
  assert.equal((await check(admin.headers, "planning", file)).body.problems[0].message, T.NO_ID_COLUMN);
  const mapped = await check(admin.headers, "planning", file, "values.xlsx", { idColumn: "Kennzahl", dateColumn: "Monat", valueColumn: "Betrag" });
  assert.is(mapped.body.state, "successful");
  assert.equal(mapped.body.mapping, { id: "Kennzahl", name: null, date: "Monat", value: "Betrag" });
  const next = await check(admin.headers, "planning", file);
  assert.is(next.body.state, "successful", "the next upload uses the remembered columns");
  assert.equal(next.body.preview[0].values, [{ date: "2025-04-01", value: 7 }]);
  // Per person: someone else's upload of the same file does not know them.
  const colleague = await userWith(["upload_download_excel_data", "write_super_sensitive", "access_financial_planning"]);
  assert.equal((await check(colleague.headers, "planning", file)).body.problems[0].message, T.NO_ID_COLUMN);
});

test("each type needs what editing the same data by hand needs", async () => {
  const { ids, check, userWith, footprint } = await uploadCompany();
  const file = await workbookOf([["ID", "01.04.2025"], [ids.customers, 1]]);
  const noUpload = await userWith(["write_super_sensitive", "access_financial_planning"]);
  assert.is((await check(noUpload.headers, "reporting", file)).status, 403);
  const uploader = await userWith(["upload_download_excel_data", "write_non_sensitive"]);
  const before = await footprint();
  assert.equal(await check(uploader.headers, "planning", file), { status: 403, body: { detail: PLANNING_FORBIDDEN } });
  assert.equal(await check(uploader.headers, "forecasting", file), { status: 403, body: { detail: T.FORECAST_UPLOAD_FORBIDDEN } });
  assert.equal(await check(uploader.headers, "fx", file), { status: 403, body: { detail: T.FX_UPLOAD_FORBIDDEN } });
  assert.equal(await footprint(), before);
  assert.is((await check(uploader.headers, "reporting", file)).body.state, "successful");
});

test("a forecast upload needs an active forecast", async () => {
  const { admin, ids, check, withTenant, tenantId } = await uploadCompany();
  await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => db.updateTable("forecasts").set({ is_active: false }).execute());
  const answer = await check(admin.headers, "forecasting", await workbookOf([["ID", "01.10.2026"], [ids.revenue, 1]]));
  assert.equal(answer, { status: 400, body: { file: [T.NO_ACTIVE_FORECAST] } });
});

test.run();
