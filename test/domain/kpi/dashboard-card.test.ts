import { test } from "uvu";
import * as assert from "uvu/assert";
import { cardFigures, highAndLowPerformers, passesTrendFilter, type CardKpi, type CardMonth } from "../../../src/domain/kpi/dashboard-card";
import { monthIndexOf } from "../../../src/domain/months";

const kpi = (over: Partial<CardKpi> = {}): CardKpi => ({
  aggregationType: "cum",
  higherIsBetter: true,
  benchmarks: { valueBottom25: 50, valueMedian50: 100, valueTop25: 150, top5: 200 },
  ...over,
});
const months = (values: [string, number | null, number | null][]): CardMonth[] => values.map(([date, value, planningValue]) => ({ date, value, planningValue }));
const data = months([
  ["2026-05-01", 80, 90],
  ["2026-06-01", 90, 90],
  ["2026-07-01", 100, 100],
  ["2026-08-01", 120, 100],
  ["2026-09-01", 160, 150],
  ["2026-10-01", 150, 200],
]);
const end = monthIndexOf("2026-10-01");
const filter = { trendDuration: 1, trendOffset: 0, planningAsBenchmark: false };

test("the month's actual, plan, deviation and the one-month trend", () => {
  const figures = cardFigures(kpi(), data, filter, end);
  assert.equal(
    [figures.actual, figures.plan, figures.deviation, figures.deviationPercent, figures.trend, figures.trendPercent, figures.benchmark, figures.performance],
    [150, 200, -50, -25, "down", -6.2, "top25", -25],
  );
});

test("trendDuration 3 compares the sums of three months; trendOffset moves the month shown", () => {
  assert.equal(cardFigures(kpi(), data, { ...filter, trendDuration: 3 }, end).trendPercent, percent(430, 270));
  const moved = cardFigures(kpi(), data, { ...filter, trendOffset: 1 }, end);
  assert.equal([moved.actual, moved.plan, moved.trend], [160, 150, "up"]);
});

test("averages trend by their average, balances by the last value", () => {
  assert.is(cardFigures(kpi({ aggregationType: "ad" }), data, { ...filter, trendDuration: 2 }, end).trendPercent, percent(155, 110));
  assert.is(cardFigures(kpi({ aggregationType: "dd" }), data, { ...filter, trendDuration: 2 }, end).trendPercent, percent(150, 120));
});

test("lower-is-better KPIs rank a shortfall as good performance and read benchmarks downwards", () => {
  const figures = cardFigures(kpi({ higherIsBetter: false, benchmarks: { valueBottom25: 140, valueMedian50: 100, valueTop25: 50, top5: 20 } }), data, filter, end);
  assert.is(figures.performance, 25);
  assert.is(figures.benchmark, "bottom25");
});

test("a change under 1 % is neutral; no previous data is a null trend", () => {
  const flat = months([["2026-09-01", 100, null], ["2026-10-01", 100.5, null]]);
  assert.is(cardFigures(kpi(), flat, filter, end).trend, "neutral");
  assert.is(cardFigures(kpi(), months([["2026-10-01", 100, null]]), filter, end).trend, null);
});

test("planning as benchmark replaces the peer bucket with the plan status", () => {
  const figures = cardFigures(kpi(), data, { ...filter, planningAsBenchmark: true }, end);
  assert.equal([figures.benchmark, figures.planStatus], [null, "behind"]);
});

test("trend filters: each direction and null on or off", () => {
  const all = { up: true, neutral: true, down: true, null: true };
  assert.equal([passesTrendFilter("up", all), passesTrendFilter("down", { ...all, down: false }), passesTrendFilter(null, { ...all, null: false })], [true, false, false]);
});

test("high and low performers never overlap and leave out KPIs without a plan", () => {
  const cards = [
    { id: 1, performance: 30 },
    { id: 2, performance: -10 },
    { id: 3, performance: null },
    { id: 4, performance: 5 },
    { id: 5, performance: -40 },
  ];
  const { high, low } = highAndLowPerformers(cards, 5);
  assert.equal(high.map((card) => card.id), [1, 4]);
  assert.equal(low.map((card) => card.id), [5, 2]);
});

function percent(value: number, base: number) {
  return Math.round(((value - base) / Math.abs(base)) * 1000) / 10;
}

test.run();
