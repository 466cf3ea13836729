import { test } from "uvu";
import * as assert from "uvu/assert";
import { analysisKey } from "../../../../src/client/features/kpi-analysis/model";
import { json } from "../../effect/fake-server";
import { testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const drills = { drills: [{ type: "dimensions", label: "Dimensions", available: false, reason: "No values." }, { type: "root-cause", label: "Root cause", available: true, reason: null }, { type: "pnl-analysis", label: "P&L analysis", available: false, reason: "Neither." }], defaultType: "root-cause" };
const drill = { type: "root-cause", kpiId: 4, periodLabel: "Jun 2026", baseLabel: "May 2026", value: 2, base: 1, formula: "a + b", method: "shapley", unattributed: null, inputs: [], aggregationEffect: null };

/** Resolves once `count` events of `type` have been folded (waitFor finds the first one again). */
async function nthEvent(client: ReturnType<typeof testClient>, type: string, count: number) {
  for (let tries = 0; tries < 200; tries++) {
    if (client.types().filter((each) => each === type).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} ${type} events; saw ${client.types().join(", ")}`);
}

test("a drill asks with its period, comparison and FX rate, and lands under its key", async () => {
  const client = testClient({
    "GET /api/kpis/4/deep-drills/": () => json(200, drills),
    "GET /api/kpis/4/deep-drills/root-cause/": () => json(200, drill),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadDeepDrills", kpiId: 4 });
  await client.waitFor("DeepDrillsLoaded");
  const command = { _tag: "LoadDeepDrill", kpiId: 4, type: "root-cause", endDate: "2026-06-01", period: "quarter", compare: "plan", fxRate: 2, dimension: null } as const;
  client.bus.dispatch(command);
  await client.waitFor("DeepDrillLoaded");
  assert.equal(Object.fromEntries(client.server.calls.at(-1)!.query), { endDate: "2026-06-01", period: "quarter", compare: "plan", fxRate: "2" });
  const state = client.store.getState().kpiAnalysis;
  assert.is(state.drills[analysisKey({ _tag: "LoadDeepDrills", kpiId: 4 })]?.data?.defaultType, "root-cause");
  assert.is(state.drill[analysisKey(command)]?.status, "loaded");
  // The same parameters in another order are the same load.
  assert.is(analysisKey({ ...command, dimension: null, compare: "plan" }), analysisKey(command));
});

test("a KPI the reader may not see is missing; another failure keeps the last answer with its message", async () => {
  let fail = false;
  const client = testClient({
    "GET /api/kpis/9/recommendations/": () => json(404, { detail: "Not found." }),
    "GET /api/kpis/4/recommendations/": () => (fail ? json(400, { endDate: ["Enter the first day of a month (YYYY-MM-01)."] }) : json(200, { kpiId: 4, recommendations: [], notChecked: [] })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiRecommendations", kpiId: 9, endDate: "2026-06-01", fxRate: null });
  await client.waitFor("KpiAnalysisLoadFailed");
  assert.is(client.store.getState().kpiAnalysis.recommendations[analysisKey({ _tag: "LoadKpiRecommendations", kpiId: 9, endDate: "2026-06-01", fxRate: null })]?.status, "missing");
  const command = { _tag: "LoadKpiRecommendations", kpiId: 4, endDate: "2026-06-01", fxRate: null } as const;
  client.bus.dispatch(command);
  await client.waitFor("KpiRecommendationsLoaded");
  fail = true;
  client.bus.dispatch(command);
  await nthEvent(client, "KpiAnalysisLoadFailed", 2);
  const load = client.store.getState().kpiAnalysis.recommendations[analysisKey(command)]!;
  assert.is(load.status, "error");
  assert.equal(load.data, { kpiId: 4, recommendations: [], notChecked: [] });
  assert.ok(load.message);
});

test.run();
