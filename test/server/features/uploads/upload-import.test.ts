import { test } from "uvu";
import * as assert from "uvu/assert";
import * as T from "../../../../src/domain/uploads/upload-texts";
import { uploadEventFilters } from "../../../../src/server/features/uploads/upload-event-filter";
import { CANNOT_CANCEL_IMPORTED } from "../../../../src/server/features/uploads/upload-import";
import { createTestTenant, createTestUser } from "../../../support/database";
import { uploadCompany, workbookOf } from "./upload-fixture";

test("all or nothing by default: an upload with an error row imports nothing; 'valid rows' imports the others", async () => {
  const { admin, ids, check, importUpload, stored, events } = await uploadCompany();
  const before = await stored("actual");
  const file = await workbookOf([["ID", "KPI", "01.04.2024", "01.05.2024"], [ids.revenue, "revenue", 10, 11], [ids.cogs, "cogs", "bad", 5], [ids.customers, "customers", 7, null]]);
  const checked = await check(admin.headers, "reporting", file);
  assert.is(checked.body.state, "partially successful with errors");
  assert.equal(await stored("actual"), before, "the check writes nothing");
  const all = await importUpload(admin.headers, checked.body.id);
  assert.equal(all, { status: 400, body: { detail: [T.HAS_ERRORS] } });
  assert.equal(await stored("actual"), before, "a refused import writes nothing");
  assert.equal(await events("KpiValueEdited"), []);

  const valid = await importUpload(admin.headers, checked.body.id, "valid");
  assert.is(valid.status, 200, JSON.stringify(valid.body));
  assert.equal([valid.body.status, valid.body.importedRows, valid.body.importedValues, valid.body.state], ["imported", "valid", 3, "partially successful with errors"]);
  const after = await stored("actual");
  assert.equal([after[`${ids.revenue}/2024-04-01`], after[`${ids.revenue}/2024-05-01`], after[`${ids.customers}/2024-04-01`], after[`${ids.cogs}/2024-05-01`]], [10, 11, 7, undefined]);
  // One event, the same as a hand edit makes, so open dashboards follow at once.
  const edited = await events("KpiValueEdited");
  assert.is(edited.length, 1);
  assert.equal((edited[0]!.payload as { values: unknown[] }).values, [
    { kpi: ids.revenue, date: "2024-04-01", value: 10 },
    { kpi: ids.revenue, date: "2024-05-01", value: 11 },
    { kpi: ids.customers, date: "2024-04-01", value: 7 },
  ]);
  assert.equal((await events("UploadImported")).map((event) => event.payload), [{ id: checked.body.id, userId: admin.id, type: "reporting", rows: "valid", values: 3 }]);
  assert.equal(await importUpload(admin.headers, checked.body.id, "valid"), { status: 409, body: { detail: T.ALREADY_IMPORTED } });
});

test("a clean upload imports all its rows; '-' removes; unchanged values are not written again", async () => {
  const { admin, ids, check, importUpload, stored } = await uploadCompany();
  const file = await workbookOf([["ID", "KPI", "01.04.2025", "01.05.2025", "01.06.2025"], [ids.revenue, "revenue", 50, "-", 125]]);
  const checked = await check(admin.headers, "reporting", file);
  assert.equal([checked.body.state, checked.body.values, checked.body.unchanged], ["successful", 2, 1]);
  const imported = await importUpload(admin.headers, checked.body.id);
  assert.equal([imported.status, imported.body.importedValues], [200, 2]);
  const after = await stored("actual");
  assert.equal([after[`${ids.revenue}/2025-04-01`], after[`${ids.revenue}/2025-05-01`], after[`${ids.revenue}/2025-06-01`]], [50, undefined, 125]);
});

test("nothing valid: importing the valid rows of a file without one is refused", async () => {
  const { admin, ids, check, importUpload } = await uploadCompany();
  const checked = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2025"], [ids.grossProfit, 1]]));
  assert.equal(await importUpload(admin.headers, checked.body.id, "valid"), { status: 400, body: { detail: [T.NOTHING_VALID] } });
});

test("planning, the active forecast, actuals by dimension and FX rates are written where the hand edits write them", async () => {
  const { admin, ids, check, importUpload, stored, events, call, withTenant, tenantId } = await uploadCompany();
  const run = async (type: string, rows: (string | number | null)[][]) => {
    const checked = await check(admin.headers, type, await workbookOf(rows));
    assert.is(checked.status, 201, JSON.stringify(checked.body));
    const imported = await importUpload(admin.headers, checked.body.id);
    assert.is(imported.status, 200, `${type}: ${JSON.stringify(imported.body)}`);
    return imported.body;
  };
  await run("planning", [["ID", "01.10.2026", "01.11.2026"], [ids.revenue, 160, 170]]);
  const planning = await stored("planning");
  assert.equal([planning[`${ids.revenue}/2026-10-01`], planning[`${ids.revenue}/2026-11-01`]], [160, 170]);
  assert.is((await events("PlanningValueEdited")).length, 1);

  await run("forecasting", [["ID", "01.07.2026", "01.10.2026"], [ids.revenue, 333, 400]]);
  const forecast = await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) =>
    db.selectFrom("forecast_values").innerJoin("forecasts", (join) => join.onRef("forecasts.id", "=", "forecast_values.forecast_id").onRef("forecasts.tenant_id", "=", "forecast_values.tenant_id")).select(["forecasts.is_active", "forecast_values.month", "forecast_values.value"]).where("forecast_values.kpi_id", "=", ids.revenue).orderBy("forecast_values.month").execute(),
  );
  assert.equal(forecast.filter((row) => row.is_active).map((row) => [row.month, row.value]), [["2026-07-01", 333], ["2026-08-01", 320], ["2026-10-01", 400]]);
  assert.equal(forecast.filter((row) => !row.is_active).map((row) => row.value), [999], "an inactive forecast is untouched");
  assert.is((await events("ForecastValueEdited")).length, 1);

  // Values by dimension: their own key, never the KPI's own actual, so reports read the same numbers.
  const aggregatesBefore = (await call(admin.headers, "GET", `/api/kpis/aggregates/?endDate=2026-06-01&idList=${ids.revenue}`)).body;
  await run("dimensions", [["ID", "KPI", "Date", "Value", "Region", "Product"], [ids.revenue, "revenue", "01.04.2026", 60, "North", "A"], [ids.revenue, "revenue", "01.04.2026", 40, "South", null]]);
  const actual = await stored("actual");
  assert.is(actual[`${ids.revenue}/2026-04-01/[["Product","A"],["Region","North"]]`], 60);
  assert.is(actual[`${ids.revenue}/2026-04-01/[["Region","South"]]`], 40);
  assert.is(actual[`${ids.revenue}/2026-04-01`], 100, "the KPI's own actual stays");
  assert.equal((await call(admin.headers, "GET", `/api/kpis/aggregates/?endDate=2026-06-01&idList=${ids.revenue}`)).body, aggregatesBefore);
  assert.equal((await events("KpiDimensionValuesUploaded")).map((event) => (event.payload as { values: unknown }).values), [[{ kpi: ids.revenue, months: ["2026-04-01"], count: 2 }]]);

  // FX: the row replaces the rate's dated values; a single column applies to every date.
  await run("fx", [["FX rate", "Currency", "01.01.2026"], ["USD", "USD", 1.1]]);
  const usd = (await call(admin.headers, "GET", `/api/kpis/currencies/${ids.usd}/`)).body;
  assert.equal(usd.rates, [{ validFrom: "2026-01-01", rate: 1.1 }]);
  assert.equal((await events("CurrencyChanged")).map((event) => (event.payload as { rates: unknown }).rates), [[{ validFrom: "2026-01-01", rate: 1.1 }]]);
  const converted = (await call(admin.headers, "POST", "/api/kpis/values/", { startDate: "2025-04-01", date: "2025-04-01", idList: [ids.revenue], fxRate: ids.usd })).body;
  assert.is(converted.kpis[0].values[0].value, 50 * 1.1, "the earliest date applies to earlier dates");
});

test("an FX upload creates the rates the company does not have yet, in the same all-or-nothing import; the check says which", async () => {
  const { admin, ids, check, importUpload, events, call } = await uploadCompany();
  const rows = [["FX rate", "Currency", "01.01.2026", "01.04.2026"], ["USD", "USD", 1.1, null], ["Yen", "JPY", 160, 158.5], ["Pound", "gbp", 0.85, null]];
  const refused = await check(admin.headers, "fx", await workbookOf(rows));
  assert.is(refused.status, 201, JSON.stringify(refused.body));
  assert.is(refused.body.state, "partially successful with errors");
  assert.equal(refused.body.problems.map((problem: any) => [problem.row, problem.column, problem.message]), [[4, "B", T.BAD_CURRENCY_CODE("gbp")]]);
  assert.equal(refused.body.preview.map((row: any) => [row.label, row.createsRate ?? null]), [["USD", null], ["Yen", { name: "Yen", currency: "JPY" }], ["Pound", null]], "the check says which rate would be created");
  assert.equal(await importUpload(admin.headers, refused.body.id), { status: 400, body: { detail: [T.HAS_ERRORS] } });
  const listed = async () => (await call(admin.headers, "GET", "/api/kpis/currencies/")).body.currencies.map((currency: any) => currency.name);
  assert.not.ok((await listed()).includes("Yen"), "all or nothing: the refused file created nothing");
  assert.equal(await events("CurrencyCreated"), []);

  const fixed = await check(admin.headers, "fx", await workbookOf(rows.map((row) => (row[0] === "Pound" ? ["Pound", "GBP", 0.85, null] : row))));
  assert.equal([fixed.body.state, fixed.body.preview.filter((row: any) => row.createsRate).map((row: any) => row.createsRate.currency)], ["successful", ["JPY", "GBP"]]);
  const imported = await importUpload(admin.headers, fixed.body.id);
  assert.is(imported.status, 200, JSON.stringify(imported.body));
  const currencies = (await call(admin.headers, "GET", "/api/kpis/currencies/")).body.currencies;
  const yen = currencies.find((currency: any) => currency.name === "Yen");
  assert.ok(yen && currencies.find((currency: any) => currency.name === "Pound"), "both rates exist now");
  const detail = (await call(admin.headers, "GET", `/api/kpis/currencies/${yen.id}/`)).body;
  assert.equal([detail.code, detail.rates], ["JPY", [{ validFrom: "2026-01-01", rate: 160 }, { validFrom: "2026-04-01", rate: 158.5 }]]);
  assert.equal((await events("CurrencyCreated")).map((event) => [(event.payload as any).name, (event.payload as any).code, (event.payload as any).uploadId]), [["Yen", "JPY", fixed.body.id], ["Pound", "GBP", fixed.body.id]]);
  assert.equal((await events("CurrencyChanged")).map((event) => (event.payload as any).id), [ids.usd], "the existing rate is changed as before");

  // Checked before someone created the same rate by hand: the import asks for a new check.
  const again = await check(admin.headers, "fx", await workbookOf([["FX rate", "Currency", "01.01.2026"], ["Franc", "CHF", 0.95]]));
  assert.ok(again.body.preview[0].createsRate);
  assert.is((await call(admin.headers, "POST", "/api/kpis/currencies/", { name: "franc", code: "CHF", rates: [{ validFrom: "2026-01-01", rate: 0.9 }] })).status, 201);
  assert.equal(await importUpload(admin.headers, again.body.id), { status: 409, body: { detail: T.CHECK_OUTDATED } });
});

test("the import checks again what may have changed since the check", async () => {
  const { admin, ids, check, importUpload, withTenant, tenantId, userWith, stored } = await uploadCompany();
  const checked = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2024"], [ids.customers, 5]]));
  // The KPI became calculated since the check.
  await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => db.updateTable("kpis").set({ formula: "revenue * 0" }).where("id", "=", ids.customers).execute());
  assert.equal(await importUpload(admin.headers, checked.body.id), { status: 409, body: { detail: T.CHECK_OUTDATED } });
  // A forecast upload whose forecast is no longer the active one.
  const forecast = await check(admin.headers, "forecasting", await workbookOf([["ID", "01.10.2026"], [ids.revenue, 1]]));
  await withTenant(tenantId, { kind: "system", name: "test" }, async ({ db }) => {
    await db.updateTable("forecasts").set({ is_active: false }).execute();
    await db.updateTable("forecasts").set({ is_active: true }).where("name", "=", "Old").execute();
  });
  assert.equal(await importUpload(admin.headers, forecast.body.id), { status: 409, body: { detail: T.CHECK_OUTDATED } });
  assert.equal((await stored("actual"))[`${ids.customers}/2024-04-01`], undefined);
  // Permissions lost since the check: the type's permission is asked again.
  const planner = await userWith(["upload_download_excel_data", "write_super_sensitive", "access_financial_planning"]);
  const plan = await check(planner.headers, "planning", await workbookOf([["ID", "01.04.2024"], [ids.revenue, 5]]));
  await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => db.deleteFrom("group_permissions").where("permission", "=", "access_financial_planning").execute());
  assert.is((await importUpload(planner.headers, plan.body.id)).status, 403);
});

test("uploads are the uploader's: others (and other companies) get 404, and nothing changes", async () => {
  const { app, admin, ids, check, importUpload, userWith, stored, services } = await uploadCompany();
  const checked = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2024"], [ids.revenue, 5]]));
  const colleague = await userWith(["upload_download_excel_data", "write_super_sensitive"]);
  const otherTenant = await createTestTenant();
  const stranger = await createTestUser(otherTenant, { isStaff: true });
  const strangerHeaders = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: otherTenant, userId: stranger.id }, 300)}` };
  for (const headers of [colleague.headers, strangerHeaders]) {
    assert.is((await app.inject({ method: "GET", url: `/api/uploads/${checked.body.id}/`, headers })).statusCode, 404);
    assert.is((await importUpload(headers, checked.body.id)).status, 404);
    assert.is((await app.inject({ method: "DELETE", url: `/api/uploads/${checked.body.id}/`, headers })).statusCode, 404);
  }
  assert.is((await stored("actual"))[`${ids.revenue}/2024-04-01`], undefined);
  assert.is((await app.inject({ method: "GET", url: `/api/uploads/${checked.body.id}/`, headers: admin.headers })).json().status, "checked");
});

test("cancel deletes a checked upload; an imported one stays", async () => {
  const { app, admin, ids, check, importUpload, events } = await uploadCompany();
  const first = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2024"], [ids.revenue, 5]]));
  assert.is((await app.inject({ method: "DELETE", url: `/api/uploads/${first.body.id}/`, headers: admin.headers })).statusCode, 204);
  assert.is((await app.inject({ method: "GET", url: `/api/uploads/${first.body.id}/`, headers: admin.headers })).statusCode, 404);
  assert.equal((await events("UploadCancelled")).map((event) => event.payload), [{ id: first.body.id, userId: admin.id }]);
  const second = await check(admin.headers, "reporting", await workbookOf([["ID", "01.04.2024"], [ids.revenue, 5]]));
  await importUpload(admin.headers, second.body.id);
  const refused = await app.inject({ method: "DELETE", url: `/api/uploads/${second.body.id}/`, headers: admin.headers });
  assert.equal([refused.statusCode, refused.json()], [409, { detail: CANNOT_CANCEL_IMPORTED }]);
});

test("the upload history: count, offset, limit, yearsAvailable, results, year", async () => {
  const { admin, ids, check, importUpload, call, withTenant, tenantId } = await uploadCompany();
  const file = await workbookOf([["ID", "01.04.2024"], [ids.revenue, 5]]);
  const made: number[] = [];
  for (let index = 0; index < 3; index++) made.push((await check(admin.headers, "reporting", file)).body.id);
  await importUpload(admin.headers, made[2]!);
  // One of them from an earlier year.
  await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => db.updateTable("uploads").set({ created_at: new Date("2025-03-01T10:00:00Z") }).where("id", "=", made[0]!).execute());
  const page = (await call(admin.headers, "GET", "/api/uploads/?limit=2")).body;
  assert.equal([page.count, page.offset, page.limit, page.year, page.yearsAvailable], [3, 0, 2, null, [new Date().getUTCFullYear(), 2025]]);
  assert.equal(page.results.map((upload: { id: number; status: string }) => [upload.id, upload.status]), [[made[2], "imported"], [made[1], "checked"]]);
  const older = (await call(admin.headers, "GET", "/api/uploads/?year=2025")).body;
  assert.equal([older.count, older.year, older.results.map((upload: { id: number }) => upload.id)], [1, 2025, [made[0]]]);
  assert.equal((await call(admin.headers, "GET", "/api/uploads/?offset=2&limit=2")).body.results.map((upload: { id: number }) => upload.id), [made[0]]);
});

test("the event stream narrows what an import wrote to the KPIs each reader may read", async () => {
  const { ids, userWith, withTenant, tenantId } = await uploadCompany();
  const reader = await userWith(["read_sensitive"]); // levels 0-1: revenue, not cash (3)
  const narrow = (type: string, payload: unknown) => withTenant(tenantId, { kind: "system", name: "test" }, (context) => uploadEventFilters[type]!(payload, context, reader.id));
  const dimensions = { values: [{ kpi: ids.revenue, months: ["2026-04-01"], count: 2 }, { kpi: ids.cash, months: ["2026-04-01"], count: 1 }], by: 1, uploadId: 3 };
  assert.equal(await narrow("KpiDimensionValuesUploaded", dimensions), { ...dimensions, values: [dimensions.values[0]] });
  assert.is(await narrow("KpiDimensionValuesUploaded", { values: [{ kpi: ids.cash }] }), null);
  const forecast = { forecastId: 1, values: [{ kpi: ids.cash, date: "2026-10-01", value: 1 }, { kpi: ids.revenue, date: "2026-10-01", value: 2 }], by: 1 };
  assert.equal(await narrow("ForecastValueEdited", forecast), { ...forecast, values: [forecast.values[1]] });
  // A person's own uploads reach only them.
  assert.is(await narrow("UploadImported", { id: 1, userId: reader.id + 1 }), null);
  assert.equal(await narrow("UploadImported", { id: 1, userId: reader.id }), { id: 1, userId: reader.id });
});

test.run();
