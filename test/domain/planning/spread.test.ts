import { test } from "uvu";
import * as assert from "uvu/assert";
import { apportion, LAST_YEAR_MIXED_SIGNS, LAST_YEAR_SUMS_TO_ZERO, NO_LAST_YEAR, parseUplift, planningDecimals, spreadYearTotal, withUplift } from "../../../src/domain/planning/spread";

const sum = (values: readonly number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;
const flat = (value: number) => Array.from({ length: 12 }, () => value);

test("apportion: the parts add up to the total exactly, the rounding going to the largest remainders", () => {
  const table: [number, number[], number, number[]][] = [
    [100, [1, 1, 1], 0, [34, 33, 33]],
    [100, [1, 1, 1], 2, [33.34, 33.33, 33.33]],
    [-100, [1, 1, 1], 0, [-34, -33, -33]],
    [10, [1, 2, 7], 0, [1, 2, 7]],
    [1, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 2, [0.09, 0.09, 0.09, 0.09, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08]],
    [0, [1, 1], 2, [0, 0]],
  ];
  for (const [total, weights, decimals, parts] of table) {
    assert.equal(apportion(total, weights, decimals), parts, `${total} over ${weights}`);
    assert.is(sum(parts), total);
  }
});

test("spread a cum total evenly: twelve months that add up to the total to the cent", () => {
  const spread = spreadYearTotal(1_000_000, "cum", "even", [], 2);
  assert.is(spread.method, "even");
  assert.is(spread.fallback, null);
  assert.is(sum(spread.values), 1_000_000);
  assert.equal(spread.values.slice(0, 5), [83_333.34, 83_333.34, 83_333.34, 83_333.34, 83_333.33]);
  const odd = spreadYearTotal(100.01, "cum", "even", [], 2);
  assert.is(sum(odd.values), 100.01);
});

test("spread by last year's seasonality: each month weighs what it weighed last year", () => {
  const lastYear = [10, 10, 20, 20, 10, 10, 5, 5, 2, 3, 2, 3];
  const spread = spreadYearTotal(2_000, "cum", "seasonality", lastYear, 0);
  assert.is(spread.method, "seasonality");
  assert.equal(spread.values, [200, 200, 400, 400, 200, 200, 100, 100, 40, 60, 40, 60]);
  const costs = spreadYearTotal(-1_200, "cum", "seasonality", lastYear.map((value) => -value), 0);
  assert.equal(costs.values, [-120, -120, -240, -240, -120, -120, -60, -60, -24, -36, -24, -36], "negative months weigh by their size");
  assert.is(sum(costs.values), -1_200);
});

test("seasonality falls back to even, and says why", () => {
  const table: [(number | null)[], string][] = [
    [[], NO_LAST_YEAR],
    [[...flat(1).slice(0, 11), null], NO_LAST_YEAR],
    [flat(0), LAST_YEAR_SUMS_TO_ZERO],
    [[5, -5, ...flat(1).slice(2)], LAST_YEAR_MIXED_SIGNS],
  ];
  for (const [lastYear, reason] of table) {
    const spread = spreadYearTotal(120, "cum", "seasonality", lastYear, 2);
    assert.equal([spread.method, spread.fallback, spread.values], ["even", reason, flat(10)], JSON.stringify(lastYear));
  }
});

test("ad: the months average to the figure; dd: every month holds it", () => {
  const average = spreadYearTotal(50, "ad", "seasonality", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2], 2);
  assert.is(sum(average.values) / 12, 50);
  assert.equal(average.values.slice(0, 1).concat(average.values.slice(6, 7)), [33.33, 66.67]);
  assert.equal(spreadYearTotal(7, "dd", "seasonality", flat(3), 0).values, flat(7));
});

test("uplift: each month × (1 + p/100), rounded; empty months stay empty", () => {
  const table: [(number | null)[], number, number, (number | null)[]][] = [
    [[100, 200, null], 5, 2, [105, 210, null]],
    [[100, 33.33], -10, 2, [90, 30]],
    [[10, 11], 2.5, 0, [10, 11]],
    [[-100], 10, 2, [-110]],
    [[100], -100, 2, [0]],
  ];
  for (const [source, percent, decimals, expected] of table) assert.equal(withUplift(source, percent, decimals), expected, `${source} +${percent}%`);
});

test("typed uplift: a percentage from -100 to 1000", () => {
  assert.equal(parseUplift("5"), { kind: "value", percent: 5 });
  assert.equal(parseUplift(" -2.5 % "), { kind: "value", percent: -2.5 });
  for (const text of ["", "abc", "-101", "1001", "5,5", "1e3"]) assert.is(parseUplift(text).kind, "invalid", text);
  assert.is(planningDecimals("positions"), 0);
  assert.is(planningDecimals("currency"), 2);
});

test.run();
