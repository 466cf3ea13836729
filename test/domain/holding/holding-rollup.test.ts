import { test } from "uvu";
import * as assert from "uvu/assert";
import { conversionFactor, isAdditive, matchKey, rateBook, rollUp, type HoldingRate, type SubsidiaryData, type SubsidiaryKpi } from "../../../src/domain/holding/rollup";
import { periodMonths } from "../../../src/domain/holding/period";
import { monthIndexOf } from "../../../src/domain/months";

const m = (text: string) => monthIndexOf(`${text}-01`);
const kpi = (name: string, unit: string, aggregation: "cum" | "ad" | "dd", values: Record<string, number>): SubsidiaryKpi => ({ name, unit, aggregation, actuals: new Map(Object.entries(values).map(([month, value]) => [m(month), value])) });
const rate = (currency: string, month: string, average: number, monthEnd: number): HoldingRate => ({ currency, month: m(month), average, monthEnd });
const Q1 = [m("2026-01"), m("2026-02"), m("2026-03")];
const RATES = [rate("EUR", "2026-01", 0.9, 0.95), rate("EUR", "2026-02", 1.0, 1.05), rate("EUR", "2026-03", 1.1, 1.2)];

test("matching: name without case or surrounding blanks, and unit", () => {
  const table: [string, string, string, string, boolean][] = [
    ["Revenue", "currency", " revenue ", "currency", true],
    ["Revenue", "currency", "REVENUE", "currency", true],
    ["Revenue", "currency", "Revenue", "number", false],
    ["Revenue", "currency", "Revenues", "currency", false],
  ];
  for (const [a, unitA, b, unitB, same] of table) assert.is(matchKey(a, unitA) === matchKey(b, unitB), same, `${a}/${unitA} vs ${b}/${unitB}`);
});

test("what adds up across companies: flows and balances, not averages, percentages or yes/no", () => {
  const table: [string, "cum" | "ad" | "dd", boolean][] = [
    ["currency", "cum", true],
    ["currency", "dd", true],
    ["number", "dd", true],
    ["currency", "ad", false],
    ["percentage", "cum", false],
    ["binary", "dd", false],
  ];
  for (const [unit, aggregation, additive] of table) assert.is(isAdditive(unit, aggregation), additive, `${unit} ${aggregation}`);
});

test("conversion factor: flows at the month's average, balances at month end, own currency and non-money at 1, missing rate null", () => {
  const book = rateBook(RATES);
  const table: [string, string, "cum" | "dd", string, number | null][] = [
    ["EUR", "currency", "cum", "2026-02", 1.0],
    ["EUR", "currency", "dd", "2026-02", 1.05],
    ["CHF", "currency", "cum", "2026-02", 1],
    ["EUR", "number", "dd", "2026-02", 1],
    ["EUR", "currency", "cum", "2026-04", null],
    ["USD", "currency", "dd", "2026-01", null],
  ];
  for (const [currency, unit, aggregation, month, expected] of table) assert.is(conversionFactor(book, "CHF", currency, unit, aggregation, m(month)), expected, `${currency} ${unit} ${aggregation} ${month}`);
});

test("the roll-up, hand-computed: a EUR and a CHF company into CHF", () => {
  const eur: SubsidiaryData = {
    id: 1,
    name: "Alpha GmbH",
    currency: "EUR",
    kpis: [
      kpi("Revenue", "currency", "cum", { "2026-01": 100, "2026-02": 200, "2026-03": 300 }),
      kpi("Cash", "currency", "dd", { "2026-01": 1000, "2026-02": 1100, "2026-03": 1200 }),
      kpi("Employees", "number", "dd", { "2026-01": 10, "2026-03": 12 }),
      kpi("Gross margin", "percentage", "ad", { "2026-01": 40 }),
      kpi("Churn", "currency", "cum", { "2026-01": 5 }),
      kpi("Backlog", "currency", "cum", { "2026-01": 5 }),
    ],
  };
  const chf: SubsidiaryData = {
    id: 2,
    name: "Beta AG",
    currency: "CHF",
    kpis: [
      kpi("revenue", "currency", "cum", { "2026-01": 50, "2026-03": 70 }),
      kpi("Cash", "currency", "dd", { "2026-02": 400 }),
      kpi("Employees", "number", "dd", { "2026-02": 5 }),
      kpi("Gross margin", "percentage", "ad", { "2026-01": 30 }),
      kpi("Backlog", "currency", "dd", { "2026-01": 5 }),
    ],
  };
  const result = rollUp({ holdingCurrency: "CHF", subsidiaries: [eur, chf], rates: RATES, months: Q1 });
  const line = (name: string) => result.lines.find((candidate) => candidate.name === name)!;
  // Revenue: 100×0.9 + 200×1.0 + 300×1.1 = 620 CHF, plus Beta's 50 + 70 = 120 CHF.
  assert.is(line("Revenue").total, 740);
  assert.equal(line("Revenue").companies.map((figure) => [figure.company, figure.local, figure.converted]), [["Alpha GmbH", 600, 620], ["Beta AG", 120, 120]]);
  assert.equal(line("Revenue").companies[0]!.monthly, [90, 200, 330]);
  // Cash: Alpha's March balance 1200 at March's month end 1.2 = 1440, Beta's February 400.
  assert.is(line("Cash").total, 1840);
  assert.is(line("Cash").aggregation, "dd");
  // Employees are not money: 12 + 5.
  assert.is(line("Employees").total, 17);
  assert.equal(
    result.unmatched.map((entry) => [entry.name, entry.reason, entry.companies]),
    [
      ["Gross margin", "not-additive", ["Alpha GmbH", "Beta AG"]],
      ["Churn", "missing", ["Alpha GmbH"]],
      ["Backlog", "aggregation", ["Alpha GmbH", "Beta AG"]],
    ],
  );
  assert.is(result.currency, "CHF");
});

test("a missing rate: no total, the company's figure null, and the rate named; never a wrong number", () => {
  const eur: SubsidiaryData = { id: 1, name: "Alpha GmbH", currency: "EUR", kpis: [kpi("Revenue", "currency", "cum", { "2026-03": 10, "2026-04": 20 }), kpi("Cash", "currency", "dd", { "2026-03": 5, "2026-04": 7 })] };
  const result = rollUp({ holdingCurrency: "CHF", subsidiaries: [eur], rates: RATES, months: [m("2026-03"), m("2026-04")] });
  const revenue = result.lines.find((line) => line.name === "Revenue")!;
  assert.is(revenue.total, null);
  assert.is(revenue.companies[0]!.converted, null);
  assert.is(revenue.companies[0]!.local, 30);
  assert.equal(revenue.problems, ["No rate for EUR in Apr 2026"]);
  // The balance needs only April's month-end rate, which is missing too.
  assert.equal(result.lines.find((line) => line.name === "Cash")!.problems, ["No rate for EUR in Apr 2026"]);
  // Within March alone every rate is there.
  const march = rollUp({ holdingCurrency: "CHF", subsidiaries: [eur], rates: RATES, months: [m("2026-03")] });
  assert.is(march.lines.find((line) => line.name === "Cash")!.total, 6);
});

test("a company without values in the period adds nothing; no company with values: no total", () => {
  const a: SubsidiaryData = { id: 1, name: "A", currency: "CHF", kpis: [kpi("Revenue", "currency", "cum", { "2026-01": 10 })] };
  const b: SubsidiaryData = { id: 2, name: "B", currency: "EUR", kpis: [kpi("Revenue", "currency", "cum", {})] };
  assert.is(rollUp({ holdingCurrency: "CHF", subsidiaries: [a, b], rates: [], months: Q1 }).lines[0]!.total, 10);
  assert.is(rollUp({ holdingCurrency: "CHF", subsidiaries: [a, b], rates: [], months: [m("2025-01")] }).lines[0]!.total, null);
  assert.equal(rollUp({ holdingCurrency: "CHF", subsidiaries: [], rates: [], months: Q1 }), { currency: "CHF", months: Q1, lines: [], unmatched: [] });
});

test("periods: a month range, or the fiscal year to date up to the last complete month", () => {
  assert.equal(periodMonths({ kind: "range", from: m("2026-01"), to: m("2026-03") }, 0, m("2026-11")), Q1);
  assert.equal(periodMonths({ kind: "ytd" }, 0, m("2026-04")), Q1);
  assert.equal(periodMonths({ kind: "ytd" }, 3, m("2026-06")), [m("2026-04"), m("2026-05")]);
  // In the first month of a fiscal year, year to date is the whole year just ended.
  assert.is(periodMonths({ kind: "ytd" }, 0, m("2026-01")).length, 12);
  assert.throws(() => periodMonths({ kind: "range", from: m("2026-03"), to: m("2026-01") }, 0, m("2026-11")), /ends before/);
  assert.throws(() => periodMonths({ kind: "range", from: m("2020-01"), to: m("2026-01") }, 0, m("2026-11")), /at most 36/);
});

test.run();
