import { test } from "uvu";
import * as assert from "uvu/assert";
import type { GlossaryEntry, KpiManagement, ManagedKpi } from "../../../../src/contracts/kpi-management";
import { saveKeyOf } from "../../../../src/client/features/kpi-settings/model";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const none = { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null };
const kpi = (id: number, categoryId: number, changes: Partial<ManagedKpi> = {}): ManagedKpi => ({
  id, key: `k${id}`, name: `KPI ${id}`, description: "", categoryId, isCustom: true, isCalculated: false, unit: "number", aggregationType: "cum", higherIsBetter: true, sensitivity: 0, cadence: "monthly", validationState: "unvalidated", benchmarks: none, responsibles: [], editable: true, ...changes,
});
const management = (): KpiManagement => ({
  categories: [{ id: 1, name: "Growth", kind: "kpi", isCustom: false, kpiCount: 1 }, { id: 2, name: "Mine", kind: "kpi", isCustom: true, kpiCount: 2 }],
  kpis: [kpi(10, 1, { isCustom: false }), kpi(20, 2), kpi(21, 2)],
  people: [{ id: 5, name: "Ada" }],
  readLevel: 3,
  canManageCustom: true,
  canManageCatalogue: true,
});
const entry = (state: GlossaryEntry["state"]): GlossaryEntry => ({ kpiId: 10, kpiName: "KPI 10", categoryName: "Growth", unit: "number", higherIsBetter: true, state, definition: state === "none" ? "" : "Means", formulaInWords: "", source: "", owner: null, updatedAt: null, updatedBy: null, approvedAt: null, approvedBy: null });

test("save keys: one per dialog action", () => {
  assert.equal(
    [
      saveKeyOf({ _tag: "CreateCustomKpi", kpi: { name: "x", categoryId: 1, unit: "number", aggregationType: "cum", higherIsBetter: true, sensitivity: 0, cadence: "monthly" } }),
      saveKeyOf({ _tag: "SetKpiBenchmarks", kpiId: 4, benchmarks: none }),
      saveKeyOf({ _tag: "DeleteKpiCategory", categoryId: 2, name: "Mine" }),
      saveKeyOf({ _tag: "ApproveGlossaryEntry", kpiId: 4 }),
    ],
    ["kpi/new", "kpi/4/benchmarks", "category/2/delete", "glossary/4/approve"],
  );
});

test("management: loaded, a KPI changed in place, a refusal keeps the server's field messages by its key, a category deleted takes its KPIs; KPI meta goes stale", async () => {
  const client = testClient({
    "GET /api/kpis/management/": () => json(200, management()),
    "PUT /api/kpis/20/benchmarks/": (call) => ((call.body as { top5: number }).top5 > 3 ? json(200, kpi(20, 2, { benchmarks: call.body as ManagedKpi["benchmarks"] })) : json(400, { top5: ["Top 5 % must be above top 25 %: higher is better for this KPI."] })),
    "DELETE /api/kpis/custom-categories/2/": () => json(200, { id: 2, name: "Mine", deletedKpis: 2 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiManagement" });
  await client.waitFor("KpiManagementLoaded");
  const metaRevision = client.store.getState().kpis.revision;
  client.bus.dispatch({ _tag: "SetKpiBenchmarks", kpiId: 20, benchmarks: { valueBottom25: 1, valueMedian50: 2, valueTop25: 3, top5: 2 } });
  await client.waitFor("KpiSettingSaveFailed");
  assert.equal(client.store.getState().kpiSettings.saves["kpi/20/benchmarks"], { status: "error", message: client.store.getState().kpiSettings.saves["kpi/20/benchmarks"]!.message, fields: { top5: ["Top 5 % must be above top 25 %: higher is better for this KPI."] } });
  client.bus.dispatch({ _tag: "SetKpiBenchmarks", kpiId: 20, benchmarks: { valueBottom25: 1, valueMedian50: 2, valueTop25: 3, top5: 4 } });
  await client.waitFor("ManagedKpiSaved");
  let state = client.store.getState();
  assert.equal(state.kpiSettings.saves["kpi/20/benchmarks"]?.status, "saved");
  assert.equal(state.kpiSettings.management.data?.kpis.find((entry) => entry.id === 20)?.benchmarks, { valueBottom25: 1, valueMedian50: 2, valueTop25: 3, top5: 4 });
  assert.ok(state.kpis.revision > metaRevision, "dashboards load the KPI meta again");
  client.bus.dispatch({ _tag: "DeleteKpiCategory", categoryId: 2, name: "Mine" });
  await client.waitFor("ManagedCategoryDeleted");
  state = client.store.getState();
  assert.equal(state.kpiSettings.management.data?.categories.map((category) => category.id), [1]);
  assert.equal(state.kpiSettings.management.data?.kpis.map((entry) => entry.id), [10], "the category's KPIs went with it");
});

test("glossary: loaded, an entry saved and approved in place; settings events from the server make open screens load again", async () => {
  const client = testClient({
    "GET /api/kpis/glossary/": () => json(200, { entries: [entry("none")], canEdit: true, people: [] }),
    "PUT /api/kpis/10/glossary/": () => json(200, entry("draft")),
    "POST /api/kpis/10/glossary/approve/": () => json(200, entry("approved")),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadGlossary" });
  await client.waitFor("GlossaryLoaded");
  client.bus.dispatch({ _tag: "SaveGlossaryEntry", kpiId: 10, entry: { definition: "Means", formulaInWords: "", source: "", ownerId: null } });
  client.bus.dispatch({ _tag: "ApproveGlossaryEntry", kpiId: 10 });
  await client.waitFor("GlossaryEntryStored");
  await settle();
  assert.equal(client.server.calls.map((call) => `${call.method} ${call.path}`).slice(-2), ["PUT /api/kpis/10/glossary/", "POST /api/kpis/10/glossary/approve/"], "in the order given");
  assert.is(client.store.getState().kpiSettings.glossary.data?.entries[0]?.state, "approved");
  const before = client.store.getState().kpiSettings.revision;
  client.bus.receive({ _tag: "ServerEventReceived", seq: 1, type: "GlossaryEntryApproved", payload: { kpiId: 10 }, actor: "user:2", actorName: "Bo", occurredAt: "" }, "remote");
  client.bus.receive({ _tag: "ServerEventReceived", seq: 2, type: "HoldingRatesSaved", payload: {}, actor: "user:2", actorName: "Bo", occurredAt: "" }, "remote");
  await settle();
  assert.is(client.store.getState().kpiSettings.revision, before + 1, "only KPI settings events count");
});

test.run();
