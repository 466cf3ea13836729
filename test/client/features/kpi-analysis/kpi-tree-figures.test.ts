import { test } from "uvu";
import * as assert from "uvu/assert";
import { treeNodeFigures } from "../../../../src/client/features/kpi-analysis/views/kpi-tree-figures";
import { comparisonPanels, INDEX_UNIT } from "../../../../src/client/features/kpi-analysis/views/kpi-comparison-panels";
import { shortened, shownName } from "../../../../src/client/features/kpi-analysis/views/kpi-tree-node";
import { layoutTree, TREE_NODE } from "../../../../src/client/features/kpi-analysis/views/kpi-tree-layout";
import { buildFormulaTree } from "../../../../src/domain/kpi-tree/formula-tree";
import { shownTree } from "../../../../src/domain/kpi-tree/tree-view";
import { monthIndexOf } from "../../../../src/domain/months";
import { kpiMeta } from "../../../support/kpi-meta";

const OCT = monthIndexOf("2026-10-01");
const month = (date: string, value: number | null, planningValue: number | null) => ({ date, value, planningValue, lastYearValue: null, forecastValue: null });

test("a node's figures for the reporting month, the deviation toned by the good direction, as a table", () => {
  const table: [Partial<ReturnType<typeof kpiMeta>>, ReturnType<typeof month>[], [string, string, string, string]][] = [
    [{ unit: "currency" }, [month("2026-10-01", 110, 100)], ["€ 110", "Plan € 100", "+10.0 %", "good"]],
    [{ unit: "currency", higherIsBetter: false }, [month("2026-10-01", 110, 100)], ["€ 110", "Plan € 100", "+10.0 %", "bad"]],
    [{ unit: "number" }, [month("2026-10-01", 90, null)], ["90", "No plan", "no plan", "neutral"]],
    [{ unit: "number" }, [month("2026-10-01", 5, 0)], ["5", "Plan 0", "plan is 0", "good"]], // above a zero plan is still the good way
    [{ unit: "number" }, [month("2026-09-01", 5, 5)], ["No actual", "No plan", "no actual", "neutral"]],
  ];
  for (const [over, months, expected] of table) {
    const figures = treeNodeFigures(kpiMeta(1, over), months, OCT, "EUR");
    assert.equal([figures.actual, figures.plan, figures.deviation, figures.tone], expected, JSON.stringify({ over, months }));
  }
});

test("year to date as the strategic cards: actual and plan as they are, the deviation over the months with both, and what is partial", () => {
  const ytd = { actualValue: 700, planningValue: 500, monthCounts: { period: 7, actualValue: 7, planningValue: 5 }, actualVsPlanning: { months: 5, actualValue: 550, planningValue: 500 } };
  const figures = treeNodeFigures(kpiMeta(1, { unit: "number" }), [], OCT, "EUR", ytd);
  assert.equal([figures.actual, figures.plan, figures.deviation, figures.tone], ["700", "Plan 500", "+10.0 %", "good"]);
  assert.equal(figures.coverage, ["Deviation over the 5 months with both", "Plan for 5 of 7 months"]);
  const whole = { ...ytd, monthCounts: { period: 7, actualValue: 7, planningValue: 7 }, actualVsPlanning: { months: 7, actualValue: 700, planningValue: 500 } };
  assert.equal(treeNodeFigures(kpiMeta(1), [], OCT, "EUR", whole).coverage, []);
  assert.equal(treeNodeFigures(kpiMeta(1), [month("2026-10-01", 1, 1)], OCT, "EUR").coverage, [], "a month is whole");
});

test("shortened at a word, so what shows is words of the name", () => {
  const table: [string, number, string][] = [
    ["Gross profit", 27, "Gross profit"],
    ["Depreciation and amortisation of assets", 27, "Depreciation and…"],
    ["Supercalifragilisticexpialidocious", 10, "Supercali…"],
  ];
  for (const [text, chars, expected] of table) assert.is(shortened(text, chars), expected, text);
  // A node shows a name whole while it can: narrowed up to 40 characters, cut beyond.
  assert.equal(shownName("Gross profit"), { text: "Gross profit", squeezed: false });
  assert.equal(shownName("Depreciation and amortisation"), { text: "Depreciation and amortisation", squeezed: true });
  assert.equal(shownName("Depreciation and amortisation of intangible assets"), { text: "Depreciation and…", squeezed: false });
});

test("the sparkline: the last twelve months' actuals, oldest first, gaps as null", () => {
  const figures = treeNodeFigures(kpiMeta(1), [month("2026-10-01", 3, null), month("2026-08-01", 1, null), month("2025-10-01", 9, null)], OCT, "EUR");
  assert.is(figures.sparkline.length, 12);
  assert.equal(figures.sparkline.slice(-3), [1, null, 3]);
  assert.is(figures.sparkline[0], null, "Nov 2025 is the first month; Oct 2025 is outside");
});

test("the comparison's panels: one indexed panel, or one per unit in the order they appear", () => {
  const data = {
    columns: [{ label: "Sep", months: [1] }, { label: "Oct", months: [2] }],
    series: [
      { key: "1", label: "Revenue", kpiId: 1, unit: "currency", values: [200, 300] },
      { key: "2", label: "Margin", kpiId: 2, unit: "percentage", values: [null, 40] },
      { key: "3", label: "Costs", kpiId: 3, unit: "currency", values: [-50, -25] },
    ],
  };
  const indexed = comparisonPanels(data, "indexed");
  assert.equal(indexed.map((panel) => [panel.unit, panel.series.map((series) => series.values)]), [[INDEX_UNIT, [[100, 150], [null, 100], [100, 150]]]]);
  const absolute = comparisonPanels(data, "absolute");
  assert.equal(absolute.map((panel) => [panel.unit, panel.series.map((series) => [series.key, series.position])]), [["currency", [["1", 0], ["3", 2]]], ["percentage", [["2", 1]]]]);
  assert.equal(absolute[0]!.series[1]!.values, [-50, -25], "absolute keeps the numbers");
});

test("the tree's layout: depth along x, no two boxes overlap, links from the parent's right edge", () => {
  const cat = { id: 1, name: "P&L" };
  const kpis = [
    { id: 1, key: "a", name: "A", category: cat, formula: "b + c", parentId: null },
    { id: 2, key: "b", name: "B", category: cat, formula: null, parentId: null },
    { id: 3, key: "c", name: "C", category: cat, formula: null, parentId: null },
  ];
  const layout = layoutTree(shownTree(buildFormulaTree(kpis, { kind: "kpi", kpiId: 1 }).root!, new Set(), 3));
  const [a, b, c] = layout.nodes;
  assert.is(layout.nodes.length, 3);
  assert.ok(b!.x > a!.x + TREE_NODE.width && b!.x === c!.x, "children one column to the right");
  assert.ok(Math.abs(b!.y - c!.y) >= TREE_NODE.height, "siblings do not overlap");
  assert.match(layout.links[0]!.path, new RegExp(`^M${a!.x + TREE_NODE.width},`));
  assert.is(layout.bounds.width, c!.x + TREE_NODE.width - a!.x);
});

test.run();
