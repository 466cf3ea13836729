import { test } from "uvu";
import * as assert from "uvu/assert";
import { CHART_NAME_BLANK, CHART_TYPE_INVALID, type ChartSettings } from "../../../../src/contracts/charts";
import { DUPLICATE_KPIS, ROW_ORDER_OUTSIDE, UNREADABLE_KPI } from "../../../../src/domain/charts/chart-settings";
import { readEventsAfter } from "../../../../src/server/db/event-log";
import { chartEventFilters } from "../../../../src/server/features/charts/chart-event-filter";
import { CHART_EDIT_FORBIDDEN } from "../../../../src/server/features/charts/chart-service";
import { reportingCompany, system } from "../kpis/reporting-fixture";

const BUILDER = ["control_custom_dashboards", "read_super_sensitive"];

const settingsOf = (kpiIds: number[], changes: Partial<ChartSettings> = {}): ChartSettings => ({
  type: "stacked",
  kpiIds,
  period: { months: 12, endMonth: "2026-06-01" },
  bucket: "Q",
  series: ["actual", "planning"],
  colourScheme: "blues",
  axis: { startAtZero: true, gridLines: true, valueLabels: false },
  legend: { show: true, position: "bottom" },
  pivot: { rows: "kpis", subtotals: true, totals: true, sort: "manual", rowOrder: [...kpiIds].reverse() },
  ...changes,
});

test("a chart is saved, listed (all, and by KPI), read, changed and deleted, each change an event", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const builder = await userWith(BUILDER);
  const created = await call(builder.headers, "POST", "/api/charts/", { name: "  Revenue and costs ", settings: settingsOf([ids.revenue, ids.cogs]) });
  assert.is(created.status, 201);
  const chart = created.body;
  assert.equal({ ...chart, id: 0, createdAt: "", updatedAt: "" }, { id: 0, name: "Revenue and costs", settings: settingsOf([ids.revenue, ids.cogs]), createdBy: { id: builder.id, name: chart.createdBy.name }, createdAt: "", updatedAt: "", canEdit: true });

  const other = (await call(builder.headers, "POST", "/api/charts/", { name: "Cash", settings: settingsOf([ids.cash], { type: "line" }) })).body;
  assert.equal((await call(builder.headers, "GET", "/api/charts/")).body.charts.map((item: { id: number }) => item.id), [other.id, chart.id], "newest change first");
  assert.equal((await call(builder.headers, "GET", `/api/charts/?kpi=${ids.cogs}`)).body.charts.map((item: { id: number }) => item.id), [chart.id]);
  assert.equal((await call(builder.headers, "GET", `/api/charts/?kpi=${ids.customers}`)).body.charts, []);

  const changed = await call(builder.headers, "PUT", `/api/charts/${chart.id}/`, { name: "Revenue only", settings: settingsOf([ids.revenue], { type: "pivot" }) });
  assert.is(changed.status, 200);
  assert.equal([changed.body.name, changed.body.settings.type, changed.body.settings.kpiIds], ["Revenue only", "pivot", [ids.revenue]]);
  assert.equal((await call(builder.headers, "GET", `/api/charts/${chart.id}/`)).body, changed.body);
  assert.equal((await call(builder.headers, "GET", `/api/charts/?kpi=${ids.cogs}`)).body.charts, [], "cogs left the chart");

  assert.is((await call(builder.headers, "DELETE", `/api/charts/${chart.id}/`)).status, 204);
  assert.is((await call(builder.headers, "GET", `/api/charts/${chart.id}/`)).status, 404);
  assert.is((await call(builder.headers, "DELETE", `/api/charts/${chart.id}/`)).status, 404);
  const payloads = async (type: string) => (await events(type)).map((event) => event.payload);
  assert.equal(await payloads("ChartCreated"), [
    { chartId: chart.id, name: "Revenue and costs", kpiIds: [ids.revenue, ids.cogs], by: builder.id },
    { chartId: other.id, name: "Cash", kpiIds: [ids.cash], by: builder.id },
  ]);
  assert.equal(await payloads("ChartChanged"), [{ chartId: chart.id, name: "Revenue only", kpiIds: [ids.revenue], by: builder.id }]);
  assert.equal(await payloads("ChartDeleted"), [{ chartId: chart.id, name: "Revenue only", kpiIds: [ids.revenue], by: builder.id }]);
});

test("bad settings answer field messages and write nothing", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const builder = await userWith(BUILDER);
  const save = (name: unknown, settings: unknown) => call(builder.headers, "POST", "/api/charts/", { name, settings });
  const valid = settingsOf([ids.revenue, ids.cogs]);
  assert.equal(await save("Chart", { ...valid, type: "pie" }), { status: 400, body: { "settings.type": [CHART_TYPE_INVALID] } });
  assert.equal(await save("   ", valid), { status: 400, body: { name: [CHART_NAME_BLANK] } });
  assert.equal(await save("Chart", { ...valid, kpiIds: [] }), { status: 400, body: { "settings.kpiIds": ["Choose at least one KPI."] } });
  assert.equal(await save("Chart", { ...valid, kpiIds: [ids.revenue, ids.revenue], pivot: { ...valid.pivot, rowOrder: [] } }), { status: 400, body: { "settings.kpiIds": [DUPLICATE_KPIS] } });
  assert.equal(await save("Chart", { ...valid, pivot: { ...valid.pivot, rowOrder: [ids.cash] } }), { status: 400, body: { "settings.pivot.rowOrder": [ROW_ORDER_OUTSIDE] } });
  assert.equal(await save("Chart", { ...valid, bucket: "W" }), { status: 400, body: { "settings.bucket": ["Bucket size must be M, Q, HY or Y."] } });
  assert.equal(await save("Chart", { ...valid, period: { months: 0, endMonth: null } }), { status: 400, body: { "settings.period.months": ["Choose 1 to 120 months."] } });
  assert.equal(await save("Chart", { ...valid, series: [] }), { status: 400, body: { "settings.series": ["Choose at least one series."] } });
  assert.equal(await save("Chart", settingsOf([ids.revenue, 2 ** 40])), { status: 400, body: { "settings.kpiIds": [UNREADABLE_KPI] } });
  const levelOne = await userWith(["control_custom_dashboards", "read_sensitive"]);
  assert.equal(await call(levelOne.headers, "POST", "/api/charts/", { name: "Cash", settings: settingsOf([ids.cash]) }), { status: 400, body: { "settings.kpiIds": [UNREADABLE_KPI] } }, "cash is level 3");
  assert.equal(await events("ChartCreated"), []);
  const chart = (await save("Kept", valid)).body;
  assert.equal(await call(builder.headers, "PUT", `/api/charts/${chart.id}/`, { name: "Kept", settings: { ...valid, type: "donut" } }), { status: 400, body: { "settings.type": [CHART_TYPE_INVALID] } });
  assert.equal((await call(builder.headers, "GET", `/api/charts/${chart.id}/`)).body.settings, valid, "unchanged");
});

test("who may do what: reading by KPI, saving with control_custom_dashboards, changing by the creator or staff; other companies' charts are unknown", async () => {
  const { ids, userWith, call, withTenant, tenantId } = await reportingCompany();
  const builder = await userWith(BUILDER);
  const chart = (await call(builder.headers, "POST", "/api/charts/", { name: "Mixed", settings: settingsOf([ids.cogs, ids.revenue]) })).body;
  const cashChart = (await call(builder.headers, "POST", "/api/charts/", { name: "Cash", settings: settingsOf([ids.cash]) })).body;

  // A level-1 reader sees the chart with revenue only (cogs is level 2), not the cash chart at all.
  const reader = await userWith(["read_sensitive"]);
  const seen = await call(reader.headers, "GET", `/api/charts/${chart.id}/`);
  assert.equal([seen.body.settings.kpiIds, seen.body.settings.pivot.rowOrder, seen.body.canEdit], [[ids.revenue], [ids.revenue], false]);
  assert.equal((await call(reader.headers, "GET", "/api/charts/")).body.charts.map((item: { id: number }) => item.id), [chart.id]);
  assert.is((await call(reader.headers, "GET", `/api/charts/${cashChart.id}/`)).status, 404);
  assert.equal(await call(reader.headers, "POST", "/api/charts/", { name: "Mine", settings: settingsOf([ids.revenue]) }), { status: 403, body: { detail: "You don't have permission to change charts." } });
  assert.is((await call(await userWith([]).then((user) => user.headers), "GET", "/api/charts/")).status, 403);

  const colleague = await userWith(BUILDER);
  assert.equal(await call(colleague.headers, "PUT", `/api/charts/${chart.id}/`, { name: "Taken", settings: settingsOf([ids.revenue]) }), { status: 403, body: { detail: CHART_EDIT_FORBIDDEN } });
  assert.is((await call(colleague.headers, "DELETE", `/api/charts/${chart.id}/`)).status, 403);
  assert.is((await call(colleague.headers, "GET", `/api/charts/${chart.id}/`)).body.canEdit, false);
  const staff = await userWith([], { isStaff: true });
  assert.is((await call(staff.headers, "GET", `/api/charts/${chart.id}/`)).body.canEdit, true);
  assert.is((await call(staff.headers, "PUT", `/api/charts/${chart.id}/`, { name: "By staff", settings: settingsOf([ids.revenue, ids.cogs]) })).status, 200);

  // A deleted KPI leaves the chart; a chart whose KPIs are all gone is gone for everyone.
  await withTenant(tenantId, system, ({ db }) => db.deleteFrom("kpis").where("id", "=", ids.cash).execute());
  assert.is((await call(builder.headers, "GET", `/api/charts/${cashChart.id}/`)).status, 404);

  const other = await reportingCompany();
  const outsider = await other.userWith(BUILDER, { isStaff: true });
  for (const method of ["GET", "DELETE"] as const) assert.is((await other.call(outsider.headers, method, `/api/charts/${chart.id}/`)).status, 404, method);
  assert.is((await other.call(outsider.headers, "PUT", `/api/charts/${chart.id}/`, { name: "Theirs", settings: settingsOf([other.ids.revenue]) })).status, 404);
  assert.equal((await other.call(outsider.headers, "GET", "/api/charts/")).body.charts, []);
  assert.is((await call(builder.headers, "GET", `/api/charts/${chart.id}/`)).body.name, "By staff", "still there");
});

test("chart events reach readers of reporting who may read one of the chart's KPIs, with only those KPIs", async () => {
  const { ids, userWith, call, withTenant, tenantId } = await reportingCompany();
  const builder = await userWith(BUILDER);
  const mixed = (await call(builder.headers, "POST", "/api/charts/", { name: "Mixed", settings: settingsOf([ids.cogs, ids.revenue]) })).body;
  await call(builder.headers, "POST", "/api/charts/", { name: "Cash", settings: settingsOf([ids.cash]) });
  await call(builder.headers, "DELETE", `/api/charts/${mixed.id}/`);
  const levelOne = await userWith(["read_sensitive"]);
  const nobody = await userWith(["control_custom_dashboards"]);
  const received = await withTenant(tenantId, system, async (context) => {
    const events = (await readEventsAfter(context.db, 0, 1000)).filter((event) => chartEventFilters[event.type]);
    const as = async (userId: number) => {
      const kept: unknown[] = [];
      for (const event of events) {
        const payload = (await chartEventFilters[event.type]!(event.payload, context, userId)) as { name: string; kpiIds: number[] } | null;
        if (payload) kept.push([event.type, payload.name, payload.kpiIds]);
      }
      return kept;
    };
    return { builder: await as(builder.id), levelOne: await as(levelOne.id), nobody: await as(nobody.id) };
  });
  assert.equal(received.builder, [["ChartCreated", "Mixed", [ids.cogs, ids.revenue]], ["ChartCreated", "Cash", [ids.cash]], ["ChartDeleted", "Mixed", [ids.cogs, ids.revenue]]]);
  assert.equal(received.levelOne, [["ChartCreated", "Mixed", [ids.revenue]], ["ChartDeleted", "Mixed", [ids.revenue]]], "no cogs (level 2), nothing of the cash chart (level 3)");
  assert.equal(received.nobody, [], "no KPI read permission: nothing");
});

test.run();
