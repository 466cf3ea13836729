import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectedProgress, isAtRisk, keyResultProgress, keyResultSuggestion, kpiFedActual, objectiveProgress, type KrDirection } from "../../../src/domain/okrs/progress";
import { monthIndexOf } from "../../../src/domain/months";

test("key result progress as a table: increasing, decreasing, binary, clamped, no value", () => {
  const table: [KrDirection, number, number, number | null, number | null][] = [
    ["increasing", 0, 100, 25, 25],
    ["increasing", 50, 150, 100, 50],
    ["increasing", 50, 150, 40, 0], // below the start
    ["increasing", 50, 150, 180, 100], // beyond the target
    ["increasing", 0, 100, null, null], // no value is no progress, not zero
    ["decreasing", 20, 10, 15, 50], // churn from 20 % down to 10 %
    ["decreasing", 20, 10, 8, 100],
    ["decreasing", 20, 10, 25, 0],
    ["binary", 0, 1, 0, 0],
    ["binary", 0, 1, 1, 100],
    ["increasing", 100, 0, 25, 75], // numbers going down: read the way they go
  ];
  for (const [direction, start, target, actual, expected] of table) {
    assert.is(keyResultProgress({ direction, start, target, actual }), expected, `${direction} ${start}→${target} at ${actual}`);
  }
});

test("an objective's progress is the mean of its key results with a value", () => {
  assert.is(objectiveProgress([20, 40, null]), 30);
  assert.is(objectiveProgress([null, null]), null);
  assert.is(objectiveProgress([]), null);
});

test("a KPI-fed actual aggregates the KPI's way over the period up to the current month", () => {
  const m = monthIndexOf;
  const actuals = new Map([
    [m("2026-01-01"), 10],
    [m("2026-02-01"), 20],
    [m("2026-03-01"), 30],
    [m("2026-04-01"), 40],
  ]);
  const q1 = { first: m("2026-01-01"), last: m("2026-03-01") };
  assert.is(kpiFedActual(actuals, "cum", q1, m("2026-06-01")), 60);
  assert.is(kpiFedActual(actuals, "cum", q1, m("2026-02-01")), 30, "months after the current one do not count yet");
  assert.is(kpiFedActual(actuals, "ad", q1, m("2026-06-01")), 20);
  assert.is(kpiFedActual(actuals, "dd", q1, m("2026-06-01")), 30);
  assert.is(kpiFedActual(new Map(), "cum", q1, m("2026-06-01")), null);
});

test("the suggestion for a KPI-linked key result: cumulative starts at 0 and targets the sum of the plan", () => {
  const m = monthIndexOf;
  const period = { first: m("2026-01-01"), last: m("2026-03-01") };
  const planning = new Map([
    [m("2026-01-01"), 100],
    [m("2026-02-01"), 110],
    [m("2026-03-01"), 120],
    [m("2026-04-01"), 999],
  ]);
  const actual = new Map([
    [m("2025-11-01"), 7],
    [m("2025-12-01"), 9],
  ]);
  assert.equal(keyResultSuggestion({ aggregation: "cum", higherIsBetter: true }, { actual, planning }, period), { direction: "increasing", start: 0, target: 330 });
  assert.equal(keyResultSuggestion({ aggregation: "dd", higherIsBetter: false }, { actual, planning }, period), { direction: "decreasing", start: 9, target: 120 });
  assert.equal(keyResultSuggestion({ aggregation: "ad", higherIsBetter: true }, { actual: new Map(), planning: new Map() }, period), { direction: "increasing", start: 0, target: null });
});

test("expected progress runs evenly through the period; at risk by low confidence or a wide gap", () => {
  assert.is(expectedProgress({ startsOn: "2026-01-01", endsOn: "2026-12-31" }, "2025-12-01"), 0);
  assert.is(expectedProgress({ startsOn: "2026-01-01", endsOn: "2026-12-31" }, "2027-01-05"), 100);
  assert.ok(Math.abs(expectedProgress({ startsOn: "2026-01-01", endsOn: "2026-12-31" }, "2026-07-02") - 49.86) < 0.01);
  assert.is(isAtRisk({ progress: 50, lowestConfidence: 4, expected: 50 }), true);
  assert.is(isAtRisk({ progress: 20, lowestConfidence: 8, expected: 50 }), true);
  assert.is(isAtRisk({ progress: 30, lowestConfidence: 8, expected: 50 }), false);
  assert.is(isAtRisk({ progress: null, lowestConfidence: null, expected: 90 }), false);
});

test.run();
