import { test } from "uvu";
import * as assert from "uvu/assert";
import type { FlexibleColumn } from "../../../src/contracts/kpis";
import type { AggregationType, MonthlySeries } from "../../../src/domain/kpi/aggregation";
import {
  actualComparisonColumns,
  columnCoverage,
  columnFigure,
  columnMonths,
  columnScales,
  coverageOfData,
  formatCellInColumn,
  partialText,
  periodName,
  columnsSpan,
  columnTitle,
  columnValue,
  computeColumns,
  EMPTY_SERIES,
  formatCell,
  seriesFromMonthValues,
  type ColumnCell,
  type FlexibleContext,
  type FlexibleKpi,
  type KpiSeriesSet,
} from "../../../src/domain/kpi/flexible-columns";
import { PERCENT_CHANGE_SENTINEL as S } from "../../../src/domain/kpi/percent-change";
import { monthDateOf, monthIndexOf } from "../../../src/domain/months";

const m = (date: string) => monthIndexOf(`${date}-01`);
const each = (first: string, last: string, value: number | ((index: number) => number)): [string, number][] =>
  Array.from({ length: m(last) - m(first) + 1 }, (_, index) => [monthDateOf(m(first) + index).slice(0, 7), typeof value === "number" ? value : value(index)]);
const series = (...parts: [string, number][][]): MonthlySeries => new Map(parts.flat().map(([date, value]) => [m(date), value]));

// Fiscal year from April (offset 3); the selection is Aug-Oct 2026, so Oct 2026 is the reporting month.
// Actuals: 5 a month in FY 2025/26, 10 a month from April 2026, and a stray 99 in November 2026
// (after the reporting month: it must never count). Planning 12 a month in FY 2026/27, forecast
// 11 a month from November 2026.
const fixture: KpiSeriesSet = {
  actual: series(each("2025-04", "2026-03", 5), each("2026-04", "2026-10", 10), [["2026-11", 99]]),
  planning: series(each("2026-04", "2027-03", 12)),
  forecast: series(each("2026-11", "2027-03", 11)),
  lastYear: new Map(),
};
const context: FlexibleContext = { selection: { start: m("2026-08"), end: m("2026-10") }, fiscalYearOffset: 3, currency: "EUR" };
const kpi = (aggregationType: AggregationType, over: Partial<FlexibleKpi> = {}): FlexibleKpi => ({ series: fixture, aggregationType, unit: "currency", higherIsBetter: true, ...over });
const col = (type: FlexibleColumn["type"], dataType: FlexibleColumn["dataType"], more: Partial<FlexibleColumn> = {}): FlexibleColumn => ({ id: "c", type, ...(dataType ? { dataType } : {}), ...more });
const year = (value: number) => ({ offset: { value, type: "year" as const } });
const period = (value: number) => ({ offset: { value, type: "period" as const } });
const fixed = (startDate: string, endDate: string) => ({ period: { range: { startDate: `${startDate}-01`, endDate: `${endDate}-01` } } });

test("value columns of a cumulative KPI (fiscal year from April), as a table", () => {
  const table: [string, FlexibleColumn, number | null][] = [
    ["YTD actuals: Apr-Oct", col("ytd", "actuals"), 70],
    ["data type defaults to actuals", col("ytd", undefined), 70],
    ["YTD planning", col("ytd", "planning"), 84],
    ["YTD forecast: none before November", col("ytd", "forecast"), null],
    ["LTM actuals: Nov 2025-Oct 2026", col("ltm", "actuals"), 5 * 5 + 7 * 10],
    ["LTM planning", col("ltm", "planning"), 7 * 12],
    ["FY actuals stop at the reporting month (no 99)", col("full_year", "actuals"), 70],
    ["FY planning", col("full_year", "planning"), 144],
    ["FY forecast", col("full_year", "forecast"), 55],
    ["FY actuals then planning", col("full_year", "actuals_planning"), 70 + 5 * 12],
    ["FY actuals then forecast", col("full_year", "actuals_forecast"), 70 + 5 * 11],
    ["selection Aug-Oct, per month (cum over 3 months)", col("current_selection", "actuals"), 10],
    ["selection planning per month", col("current_selection", "planning"), 12],
    ["fixed period Jan-Mar 2026: a total", col("fixed_period", "actuals", fixed("2026-01", "2026-03")), 15],
    ["fixed period without a range", col("fixed_period", "actuals"), null],
    ["fixed period ending before it starts", col("fixed_period", "actuals", fixed("2026-03", "2026-01")), null],
    ["fixed period in the future: no actuals", col("fixed_period", "actuals", fixed("2026-11", "2026-12")), null],
    ["fixed period in the future: actuals then planning is planning", col("fixed_period", "actuals_planning", fixed("2026-11", "2026-12")), 24],
    ["offset −1 year: YTD Apr-Oct 2025", col("ytd", "actuals", year(-1)), 35],
    ["offset −1 year: last fiscal year", col("full_year", "actuals", year(-1)), 60],
    ["offset −1 year: last year's selection, per month", col("current_selection", "actuals", year(-1)), 5],
    ["offset +1 year: next fiscal year has no plan", col("full_year", "planning", year(1)), null],
    ["offset +1 year on a fixed period", col("fixed_period", "planning", { ...fixed("2025-05", "2025-06"), ...year(1) }), 24],
    ["offset −7 periods: YTD as of March 2026 is the whole last fiscal year", col("ytd", "actuals", period(-7)), 60],
    ["offset −6 periods: YTD as of April 2026 is P1", col("ytd", "actuals", period(-6)), 10],
    ["offset −1 period: the selection Jul-Sep", col("current_selection", "planning", period(-1)), 12],
    ["offset +1 period: actuals never count after the reporting month", col("ltm", "actuals", period(1)), 4 * 5 + 7 * 10],
    ["ignore 2 months: YTD Apr-Aug", col("ytd", "actuals", { ignoreLastMonths: 2 }), 50],
    ["ignore 2 months: FY actuals to August, planning after", col("full_year", "actuals_planning", { ignoreLastMonths: 2 }), 50 + 7 * 12],
    ["ignore 2 months: the selection shrinks to August (one month, not divided)", col("current_selection", "actuals", { ignoreLastMonths: 2 }), 10],
    ["ignore 3 months: the selection is empty", col("current_selection", "actuals", { ignoreLastMonths: 3 }), null],
    ["ignore 1 month and offset −1 year", col("ytd", "actuals", { ignoreLastMonths: 1, ...year(-1) }), 30],
  ];
  for (const [name, column, expected] of table) assert.is(columnValue(column, kpi("cum"), context), expected, name);
});

test("the same columns for an average (ad) and a month-end level (dd)", () => {
  const table: [FlexibleColumn, number | null, number | null][] = [
    // column, ad, dd
    [col("ytd", "actuals"), 10, 10],
    [col("ltm", "actuals"), (5 * 5 + 7 * 10) / 12, 10],
    [col("full_year", "actuals_planning"), (70 + 60) / 12, 12],
    [col("full_year", "actuals_forecast"), (70 + 55) / 12, 11],
    [col("current_selection", "actuals"), 10, 10], // only cum is divided by the month count
    [col("full_year", "actuals", year(-1)), 5, 5],
    [col("ytd", "actuals", { ignoreLastMonths: 3 }), 10, 10],
  ];
  for (const [column, ad, dd] of table) {
    assert.is(columnValue(column, kpi("ad"), context), ad, `ad ${JSON.stringify(column)}`);
    assert.is(columnValue(column, kpi("dd"), context), dd, `dd ${JSON.stringify(column)}`);
  }
  // dd takes the last month with a value, ad skips months without one.
  const gaps = kpi("dd", { series: { ...EMPTY_SERIES, actual: series([["2026-08", 1], ["2026-09", 2]]) } });
  assert.is(columnValue(col("current_selection", "actuals"), gaps, context), 2);
  assert.is(columnValue(col("current_selection", "actuals"), { ...gaps, aggregationType: "ad" }, context), 1.5);
  assert.is(columnValue(col("current_selection", "actuals"), { ...gaps, aggregationType: "cum" }, context), 1, "3 months, divided by 3");
});

test("a calculated ratio (percentage, ad) averages its computed monthly values", () => {
  const margin = kpi("ad", { unit: "percentage", series: { ...EMPTY_SERIES, actual: series([["2026-08", 20], ["2026-09", 30], ["2026-10", 40]]) } });
  assert.is(columnValue(col("current_selection", "actuals"), margin, context), 30);
  assert.is(formatCell(computeColumns([col("current_selection", "actuals")], margin, context).get("c")!, "percentage"), "30.0 %");
});

test("a calendar fiscal year (offset 0) moves YTD and the full year to January", () => {
  const calendar = { ...context, fiscalYearOffset: 0 };
  assert.is(columnValue(col("ytd", "actuals"), kpi("cum"), calendar), 3 * 5 + 70);
  assert.equal(columnMonths(col("full_year", "planning"), calendar), each("2026-01", "2026-12", 0).map(([date]) => m(date)));
  assert.is(columnValue(col("full_year", "planning"), kpi("cum"), calendar), 9 * 12);
});

test("actuals a year back come from last year's values when the response covers only the selection", () => {
  const response = each("2026-08", "2026-10", 0).map(([date], index) => ({ date: `${date}-01`, value: 10 + index, planningValue: 12, lastYearValue: 4 + index, forecastValue: null }));
  const narrow = kpi("cum", { series: seriesFromMonthValues(response) });
  assert.is(columnValue(col("current_selection", "actuals"), narrow, context), 11);
  assert.is(columnValue(col("current_selection", "actuals", year(-1)), narrow, context), 5);
  assert.is(columnValue(col("fixed_period", "actuals", fixed("2025-08", "2025-09")), narrow, context), 9);
  assert.equal([...seriesFromMonthValues([{ date: "2026-08-01", value: null, planningValue: null, lastYearValue: null, forecastValue: 3 }]).forecast], [[m("2026-08"), 3]]);
});

test("deviations: comparison − baseline, percent change with the sentinel, tone by higherIsBetter", () => {
  const october = { ...context, selection: { start: m("2026-10"), end: m("2026-10") } };
  const cells = (actualSeries: MonthlySeries, planSeries: MonthlySeries, higherIsBetter: boolean, columns = actualComparisonColumns("planning", false)) =>
    computeColumns(columns, kpi("cum", { higherIsBetter, series: { ...EMPTY_SERIES, actual: actualSeries, planning: planSeries } }), october);
  const one = (value: number) => series([["2026-10", value]]);
  const table: [string, MonthlySeries, MonthlySeries, boolean, ColumnCell, ColumnCell][] = [
    ["under plan, higher is better", one(90), one(100), true, { kind: "deviation", displayIn: "absolute", value: -10, tone: "bad" }, { kind: "deviation", displayIn: "percent", value: -10, tone: "bad" }],
    ["under plan, lower is better (costs)", one(90), one(100), false, { kind: "deviation", displayIn: "absolute", value: -10, tone: "good" }, { kind: "deviation", displayIn: "percent", value: -10, tone: "good" }],
    ["on plan", one(100), one(100), true, { kind: "deviation", displayIn: "absolute", value: 0, tone: "neutral" }, { kind: "deviation", displayIn: "percent", value: 0, tone: "neutral" }],
    ["a loss smaller than planned", one(-5), one(-10), true, { kind: "deviation", displayIn: "absolute", value: 5, tone: "good" }, { kind: "deviation", displayIn: "percent", value: 50, tone: "good" }],
    ["from a zero plan: the sentinel", one(7), one(0), true, { kind: "deviation", displayIn: "absolute", value: 7, tone: "good" }, { kind: "deviation", displayIn: "percent", value: S, tone: "good" }],
    ["across a sign change", one(-3), one(4), true, { kind: "deviation", displayIn: "absolute", value: -7, tone: "bad" }, { kind: "deviation", displayIn: "percent", value: -S, tone: "bad" }],
    ["no plan: no deviation", one(7), new Map(), true, { kind: "deviation", displayIn: "absolute", value: null, tone: "neutral" }, { kind: "deviation", displayIn: "percent", value: null, tone: "neutral" }],
  ];
  for (const [name, actualSeries, planSeries, higherIsBetter, absolute, percent] of table) {
    const result = cells(actualSeries, planSeries, higherIsBetter);
    assert.equal(result.get("deviation"), absolute, `${name}: absolute`);
    assert.equal(result.get("deviation-percent"), percent, `${name}: percent`);
  }
  const dangling: FlexibleColumn[] = [
    { id: "unit", type: "column_unit" },
    { id: "to-nowhere", type: "deviation", deviation: { baseLineColumn: "missing", comparisonColumn: "unit", displayIn: "absolute" } },
  ];
  assert.equal(cells(one(1), one(1), true, dangling).get("to-nowhere"), { kind: "deviation", displayIn: "absolute", value: null, tone: "neutral" });
  assert.equal(cells(one(1), one(1), true, dangling).get("unit"), { kind: "unit", text: "EUR" });
});

test("cells as text: formatKpiValue with the unit, percent deviations, the sentinel, percentage points", () => {
  const value = (v: number | null): ColumnCell => ({ kind: "value", value: v, months: 1 });
  const deviation = (v: number | null, displayIn: "absolute" | "percent"): ColumnCell => ({ kind: "deviation", displayIn, value: v, tone: "neutral" });
  const table: [ColumnCell, string, string][] = [
    [value(70), "currency", "€ 70"],
    [value(1_234_567), "currency", "€ 1.23M"],
    [value(null), "currency", "–"],
    [value(12.34), "percentage", "12.3 %"],
    [deviation(12.3, "percent"), "currency", "12.3 %"],
    [deviation(-16.7, "percent"), "days", "−16.7 %"],
    [deviation(S, "percent"), "currency", "+∞ %"],
    [deviation(-S, "percent"), "currency", "−∞ %"],
    [deviation(null, "percent"), "currency", "–"],
    [deviation(-25_000, "absolute"), "currency", "−€ 25k"],
    [deviation(2, "absolute"), "percentage", "2.0 pp"],
    [deviation(3, "absolute"), "days", "3 d"],
    [{ kind: "unit", text: "EUR" }, "currency", "EUR"],
  ];
  for (const [cell, unit, expected] of table) assert.is(formatCell(cell, unit, { currency: "EUR" }), expected, JSON.stringify(cell));
});

test("default titles from the definition, as a table", () => {
  const others: FlexibleColumn[] = [col("ytd", "actuals", { id: "a" }), col("ytd", "planning", { id: "p" })];
  const table: [FlexibleColumn, string][] = [
    [col("ytd", "actuals"), "Actual YTD"],
    [col("full_year", "planning"), "Plan FY"],
    [col("ltm", "forecast"), "Forecast LTM"],
    [col("full_year", "actuals_planning"), "Actual + Plan FY"],
    [col("full_year", "actuals_forecast"), "Actual + Forecast FY"],
    [col("current_selection", "actuals"), "Actual"],
    [col("current_selection", "actuals", year(-1)), "Last year"],
    [col("full_year", "actuals", year(-1)), "Last year FY"],
    [col("ytd", "planning", year(-1)), "Plan YTD (−1 year)"],
    [col("ltm", "actuals", period(-2)), "Actual LTM (−2 periods)"],
    [col("full_year", "planning", year(1)), "Plan FY (+1 year)"],
    [col("ytd", "actuals", { ignoreLastMonths: 2 }), "Actual YTD, excl. last 2 months"],
    [col("ytd", "actuals", { ignoreLastMonths: 1 }), "Actual YTD, excl. last month"],
    [col("fixed_period", "forecast", fixed("2026-01", "2026-03")), "Forecast Jan – Mar 2026"],
    [col("fixed_period", "actuals", fixed("2026-05", "2026-05")), "Actual May 2026"],
    [{ id: "u", type: "column_unit" }, "Unit"],
    [{ id: "d", type: "deviation", deviation: { baseLineColumn: "p", comparisonColumn: "a", displayIn: "percent" } }, "Δ % Actual YTD vs Plan YTD"],
    [{ id: "d", type: "deviation", deviation: { baseLineColumn: "p", comparisonColumn: "a", displayIn: "absolute" } }, "Δ Actual YTD vs Plan YTD"],
    [{ id: "d", type: "deviation", deviation: { baseLineColumn: "gone", comparisonColumn: "a", displayIn: "absolute" } }, "Δ Actual YTD vs ?"],
    [col("ytd", "actuals", { title: "Revenue so far" }), "Revenue so far"],
  ];
  for (const [column, expected] of table) assert.is(columnTitle(column, [...others, column]), expected);
});

test("the actual-comparison view is flexible columns: titles and values for each comparison", () => {
  const withLastYear: FlexibleKpi = kpi("cum");
  const table: [Parameters<typeof actualComparisonColumns>[0], boolean, [string, string][]][] = [
    ["planning", false, [["Actual", "€ 10"], ["Plan", "€ 12"], ["Δ Actual vs Plan", "−€ 2"], ["Δ % Actual vs Plan", "−16.7 %"]]],
    ["planning", true, [["Actual", "€ 10"], ["Plan", "€ 12"], ["Δ Actual vs Plan", "−€ 2"], ["Δ % Actual vs Plan", "−16.7 %"], ["Plan FY", "€ 144"]]],
    ["lastYear", true, [["Actual", "€ 10"], ["Last year", "€ 5"], ["Δ Actual vs Last year", "€ 5"], ["Δ % Actual vs Last year", "100.0 %"], ["Last year FY", "€ 60"]]],
    ["forecast", true, [["Actual", "€ 10"], ["Forecast", "–"], ["Δ Actual vs Forecast", "–"], ["Δ % Actual vs Forecast", "–"], ["Actual + Forecast FY", "€ 125"]]],
  ];
  for (const [compareWith, fullYear, expected] of table) {
    const columns = actualComparisonColumns(compareWith, fullYear);
    const cells = computeColumns(columns, withLastYear, context);
    assert.equal(
      columns.map((column) => [columnTitle(column, columns), formatCell(cells.get(column.id)!, "currency", { currency: "EUR" })]),
      expected,
      `${compareWith} ${fullYear}`,
    );
  }
});

test("the span of months the columns read, for the values request", () => {
  const columns = [...actualComparisonColumns("lastYear", true), col("ltm", "actuals", { id: "ltm" })];
  assert.equal(columnsSpan(columns, context), { start: m("2025-04"), end: m("2026-10") });
  assert.equal(columnsSpan(actualComparisonColumns("planning", true), context), { start: m("2026-04"), end: m("2027-03") });
  assert.is(columnsSpan([{ id: "u", type: "column_unit" }], context), null);
});

test("coverage: the period's name, its months, and how many can hold data (actuals stop at the reporting month)", () => {
  const table: [string, FlexibleColumn, ReturnType<typeof columnCoverage>][] = [
    ["FY actuals in P7: partial", col("full_year", "actuals"), { label: "FY 2026/27", rangeLabel: "Apr 2026 – Mar 2027", months: 12, covered: 7 }],
    ["FY plan: whole", col("full_year", "planning"), { label: "FY 2026/27", rangeLabel: "Apr 2026 – Mar 2027", months: 12, covered: 12 }],
    ["FY actual + forecast: whole", col("full_year", "actuals_forecast"), { label: "FY 2026/27", rangeLabel: "Apr 2026 – Mar 2027", months: 12, covered: 12 }],
    ["YTD: whole up to the reporting month", col("ytd", "actuals"), { label: "Apr – Oct 2026", rangeLabel: "Apr – Oct 2026", months: 7, covered: 7 }],
    ["selection Aug-Oct", col("current_selection", "actuals"), { label: "Aug – Oct 2026", rangeLabel: "Aug – Oct 2026", months: 3, covered: 3 }],
    ["a fiscal quarter reaching past the reporting month", col("fixed_period", "actuals", fixed("2026-10", "2026-12")), { label: "Q3 FY 2026/27", rangeLabel: "Oct – Dec 2026", months: 3, covered: 1 }],
    ["last year's FY: whole", col("full_year", "actuals", year(-1)), { label: "FY 2025/26", rangeLabel: "Apr 2025 – Mar 2026", months: 12, covered: 12 }],
  ];
  for (const [name, column, expected] of table) assert.equal(columnCoverage(column, context), expected, name);
  assert.is(columnCoverage(col("deviation", undefined), context), null);
  assert.equal([partialText(7, 12), partialText(2, 3), partialText(0, 1), partialText(12, 12)], ["7 of 12 months", "2 of 3 months", "0 of 1 month", null]);
});

test("a column's coverage narrowed to the most months any KPI has data for", () => {
  const fy = columnCoverage(col("full_year", "actuals", year(-1)), context);
  const value = (months: number, v: number | null = 1): ColumnCell => ({ kind: "value", value: v, months });
  assert.equal(coverageOfData(fy, [value(5), value(4), undefined])?.covered, 5, "the first year of data: 5 of 12 months");
  assert.is(coverageOfData(fy, [value(12), value(5)]), fy, "one KPI with every month: the column is whole");
  assert.is(coverageOfData(fy, [value(0, null)]), fy, "no values: unchanged");
  assert.is(coverageOfData(null, [value(3)]), null);
});

test("period names: a month, a whole fiscal bucket by its name, any other run as a range", () => {
  assert.is(periodName(m("2026-10"), m("2026-10"), 3), "Oct 2026");
  assert.is(periodName(m("2026-10"), m("2026-12"), 3), "Q3 FY 2026/27");
  assert.is(periodName(m("2026-04"), m("2026-09"), 3), "H1 FY 2026/27");
  assert.is(periodName(m("2026-01"), m("2026-12"), 0), "FY 2026");
  assert.is(periodName(m("2026-11"), m("2027-01"), 3), "Nov 2026 – Jan 2027", "three months, but not a quarter of this fiscal year");
});

test("a value cell counts the months with data behind it", () => {
  const sparsePlan: KpiSeriesSet = { ...fixture, planning: series(each("2026-04", "2026-10", 12)) };
  assert.equal(columnFigure(col("full_year", "planning"), kpi("cum", { series: sparsePlan }), context), { value: 84, months: 7 });
  assert.equal(columnFigure(col("full_year", "actuals"), kpi("cum"), context), { value: 70, months: 7 });
  assert.equal(columnFigure(col("full_year", "actuals_planning"), kpi("cum"), context), { value: 130, months: 12 });
  assert.equal(computeColumns([col("ytd", "planning")], kpi("cum"), context).get("c"), { kind: "value", value: 84, months: 7 });
});

test("one money scale per column from its largest figure; percent deviations and units unscaled", () => {
  const cellsOf = (entries: [string, ColumnCell][]) => new Map(entries);
  const columns = [col("current_selection", "actuals", { id: "a" }), { id: "d", type: "deviation", deviation: { baseLineColumn: "a", comparisonColumn: "a", displayIn: "percent" } } as FlexibleColumn, col("column_unit", undefined, { id: "u" })];
  const rows = [
    { unit: "currency", cells: cellsOf([["a", { kind: "value", value: 1_200_000, months: 1 }]]) },
    { unit: "currency", cells: cellsOf([["a", { kind: "value", value: 950_000, months: 1 }]]) },
    { unit: "number", cells: cellsOf([["a", { kind: "value", value: 90_000_000, months: 1 }]]) },
  ];
  assert.equal([...columnScales(columns, rows)], [["a", "millions"], ["d", null], ["u", null]], "the count of 90 M does not choose the money's scale");
  assert.equal([...columnScales(columns, rows.slice(2))], [["a", null], ["d", null], ["u", null]], "no money, no scale");
  assert.equal([...columnScales(columns.slice(0, 1), [{ unit: "currency", cells: cellsOf([["a", { kind: "value", value: null, months: 0 }]]) }])], [["a", null]], "no amount in the column, no scale");
  const value = (v: number): ColumnCell => ({ kind: "value", value: v, months: 1 });
  assert.equal([formatCellInColumn(value(950_000), "currency", "millions"), formatCellInColumn(value(120_000), "number", "millions"), formatCellInColumn(value(120_000), "number", null)], ["0.95", "120,000", "120,000"]);
  assert.is(formatCellInColumn({ kind: "deviation", displayIn: "absolute", value: -25_000, tone: "bad" }, "currency", "thousands"), "\u221225.0");
  assert.is(formatCellInColumn({ kind: "deviation", displayIn: "percent", value: 12.34, tone: "good" }, "currency", null), "12.3 %");
  assert.is(formatCellInColumn({ kind: "deviation", displayIn: "absolute", value: 2, tone: "good" }, "percentage", "thousands"), "2.0 pp");
});

test.run();
