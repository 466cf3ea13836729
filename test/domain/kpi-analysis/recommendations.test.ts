import { test } from "uvu";
import * as assert from "uvu/assert";
import { behindPlan, belowBenchmark, outdated, recommendationsFor, slope, trendReversal, type RecommendationInput } from "../../../src/domain/kpi-analysis/recommendations";

const END = 2026 * 12 + 5; // Jun 2026
const months = (values: readonly (number | null)[], last = END) => new Map(values.flatMap((value, index) => (value === null ? [] : [[last - values.length + 1 + index, value] as const])));
const input = (overrides: Partial<RecommendationInput>): RecommendationInput => ({
  name: "Revenue",
  higherIsBetter: true,
  isCalculated: false,
  cadence: "monthly",
  benchmarkMedian: null,
  actual: new Map(),
  planning: new Map(),
  end: END,
  currentMonth: END + 1,
  format: (value) => String(Math.round(value * 100) / 100),
  ...overrides,
});

test("behind plan three months running, by the good direction, as a table", () => {
  const table: [string, boolean, (number | null)[], (number | null)[], boolean][] = [
    ["three months below", true, [90, 80, 95], [100, 100, 100], true],
    ["one month on plan", true, [90, 100, 95], [100, 100, 100], false],
    ["two months only", true, [null, 80, 95], [100, 100, 100], false],
    ["no plan in one", true, [90, 80, 95], [100, null, 100], false],
    ["costs above plan", false, [110, 120, 101], [100, 100, 100], true],
    ["costs below plan", false, [90, 80, 95], [100, 100, 100], false],
    ["earlier months do not count", true, [50, 50, 50, 120], [100, 100, 100, 100], false],
  ];
  for (const [name, higherIsBetter, actual, plan, fires] of table) {
    const found = behindPlan(input({ higherIsBetter, actual: months(actual), planning: months(plan) }));
    assert.is(found !== null, fires, name);
  }
  const found = behindPlan(input({ actual: months([90, 80, 95]), planning: months([100, 100, 100]) }))!;
  assert.is(found.tone, "warning");
  assert.is(found.reason, "In Apr 2026 90 against a plan of 100, May 2026 80 against a plan of 100, Jun 2026 95 against a plan of 100.");
  assert.equal(found.figures.filter((figure) => figure.label.endsWith("gap")).map((figure) => figure.value), [-10, -20, -5]);
});

test("worse than the benchmark median, by the good direction, as a table", () => {
  const table: [string, boolean, number | null, number | null, boolean][] = [
    ["below the median", true, 40, 50, true],
    ["at the median", true, 50, 50, false],
    ["above the median", true, 60, 50, false],
    ["a cost above the median", false, 60, 50, true],
    ["a cost below", false, 40, 50, false],
    ["no median", true, 40, null, false],
    ["no actual in the month", true, null, 50, false],
  ];
  for (const [name, higherIsBetter, value, median, fires] of table) {
    const found = belowBenchmark(input({ higherIsBetter, benchmarkMedian: median, actual: months([value]) }));
    assert.is(found !== null, fires, name);
  }
  assert.equal(belowBenchmark(input({ benchmarkMedian: 50, actual: months([40]) }))!.figures.map((figure) => figure.value), [40, 50, -10]);
});

test("slope by least squares", () => {
  assert.is(slope([1, 2, 3]), 1);
  assert.is(slope([3, 2, 1]), -1);
  assert.is(slope([5, 5, 5]), 0);
  assert.is(slope([1, 3, 2]), 0.5);
});

test("trend reversal: the three-month slope changed sign beyond the noise, as a table", () => {
  const table: [string, boolean, (number | null)[], "warning" | "good" | null][] = [
    ["up then down", true, [100, 110, 120, 118, 110, 100], "warning"],
    ["down then up", true, [120, 110, 100, 105, 110, 120], "good"],
    ["down then up, for a cost", false, [120, 110, 100, 105, 110, 120], "warning"],
    ["up all along", true, [100, 105, 110, 115, 120, 125], null],
    ["flat then down: a flat stretch is no trend", true, [100, 100.2, 100, 99, 95, 90], null],
    ["a month missing", true, [100, 110, null, 118, 110, 100], null],
    ["only five months", true, [110, 120, 118, 110, 100], null],
  ];
  for (const [name, higherIsBetter, actual, tone] of table) {
    const found = trendReversal(input({ higherIsBetter, actual: months(actual) }));
    assert.is(found?.tone ?? null, tone, name);
  }
  const found = trendReversal(input({ actual: months([100, 110, 120, 118, 110, 100]) }))!;
  assert.is(found.reason, "Jan – Mar 2026 rising by 10 a month, Apr – Jun 2026 falling by 9 a month.");
});

test("outdated by the cadence, stored KPIs only, as a table", () => {
  const table: [string, RecommendationInput["cadence"], boolean, number | null, boolean][] = [
    ["monthly, last month reported", "monthly", false, END, false],
    ["monthly, a month behind", "monthly", false, END - 1, true],
    ["quarterly, two months behind", "quarterly", false, END - 2, false],
    ["quarterly, three months behind", "quarterly", false, END - 3, true],
    ["never reported", "monthly", false, null, true],
    ["calculated", "monthly", true, null, false],
  ];
  for (const [name, cadence, isCalculated, newest, fires] of table) {
    const found = outdated(input({ cadence, isCalculated, actual: newest === null ? new Map() : new Map([[newest, 1]]) }));
    assert.is(found !== null, fires, name);
  }
  assert.is(outdated(input({ actual: new Map([[END - 1, 1]]) }))!.reason, "Its newest actual is for May 2026; reported monthly, it should reach Jun 2026 by now.");
});

test("all rules together, in their order", () => {
  const found = recommendationsFor(input({ benchmarkMedian: 200, actual: months([100, 110, 120, 118, 110, 100], END - 1), planning: months([150, 150, 150, 150, 150, 150], END - 1), end: END - 1, currentMonth: END + 1 }));
  assert.equal(found.map((each) => each.type), ["behind-plan", "below-benchmark", "trend-reversal", "outdated"]);
});

test.run();
