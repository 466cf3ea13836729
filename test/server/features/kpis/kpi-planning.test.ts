import { test } from "uvu";
import * as assert from "uvu/assert";
import { reportingCompany, system } from "./reporting-fixture";

const PLANNER = ["write_sensitive", "access_financial_planning"];

test("planning values: set and remove planning months, actuals untouched, one event with every value", async () => {
  const { ids, userWith, call, events, withTenant, tenantId } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const saved = await call(planner.headers, "POST", "/api/kpis/planning-values/", {
    values: [
      { kpi: ids.revenue, date: "2026-10-01", value: 175.5 },
      { kpi: ids.revenue, date: "2026-04-01", value: "-" },
      { kpi: ids.revenue, date: "2026-05-01", value: 160 },
    ],
  });
  assert.equal(saved, {
    status: 200,
    body: {
      values: [
        { kpi: ids.revenue, date: "2026-10-01", value: 175.5 },
        { kpi: ids.revenue, date: "2026-04-01", value: null },
        { kpi: ids.revenue, date: "2026-05-01", value: 160 },
      ],
    },
  });
  const reader = await userWith(["read_super_sensitive"]);
  const answer = (await call(reader.headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-10-01", includePlanning: true, idList: [ids.revenue] })).body;
  const months = answer.kpis[0].values as { date: string; value: number | null; planningValue: number | null }[];
  assert.equal(months.map((month) => month.planningValue), [null, 160, 150, 150, 150, 150, 175.5]);
  assert.equal(months.map((month) => month.value), [100, 200, 300, null, null, null, null], "actuals are another series");
  const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_values").select("value").where("kpi_id", "=", ids.revenue).where("series", "=", "actual").where("month", "=", "2026-04-01").execute());
  assert.equal(stored, [{ value: 100 }]);
  assert.equal((await events("PlanningValueEdited")).map((event) => event.payload), [{ values: saved.body.values, by: planner.id }]);
  assert.equal(await events("KpiValueEdited"), []);
});

test("planning values: the same month twice in one request keeps the later value", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const saved = await call(planner.headers, "POST", "/api/kpis/planning-values/", {
    values: [
      { kpi: ids.revenue, date: "2026-11-01", value: 1 },
      { kpi: ids.revenue, date: "2026-11-01", value: 2 },
    ],
  });
  assert.equal(saved.body, { values: [{ kpi: ids.revenue, date: "2026-11-01", value: 2 }] });
});

test("planning values need a planning permission and the KPI's write level; unreadable or foreign KPIs are unknown", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const plan = (headers: Record<string, string>, values: object[]) => call(headers, "POST", "/api/kpis/planning-values/", { values });
  const one = [{ kpi: ids.revenue, date: "2026-10-01", value: 1 }];
  const writerWithoutPlanning = await userWith(["write_super_sensitive"]);
  assert.equal(await plan(writerWithoutPlanning.headers, one), { status: 403, body: { detail: "You don't have permission to change planning values." } });
  const plannerReadingOnly = await userWith(["read_sensitive", "access_operational_planning"]);
  assert.equal(await plan(plannerReadingOnly.headers, one), { status: 403, body: { detail: "You don't have permission to change values of this KPI." } });
  const operational = await userWith(["write_sensitive", "access_operational_planning"]);
  assert.is((await plan(operational.headers, one)).status, 200, "either planning permission will do");
  const staff = await userWith([], { isStaff: true });
  assert.is((await plan(staff.headers, [{ kpi: ids.cash, date: "2026-10-01", value: 1 }])).status, 200, "staff plan everything");

  const planner = await userWith(PLANNER);
  assert.is((await plan(planner.headers, [{ kpi: ids.cogs, date: "2026-10-01", value: 1 }])).status, 404, "level 2 is unknown to a level-1 reader");
  assert.is((await plan(planner.headers, [{ kpi: ids.grossProfit, date: "2026-10-01", value: 1 }])).status, 404, "so is gross profit, which reads cogs");
  const other = await reportingCompany();
  assert.is((await plan(planner.headers, [{ kpi: other.ids.revenue, date: "2026-10-01", value: 1 }])).status, 404);
  const insider = await userWith(["write_most_sensitive", "access_financial_planning"]);
  assert.equal(await plan(insider.headers, [{ kpi: ids.grossProfit, date: "2026-10-01", value: 1 }]), {
    status: 400,
    body: { kpi: ["Calculated KPIs are computed from their formula and cannot be edited."] },
  });
  const badDate = await plan(planner.headers, [{ kpi: ids.revenue, date: "2026-10-02", value: 1 }]);
  assert.equal(badDate, { status: 400, body: { "values.0.date": ["Enter the first day of a month (YYYY-MM-01)."] } });
  assert.equal(await plan(planner.headers, []), { status: 400, body: { values: ["Send at least one value."] } });
  for (const body of [{}, { values: null }, null]) {
    const answer = await call(planner.headers, "POST", "/api/kpis/planning-values/", body);
    assert.is(answer.status, 400, `${JSON.stringify(body)} is a field error, not a fault`);
  }
  const monthly = await call(planner.headers, "POST", "/api/kpis/monthly-values/", { values: null });
  assert.is(monthly.status, 400, "monthly values share the contract");
  assert.is((await events("PlanningValueEdited")).length, 2, "only the two accepted requests");
});

test("planning values: a request with one rejected value writes nothing", async () => {
  const { ids, userWith, call, withTenant, tenantId, events } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const mixed = await call(planner.headers, "POST", "/api/kpis/planning-values/", {
    values: [
      { kpi: ids.revenue, date: "2026-12-01", value: 999 },
      { kpi: ids.revenue, date: "2026-04-01", value: "-" },
      { kpi: ids.cash, date: "2026-12-01", value: 1 },
    ],
  });
  assert.is(mixed.status, 404);
  const planning = await withTenant(tenantId, system, ({ db }) =>
    db.selectFrom("kpi_values").select(["month", "value"]).where("kpi_id", "=", ids.revenue).where("series", "=", "planning").where("month", "in", ["2026-04-01", "2026-12-01"]).execute(),
  );
  assert.equal(planning, [{ month: "2026-04-01", value: 150 }]);
  assert.equal(await events("PlanningValueEdited"), []);
});

test.run();
