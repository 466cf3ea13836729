// Forecasting API on the reporting test company (fiscal year from April): P&L with revenue
// (actuals Apr–Jun 2025 and Apr–Jun 2026) and cogs, an active forecast "Active" and an inactive
// "Old"; Growth with cash and customers (one month of actuals each) and no forecast.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { COMPANY_FEATURES } from "../../../../src/server/db/seed/demo-companies";
import { ACTIVE_FORECAST_DELETE, FORECAST_NAME_TAKEN, NEEDS_TWO_MONTHS, SPREADSHEET_NEEDS_DATA, SYSTEM_FORECAST_DELETE, VALUE_OUTSIDE_TIMEFRAME } from "../../../../src/domain/forecasting/texts";
import { FEATURE_OFF } from "../../../../src/server/platform/http/route";
import { forecastEventFilters } from "../../../../src/server/features/forecasting/forecast-event-filter";
import { reportingCompany } from "../kpis/reporting-fixture";

const system = { kind: "system", name: "test" } as const;
const WRITER = ["write_forecasts", "write_super_sensitive"];
const body = (categoryId: number, name: string, extra: Record<string, unknown> = {}) => ({
  categoryId,
  name,
  source: "meridian",
  method: "linear_progression",
  actualsFrom: "2025-04-01",
  actualsTo: "2026-06-01",
  forecastFrom: "2026-07-01",
  forecastTo: "2026-09-01",
  ...extra,
});

async function company() {
  const world = await reportingCompany();
  const writer = await world.userWith(WRITER);
  const forecastIds = await world.withTenant(world.tenantId, system, async ({ db }) =>
    Object.fromEntries((await db.selectFrom("forecasts").select(["id", "name"]).execute()).map((row) => [row.name, row.id])),
  );
  const activeOf = (categoryId: number) =>
    world.withTenant(world.tenantId, system, async ({ db }) => (await db.selectFrom("forecasts").select("name").where("category_id", "=", categoryId).where("is_active", "=", true).execute()).map((row) => row.name));
  return { ...world, writer, forecastIds, activeOf };
}

test("categories and a category's forecasts: the active one marked and first", async () => {
  const { ids, call, writer } = await company();
  const categories = await call(writer.headers, "GET", "/api/forecasting/categories/");
  assert.is(categories.status, 200);
  assert.equal(
    categories.body.map((category: { name: string; activeForecast: { name: string } | null; forecastCount: number }) => [category.name, category.activeForecast?.name ?? null, category.forecastCount]),
    [["P&L", "Active", 2], ["Growth", null, 0]],
  );
  const reports = await call(writer.headers, "GET", `/api/forecasting/${ids.pl}/reports/`);
  assert.equal(reports.body.forecasts.map((forecast: { name: string; isActive: boolean }) => [forecast.name, forecast.isActive]), [["Active", true], ["Old", false]]);
  assert.is(reports.body.mayWrite, true);
});

test("create: the line through the actuals timeframe per KPI, a note per KPI with fewer than 2 months, inactive", async () => {
  const { ids, call, writer, events } = await company();
  const created = await call(writer.headers, "POST", "/api/forecasting/", body(ids.pl, "Trend"));
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.equal([created.body.forecast.name, created.body.forecast.isActive, created.body.forecast.isSystem], ["Trend", false, false]);
  assert.equal(created.body.notes, []);
  const detail = await call(writer.headers, "GET", `/api/forecasting/${created.body.forecast.id}/`);
  assert.equal(detail.body.months, ["2026-07-01", "2026-08-01", "2026-09-01"]);
  const revenue = detail.body.kpis.find((kpi: { id: number }) => kpi.id === ids.revenue);
  // Least squares through (Apr 25, 50) (May 25, 80) (Jun 25, 120) (Apr 26, 100) (May 26, 200) (Jun 26, 300): the gap of nine months is no zero.
  assert.ok(revenue.values.every((value: number) => value > 200), JSON.stringify(revenue.values));
  assert.ok(revenue.values[2] > revenue.values[0], "rising");
  assert.equal(revenue.adjusted, [false, false, false]);
  assert.equal(detail.body.kpis.map((kpi: { name: string }) => kpi.name), ["revenue", "cogs"], "stored KPIs of the category only");

  const growth = await call(writer.headers, "POST", "/api/forecasting/", body(ids.growth, "Growth trend"));
  assert.is(growth.status, 201);
  assert.equal(
    growth.body.notes.map((note: { name: string; message: string }) => [note.name, note.message]),
    [["cash", `${NEEDS_TWO_MONTHS} It has 1 month in the actuals timeframe.`], ["customers", `${NEEDS_TWO_MONTHS} It has 1 month in the actuals timeframe.`]],
  );
  assert.is((await events("ForecastCreated")).length, 2);
});

test("create: validation texts, name unique per category in any case, the spreadsheet needs data", async () => {
  const { ids, call, writer, footprintOf } = await withFootprint();
  const before = await footprintOf();
  const refused = async (payload: unknown) => (await call(writer.headers, "POST", "/api/forecasting/", payload)).body;
  assert.equal(await refused(body(ids.pl, "Active")), { name: [FORECAST_NAME_TAKEN] });
  assert.equal(await refused(body(ids.pl, "  aCTIVE ")), { name: [FORECAST_NAME_TAKEN] });
  assert.equal(await refused(body(ids.pl, "")), { name: ["This field may not be blank."] });
  assert.equal(await refused(body(ids.pl, "Back", { actualsFrom: "2026-06-01", actualsTo: "2026-01-01" })), { actualsTo: ["The actuals timeframe must end on or after its first month."] });
  assert.equal(await refused(body(ids.pl, "Overlap", { forecastFrom: "2026-05-01" })), { forecastFrom: ["The forecast timeframe must start after the actuals timeframe."] });
  assert.equal(await refused(body(ids.pl, "No actuals", { actualsFrom: null })), { actualsFrom: ["This field is required."] });
  assert.equal(await refused(body(ids.pl, "Sheet", { source: "spreadsheet" })), { source: [SPREADSHEET_NEEDS_DATA] });
  assert.equal((await call(writer.headers, "POST", "/api/forecasting/", body(999_999, "Nowhere"))).status, 404);
  assert.equal(await footprintOf(), before, "nothing written");
  // The same name in another category is fine.
  assert.is((await call(writer.headers, "POST", "/api/forecasting/", body(ids.growth, "Active"))).status, 201);
});

async function withFootprint() {
  const world = await company();
  const footprintOf = () =>
    world.withTenant(world.tenantId, system, async ({ db }) => ({
      forecasts: (await db.selectFrom("forecasts").select("id").execute()).length,
      values: (await db.selectFrom("forecast_values").select(["forecast_id", "kpi_id", "month", "value", "adjusted"]).orderBy("forecast_id").orderBy("kpi_id").orderBy("month").execute()),
      overrides: (await db.selectFrom("kpis").select(["id", "override_forecasting"]).orderBy("id").execute()),
      events: (await db.selectFrom("events").select("seq").execute()).length,
    }));
  return { ...world, footprintOf };
}

test("a spreadsheet forecast reads the forecasting spreadsheet's values in its timeframe", async () => {
  const { ids, call, writer, withTenant, tenantId } = await company();
  await withTenant(tenantId, system, ({ db }) =>
    db
      .insertInto("forecast_sheet_values")
      .values([
        { tenant_id: tenantId, kpi_id: ids.revenue, month: "2026-07-01", value: 500, updated_at: new Date() },
        { tenant_id: tenantId, kpi_id: ids.revenue, month: "2027-07-01", value: 1, updated_at: new Date() },
      ])
      .execute(),
  );
  const sources = await call(writer.headers, "GET", `/api/forecasting/${ids.pl}/sources/`);
  assert.equal(sources.body.sources.map((source: { source: string; available: boolean }) => [source.source, source.available]), [["meridian", true], ["spreadsheet", true]]);
  const created = await call(writer.headers, "POST", "/api/forecasting/", body(ids.pl, "From the sheet", { source: "spreadsheet", actualsFrom: null, actualsTo: null }));
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.equal([created.body.forecast.actualsFrom, created.body.forecast.source], [null, "spreadsheet"]);
  assert.equal(created.body.notes.map((note: { name: string }) => note.name), ["cogs"]);
  const detail = await call(writer.headers, "GET", `/api/forecasting/${created.body.forecast.id}/`);
  assert.equal(detail.body.kpis[0].values, [500, null, null]);
});

test("permissions: read_forecasts reads, write_forecasts writes, the feature flag switches all off, KPI sensitivity narrows", async () => {
  const { ids, call, userWith, forecastIds, withTenant, tenantId, writer } = await company();
  const reader = await userWith(["read_forecasts", "read_sensitive"]);
  const nobody = await userWith(["read_super_sensitive"]);
  assert.is((await call(nobody.headers, "GET", "/api/forecasting/categories/")).status, 403);
  assert.is((await call(reader.headers, "GET", "/api/forecasting/categories/")).status, 200);
  assert.is((await call(reader.headers, "POST", "/api/forecasting/", body(ids.pl, "Mine"))).status, 403);
  assert.is((await call(reader.headers, "POST", `/api/forecasting/${forecastIds["Old"]}/activate/`)).status, 403);
  // cogs is level 2: a reader of sensitive (level 1) sees revenue only.
  const detail = await call(reader.headers, "GET", `/api/forecasting/${forecastIds["Active"]}/`);
  assert.equal(detail.body.kpis.map((kpi: { id: number }) => kpi.id), [ids.revenue]);
  assert.is(detail.body.kpis[0].writable, false);
  // A writer of forecasts who may not write cogs cannot adjust it.
  const limited = await userWith(["write_forecasts", "write_sensitive", "read_most_sensitive"]);
  const refused = await call(limited.headers, "PATCH", `/api/forecasting/${forecastIds["Active"]}/`, { values: [{ kpi: ids.cogs, date: "2026-07-01", value: 1 }] });
  assert.is(refused.status, 403);
  await withTenant(tenantId, system, ({ db }) => db.updateTable("tenants").set({ features: JSON.stringify({ ...COMPANY_FEATURES, forecasting: false }) }).where("id", "=", tenantId).execute());
  assert.equal(await call(writer.headers, "GET", "/api/forecasting/categories/"), { status: 403, body: { detail: FEATURE_OFF } });
  assert.equal((await call(writer.headers, "GET", `/api/kpis/${ids.revenue}/forecasts/`)).status, 403);
});

test("one active forecast per category under concurrent activations, fired in parallel", async () => {
  const { ids, call, writer, activeOf, events } = await company();
  const created: number[] = [];
  for (const name of ["A", "B", "C", "D"]) created.push((await call(writer.headers, "POST", "/api/forecasting/", body(ids.pl, name))).body.forecast.id);
  const answers = await Promise.all(created.map((id) => call(writer.headers, "POST", `/api/forecasting/${id}/activate/`)));
  assert.equal(answers.map((answer) => answer.status), [200, 200, 200, 200]);
  const active = await activeOf(ids.pl);
  assert.is(active.length, 1, JSON.stringify(active));
  // Each activation named the one it replaced: a chain from "Active" to the last one.
  const switched = (await events("ForecastActivated")).map((event) => event.payload as { name: string; previous: { name: string } | null });
  assert.is(switched.length, 4);
  assert.is(switched[0]!.previous!.name, "Active");
  for (let index = 1; index < switched.length; index++) assert.is(switched[index]!.previous!.name, switched[index - 1]!.name);
  assert.is(switched.at(-1)!.name, active[0]);
});

test("the database refuses a second active forecast in a category", async () => {
  const { ids, withTenant, tenantId, forecastIds } = await company();
  let refused = false;
  try {
    await withTenant(tenantId, system, ({ db }) => db.updateTable("forecasts").set({ is_active: true }).where("id", "=", forecastIds["Old"]!).execute());
  } catch (error) {
    refused = (error as { code?: string }).code === "23505";
  }
  assert.ok(refused, "the partial unique index holds");
  void ids;
});

test("switch: the KPI figures use the new active forecast, the answer names both, and deactivate leaves none", async () => {
  const { ids, call, writer, forecastIds, activeOf, userWith } = await company();
  const reader = await userWith(["read_super_sensitive"]);
  const july = async () => {
    const answer = await call(reader.headers, "POST", "/api/kpis/values/", { startDate: "2026-07-01", date: "2026-07-01" });
    return answer.body.kpis.find((kpi: { id: number }) => kpi.id === ids.revenue).values[0].forecastValue;
  };
  assert.is(await july(), 310);
  const switched = await call(writer.headers, "POST", `/api/forecasting/${forecastIds["Old"]}/activate/`);
  assert.equal([switched.body.activated.name, switched.body.deactivated.name], ["Old", "Active"]);
  assert.is(await july(), 999);
  const lastTwo = await call(reader.headers, "GET", `/api/kpis/${ids.revenue}/forecasts/`);
  assert.is(lastTwo.status, 403, "reading forecasts needs read_forecasts");
  const forecasts = await call(writer.headers, "GET", `/api/kpis/${ids.revenue}/forecasts/`);
  assert.is(forecasts.body.length, 2, "the last 2 forecasts");
  const off = await call(writer.headers, "POST", `/api/forecasting/${forecastIds["Old"]}/deactivate/`);
  assert.is(off.body.isActive, false);
  assert.equal(await activeOf(ids.pl), []);
  assert.is(await july(), null);
});

test("adjust: all or nothing; '-' removes; an adjusted KPI keeps its values when the forecast is recomputed", async () => {
  const { ids, call, writer, forecastIds, footprintOf } = await withFootprint();
  const id = forecastIds["Active"]!;
  const before = await footprintOf();
  const outside = await call(writer.headers, "PATCH", `/api/forecasting/${id}/`, { values: [{ kpi: ids.revenue, date: "2026-07-01", value: 1 }, { kpi: ids.revenue, date: "2027-01-01", value: 2 }] });
  assert.equal(outside, { status: 400, body: { values: [`${VALUE_OUTSIDE_TIMEFRAME} (2027-01-01)`] } });
  const unknown = await call(writer.headers, "PATCH", `/api/forecasting/${id}/`, { values: [{ kpi: ids.revenue, date: "2026-07-01", value: 1 }, { kpi: ids.cash, date: "2026-07-01", value: 2 }] });
  assert.is(unknown.status, 404, "cash is not a KPI of the P&L");
  const calculated = await call(writer.headers, "PATCH", `/api/forecasting/${id}/`, { values: [{ kpi: ids.grossProfit, date: "2026-07-01", value: 1 }] });
  assert.is(calculated.status, 404, "a calculated KPI has no forecast values of its own");
  assert.equal(await footprintOf(), before, "nothing of a refused save was written");

  const saved = await call(writer.headers, "PATCH", `/api/forecasting/${id}/`, { values: [{ kpi: ids.revenue, date: "2026-09-01", value: 333 }, { kpi: ids.revenue, date: "2026-08-01", value: "-" }] });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.overrides, [{ kpi: ids.revenue, override: true }]);
  const detail = await call(writer.headers, "GET", `/api/forecasting/${id}/`);
  const revenue = detail.body.kpis.find((kpi: { id: number }) => kpi.id === ids.revenue);
  assert.equal([revenue.values, revenue.adjusted, revenue.override], [[310, null, 333], [false, false, true], true]);
  const overrideInMeta = async () => (await call(writer.headers, "GET", "/api/kpis/meta/")).body.find((kpi: { id: number }) => kpi.id === ids.revenue)?.overrideForecasting;
  assert.is(await overrideInMeta(), true, "the KPI meta says so too (spec override_forecasting)");

  const recomputed = await call(writer.headers, "POST", `/api/forecasting/${id}/recompute/`);
  assert.equal(recomputed.body.kept, [ids.revenue]);
  const after = (await call(writer.headers, "GET", `/api/forecasting/${id}/`)).body.kpis;
  assert.equal(after.find((kpi: { id: number }) => kpi.id === ids.revenue).values, [310, null, 333], "kept by hand");
  assert.ok(after.find((kpi: { id: number }) => kpi.id === ids.cogs).values.every((value: number | null) => value !== null), "cogs computed again over its actuals timeframe");
  // Turning the override off lets the next recompute take revenue over.
  await call(writer.headers, "PATCH", `/api/forecasting/${id}/`, { overrides: [{ kpi: ids.revenue, override: false }] });
  assert.is(await overrideInMeta(), false);
  await call(writer.headers, "POST", `/api/forecasting/${id}/recompute/`);
  const computed = (await call(writer.headers, "GET", `/api/forecasting/${id}/`)).body.kpis.find((kpi: { id: number }) => kpi.id === ids.revenue);
  assert.ok(computed.values.every((value: number | null) => value !== null && value !== 333), JSON.stringify(computed.values));
});

test("accuracy: MAPE per KPI against the actuals that arrived after the forecast was made", async () => {
  const { ids, call, writer, withTenant, tenantId } = await company();
  const made = await withTenant(tenantId, system, async ({ db }) => {
    const row = await db
      .insertInto("forecasts")
      .values({ tenant_id: tenantId, category_id: ids.pl, name: "Made in March", source: "meridian", method: "linear_progression", actuals_from: "2025-04-01", actuals_to: "2026-03-01", forecast_from: "2026-04-01", forecast_to: "2026-07-01", created_at: new Date("2026-03-20T00:00:00Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("forecast_values")
      .values([
        { tenant_id: tenantId, forecast_id: row.id, kpi_id: ids.revenue, month: "2026-04-01", value: 110 }, // actual 100: 10 %
        { tenant_id: tenantId, forecast_id: row.id, kpi_id: ids.revenue, month: "2026-05-01", value: 160 }, // actual 200: 20 %
        { tenant_id: tenantId, forecast_id: row.id, kpi_id: ids.revenue, month: "2026-06-01", value: 300 }, // actual 300: 0 %
        { tenant_id: tenantId, forecast_id: row.id, kpi_id: ids.revenue, month: "2026-07-01", value: 999 }, // no actual yet
      ])
      .execute();
    return row.id;
  });
  const detail = await call(writer.headers, "GET", `/api/forecasting/${made}/`);
  const revenue = detail.body.kpis.find((kpi: { id: number }) => kpi.id === ids.revenue);
  assert.equal(revenue.accuracy, { mape: 10, months: 3, zeroActualMonths: 0 });
  assert.equal(revenue.actuals, [100, 200, 300, null]);
  const cogs = detail.body.kpis.find((kpi: { id: number }) => kpi.id === ids.cogs);
  assert.equal(cogs.accuracy, { mape: null, months: 0, zeroActualMonths: 0 });
  // In USD (rate 3 from June): money converted month by month.
  const usd = await call(writer.headers, "GET", `/api/forecasting/${made}/?fxRateId=${ids.usd}`);
  assert.equal(usd.body.kpis.find((kpi: { id: number }) => kpi.id === ids.revenue).values, [220, 320, 900, 2997]);
});

test("delete: not the active one, not a system one; a user forecast goes with its values", async () => {
  const { ids, call, writer, forecastIds, withTenant, tenantId, events } = await company();
  assert.equal(await call(writer.headers, "DELETE", `/api/forecasting/${forecastIds["Active"]}/`), { status: 400, body: { detail: [ACTIVE_FORECAST_DELETE] } });
  await withTenant(tenantId, system, ({ db }) => db.updateTable("forecasts").set({ is_system: true }).where("id", "=", forecastIds["Old"]!).execute());
  assert.equal(await call(writer.headers, "DELETE", `/api/forecasting/${forecastIds["Old"]}/`), { status: 400, body: { detail: [SYSTEM_FORECAST_DELETE] } });
  const created = await call(writer.headers, "POST", "/api/forecasting/", body(ids.pl, "Short-lived"));
  assert.is((await call(writer.headers, "DELETE", `/api/forecasting/${created.body.forecast.id}/`)).status, 204);
  assert.is((await call(writer.headers, "GET", `/api/forecasting/${created.body.forecast.id}/`)).status, 404);
  assert.is((await events("ForecastDeleted")).length, 1);
});

test("another company's forecast and category ids are 404 and change nothing", async () => {
  const mine = await company();
  const theirs = await company();
  const before = await mine.activeOf(mine.ids.pl);
  for (const [method, url] of [
    ["GET", `/api/forecasting/${mine.forecastIds["Old"]}/`],
    ["POST", `/api/forecasting/${mine.forecastIds["Old"]}/activate/`],
    ["DELETE", `/api/forecasting/${mine.forecastIds["Old"]}/`],
    ["GET", `/api/forecasting/${mine.ids.pl}/reports/`],
  ] as const) {
    assert.is((await theirs.call(theirs.writer.headers, method, url)).status, 404, `${method} ${url}`);
  }
  assert.equal(await mine.activeOf(mine.ids.pl), before);
});

test("events per reader: adjusted values narrowed to readable KPIs; activations name only readable KPIs", async () => {
  const { ids, userWith, withTenant, tenantId } = await company();
  const reader = await userWith(["read_forecasts", "read_sensitive"]);
  const narrowed = await withTenant(tenantId, system, async (context) => ({
    adjusted: await forecastEventFilters["ForecastValuesAdjusted"]!(
      { forecastId: 1, values: [{ kpi: ids.revenue, date: "2026-07-01", value: 1 }, { kpi: ids.cogs, date: "2026-07-01", value: 2 }], overrides: [{ kpi: ids.cogs, override: true }], name: null, by: 1 },
      context,
      reader.id,
    ),
    activated: await forecastEventFilters["ForecastActivated"]!({ forecastId: 1, categoryId: ids.pl, name: "A", previous: null, kpiIds: [ids.revenue, ids.cogs], by: 1 }, context, reader.id),
    onlyCogs: await forecastEventFilters["ForecastValuesAdjusted"]!({ forecastId: 1, values: [{ kpi: ids.cogs, date: "2026-07-01", value: 2 }], overrides: [], name: null, by: 1 }, context, reader.id),
  }));
  assert.equal((narrowed.adjusted as { values: unknown[]; overrides: unknown[] }).values, [{ kpi: ids.revenue, date: "2026-07-01", value: 1 }]);
  assert.equal((narrowed.adjusted as { overrides: unknown[] }).overrides, []);
  assert.equal((narrowed.activated as { kpiIds: number[] }).kpiIds, [ids.revenue]);
  assert.is(narrowed.onlyCogs, null);
});

test.run();
