// The liquidity reducer: events in, model out.
import { test } from "uvu";
import type { DomainEvent } from "../../../../src/contracts/messages";
import * as assert from "uvu/assert";
import { ComparedScenariosChanged, LiquidityProjectionLoaded, LiquidityProjectionLoadStarted, LiquidityScenarioRemoved, LiquidityScenarioSaved, LiquidityScenariosLoaded } from "../../../../src/contracts/messages/liquidity";
import { initialLiquidity, liquidityReducer, type LiquidityModel } from "../../../../src/client/features/liquidity/model";
import { projection, scenario } from "./fixtures";

const fold = (model: LiquidityModel, ...events: DomainEvent[]) => events.reduce((folded, event) => liquidityReducer(folded, event, { seq: 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);

test("a saved scenario replaces its row, a new one goes first; approval reaches the open scenario", () => {
  const loaded = fold(initialLiquidity, LiquidityScenariosLoaded.make({ list: { scenarios: [scenario(1, "A"), scenario(2, "B")], canCreate: true } }));
  const approved = scenario(2, "B", { status: "approved", canEdit: false });
  const model = fold({ ...loaded, scenario: { scenarioId: 2, status: "loaded", value: scenario(2, "B"), message: null, notFound: false } }, LiquidityScenarioSaved.make({ scenario: approved }), LiquidityScenarioSaved.make({ scenario: scenario(3, "C") }));
  assert.equal(model.list.value?.scenarios.map((entry) => `${entry.name}:${entry.status}`), ["C:draft", "A:draft", "B:approved"]);
  assert.is(model.scenario.value?.status, "approved");
});

test("a removed or vanished scenario leaves the chart with its projection", () => {
  let model = fold(initialLiquidity, ComparedScenariosChanged.make({ scenarioIds: [1, 2, 3] }), LiquidityProjectionLoadStarted.make({ scenarioId: 2, fxRateId: null }), LiquidityProjectionLoaded.make({ fxRateId: null, projection: projection(2, 10, 1) }));
  model = fold(model, LiquidityScenarioRemoved.make({ scenarioId: 2 }));
  assert.equal(model.compared, [1, 3]);
  assert.is(model.projections["2"], undefined);
  model = fold(model, LiquidityScenariosLoaded.make({ list: { scenarios: [scenario(3, "C")], canCreate: true } }));
  assert.equal(model.compared, [3], "1 is gone from the list");
});

test("a projection answered for an older FX selection is dropped; one for a scenario taken off the chart too", () => {
  let model = fold(initialLiquidity, ComparedScenariosChanged.make({ scenarioIds: [1] }), LiquidityProjectionLoadStarted.make({ scenarioId: 1, fxRateId: 5 }));
  model = fold(model, LiquidityProjectionLoaded.make({ fxRateId: null, projection: projection(1, 10, 1, "EUR") }));
  assert.is(model.projections["1"]?.value, null, "the EUR answer came after USD was asked for");
  model = fold(model, LiquidityProjectionLoaded.make({ fxRateId: 5, projection: projection(1, 10, 1, "USD") }));
  assert.is(model.projections["1"]?.value?.currency, "USD");
  model = fold(model, LiquidityProjectionLoaded.make({ fxRateId: 5, projection: projection(9, 10, 1, "USD") }));
  assert.is(model.projections["9"], undefined);
});

test.run();
