import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiRecommendation, RootCauseDrill } from "../../../../src/contracts/kpi-analysis";
import { changeFormatter, drillHref, drilledKpi, drillRoute, effectKind, recommendationsView, recommendationTabs, rootCauseBridge, rootCauseHeadline, signed } from "../../../../src/client/features/kpi-analysis/views/analysis-view-model";

const plain = (value: number) => String(Math.round(value * 10) / 10);
const formats = { value: (value: number) => `${plain(value)} %`, change: changeFormatter("percentage", "EUR") };

test("the drill in the address, and the root cause's trail of inputs, as a table", () => {
  const table: [string[], ReturnType<typeof drillRoute>][] = [
    [[], { type: null, trail: [] }],
    [["dimensions"], { type: "dimensions", trail: [] }],
    [["root-cause"], { type: "root-cause", trail: [] }],
    [["root-cause", "12", "15"], { type: "root-cause", trail: [12, 15] }],
    [["root-cause", "12", "x"], { type: "root-cause", trail: [12] }],
    [["pnl-analysis", "12"], { type: "pnl-analysis", trail: [] }], // only the root cause has a trail
    [["cohort"], { type: null, trail: [] }],
  ];
  for (const [rest, expected] of table) assert.equal(drillRoute(rest), expected, rest.join("/"));
  assert.is(drillHref(7, "root-cause", [12, 15]), "/reporting/kpi-detail/7/drill/root-cause/12/15");
  assert.is(drillHref(7, "pnl-analysis"), "/reporting/kpi-detail/7/drill/pnl-analysis");
  assert.is(drilledKpi(7, drillRoute(["root-cause", "12", "15"])), 15);
  assert.is(drilledKpi(7, drillRoute(["root-cause"])), 7);
});

test("an effect is good when it moves the KPI its good way", () => {
  assert.equal(
    [effectKind(2, true), effectKind(-2, true), effectKind(2, false), effectKind(-2, false), effectKind(0, true), effectKind(null, true)],
    ["good", "bad", "bad", "good", "neutral", "neutral"],
  );
});

test("signed changes, and a percentage's change in points", () => {
  assert.is(signed(3.8, plain), "+3.8");
  assert.is(signed(-3.8, plain), "−3.8");
  assert.is(signed(0, plain), "0");
  assert.is(signed(-3.84, formats.change), "−3.8 pp");
});

const drill = (overrides: Partial<RootCauseDrill> = {}): RootCauseDrill => ({
  type: "root-cause",
  kpiId: 1,
  periodLabel: "Jun 2026",
  baseLabel: "May 2026",
  value: 66.7,
  base: 70,
  formula: "Gross profit ÷ Revenue × 100",
  method: "shapley",
  unattributed: null,
  inputs: [
    { key: "gross_profit", kpiId: 2, name: "Gross profit", unit: "currency", hidden: false, drillable: true, base: 140, value: 200, effect: 25 },
    { key: "revenue", kpiId: 3, name: "Revenue", unit: "currency", hidden: false, drillable: false, base: 200, value: 300, effect: -28.3 },
  ],
  aggregationEffect: null,
  ...overrides,
});

test("the root cause's bridge: base, each effect from the running total, value", () => {
  const rows = rootCauseBridge(drill(), true, formats)!;
  assert.equal(
    rows.map((row) => [row.label, row.from, Math.round(row.to * 10) / 10, row.kind, row.text]),
    [
      ["May 2026", 0, 70, "total", "70 %"],
      ["Gross profit", 70, 95, "good", "+25.0 pp"],
      ["Revenue", 95, 66.7, "bad", "−28.3 pp"],
      ["Jun 2026", 0, 66.7, "total", "66.7 %"],
    ],
  );
  // The aggregation effect is a step of its own; no bridge without a change to split.
  assert.is(rootCauseBridge(drill({ aggregationEffect: 0.5 }), true, formats)!.at(-2)!.label, "Period averaging");
  assert.is(rootCauseBridge(drill({ unattributed: "no" }), true, formats), null);
  assert.is(rootCauseBridge(drill({ base: null }), true, formats), null);
});

test("the root cause in one sentence: the change and the input that moved it most", () => {
  assert.is(rootCauseHeadline(drill(), "Gross margin", formats), "Gross margin moved from 70 % (May 2026) to 66.7 % (Jun 2026), −3.3 pp. Revenue moved it most (−28.3 pp).");
  assert.is(rootCauseHeadline(drill({ base: null }), "Gross margin", formats), "Gross margin has no value in May 2026, so there is no change to explain.");
  const hiddenLargest = drill({ inputs: [{ ...drill().inputs[0]! }, { ...drill().inputs[1]!, hidden: true, name: "hidden", effect: null }] });
  assert.match(rootCauseHeadline(hiddenLargest, "Gross margin", formats), /Gross profit moved it most/);
});

const recommendation = (type: KpiRecommendation["type"]): KpiRecommendation => ({ type, tone: "warning", title: type, reason: "", advice: "", figures: [] });

test("recommendations by rule from the address, with counts for the tabs", () => {
  const all = [recommendation("behind-plan"), recommendation("trend-reversal")];
  const view = recommendationsView(all, "trend-reversal");
  assert.is(view.type, "trend-reversal");
  assert.equal(view.shown.map((each) => each.type), ["trend-reversal"]);
  assert.equal(view.counts, { "behind-plan": 1, "below-benchmark": 0, "trend-reversal": 1, outdated: 0 });
  assert.is(recommendationsView(all, undefined).shown.length, 2);
  assert.is(recommendationsView(all, "nonsense").type, null);
  assert.equal(recommendationTabs(7, view.counts), [
    { href: "/reporting/kpi-detail/7/recommendations", label: "All (2)" },
    { href: "/reporting/kpi-detail/7/recommendations/behind-plan", label: "Behind plan (1)" },
    { href: "/reporting/kpi-detail/7/recommendations/below-benchmark", label: "Below benchmark (0)" },
    { href: "/reporting/kpi-detail/7/recommendations/trend-reversal", label: "Trend reversal (1)" },
    { href: "/reporting/kpi-detail/7/recommendations/outdated", label: "Outdated (0)" },
  ]);
});

test.run();
