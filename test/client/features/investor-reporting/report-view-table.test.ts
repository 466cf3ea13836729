// The KPI section's table model (report-view/kpi-table.ts), as tables: the two views, the
// switches for deviation and percent deviation, planning or the comparison range as the base.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { kpiTable } from "../../../../src/client/features/investor-reporting/report-view/kpi-table";
import { kpiSection } from "./report-view-fixtures";

const rowsOf = (table: ReturnType<typeof kpiTable>) => table.rows.map((row) => [row.label, ...row.cells]);

test("actual comparison against the plan: actual, plan, deviation and deviation % per column, aggregates last", () => {
  const table = kpiTable(kpiSection(), "actual_comparison", "EUR");
  assert.equal(table.columns.map((column) => column.label), ["Q1 2026", "Q2 2026", "YTD", "LTM", "FY"]);
  // Against the plan a column's second line is the months it covers, left out where that is its name already (a month).
  assert.equal(table.columns.slice(0, 2).map((column) => column.detail), ["", ""]);
  const quarters = kpiSection();
  const spans = { ...quarters, kpis: quarters.kpis.map((kpi) => ({ ...kpi, history: kpi.history.map((bucket, index) => ({ ...bucket, rangeLabel: ["Jan – Mar 2026", "Apr – Jun 2026"][index]! })) })) };
  assert.equal(kpiTable(spans, "actual_comparison", "EUR").columns.slice(0, 2).map((column) => column.detail), ["Jan – Mar 2026", "Apr – Jun 2026"]);
  assert.equal(rowsOf(table), [
    ["Revenue", "", "", "", "", ""],
    ["Actual", "€ 1.20M", "€ 900k", "–", "–", "–"],
    ["Plan", "€ 1M", "€ 1M", "–", "–", "–"],
    ["Deviation", "+€ 200k", "−€ 100k", "–", "–", "–"],
    ["Deviation %", "+20.0 %", "−10.0 %", "–", "–", "–"],
    ["Gross margin", "", "", "", "", ""],
    ["Actual", "62.0 %", "58.0 %", "–", "–", "–"],
    ["Plan", "60.0 %", "–", "–", "–", "–"],
    ["Deviation", "+2.0 pp", "–", "–", "–", "–"],
    ["Deviation %", "+3.3 %", "no plan", "–", "–", "–"],
  ]);
});

test("deviations are coloured by the KPI's good direction, and not at all where the figures do not say it", () => {
  const section = kpiSection();
  const tonesOf = (higherIsBetter: boolean | undefined) => {
    const kpis = section.kpis.map((kpi) => (higherIsBetter === undefined ? kpi : { ...kpi, higherIsBetter }));
    return kpiTable({ ...section, kpis }, "actual_comparison", "EUR").rows.filter((row) => row.label.startsWith("Deviation")).map((row) => row.tones);
  };
  // Revenue: +20 % then −10 % against plan; gross margin: +2 pp, then no plan.
  const revenue = ["good", "bad", "neutral", "neutral", "neutral"];
  const margin = ["good", "neutral", "neutral", "neutral", "neutral"];
  assert.equal(tonesOf(true), [revenue, revenue, margin, margin]);
  const flipped = (tones: string[]) => tones.map((tone) => (tone === "good" ? "bad" : tone === "bad" ? "good" : tone));
  assert.equal(tonesOf(false), [flipped(revenue), flipped(revenue), flipped(margin), flipped(margin)], "a cost above plan is bad");
  assert.equal(tonesOf(undefined), [undefined, undefined, undefined, undefined]);
});

test("without planning the base is the comparison range, column by column; the switches leave lines out", () => {
  const table = kpiTable(kpiSection({ compareWithPlanning: false, deviation: false }), "actual_comparison", "EUR");
  assert.equal(table.columns.slice(0, 2).map((column) => column.detail), ["vs Q1 2025", "vs Q2 2025"]);
  assert.equal(rowsOf(table).slice(0, 4), [
    ["Revenue", "", "", "", "", ""],
    ["Actual", "€ 1.20M", "€ 900k", "–", "–", "–"],
    ["Compared period", "€ 800k", "€ 1M", "–", "–", "–"],
    ["Deviation %", "+50.0 %", "−10.0 %", "–", "–", "–"],
  ]);
  assert.not.ok(table.rows.some((row) => row.label === "Deviation"));
  assert.not.ok(kpiTable(kpiSection({ percentDeviation: false, deviation: false }), "actual_comparison", "EUR").rows.some((row) => row.label.startsWith("Deviation")));
});

test("flexible columns: one row per KPI, the reported range, the compared range, YTD and LTM", () => {
  const table = kpiTable(kpiSection(), "flexible_columns", "USD");
  assert.equal(table.columns.map((column) => [column.label, column.group]), [["Q1 2026", "reported"], ["Q2 2026", "reported"], ["Q1 2025", "compared"], ["Q2 2025", "compared"], ["YTD", "aggregate"], ["LTM", "aggregate"]]);
  assert.equal(rowsOf(table), [
    ["Revenue", "$ 1.20M", "$ 900k", "$ 800k", "$ 1M", "–", "–"],
    ["Gross margin", "62.0 %", "58.0 %", "55.0 %", "–", "–", "–"],
  ]);
});

test.run();
