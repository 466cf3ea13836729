import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthIndexOf } from "../../../src/domain/months";
import { dealSize, niceStep } from "../../../src/domain/warehouse/deal-size";
import { salesTarget } from "../../../src/domain/warehouse/sales-target";
import { deal } from "./fixtures";

const JAN = monthIndexOf("2026-01-01");
const MAR = monthIndexOf("2026-03-01");

test("a round histogram step at least the raw one", () => {
  const table: [number, number][] = [
    [0, 1],
    [0.3, 0.5],
    [1, 1],
    [1.2, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [12_500, 20_000],
    [2_400, 2_500],
  ];
  for (const [raw, step] of table) assert.is(niceStep(raw), step, String(raw));
});

const deals = [
  deal("a", { stage: "won", amount: 1_000, closedOn: "2026-01-05" }),
  deal("b", { stage: "won", amount: 3_000, closedOn: "2026-01-20" }),
  deal("c", { stage: "won", amount: 8_000, closedOn: "2026-03-31" }),
  deal("d", { stage: "won", amount: 99_000, closedOn: "2026-04-01" }), // after the months
  deal("e", { stage: "lost", amount: 50_000, closedOn: "2026-02-01" }),
  deal("f", { stage: "proposal", amount: 70_000 }),
];

test("deal size: won deals closed in the months, their sizes and months", () => {
  const view = dealSize(deals, JAN, MAR);
  assert.equal([view.count, view.total, view.average, view.median, view.largest], [3, 12_000, 4_000, 3_000, 8_000]);
  assert.equal(view.buckets, [
    { from: 0, to: 1_000, count: 0 },
    { from: 1_000, to: 2_000, count: 1 },
    { from: 2_000, to: 3_000, count: 0 },
    { from: 3_000, to: 4_000, count: 1 },
    { from: 4_000, to: 5_000, count: 0 },
    { from: 5_000, to: 6_000, count: 0 },
    { from: 6_000, to: 7_000, count: 0 },
    { from: 7_000, to: 8_000, count: 0 },
    { from: 8_000, to: 9_000, count: 1 },
  ]);
  assert.equal(view.months, [
    { month: "2026-01-01", count: 2, total: 4_000, average: 2_000 },
    { month: "2026-02-01", count: 0, total: 0, average: null },
    { month: "2026-03-01", count: 1, total: 8_000, average: 8_000 },
  ]);
  const none = dealSize([], JAN, MAR);
  assert.equal([none.count, none.average, none.median, none.largest, none.buckets], [0, null, null, null, []]);
});

test("sales target: won against target, month by month and summed up", () => {
  const view = salesTarget(deals, [{ month: "2026-01-01", amount: 5_000 }, { month: "2026-03-01", amount: 10_000 }], JAN, MAR);
  assert.equal(view.months, [
    { month: "2026-01-01", won: 4_000, target: 5_000, cumulativeWon: 4_000, cumulativeTarget: 5_000, attainment: 80 },
    { month: "2026-02-01", won: 0, target: null, cumulativeWon: 4_000, cumulativeTarget: 5_000, attainment: 80 },
    { month: "2026-03-01", won: 8_000, target: 10_000, cumulativeWon: 12_000, cumulativeTarget: 15_000, attainment: 80 },
  ]);
  assert.equal([view.won, view.target, view.attainment], [12_000, 15_000, 80]);
  assert.is(salesTarget(deals, [], JAN, MAR).attainment, null, "without a target there is no attainment");
});

test.run();
