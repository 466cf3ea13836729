import { test } from "uvu";
import * as assert from "uvu/assert";
import { furthestBehindPlan, performanceAgainstPlan, topMovers } from "../../../src/domain/copilot/ranking";
import { cashRunway } from "../../../src/domain/copilot/runway";

test("performance against plan in the good direction", () => {
  const table: [number | null, number | null, boolean, number | null][] = [
    [90, 100, true, -0.1],
    [110, 100, true, 0.1],
    [110, 100, false, -0.1], // a cost above plan is behind
    [-50, -100, true, 0.5], // a smaller loss than planned is ahead
    [100, 0, true, null],
    [null, 100, true, null],
  ];
  for (const [actual, plan, higherIsBetter, expected] of table) {
    const got = performanceAgainstPlan({ actual, plan, higherIsBetter });
    assert.ok(expected === null ? got === null : Math.abs(got! - expected) < 1e-12, `${actual}/${plan}/${higherIsBetter}: ${got}`);
  }
});

test("furthest behind plan: most behind first, ahead and planless left out, ties by name", () => {
  const ranked = furthestBehindPlan([
    { name: "Revenue", actual: 90, plan: 100, higherIsBetter: true },
    { name: "Costs", actual: 130, plan: 100, higherIsBetter: false },
    { name: "Customers", actual: 120, plan: 100, higherIsBetter: true },
    { name: "Churn", actual: 5, plan: null, higherIsBetter: false },
    { name: "Bookings", actual: 45, plan: 50, higherIsBetter: true },
  ]);
  assert.equal(ranked.map((kpi) => kpi.name), ["Costs", "Bookings", "Revenue"]);
});

test("top movers by the size of the relative change", () => {
  const moved = topMovers([
    { name: "A", value: 110, base: 100, higherIsBetter: true },
    { name: "B", value: 50, base: 100, higherIsBetter: true },
    { name: "C", value: 100, base: 100, higherIsBetter: true },
    { name: "D", value: 130, base: 100, higherIsBetter: false },
  ]);
  assert.equal(moved.map((kpi) => [kpi.name, kpi.good]), [["B", false], ["D", false], ["A", true]]);
});

test("cash runway from month-end balances", () => {
  const months = (start: number, values: number[]) => new Map(values.map((value, index) => [start + index, value] as const));
  const burning = cashRunway(months(100, [1000, 900, 800, 700]));
  assert.equal(burning, { kind: "burning", balance: 700, month: 103, monthlyChange: -100, months: 3, runwayMonths: 7 });
  assert.is(cashRunway(months(100, [100, 200])).kind, "growing");
  assert.is(cashRunway(new Map()).kind, "unknown");
  // A gap ends the run of changes: only the last two consecutive months count.
  const gap = cashRunway(new Map([[100, 5000], [103, 900], [104, 800]]));
  assert.equal(gap.kind === "burning" ? [gap.monthlyChange, gap.months] : null, [-100, 1]);
  // Eight months of balances: only the last six changes are averaged.
  const long = cashRunway(months(0, [10_000, 1000, 900, 800, 700, 600, 500, 400]));
  assert.equal(long.kind === "burning" ? long.monthlyChange : null, -100);
});

test.run();
