import { test } from "uvu";
import * as assert from "uvu/assert";
import { comparedMonths, comparisonQuery, DEFAULT_CHOICE, indexSeries, kpiComparison, parseComparisonQuery, periodComparison, sameMonthsFigures, seriesChanges, unitGroups } from "../../../src/domain/kpi-comparison/comparison";
import { monthIndexOf } from "../../../src/domain/months";

const m = (text: string) => monthIndexOf(`${text}-01`);

test("indexed to 100 at the first month with a value, as a table (zero and negative bases)", () => {
  const table: [(number | null)[], (number | null)[], { at: number; value: number } | null][] = [
    [[50, 75, 25], [100, 150, 50], { at: 0, value: 50 }],
    [[null, 200, 100, null, 300], [null, 100, 50, null, 150], { at: 1, value: 200 }],
    // A zero cannot be 100: the first other value is the base, the zero before it is indexed too.
    [[0, 10, 20], [0, 100, 200], { at: 1, value: 10 }],
    // A loss as the base: a smaller loss rises, a larger one falls, a profit goes beyond 200.
    [[-50, -25, -100, 50], [100, 150, 0, 300], { at: 0, value: -50 }],
    [[0, 0, null], [null, null, null], null],
    [[], [], null],
  ];
  for (const [values, expected, base] of table) {
    const indexed = indexSeries(values);
    assert.equal(indexed.values, expected, JSON.stringify(values));
    assert.equal(indexed.base, base, JSON.stringify(values));
  }
});

test("the query string round-trips; bad parts fall back to the default", () => {
  const table: [string, ReturnType<typeof parseComparisonQuery>][] = [
    ["", DEFAULT_CHOICE],
    ["?kpis=3,7", { ...DEFAULT_CHOICE, kpiIds: [3, 7] }],
    ["kpis=3,7,3,x,-1,0,1.5,9&scale=absolute&months=24", { mode: "kpis", kpiIds: [3, 7, 9], scale: "absolute", months: 24 }],
    ["?kpis=1,2,3,4,5,6,7,8", { ...DEFAULT_CHOICE, kpiIds: [1, 2, 3, 4, 5, 6] }],
    ["?kpis=4,5&mode=periods", { ...DEFAULT_CHOICE, mode: "periods", kpiIds: [4] }],
    ["?mode=weird&scale=log&months=7", DEFAULT_CHOICE],
  ];
  for (const [search, expected] of table) assert.equal(parseComparisonQuery(search), expected, search);
  const choices = [DEFAULT_CHOICE, { mode: "kpis", kpiIds: [3, 7], scale: "absolute", months: 36 }, { mode: "periods", kpiIds: [4], scale: "indexed", months: 12 }] as const;
  for (const choice of choices) assert.equal(parseComparisonQuery(comparisonQuery(choice)), choice);
  assert.is(comparisonQuery({ mode: "kpis", kpiIds: [3, 7], scale: "absolute", months: 24 }), "?kpis=3,7&scale=absolute&months=24");
  assert.is(comparisonQuery(DEFAULT_CHOICE), "");
});

test("the KPIs mode: the window's months, one series per KPI in the order chosen", () => {
  const actuals = new Map([
    [1, new Map([[m("2026-09"), 10], [m("2026-10"), 12]])],
    [2, new Map([[m("2026-10"), 5]])],
  ]);
  const data = kpiComparison([{ id: 2, name: "B", unit: "number" }, { id: 1, name: "A", unit: "currency" }], (id) => actuals.get(id) ?? new Map(), m("2026-10"), 3);
  assert.equal(data.columns.map((column) => column.label), ["Aug 2026", "Sep 2026", "Oct 2026"]);
  assert.equal(data.series.map((series) => [series.label, series.values]), [["B", [null, null, 5]], ["A", [null, 10, 12]]]);
});

test("the periods mode: this fiscal year and the two before, in fiscal months; months after the reporting month empty", () => {
  const values = new Map<number, number>();
  for (let month = m("2023-01"); month <= m("2026-12"); month++) values.set(month, month);
  const data = periodComparison({ id: 7, name: "Revenue", unit: "currency" }, () => values, m("2026-05"), 3);
  assert.equal(data.columns.length, 12);
  assert.equal(data.columns[0]!.label, "Apr");
  assert.equal(data.columns[11]!.label, "Mar");
  assert.equal(data.columns[0]!.months, [m("2026-04"), m("2025-04"), m("2024-04")]);
  assert.equal(data.series.map((series) => series.label), ["FY 2026/27", "FY 2025/26", "FY 2024/25"]);
  assert.equal(data.series[0]!.values.slice(0, 3), [m("2026-04"), m("2026-05"), null]);
  assert.equal(data.series[2]!.values[11], m("2025-03"));
  assert.equal(new Set(data.series.map((series) => series.key)).size, 3);
});

test("the months to load", () => {
  assert.equal(comparedMonths({ mode: "kpis", months: 24 }, m("2026-10"), 0), { first: m("2024-11"), last: m("2026-10") });
  assert.equal(comparedMonths({ mode: "periods", months: 12 }, m("2026-10"), 0), { first: m("2024-01"), last: m("2026-10") });
});

test("one axis per unit, in the order the units appear", () => {
  const groups = unitGroups([{ unit: "currency", k: 1 }, { unit: "percentage", k: 2 }, { unit: "currency", k: 3 }]);
  assert.equal(groups.map((group) => [group.unit, group.series.map((series) => series.k)]), [["currency", [1, 3]], ["percentage", [2]]]);
});


test("changes from the first to the last month with a value; like-for-like years", () => {
  const data = {
    columns: [],
    elapsed: 2,
    series: [
      { key: "a", label: "FY 2026", kpiId: 1, unit: "number", values: [null, 10, 15, null] },
      { key: "b", label: "FY 2025", kpiId: 1, unit: "number", values: [4, 6, 100, 100] },
      { key: "c", label: "FY 2024", kpiId: 1, unit: "number", values: [null, null, null, 7] },
    ],
  };
  const changes = seriesChanges(data);
  assert.equal(changes.map((change) => [change.first, change.last, change.change.kind === "percent" ? change.change.percent : change.change.kind]), [
    [{ at: 1, value: 10 }, { at: 2, value: 15 }, 50],
    [{ at: 0, value: 4 }, { at: 3, value: 100 }, 2400],
    [{ at: 3, value: 7 }, { at: 3, value: 7 }, "no-value"],
  ]);
  // Two months elapsed: the sum of the first two months of each year, each against the year before.
  const same = sameMonthsFigures(data, "cum");
  assert.equal(same.map((figure) => [figure.value, figure.change.kind === "percent" ? figure.change.percent : figure.change.kind]), [[10, 0], [10, "no-base"], [null, "no-base"]]);
  assert.equal(sameMonthsFigures(data, "ad").map((figure) => figure.value), [10, 5, null]);
});

test.run();
