import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ForecastDetail, ForecastSummary } from "../../../../src/contracts/forecasting";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { INVALID_NUMBER } from "../../../../src/domain/kpi/number-input";
import { forecastingReducer, initialForecasting, pendingChanges, type ForecastingModel } from "../../../../src/client/features/forecasting/model";
import { json } from "../../effect/fake-server";
import { testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const summary = (overrides: Partial<ForecastSummary> = {}): ForecastSummary => ({
  id: 3,
  categoryId: 1,
  name: "Team outlook",
  source: "meridian",
  method: "linear_progression",
  isSystem: false,
  isActive: false,
  actualsFrom: "2025-11-01",
  actualsTo: "2026-10-01",
  forecastFrom: "2026-11-01",
  forecastTo: "2026-12-01",
  createdAt: "2026-11-20T10:00:00.000Z",
  createdBy: "Ada Administrator",
  activatedAt: null,
  ...overrides,
});
const detail = (): ForecastDetail => ({
  forecast: summary(),
  category: { id: 1, name: "P&L" },
  months: ["2026-11-01", "2026-12-01"],
  kpis: [{ id: 7, name: "Revenue", unit: "currency", override: false, writable: true, note: null, values: [100, 110], adjusted: [false, false], actuals: [null, null], accuracy: { mape: null, months: 0, zeroActualMonths: 0 } }],
  mayWrite: true,
  fxRateId: null,
});
const fold = (events: DomainEvent[], model: ForecastingModel = initialForecasting): ForecastingModel => {
  let folded = model;
  for (const [index, event] of events.entries()) folded = forecastingReducer(folded, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" });
  return folded;
};

test("the grid's cells as a table: a number, '-' removes, a refused text keeps its message, the stored value again is no change", async () => {
  const client = testClient({ "GET /api/forecasting/3/": () => json(200, detail()) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadForecast", forecastId: 3 });
  await client.waitFor("ForecastLoaded");
  const edit = async (text: string, date = "2026-11-01") => {
    client.bus.dispatch({ _tag: "DiscardForecastEdits" });
    client.bus.dispatch({ _tag: "EditForecastValue", kpiId: 7, date, text, unit: "currency" });
    await client.waitFor("ForecastCellEdited");
    return client.store.getState().forecasting.edits.cells;
  };
  assert.equal(await edit("1,250.5"), { "7/2026-11-01": { text: "1,250.5", value: 1250.5 } });
  assert.equal(await edit("2k"), { "7/2026-11-01": { text: "2k", value: 2000 } });
  assert.equal(await edit("-"), { "7/2026-11-01": { text: "-", value: null } });
  assert.equal(await edit("1.2.3"), { "7/2026-11-01": { text: "1.2.3", error: INVALID_NUMBER } });
  assert.equal(await edit("100"), {}, "the stored value typed again is not a change");

  const loaded = fold([{ _tag: "ForecastLoaded", detail: detail() }]);
  const refused = fold([{ _tag: "ForecastCellEdited", kpiId: 7, date: "2026-11-01", text: "abc", value: null, error: INVALID_NUMBER }], loaded);
  assert.is(pendingChanges(refused.edits), null, "nothing is sent while a cell is refused");
  const both = fold(
    [
      { _tag: "ForecastCellEdited", kpiId: 7, date: "2026-11-01", text: "-", value: null, error: null },
      { _tag: "ForecastCellEdited", kpiId: 7, date: "2026-12-01", text: "120", value: 120, error: null },
      { _tag: "ForecastOverrideSet", kpiId: 7, override: true },
    ],
    loaded,
  );
  assert.equal(pendingChanges(both.edits), { values: [{ kpi: 7, date: "2026-11-01", value: "-" }, { kpi: 7, date: "2026-12-01", value: 120 }], overrides: [{ kpi: 7, override: true }] });
  assert.equal(fold([{ _tag: "ForecastOverrideSet", kpiId: 7, override: false }], both).edits.overrides, {}, "back to the stored override is no change");
});

test("a switch says which forecast replaced which and makes open screens load again", () => {
  const model = fold([{ _tag: "ForecastActivated", result: { activated: summary({ isActive: true }), deactivated: summary({ id: 1, name: "System forecast", isSystem: true }) } }]);
  assert.is(model.action.notice, "Team outlook is the active forecast now, instead of System forecast.");
  assert.is(model.revision, 1);
  assert.is(fold([{ _tag: "ForecastActivated", result: { activated: summary({ isActive: true }), deactivated: null } }]).action.notice, "Team outlook is the active forecast now.");
});

test("saving sends every pending value and override in one PATCH; a refusal keeps the edits with the server's words", async () => {
  const client = testClient({
    "GET /api/forecasting/3/": () => json(200, detail()),
    "PATCH /api/forecasting/3/": (_call, count) =>
      count === 1 ? json(400, { values: ["This month is outside the forecast timeframe. (2027-01-01)"] }) : json(200, { forecast: summary(), values: [{ kpi: 7, date: "2026-12-01", value: 120 }], overrides: [{ kpi: 7, override: true }] }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadForecast", forecastId: 3 });
  await client.waitFor("ForecastLoaded");
  client.bus.dispatch({ _tag: "EditForecastValue", kpiId: 7, date: "2026-12-01", text: "120", unit: "currency" });
  client.bus.dispatch({ _tag: "SaveForecastEdits", forecastId: 3 });
  await client.waitFor("ForecastEditsSaveFailed");
  assert.is(client.store.getState().forecasting.edits.message, "This month is outside the forecast timeframe. (2027-01-01)");
  assert.equal(Object.keys(client.store.getState().forecasting.edits.cells), ["7/2026-12-01"], "the edits stay");
  client.bus.dispatch({ _tag: "SaveForecastEdits", forecastId: 3 });
  await client.waitFor("ForecastEditsSaved");
  assert.equal(client.server.calls.filter((call) => call.path === "/api/forecasting/3/" && call.method === "PATCH").at(-1)!.body, { values: [{ kpi: 7, date: "2026-12-01", value: 120 }] });
  assert.equal(client.store.getState().forecasting.edits.cells, {});
  await client.waitFor("ForecastLoaded");
});

test("activation elsewhere reloads forecasting screens and the KPI views of the category's KPIs", async () => {
  const client = testClient({ "GET /api/auth/users/me/": () => json(200, {}) });
  client.bus.receive(
    { _tag: "ServerEventReceived", seq: 9, type: "ForecastActivated", actor: "user:9", actorName: "Ada Administrator", payload: { forecastId: 3, categoryId: 1, name: "Team outlook", previous: { id: 1, name: "System forecast" }, kpiIds: [7, 8], by: 9 }, occurredAt: new Date().toISOString() },
    "remote",
  );
  await client.waitFor("ForecastsChangedElsewhere");
  await client.waitFor("KpiDataChangedElsewhere");
  const changed = client.events.find((envelope) => envelope.type === "KpiDataChangedElsewhere")!;
  assert.equal((changed.payload as unknown as { kpiIds: number[] }).kpiIds, [7, 8]);
  assert.is(client.store.getState().forecasting.revision, 1);
});

test("a refused create keeps the field messages for the wizard", async () => {
  const client = testClient({ "POST /api/forecasting/": () => json(400, { name: ["A forecast with this name already exists."] }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "CreateForecast", request: { categoryId: 1, name: "System forecast", source: "meridian", method: "linear_progression", actualsFrom: "2025-11-01", actualsTo: "2026-10-01", forecastFrom: "2026-11-01", forecastTo: "2027-10-01" } });
  await client.waitFor("ForecastCreateFailed");
  assert.equal(client.store.getState().forecasting.create.fields, { name: ["A forecast with this name already exists."] });
});

test.run();
