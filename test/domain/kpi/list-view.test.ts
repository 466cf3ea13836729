import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, ValuesResponse } from "../../../src/contracts/kpis";
import { kpiMeta } from "../../support/kpi-meta";
import {
  applyFilters,
  cellText,
  DECIMALS_OPTIONS,
  exceedsListViewMax,
  FILTER_MAX_UNIQUE,
  FILTER_TOO_MANY_VALUES,
  filterChoices,
  filterKeyOf,
  isFilterable,
  LIST_VIEW_MAX_ROWS,
  listViewCsv,
  listViewRows,
  listViewScales,
  monthLabel,
  partialFigure,
  sortRows,
  type ListViewRow,
} from "../../../src/domain/kpi/list-view";
import { PERCENT_CHANGE_SENTINEL } from "../../../src/domain/kpi/percent-change";
import { monthDateOf, monthIndexOf } from "../../../src/domain/months";

const meta = (id: number, name: string, unit: string, category = "Sales"): KpiMeta =>
  kpiMeta(id, { name, unit, category: { id: 1, name: category, kind: "kpi", isComplex: false, flexibleColumnsConfig: [] } });
const month = (date: string, value: number | null, planningValue: number | null, lastYearValue: number | null = null, forecastValue: number | null = null) => ({ date, value, planningValue, lastYearValue, forecastValue });

const kpis = [meta(1, "Revenue", "currency"), meta(2, "Churn", "percentage", "Customers"), meta(3, "Deals", "positions")];
const values: ValuesResponse = {
  kpis: [
    { id: 2, values: [month("2026-01-01", 2.5, 2, 3, 2.4), month("2026-02-01", null, 2)] },
    { id: 1, values: [month("2026-01-01", 1_234_567, 1_000_000, 900_000, 1_200_000), month("2026-02-01", 50, 0)] },
    { id: 3, values: [month("2026-01-01", 7, 10), month("2026-02-01", null, null)] }, // a month without any figure: no row
    { id: 99, values: [month("2026-01-01", 1, 1)] }, // no meta: not readable, left out
  ],
};
const rows = listViewRows(kpis, values);

test("one row per KPI and month, in the order of the meta; deviation to plan absolute and in percent", () => {
  assert.equal(
    rows.map((row) => [row.kpi, row.category, row.month, row.actual, row.planning, row.lastYear, row.forecast, row.deviation, row.deviationPercent]),
    [
      ["Revenue", "Sales", "2026-01-01", 1_234_567, 1_000_000, 900_000, 1_200_000, 234_567, 23.5],
      ["Revenue", "Sales", "2026-02-01", 50, 0, null, null, 50, PERCENT_CHANGE_SENTINEL], // from a zero plan: the sentinel
      ["Churn", "Customers", "2026-01-01", 2.5, 2, 3, 2.4, 0.5, 25],
      ["Churn", "Customers", "2026-02-01", null, 2, null, null, null, null],
      ["Deals", "Sales", "2026-01-01", 7, 10, null, null, -3, -30],
    ],
  );
});

test("cells: money as the bare number in its column's one scale, other units unscaled with their sign; unit, period and ±∞ labels", () => {
  const [revenue, revenueFromZero, churn, churnMissing, deals] = rows as [ListViewRow, ListViewRow, ListViewRow, ListViewRow, ListViewRow];
  const scales = listViewScales(rows, {});
  assert.equal(scales, { actual: "millions", planning: "millions", lastYear: "thousands", forecast: "millions", deviation: "thousands" }, "each column from its largest money figure");
  const table: [ListViewRow, Parameters<typeof cellText>[1], Parameters<typeof cellText>[2], string][] = [
    [revenue, "actual", undefined, "1.23"],
    [revenueFromZero, "actual", undefined, "0.00"], // € 50 in a column of millions
    [revenue, "actual", { decimals: 0, scale: "automatic" }, "1"],
    [revenue, "deviation", { decimals: 3, scale: "automatic" }, "234.567"],
    [revenue, "unit", undefined, "EUR"],
    [revenue, "month", undefined, "Jan 2026"],
    [revenue, "deviationPercent", undefined, "23.5 %"],
    [revenue, "deviationPercent", { decimals: 3, scale: "millions" }, "23.500 %"], // scale does not apply to percentages
    [revenueFromZero, "deviationPercent", undefined, "+∞ %"],
    [churn, "actual", { decimals: 2, scale: "thousands" }, "2.50 %"],
    [churn, "actual", undefined, "2.5 %"], // auto: the formatter's default for percentages, one decimal
    [deals, "actual", { decimals: "auto", scale: "none" }, "7"],
    [churn, "unit", undefined, "%"],
    [churnMissing, "actual", undefined, "–"],
    [deals, "planning", undefined, "10"],
    [deals, "deviationPercent", undefined, "−30.0 %"],
  ];
  for (const [row, key, settings, expected] of table) assert.is(cellText(row, key, settings, "EUR", scales), expected, `${row.kpi} ${key} ${JSON.stringify(settings)}`);
  assert.is(cellText({ ...revenueFromZero, deviationPercent: -PERCENT_CHANGE_SENTINEL }, "deviationPercent", undefined, "EUR", scales), "−∞ %");
  assert.is(cellText(revenue, "unit", undefined, "USD"), "USD");
  assert.is(cellText({ ...revenue, deviation: -25_000 }, "deviation", undefined, "EUR", scales), "−25.0", "the minus leads the figure");
  assert.is(monthLabel("2025-12-01"), "Dec 2025");
  assert.is(monthLabel("not a month"), "not a month");
});

test("a weighted ratio's quarter is the formula over its inputs' quarter figures, not the average of its monthly ratios", () => {
  const first = monthIndexOf("2026-04-01");
  const grouping = { bucketSize: 3 as const, fiscalYearOffset: 3, first, last: first + 2 };
  const stored = (id: number, key: string) => ({ ...meta(id, key, "currency"), key });
  const margin = { ...meta(3, "Gross margin", "percentage"), key: "gross_margin", aggregationType: "ad" as const, isCalculated: true, formula: "gross_profit / revenue * 100", periodRule: "weighted" as const };
  const three = (values: number[], lastYear: number[] = [0, 0, 0]) => ["2026-04-01", "2026-05-01", "2026-06-01"].map((date, index) => month(date, values[index]!, null, lastYear[index]!));
  // Monthly margins 10 %, 50 %, 50 % on revenues of 1000, 100, 100: the quarter's margin is 200 / 1200, not their average.
  const answer: ValuesResponse = {
    kpis: [
      { id: 1, values: three([1_000, 100, 100], [100, 100, 100]) },
      { id: 2, values: three([100, 50, 50], [10, 20, 30]) },
      { id: 3, values: three([10, 50, 50], [10, 20, 30]) },
    ],
  };
  const [quarter] = listViewRows([stored(1, "revenue"), stored(2, "gross_profit"), margin], answer, grouping).filter((row) => row.kpi === "Gross margin");
  assert.is(quarter!.actual, (200 / 1_200) * 100);
  assert.is(quarter!.lastYear, 20, "last year's quarter the same way: 60 / 300");
  const alone = listViewRows([margin], answer, grouping);
  assert.is(alone[0]!.actual, (10 + 50 + 50) / 3, "without its inputs in the list: its own monthly values, averaged");
});

test("a scale the person sets for a column applies to all its money; the others keep theirs", () => {
  const scales = listViewScales(rows, { actual: { decimals: "auto", scale: "thousands" } });
  assert.is(scales.actual, "thousands");
  assert.is(scales.planning, "millions");
  assert.equal(listViewScales(rows.slice(2), {}), {}, "no money in the list: no column names a scale");
  assert.is(cellText(rows[0]!, "actual", { decimals: "auto", scale: "thousands" }, "EUR", scales), "1,234.6");
});

test("rows per fiscal quarter: figures by the KPI's aggregation type, partial quarters at the timeframe's edges, like-for-like deviation", () => {
  // Fiscal year from April (offset 3); timeframe Feb-Oct 2026: Q4 FY 2025/26 has only Feb-Mar, Q3 FY 2026/27 only Oct.
  const first = monthIndexOf("2026-02-01");
  const last = monthIndexOf("2026-10-01");
  const monthsOf = (from: string, count: number, value: (index: number) => number | null, plan: (index: number) => number | null) =>
    Array.from({ length: count }, (_, index) => month(monthDateOf(monthIndexOf(from) + index), value(index), plan(index)));
  const revenue = meta(1, "Revenue", "currency");
  const churn = { ...meta(2, "Churn", "percentage"), aggregationType: "ad" as const };
  const quarterly = listViewRows([revenue, churn], { kpis: [{ id: 1, values: monthsOf("2026-02-01", 9, () => 100, (index) => (index < 7 ? 90 : null)) }, { id: 2, values: monthsOf("2026-02-01", 9, (index) => index + 1, () => null) }] }, { bucketSize: 3, fiscalYearOffset: 3, first, last });
  assert.equal(
    quarterly.map((row) => [row.kpi, row.period.label, row.period.rangeLabel, `${row.period.monthsInRange}/${row.period.size}`, row.month, row.actual, row.planning, row.deviation]),
    [
      ["Revenue", "Q4 FY 2025/26", "Jan – Mar 2026", "2/3", "2026-02-01", 200, 180, 20],
      ["Revenue", "Q1 FY 2026/27", "Apr – Jun 2026", "3/3", "2026-04-01", 300, 270, 30],
      // Plan for Jul-Aug only: the deviation compares the two months that have both.
      ["Revenue", "Q2 FY 2026/27", "Jul – Sep 2026", "3/3", "2026-07-01", 300, 180, 20],
      ["Revenue", "Q3 FY 2026/27", "Oct – Dec 2026", "1/3", "2026-10-01", 100, null, null],
      ["Churn", "Q4 FY 2025/26", "Jan – Mar 2026", "2/3", "2026-02-01", 1.5, null, null],
      ["Churn", "Q1 FY 2026/27", "Apr – Jun 2026", "3/3", "2026-04-01", 4, null, null],
      ["Churn", "Q2 FY 2026/27", "Jul – Sep 2026", "3/3", "2026-07-01", 7, null, null],
      ["Churn", "Q3 FY 2026/27", "Oct – Dec 2026", "1/3", "2026-10-01", 9, null, null],
    ],
  );
  assert.is(cellText(quarterly[0]!, "month", undefined, "EUR"), "Q4 FY 2025/26");
  assert.equal(quarterly.slice(0, 4).map((row) => [partialFigure(row, "actual"), partialFigure(row, "planning")]), [[null, null], [null, null], [null, "2 of 3 months"], [null, null]], "the edges are marked on the period");
  assert.is(partialFigure(rows[0]!, "actual"), null, "a month row is whole");
  assert.match(listViewCsv(quarterly.slice(0, 1), "EUR"), /Revenue,Sales,EUR,Q4 FY 2025\/26,200,180/);
  const empty = listViewRows([revenue], { kpis: [{ id: 1, values: monthsOf("2026-02-01", 9, (index) => (index < 2 ? null : 100), () => null) }] }, { bucketSize: 3, fiscalYearOffset: 3, first, last });
  assert.equal(empty.map((row) => row.period.label), ["Q1 FY 2026/27", "Q2 FY 2026/27", "Q3 FY 2026/27"], "an empty leading quarter is no row");
});

test("decimals offer auto and 0 to 5, no more", () => {
  assert.equal(DECIMALS_OPTIONS, ["auto", 0, 1, 2, 3, 4, 5]);
});

test("filters keep the rows whose key is chosen, per column, all columns together", () => {
  const byKpi = applyFilters(rows, { kpi: new Set(["Revenue", "Deals"]) });
  assert.equal(byKpi.map((row) => row.kpi), ["Revenue", "Revenue", "Deals"]);
  const both = applyFilters(rows, { kpi: new Set(["Revenue", "Deals"]), month: new Set(["2026-01-01"]) });
  assert.equal(both.map((row) => row.kpi), ["Revenue", "Deals"]);
  assert.is(applyFilters(rows, { kpi: new Set() }), rows, "an empty choice keeps all");
  const noActual = applyFilters(rows, { actual: new Set([""]) });
  assert.equal(noActual.map((row) => [row.kpi, row.month]), [["Churn", "2026-02-01"]]);
});

test("filter keys of numbers carry the unit and the raw value, so 5 % never matches € 5 and settings do not change them", () => {
  const five = (unit: string) => ({ ...(rows[0] as ListViewRow), unit, actual: 5 });
  assert.is.not(filterKeyOf(five("currency"), "actual"), filterKeyOf(five("percentage"), "actual"));
  assert.is(filterKeyOf(five("currency"), "actual"), "currency:5");
});

test("filter choices: distinct values in the column's order, labelled with its settings, equal labels merged", () => {
  const choices = filterChoices(rows, "kpi", undefined, "EUR");
  assert.equal(choices, { filterable: true, options: [{ label: "Churn", keys: ["Churn"] }, { label: "Deals", keys: ["Deals"] }, { label: "Revenue", keys: ["Revenue"] }] });
  const close = listViewRows([meta(1, "Revenue", "currency")], { kpis: [{ id: 1, values: [month("2026-01-01", 1_230_001, null), month("2026-02-01", 1_230_002, null), month("2026-03-01", 2_000_000, null)] }] });
  const merged = filterChoices(close, "actual", { decimals: 2, scale: "millions" }, "EUR", { actual: "millions" });
  assert.equal(merged, { filterable: true, options: [{ label: "1.23", keys: ["currency:1230001", "currency:1230002"] }, { label: "2.00", keys: ["currency:2000000"] }] });
  const exact = filterChoices(close, "actual", { decimals: 0, scale: "none" }, "EUR", { actual: "none" });
  assert.is(exact.filterable && exact.options.length, 3, "with more decimals the same values are three choices");
});

test(`a column with more than ${FILTER_MAX_UNIQUE} unique values cannot be filtered; at ${FILTER_MAX_UNIQUE} it can`, () => {
  const many = (count: number) =>
    listViewRows([meta(1, "Revenue", "currency")], { kpis: [{ id: 1, values: Array.from({ length: count }, (_, index) => month("2026-01-01", index, 5)) }] });
  assert.is(isFilterable(many(FILTER_MAX_UNIQUE), "actual"), true);
  assert.is(isFilterable(many(FILTER_MAX_UNIQUE + 1), "actual"), false);
  assert.is(isFilterable(many(FILTER_MAX_UNIQUE + 1), "planning"), true, "one unique planning value");
  assert.equal(filterChoices(many(FILTER_MAX_UNIQUE + 1), "actual", undefined, "EUR"), { filterable: false, reason: FILTER_TOO_MANY_VALUES });
  assert.match(FILTER_TOO_MANY_VALUES, "more than 1,000 unique values");
});

test("sorting: numbers with empty values last either way, text by collation, months by date; stable", () => {
  const by = (column: Parameters<typeof sortRows>[1] & object) => sortRows(rows, column).map((row) => `${row.kpi} ${row.month.slice(5, 7)}`);
  assert.equal(by({ column: "actual", direction: "ascending" }), ["Churn 01", "Deals 01", "Revenue 02", "Revenue 01", "Churn 02"]);
  assert.equal(by({ column: "actual", direction: "descending" }), ["Revenue 01", "Revenue 02", "Deals 01", "Churn 01", "Churn 02"]);
  assert.equal(by({ column: "kpi", direction: "ascending" }), ["Churn 01", "Churn 02", "Deals 01", "Revenue 01", "Revenue 02"]);
  assert.equal(by({ column: "month", direction: "descending" }), ["Revenue 02", "Churn 02", "Revenue 01", "Churn 01", "Deals 01"]);
  assert.is(sortRows(rows, null), rows);
});

test(`the maximum: ${LIST_VIEW_MAX_ROWS} entries are shown, one more is too many`, () => {
  assert.is(LIST_VIEW_MAX_ROWS, 10_000);
  assert.is(exceedsListViewMax(LIST_VIEW_MAX_ROWS), false);
  assert.is(exceedsListViewMax(LIST_VIEW_MAX_ROWS + 1), true);
});

test("CSV: labels, raw numbers, months as YYYY-MM, the currency as unit, quoting and formula-safe text", () => {
  const odd = listViewRows([meta(5, '=HYPERLINK("x"), "quoted"', "currency", "P&L, main")], { kpis: [{ id: 5, values: [month("2026-03-01", -1.5, null)] }] });
  assert.is(
    listViewCsv([...rows.slice(0, 2), ...odd], "CHF"),
    [
      "KPI,Category,Unit,Period,Actual,Planning,Last year,Forecast,Deviation to plan,Deviation to plan %",
      "Revenue,Sales,CHF,2026-01,1234567,1000000,900000,1200000,234567,23.5",
      `Revenue,Sales,CHF,2026-02,50,0,,,50,${PERCENT_CHANGE_SENTINEL}`,
      `"'=HYPERLINK(""x""), ""quoted""","P&L, main",CHF,2026-03,-1.5,,,,,`,
      "",
    ].join("\r\n"),
  );
});

test.run();
