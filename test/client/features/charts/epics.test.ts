import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SavedChart } from "../../../../src/contracts/charts";
import type { HistoryBucket } from "../../../../src/contracts/kpis";
import { defaultChartSettings } from "../../../../src/domain/charts/chart-settings";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const settings = { ...defaultChartSettings([1, 2]), type: "stacked" as const };
const chart = (id: number, name = "Costs"): SavedChart => ({ id, name, settings, createdBy: { id: 3, name: "Ada" }, createdAt: "2026-11-01T09:00:00.000Z", updatedAt: "2026-11-01T09:00:00.000Z", canEdit: true });
const bucket = (label: string, actual: number): HistoryBucket => ({
  label,
  rangeLabel: label,
  startDate: "2026-01-01",
  endDate: "2026-01-01",
  actual,
  planning: null,
  forecast: null,
  lastYear: null,
  monthCounts: { period: 1, inRange: 1, actual: 1, planning: 0, forecast: 0, lastYear: 0 },
  actualVsPlanning: { months: 0, actual: null, planning: null },
  actualVsLastYear: { months: 0, actual: null, lastYear: null },
});

test("a chart's figures: one history request for all its KPIs in the FX selection, and one in fiscal years for a pivot", async () => {
  const client = testClient({ "GET /api/kpis/history/": (call) => json(200, { results: { 1: [bucket(call.query.get("bucketSize") ?? "", 5)] } }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadChartData", key: "chart/9", kpiIds: [1, 2], endDate: "2026-10-01", timeRange: 12, bucketSize: 3, fxRate: 4, years: true });
  await client.waitFor("ChartDataLoaded");
  const asked = client.server.calls.map((call) => Object.fromEntries(call.query));
  assert.equal(asked, [
    { endDate: "2026-10-01", timeRange: "12", bucketSize: "3", fxRate: "4", idList: "1,2" },
    { endDate: "2026-10-01", timeRange: "12", bucketSize: "12", fxRate: "4", idList: "1,2" },
  ]);
  const data = client.store.getState().charts.data["chart/9"]!;
  assert.equal([data.status, data.history?.[1]?.[0]?.label, data.years?.[1]?.[0]?.label], ["loaded", "3", "12"]);
});

test("saving a new chart, then adding it to a dashboard; the lists take it at the top", async () => {
  const client = testClient({
    "GET /api/charts/": () => json(200, { charts: [chart(1, "Older")] }),
    "POST /api/charts/": (call) => json(201, { ...chart(2, (call.body as { name: string }).name) }),
    "POST /api/custom-dashboards/7/cards/": () => json(201, {}),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadCharts", kpiId: null });
  await client.waitFor("ChartsLoaded");
  client.bus.dispatch({ _tag: "SaveChart", chartId: null, name: "New", settings, dashboardId: 7 });
  await client.waitFor("ChartSaved");
  assert.equal(client.server.calls.at(-1)!.body, { title: "New", content: { type: "chart", chartId: 2 } });
  const state = client.store.getState().charts;
  assert.equal([state.save.status, state.save.chart?.id, state.save.dashboardId], ["saved", 2, 7]);
  assert.equal(state.lists.all?.charts.map((item) => item.name), ["New", "Older"]);
});

test("a refused save keeps the server's field messages; a 404 chart is missing; another person's change bumps the revision", async () => {
  const client = testClient({
    "PUT /api/charts/5/": () => json(400, { "settings.type": ["Chart type must be valid."] }),
    "GET /api/charts/6/": () => json(404, { detail: "Not found." }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "SaveChart", chartId: 5, name: "X", settings, dashboardId: null });
  await client.waitFor("ChartSaveFailed");
  assert.equal(client.store.getState().charts.save.fields, { "settings.type": ["Chart type must be valid."] });
  client.bus.dispatch({ _tag: "LoadChart", chartId: 6 });
  await client.waitFor("ChartLoadFailed");
  assert.is(client.store.getState().charts.charts[6]?.status, "missing");
  client.bus.receive({ _tag: "ServerEventReceived", seq: 1, type: "ChartChanged", payload: { chartId: 5, name: "X", kpiIds: [1], by: 2 }, actor: "user:2", actorName: "Bo", occurredAt: "" }, "remote");
  await settle();
  assert.is(client.store.getState().charts.revision, 1);
});

test.run();
