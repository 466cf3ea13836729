import { test } from "uvu";
import * as assert from "uvu/assert";
import { reportingCompany } from "./reporting-fixture";

type Month = { date: string; value: number | null; planningValue: number | null; lastYearValue: number | null; forecastValue: number | null };
type Answer = { kpis: { id: number; values: Month[] }[] };

const row = (date: string, value: number | null, planningValue: number | null, lastYearValue: number | null, forecastValue: number | null): Month => ({ date, value, planningValue, lastYearValue, forecastValue });
const of = (answer: Answer, id: number) => answer.kpis.find((kpi) => kpi.id === id)!.values;

test("values: every month with actual, planning, last year's actual and the active forecast; calculated KPIs from their inputs", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  const { status, body } = await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-07-01", includePlanning: true });
  assert.is(status, 200);
  const answer = body as Answer;
  assert.equal(answer.kpis.map((kpi) => kpi.id), [ids.revenue, ids.cogs, ids.grossProfit, ids.grossMargin, ids.cash, ids.customers], "catalogue order");
  assert.equal(of(answer, ids.revenue), [
    row("2026-04-01", 100, 150, 50, null),
    row("2026-05-01", 200, 150, 80, null),
    row("2026-06-01", 300, 150, 120, null),
    row("2026-07-01", null, 150, null, 310), // the inactive forecast's 999 is not used
  ]);
  // gross_profit = revenue - cogs, month by month and series by series.
  assert.equal(of(answer, ids.grossProfit), [
    row("2026-04-01", 60, 100, 30, null),
    row("2026-05-01", 140, 100, 50, null),
    row("2026-06-01", 200, 100, 80, null),
    row("2026-07-01", null, 100, null, 200),
  ]);
  // gross_margin reads the calculated gross_profit: evaluated after it.
  const margin = of(answer, ids.grossMargin);
  assert.equal(margin.map((month) => month.value), [60, 70, (200 / 300) * 100, null]);
  assert.equal(margin.map((month) => month.lastYearValue), [60, 62.5, (80 / 120) * 100, null]);
  assert.is(margin[3]!.forecastValue, (200 / 310) * 100);
  assert.equal(of(answer, ids.cash).map((month) => month.value), [null, null, 5000, null]);
});

test("values: planning only when asked for; money converted month by month at the dated FX rate, other units not", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  const local = (await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-05-01", date: "2026-06-01" })).body as Answer;
  assert.equal(of(local, ids.revenue).map((month) => month.planningValue), [null, null], "includePlanning absent");
  const explicitLocal = (await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-05-01", date: "2026-06-01", fxRate: null, includePlanning: false })).body as Answer;
  assert.equal(explicitLocal, local);

  const usd = (await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-07-01", fxRate: ids.usd, includePlanning: true })).body as Answer;
  // Rate 2 from January 2026, 3 from June 2026; last year's months (2025) at 1.5.
  assert.equal(of(usd, ids.revenue), [
    row("2026-04-01", 200, 300, 75, null),
    row("2026-05-01", 400, 300, 120, null),
    row("2026-06-01", 900, 450, 180, null),
    row("2026-07-01", null, 450, null, 930),
  ]);
  assert.equal(of(usd, ids.grossProfit).map((month) => month.value), [120, 280, 600, null], "calculated from converted inputs");
  assert.equal(of(usd, ids.grossMargin).map((month) => month.value), [60, 70, (200 / 300) * 100, null], "a percentage does not convert");
  assert.equal(of(usd, ids.customers).map((month) => month.value), [null, null, 42, null], "a count does not convert");
  assert.equal(of(usd, ids.cash).map((month) => month.value), [null, null, 15000, null]);
});

test("values: type picks categories by kind; idList picks KPIs; a calculated KPI alone still reads its inputs", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  const ask = async (extra: object) => ((await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-06-01", date: "2026-06-01", ...extra })).body as Answer).kpis.map((kpi) => kpi.id);
  assert.equal(await ask({ type: "financial" }), [ids.revenue, ids.cogs, ids.grossProfit]);
  assert.equal(await ask({ type: "kpi" }), [ids.grossMargin, ids.cash, ids.customers]);
  assert.equal(await ask({ type: "all" }), await ask({}));
  assert.equal(await ask({ idList: [ids.customers, ids.revenue] }), [ids.revenue, ids.customers]);
  assert.equal(await ask({ idList: [] }), []);
  assert.equal(await ask({ idList: [ids.revenue, ids.cash], type: "kpi" }), [ids.cash], "type narrows the idList");
  const alone = (await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-06-01", date: "2026-06-01", idList: [ids.grossMargin] })).body as Answer;
  assert.equal(alone.kpis, [{ id: ids.grossMargin, values: [row("2026-06-01", (200 / 300) * 100, null, (80 / 120) * 100, null)] }]);
});

test("values: only readable KPIs; a calculated one reading a KPI the user may not read is not readable either", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_sensitive"]); // levels 0 and 1
  const answer = (await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-06-01", date: "2026-06-01" })).body as Answer;
  assert.equal(answer.kpis.map((kpi) => kpi.id), [ids.revenue, ids.customers], "no cogs (level 2), no cash (level 3), no gross profit or margin (they read cogs)");
  for (const hidden of [ids.cash, ids.cogs, ids.grossProfit, ids.grossMargin]) {
    const asked = await call(headers, "POST", "/api/kpis/values/", { startDate: "2026-06-01", date: "2026-06-01", idList: [ids.revenue, hidden] });
    assert.is(asked.status, 404, "an unreadable id is unknown");
  }
  const nothing = await userWith([]);
  assert.equal((await call(nothing.headers, "POST", "/api/kpis/values/", { startDate: "2026-06-01", date: "2026-06-01" })).body, { kpis: [] });
  const staff = await userWith([], { isStaff: true });
  assert.is(((await call(staff.headers, "POST", "/api/kpis/values/", { startDate: "2026-06-01", date: "2026-06-01" })).body as Answer).kpis.length, 6, "staff read everything");
});

test("values: bad input answers field errors; another company's ids are unknown", async () => {
  const { ids, userWith, call, app } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  const post = (payload: object) => call(headers, "POST", "/api/kpis/values/", payload);
  assert.equal(await post({ startDate: "2026-07-01", date: "2026-06-01" }), { status: 400, body: { startDate: ["The start date must not be after the date."] } });
  assert.equal(await post({ startDate: "2016-06-01", date: "2026-06-01" }), { status: 400, body: { startDate: ["Choose at most 120 months."] } });
  const tenYears = await post({ startDate: "2016-07-01", date: "2026-06-01", idList: [ids.revenue] });
  assert.equal([tenYears.status, (tenYears.body as Answer).kpis[0]!.values.length], [200, 120]);
  assert.equal(await post({ startDate: "2026-06-15", date: "2026-06-01" }), { status: 400, body: { startDate: ["Enter the first day of a month (YYYY-MM-01)."] } });
  const missing = await post({ startDate: "2026-06-01" });
  assert.equal([missing.status, Object.keys(missing.body)], [400, ["date"]]);
  const badType = await post({ startDate: "2026-06-01", date: "2026-06-01", type: "cash" });
  assert.equal([badType.status, Object.keys(badType.body)], [400, ["type"]]);
  assert.equal(await post({ startDate: "2026-06-01", date: "2026-06-01", fxRate: 987654321 }), { status: 400, body: { fxRate: ["There is no such FX rate."] } });
  assert.equal(await post({ startDate: "2026-06-01", date: "2026-06-01", fxRate: 1.5 }), { status: 400, body: { fxRate: ["must be a whole number"] } });
  const other = await reportingCompany();
  assert.equal(await post({ startDate: "2026-06-01", date: "2026-06-01", fxRate: other.ids.usd }), { status: 400, body: { fxRate: ["There is no such FX rate."] } });
  assert.is((await post({ startDate: "2026-06-01", date: "2026-06-01", idList: [other.ids.revenue] })).status, 404);
  assert.is((await post({ startDate: "2026-06-01", date: "2026-06-01", idList: [0.5] })).status, 400, "an id is a whole number");
  assert.is((await app.inject({ method: "POST", url: "/api/kpis/values/", payload: { startDate: "2026-06-01", date: "2026-06-01" } })).statusCode, 401);
});

test.run();
