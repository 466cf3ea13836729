import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ServerEvent } from "../../../../src/contracts/server-events";
import { INVALID_NUMBER } from "../../../../src/domain/kpi/number-input";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const aggregates = (actual: number) => ({
  ytd: {
    actualValue: actual, planningValue: 1, lastYearValue: 1, forecastValue: 1, actualPlanningValue: 1, actualForecastValue: 1, closestDate: "2026-10-01",
    monthCounts: { period: 7, actualValue: 7, planningValue: 7, lastYearValue: 7, forecastValue: 7, actualPlanningValue: 7, actualForecastValue: 7 },
    actualVsPlanning: { months: 7, actualValue: actual, planningValue: 1 },
    actualVsLastYear: { months: 7, actualValue: actual, lastYearValue: 1 },
  },
  ltm: {
    value: 1, fullForecastValue: 1, fullPlanningValue: 1, actualPlanningValue: 1, actualForecastValue: 1,
    monthCounts: { period: 12, value: 12, fullForecastValue: 12, fullPlanningValue: 12, actualPlanningValue: 12, actualForecastValue: 12 },
    actualVsPlanning: { months: 12, actualValue: 1, planningValue: 1 },
  },
  fullyear: {
    forecastProjectedValue: 1, planningValue: 1, lastYearValue: 1, forecastValue: 1, actualPlanningValue: 1, actualForecastValue: 1,
    monthCounts: { period: 12, forecastProjectedValue: 12, planningValue: 12, lastYearValue: 12, forecastValue: 12, actualPlanningValue: 12, actualForecastValue: 12 },
  },
});

test("a newer load of the same view supersedes the running one: the older currency never shows", async () => {
  const client = testClient({
    "GET /api/kpis/aggregates/": async (_call, count) => {
      if (count === 1) await delay(80);
      return json(200, { results: { 7: aggregates(count === 1 ? 100 : 200) } });
    },
  });
  signedIn(client);
  const load = (fxRate: number | null) => client.bus.dispatch({ _tag: "LoadKpiAggregates", key: "operational", endDate: "2026-10-01", ignoreLastMonths: 0, fxRate, idList: null });
  load(null);
  load(2);
  await client.waitFor("KpiAggregatesLoaded");
  await delay(120);
  const view = client.store.getState().kpis.aggregates["operational"]!;
  assert.is(view.status, "loaded");
  assert.is(view.data?.["7"]?.ytd.actualValue, 200);
  assert.match(view.params, /"fxRate":2/);
  assert.is(client.types().filter((type) => type === "KpiAggregatesLoaded").length, 1);
});

test("a failed load keeps the last data and says why", async () => {
  const client = testClient({
    "GET /api/kpis/history/": (_call, count) => (count === 1 ? json(200, { results: { 7: [] } }) : json(400, { endDate: ["Enter the first day of a month (YYYY-MM-01)."] })),
  });
  signedIn(client);
  const load = (endDate: string) => client.bus.dispatch({ _tag: "LoadKpiHistory", key: "detail", kpiId: 7, endDate, timeRange: 12, bucketSize: 1, fxRate: null });
  load("2026-10-01");
  await client.waitFor("KpiHistoryLoaded");
  load("2026-10-15");
  await client.waitFor("KpiViewLoadFailed");
  const view = client.store.getState().kpis.history["detail"]!;
  assert.is(view.status, "error");
  assert.equal(view.data, { 7: [] });
  assert.match(view.message ?? "", /first day of a month/);
});

test("editing replaces the pending value for the same KPI and month; bad input gets the spec's message", async () => {
  const client = testClient({});
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-09-01", text: "1,200", unit: "currency" });
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-09-01", text: "1.5k", unit: "currency" });
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-08-01", text: "-", unit: "currency" });
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-07-01", text: "1.200,5", unit: "currency" });
  await settle();
  const state = client.store.getState().kpis;
  assert.equal(state.pending[7], { "2026-09-01": { text: "1.5k", value: 1500 }, "2026-08-01": { text: "-", value: "-" } });
  assert.equal(state.rejected[7], { "2026-07-01": { text: "1.200,5", message: INVALID_NUMBER } });
});

test("saving sends the pending values at once, clears them and bumps the views' revision", async () => {
  const client = testClient({
    "POST /api/kpis/monthly-values/": (call) => {
      const body = call.body as { values: { kpi: number; date: string; value: number | "-" }[] };
      return json(200, { values: body.values.map((value) => ({ ...value, value: value.value === "-" ? null : value.value })) });
    },
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-09-01", text: "12", unit: "number" });
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-08-01", text: "-", unit: "number" });
  client.bus.dispatch({ _tag: "SavePendingValues", kpiId: 7 });
  const edited = await client.waitFor("KpiValueEdited");
  assert.equal((edited.payload as { values: unknown }).values, [
    { kpi: 7, date: "2026-09-01", value: 12 },
    { kpi: 7, date: "2026-08-01", value: null },
  ]);
  const state = client.store.getState().kpis;
  assert.is(state.pending[7], undefined);
  assert.is(state.revision, 1);
  assert.is(client.server.countOf("POST /api/kpis/monthly-values/"), 1);
});

test("a rejected save keeps the pending values and shows the server's message", async () => {
  const client = testClient({ "POST /api/kpis/monthly-values/": () => json(403, { detail: "You don't have permission to change values of this KPI." }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "EditKpiValue", kpiId: 7, date: "2026-09-01", text: "12", unit: "number" });
  client.bus.dispatch({ _tag: "SavePendingValues", kpiId: 7 });
  await client.waitFor("KpiValuesSaveFailed");
  const state = client.store.getState().kpis;
  assert.equal(state.pending[7], { "2026-09-01": { text: "12", value: 12 } });
  assert.match(state.saving[7]?.message ?? "", /permission/);
});

test("toggling a favorite adds it, toggling again removes it", async () => {
  const client = testClient({
    "POST /api/kpis/favorites/": () => json(200, { kpis: [3, 7] }),
    "DELETE /api/kpis/favorites/7/": () => json(200, { kpis: [3] }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "ToggleFavorite", kpiId: 7 });
  await client.waitFor("FavoriteAdded");
  assert.equal(client.store.getState().kpis.favorites, [3, 7]);
  client.bus.dispatch({ _tag: "ToggleFavorite", kpiId: 7 });
  await client.waitFor("FavoriteRemoved");
  assert.equal(client.store.getState().kpis.favorites, [3]);
});

test("filter changes apply at once and are saved once after a 100 ms pause", async () => {
  const client = testClient({ "PUT /api/settings/": (call) => json(200, call.body) });
  signedIn(client);
  const base = client.store.getState().kpis.filters.operational;
  client.bus.dispatch({ _tag: "ChangeDashboardFilter", dashboard: "operational", filter: { ...base, trendDuration: 3 } });
  client.bus.dispatch({ _tag: "ChangeDashboardFilter", dashboard: "operational", filter: { ...base, trendDuration: 3, down: false } });
  assert.is(client.store.getState().kpis.filters.operational.down, false);
  await delay(60);
  assert.is(client.server.countOf("PUT /api/settings/"), 0);
  await client.waitFor("AppSettingsSaved");
  assert.is(client.server.countOf("PUT /api/settings/"), 1);
  const saved = client.server.calls.find((call) => call.method === "PUT")!.body as { kpiDashboardFilter: { operational: { trendDuration: number; down: boolean } } };
  assert.equal([saved.kpiDashboardFilter.operational.trendDuration, saved.kpiDashboardFilter.operational.down], [3, false]);
});

test("a folded dashboard category stays folded for the session, per dashboard, and is not saved", async () => {
  const client = testClient({});
  signedIn(client);
  client.bus.dispatch({ _tag: "FoldDashboardCategory", dashboard: "strategic", category: "P&L", folded: true });
  client.bus.dispatch({ _tag: "FoldDashboardCategory", dashboard: "strategic", category: "Sales", folded: true });
  client.bus.dispatch({ _tag: "FoldDashboardCategory", dashboard: "strategic", category: "P&L", folded: false });
  assert.equal(client.store.getState().kpis.folded, { operational: [], strategic: ["Sales"] });
  await delay(150);
  assert.is(client.server.countOf("PUT /api/settings/"), 0);
});

test("another user's value edit makes open views load again", async () => {
  const stream = new Subject<ServerEvent>();
  const client = testClient(
    {
      "GET /api/auth/users/me/": () => json(200, {}),
    },
    { serverEvents: () => stream },
  );
  client.bus.receive({ _tag: "ServerEventReceived", seq: 5, type: "KpiValueEdited", actor: "user:9", actorName: "Ada Administrator", payload: { values: [{ kpi: 7, date: "2026-09-01", value: 3 }] }, occurredAt: new Date().toISOString() }, "remote");
  await client.waitFor("KpiDataChangedElsewhere");
  assert.is(client.store.getState().kpis.revision, 1);
  client.bus.receive({ _tag: "ServerEventReceived", seq: 6, type: "UserSignedIn", actor: "user:9", actorName: null, payload: {}, occurredAt: new Date().toISOString() }, "remote");
  await settle();
  assert.is(client.store.getState().kpis.revision, 1);
});

test.run();
