import { test } from "uvu";
import * as assert from "uvu/assert";
import { figureOf, type AggregationType } from "../../../src/domain/kpi/aggregation";
import { evaluationOrder, parseFormula } from "../../../src/domain/kpi/formula";
import { kpiHistory } from "../../../src/domain/kpi/kpi-history";
import { addCalculatedKpis, monthValue, storedPeriodKpi, type PeriodKpi } from "../../../src/domain/kpi/period-kpis";
import { bucketsOf } from "../../../src/domain/kpi/periods";
import { monthIndexOf, monthRange } from "../../../src/domain/months";

const m = (date: string) => monthIndexOf(`${date}-01`);
const APR = m("2026-04");
const QUARTER = monthRange(APR, APR + 2); // Q1 FY 2026/27 with an April fiscal year
const monthly = (values: readonly (number | null)[]) => new Map(values.flatMap((value, index) => (value === null ? [] : [[APR + index, value] as const])));

/** Stored KPIs, April to June 2026 (actuals only). */
const STORED: Record<string, [AggregationType, (number | null)[]]> = {
  revenue: ["cum", [100, 200, 300]],
  cogs: ["cum", [40, 60, 100]],
  headcount: ["dd", [10, 10, 20]],
  mrr: ["dd", [50, 60, 70]],
  customers: ["dd", [5, 6, 10]],
};

/** Calculated KPIs: key → formula, own type, weighted ratio. */
const CALCULATED: Record<string, [string, AggregationType, boolean]> = {
  gross_profit: ["revenue - cogs", "cum", false],
  gross_margin: ["gross_profit / revenue * 100", "ad", true],
  revenue_per_employee: ["revenue / headcount", "ad", false],
  revenue_per_head_weighted: ["revenue / headcount", "ad", true],
  arr: ["mrr * 12", "dd", false],
  arpa: ["mrr / customers", "ad", false],
  margin_of_margins: ["gross_margin - 50", "ad", true],
};

function catalogue(stored = STORED): Map<string, PeriodKpi> {
  const known = new Map<string, PeriodKpi>();
  for (const [key, [type, values]] of Object.entries(stored)) known.set(key, storedPeriodKpi({ actual: monthly(values), planning: new Map(), forecast: new Map() }, type));
  const parsed = new Map(Object.entries(CALCULATED).map(([key, [formula]]) => [key, parseFormula(formula)] as const));
  const inOrder = evaluationOrder(parsed).map((key) => ({ key, formula: parsed.get(key)!, aggregationType: CALCULATED[key]![1], weightedRatio: CALCULATED[key]![2] }));
  addCalculatedKpis(known, inOrder, QUARTER);
  return known;
}

const quarterOf = (known: Map<string, PeriodKpi>, key: string) => figureOf(known.get(key)!.series.actual, QUARTER, known.get(key)!.measure);
const monthsOf = (known: Map<string, PeriodKpi>, key: string) => QUARTER.map((month) => monthValue(known.get(key)!, known.get(key)!.series.actual.get(month)));
const round = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

test("a calculated KPI's quarter by its own rule, as a table: monthly values, then the quarter", () => {
  const known = catalogue();
  const table = Object.keys(CALCULATED).map((key) => [key, monthsOf(known, key).map(round), round(quarterOf(known, key).value), quarterOf(known, key).months]);
  assert.equal(table, [
    // sum: the monthly formula values add up (the formula over sums, as it is linear)
    ["gross_profit", [60, 140, 200], 400, 3],
    // weighted: Σ gross profit ÷ Σ revenue, not the average of the monthly margins (65.555…)
    ["gross_margin", [60, 70, round(200 / 3)], round((400 / 600) * 100), 3],
    // average: the average of its monthly values, not Σ revenue ÷ headcount (30, three times a month's)
    ["revenue_per_employee", [10, 20, 15], 15, 3],
    // weighted over a dd input: Σ revenue ÷ the quarter's last headcount
    ["revenue_per_head_weighted", [10, 20, 15], 30, 3],
    // last: the quarter's last month
    ["arr", [600, 720, 840], 840, 3],
    ["arpa", [10, 10, 7], 9, 3],
    // weighted over a weighted input: the input's own weighted figure
    ["margin_of_margins", [10, 20, round(200 / 3 - 50)], round((400 / 600) * 100 - 50), 3],
  ]);
});

test("the quarter of an ad calculated KPI is the average of its months; of a weighted margin, Σ gross profit ÷ Σ revenue", () => {
  const known = catalogue();
  const months = monthsOf(known, "revenue_per_employee") as number[];
  assert.is(quarterOf(known, "revenue_per_employee").value, months.reduce((sum, value) => sum + value, 0) / months.length);
  const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
  assert.is(quarterOf(known, "gross_margin").value, (sum(monthsOf(known, "gross_profit")) / sum(STORED["revenue"]![1])) * 100);
});

test("a weighted ratio counts only the months where every input has data: a missing cost leaves out that month's revenue too", () => {
  const known = catalogue({ ...STORED, cogs: ["cum", [40, 60, null]] });
  assert.equal([quarterOf(known, "gross_profit").value, quarterOf(known, "gross_profit").months], [200, 2]);
  assert.equal([quarterOf(known, "gross_margin").value, quarterOf(known, "gross_margin").months], [(200 / 300) * 100, 2]);
  assert.equal([quarterOf(known, "revenue").value, quarterOf(known, "revenue").months], [600, 3], "the input itself keeps its three months");
});

test("an input that names no KPI gives no months, so no figure", () => {
  const known = new Map<string, PeriodKpi>();
  addCalculatedKpis(known, [{ key: "orphan", formula: parseFormula("nothing * 2"), aggregationType: "cum", weightedRatio: true }, { key: "orphan_by_type", formula: parseFormula("nothing * 2"), aggregationType: "cum", weightedRatio: false }], QUARTER);
  assert.equal(figureOf(known.get("orphan")!.series.actual, QUARTER, known.get("orphan")!.measure), { value: null, months: 0 });
  assert.equal(figureOf(known.get("orphan_by_type")!.series.actual, QUARTER, known.get("orphan_by_type")!.measure), { value: null, months: 0 });
});

test("history buckets of a calculated KPI follow the same rule, and a partial quarter at the range's edge says so", () => {
  const known = catalogue();
  // May to June: the range starts inside Q1, so Q1 holds two of its three months.
  const [q1] = kpiHistory(known.get("gross_margin")!.series, known.get("gross_margin")!.measure, bucketsOf(APR + 1, APR + 2, 3, 3));
  assert.equal([q1!.label, q1!.rangeLabel, q1!.startDate, q1!.endDate], ["Q1 FY 2026/27", "Apr – Jun 2026", "2026-05-01", "2026-06-01"]);
  assert.equal(q1!.monthCounts, { period: 3, inRange: 2, actual: 2, planning: 0, forecast: 0, lastYear: 0 });
  assert.is(q1!.actual, ((140 + 200) / (200 + 300)) * 100);
  const [perEmployee] = kpiHistory(known.get("revenue_per_employee")!.series, known.get("revenue_per_employee")!.measure, bucketsOf(APR, APR + 2, 3, 3));
  assert.is(perEmployee!.actual, 15);
});

test.run();
