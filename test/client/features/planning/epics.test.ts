import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMonthValue } from "../../../../src/contracts/kpis";
import type { PlanningVersion } from "../../../../src/contracts/planning";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const month = (date: string, planningValue: number | null, value: number | null = null): KpiMonthValue => ({ date, value, planningValue, lastYearValue: null, forecastValue: null });
const GRID = { _tag: "LoadPlanningGrid", key: "financial/1", startDate: "2025-04-01", date: "2027-03-01", type: "financial", idList: [1, 2], version: null } as const;
const answer = (plan: number) => ({ kpis: [{ id: 1, values: [month("2026-04-01", plan), month("2026-05-01", plan + 1)] }, { id: 2, values: [month("2026-04-01", 7)] }] });
const budget: PlanningVersion = { id: 4, name: "Budget 2026/27", fiscalYear: 2026, firstMonth: "2026-04-01", valueCount: 24, createdAt: "2026-11-01T09:00:00.000Z", createdBy: "Ada Administrator" };
const planOf = (client: ReturnType<typeof testClient>, key: string, kpi: number, date: string) => client.store.getState().planning.grids[key]?.kpis?.find((row) => row.id === kpi)?.values.find((value) => value.date === date)?.planningValue;

test("a grid loads the fiscal year and the one before it with the plan; a version's grid asks for the version", async () => {
  const client = testClient({ "POST /api/kpis/values/": (call) => json(200, answer((call.body as { planningVersion?: number }).planningVersion ? 90 : 100)) });
  signedIn(client);
  client.bus.dispatch(GRID);
  await client.waitFor("PlanningGridLoaded");
  assert.equal(client.server.calls[0]!.body, { startDate: "2025-04-01", date: "2027-03-01", type: "financial", idList: [1, 2], includePlanning: true });
  assert.is(client.store.getState().planning.grids["financial/1"]?.status, "loaded");
  assert.is(planOf(client, "financial/1", 1, "2026-04-01"), 100);

  client.bus.dispatch({ ...GRID, key: "financial/1/version", version: 4 });
  await settle();
  assert.equal((client.server.calls[1]!.body as { planningVersion: number }).planningVersion, 4);
  assert.is(planOf(client, "financial/1/version", 1, "2026-04-01"), 90);
  assert.is(client.store.getState().planning.grids["financial/1/version"]?.version, 4);
});

test("a failed load says why and keeps the grid's key, so a retry replaces it", async () => {
  const client = testClient({ "POST /api/kpis/values/": (_call, count) => (count === 1 ? json(403, { detail: "You do not have permission to perform this action." }) : json(200, answer(5))) });
  signedIn(client);
  client.bus.dispatch(GRID);
  await client.waitFor("PlanningGridLoadFailed");
  assert.equal(client.store.getState().planning.grids["financial/1"], { status: "error", params: client.store.getState().planning.grids["financial/1"]!.params, version: null, kpis: null, message: "You do not have permission to perform this action." });
  client.bus.dispatch(GRID);
  await client.waitFor("PlanningGridLoaded");
  assert.is(planOf(client, "financial/1", 1, "2026-04-01"), 5);
});

test("typed and pasted cells are read by their unit's rules; Save sends every pending change in one request and the grid takes the saved values", async () => {
  const client = testClient({
    "POST /api/kpis/values/": () => json(200, answer(100)),
    "POST /api/kpis/planning-values/": (call) => json(200, { values: (call.body as { values: { kpi: number; date: string; value: number | "-" }[] }).values.map((value) => ({ ...value, value: value.value === "-" ? null : value.value })) }),
  });
  signedIn(client);
  client.bus.dispatch(GRID);
  await client.waitFor("PlanningGridLoaded");
  client.bus.dispatch({
    _tag: "EditPlanningCells",
    cells: [
      { kpi: 1, date: "2026-04-01", text: "1.5k", unit: "currency" },
      { kpi: 1, date: "2026-05-01", text: "-", unit: "currency" },
      { kpi: 2, date: "2026-04-01", text: "1.200,5", unit: "number" },
    ],
  });
  await settle();
  const edited = client.store.getState().planning;
  assert.equal(edited.pending, { 1: { "2026-04-01": { text: "1.5k", value: 1500 }, "2026-05-01": { text: "-", value: "-" } } });
  assert.equal(Object.keys(edited.rejected[2] ?? {}), ["2026-04-01"], "the refused cell keeps its text and message");
  assert.is(edited.rejected[2]!["2026-04-01"]!.text, "1.200,5");

  client.bus.dispatch({ _tag: "EditPlanningCells", cells: [{ kpi: 2, date: "2026-04-01", text: "12", unit: "number" }] });
  client.bus.dispatch({ _tag: "SavePlanningChanges" });
  client.bus.dispatch({ _tag: "SavePlanningChanges" });
  await client.waitFor("PlanningValuesSaved");
  const saves = client.server.calls.filter((call) => call.path === "/api/kpis/planning-values/");
  assert.is(saves.length, 1, "a second press does not send twice");
  assert.equal(saves[0]!.body, {
    values: [
      { kpi: 1, date: "2026-04-01", value: 1500 },
      { kpi: 1, date: "2026-05-01", value: "-" },
      { kpi: 2, date: "2026-04-01", value: 12 },
    ],
  });
  const saved = client.store.getState().planning;
  assert.equal([saved.pending, saved.rejected, saved.save.status], [{}, {}, "idle"]);
  assert.is(planOf(client, "financial/1", 1, "2026-04-01"), 1500);
  assert.is(planOf(client, "financial/1", 1, "2026-05-01"), null, "'-' removed the month");
  assert.ok(client.types().includes("ToastShown"));
});

test("a refused save keeps every change: the cell the server named shows its message, the message says nothing was saved", async () => {
  const client = testClient({
    "POST /api/kpis/planning-values/": (_call, count) => (count === 1 ? json(400, { "values.1.value": ["Enter a finite number."] }) : json(403, { detail: "You don't have permission to change values of this KPI." })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "EditPlanningCells", cells: [{ kpi: 1, date: "2026-04-01", text: "5", unit: "number" }, { kpi: 1, date: "2026-05-01", text: "6", unit: "number" }] });
  client.bus.dispatch({ _tag: "SavePlanningChanges" });
  await client.waitFor("PlanningSaveFailed");
  let model = client.store.getState().planning;
  assert.is(model.save.status, "error");
  assert.equal(model.pending, { 1: { "2026-04-01": { text: "5", value: 5 } } });
  assert.equal(model.rejected, { 1: { "2026-05-01": { text: "6", message: "Enter a finite number." } } });

  client.bus.dispatch({ _tag: "EditPlanningCells", cells: [{ kpi: 1, date: "2026-05-01", text: "7", unit: "number" }] });
  client.bus.dispatch({ _tag: "SavePlanningChanges" });
  await settle();
  model = client.store.getState().planning;
  assert.equal(model.save, { status: "error", message: "You don't have permission to change values of this KPI." });
  assert.equal(model.pending, { 1: { "2026-04-01": { text: "5", value: 5 }, "2026-05-01": { text: "7", value: 7 } } }, "nothing is lost");
});

test("another person's save arrives live: open working-plan grids change in place, a version's grid does not, a pending cell keeps its draft and shows the conflict", async () => {
  const client = testClient({ "POST /api/kpis/values/": () => json(200, answer(100)) });
  signedIn(client);
  client.bus.dispatch(GRID);
  client.bus.dispatch({ ...GRID, key: "financial/1/version", version: 4 });
  await settle();
  client.bus.dispatch({ _tag: "EditPlanningCells", cells: [{ kpi: 1, date: "2026-05-01", text: "300", unit: "number" }] });
  client.bus.receive(
    { _tag: "ServerEventReceived", seq: 9, type: "PlanningValueEdited", actor: "user:2", actorName: "Carl Clevel", payload: { values: [{ kpi: 1, date: "2026-04-01", value: 250 }, { kpi: 1, date: "2026-05-01", value: 260 }], by: 2 }, occurredAt: new Date().toISOString() },
    "remote",
  );
  await client.waitFor("PlanningValuesSaved");
  const model = client.store.getState().planning;
  assert.is(planOf(client, "financial/1", 1, "2026-04-01"), 250);
  assert.is(planOf(client, "financial/1/version", 1, "2026-04-01"), 100, "a version keeps its values");
  assert.equal(model.pending, { 1: { "2026-05-01": { text: "300", value: 300 } } });
  assert.equal(model.conflicts, { 1: { "2026-05-01": 260 } });
  // Another kind of event, or a malformed one, changes nothing.
  client.bus.receive({ _tag: "ServerEventReceived", seq: 10, type: "PlanningValueEdited", actor: "user:2", actorName: null, payload: { values: "no" }, occurredAt: new Date().toISOString() }, "remote");
  await settle();
  assert.is(client.types().filter((type) => type === "PlanningValuesSaved").length, 1);
});

test("versions: listed, kept (the name's message on a refusal), deleted, and loaded again when someone else changes them", async () => {
  let list = [budget];
  const client = testClient({
    "GET /api/planning/versions/": () => json(200, { versions: list }),
    "POST /api/planning/versions/": (call, count) =>
      count === 1 ? json(400, { name: ["A planning version with this name already exists."] }) : json(201, { ...budget, id: 5, name: (call.body as { name: string }).name, createdAt: "2026-11-20T09:00:00.000Z" }),
    "DELETE /api/planning/versions/4/": () => new Response(null, { status: 204 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadPlanningVersions" });
  await client.waitFor("PlanningVersionsLoaded");
  assert.equal(client.store.getState().planning.versions.list.map((version) => version.name), ["Budget 2026/27"]);

  client.bus.dispatch({ _tag: "SavePlanningVersion", name: "Budget 2026/27", fiscalYear: 2026 });
  await client.waitFor("PlanningVersionFailed");
  assert.equal(client.store.getState().planning.versionAction.fields, { name: ["A planning version with this name already exists."] });
  client.bus.dispatch({ _tag: "SavePlanningVersion", name: "Reforecast Q3", fiscalYear: 2026 });
  await client.waitFor("PlanningVersionSaved");
  assert.equal(client.server.calls.filter((call) => call.method === "POST").at(-1)!.body, { name: "Reforecast Q3", fiscalYear: 2026 });
  assert.equal(client.store.getState().planning.versions.list.map((version) => version.name), ["Reforecast Q3", "Budget 2026/27"]);
  assert.is(client.store.getState().planning.versionAction.status, "idle");

  client.bus.dispatch({ _tag: "DeletePlanningVersion", versionId: 4, name: "Budget 2026/27" });
  await client.waitFor("PlanningVersionDeleted");
  assert.equal(client.store.getState().planning.versions.list.map((version) => version.name), ["Reforecast Q3"]);

  list = [budget, { ...budget, id: 6, name: "Someone else's" }];
  client.bus.receive({ _tag: "ServerEventReceived", seq: 11, type: "PlanningVersionSaved", actor: "user:2", actorName: null, payload: {}, occurredAt: new Date().toISOString() }, "remote");
  await settle();
  assert.equal(client.store.getState().planning.versions.list.map((version) => version.name), ["Budget 2026/27", "Someone else's"]);
});

test.run();
