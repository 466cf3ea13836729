import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { holdingReducer, initialHolding, rollupParams, type HoldingModel } from "../../../../src/client/features/holding/model";

const fold = (events: DomainEvent[], model: HoldingModel = initialHolding) =>
  events.reduce<HoldingModel>((current, event, index) => holdingReducer(current, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);
const rollup = { currency: "CHF", from: "2026-01-01", to: "2026-03-01", months: [], companies: [], lines: [], unmatched: [] };

test("the roll-up: a reload of the same period keeps the figures on screen; another period's answer is dropped", () => {
  const ytd = rollupParams("ytd", null, null);
  const range = rollupParams("range", "2026-02-01", "2026-03-01");
  const loaded = fold([{ _tag: "HoldingRollupLoadStarted", params: ytd }, { _tag: "HoldingRollupLoaded", params: ytd, rollup }]);
  assert.is(fold([{ _tag: "HoldingRollupLoadStarted", params: ytd }], loaded).rollup.data, loaded.rollup.data);
  const moved = fold([{ _tag: "HoldingRollupLoadStarted", params: range }, { _tag: "HoldingRollupLoaded", params: ytd, rollup }], loaded);
  assert.equal([moved.rollup.status, moved.rollup.params, moved.rollup.data], ["loading", range, null]);
  assert.equal(fold([{ _tag: "HoldingRollupLoadFailed", params: range, message: "A period covers at most 36 months." }], moved).rollup.message, "A period covers at most 36 months.");
});

test("a removal that fails says so on its row; a change elsewhere bumps the revision", () => {
  const model = fold([
    { _tag: "HoldingsLoaded", holdings: [{ id: 1, name: "Alpha", authorization_state: "authorized", is_authorized: true, currency: "EUR" }] },
    { _tag: "SubsidiaryRemoveStarted", id: 1 },
    { _tag: "SubsidiaryRemoveFailed", id: 1, message: "Something went wrong. Please try again." },
    { _tag: "HoldingsChangedElsewhere", change: "SubsidiaryRequested" },
  ]);
  assert.equal(model.removing[1], { status: "error", message: "Something went wrong. Please try again." });
  assert.is(model.holdings.list.length, 1);
  assert.is(model.revision, 1);
});

test.run();
