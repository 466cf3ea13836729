import { test } from "uvu";
import * as assert from "uvu/assert";
import { calculateAll, CYCLE_DETECTED, dependenciesOf, evaluateFormula, formulaText, INVALID_FORMULA, parseFormula } from "../../../src/domain/kpi/formula";

test("formulas as a table: text and values → result", () => {
  const values: Record<string, number | null> = { revenue: 200, cogs: 50, customers: 4, mrr: 1000, empty: null, zero: 0 };
  const table: [string, number | null][] = [
    ["revenue - cogs", 150],
    ["(revenue - cogs) / revenue * 100", 75],
    ["mrr / customers", 250],
    ["mrr * 12", 12000],
    ["-cogs + revenue", 150],
    ["revenue - empty", null],
    ["revenue / zero", null],
    ["unknown_kpi + 1", null],
  ];
  for (const [text, expected] of table) assert.is(evaluateFormula(parseFormula(text), (key) => values[key]), expected, text);
  assert.equal([...dependenciesOf(parseFormula("(gross_profit - total_opex) / revenue"))].sort(), ["gross_profit", "revenue", "total_opex"]);
});

test("only arithmetic over keys and numbers is a formula", () => {
  for (const text of ["revenue > 1", "Math.max(1, 2)", "revenue.length", "'text'", "revenue ? 1 : 2", "a[0]", "revenue +", "this"]) {
    assert.throws(() => parseFormula(text), (error: Error) => error.message === INVALID_FORMULA, text);
  }
});

test("calculated KPIs are evaluated in dependency order, reading each other", () => {
  const formulas = new Map([
    ["ebit", "ebitda - depreciation"],
    ["gross_profit", "revenue - cogs"],
    ["ebitda", "gross_profit - total_opex"],
    ["ebitda_margin", "ebitda / revenue * 100"],
  ]);
  const stored: Record<string, number> = { revenue: 1000, cogs: 300, total_opex: 500, depreciation: 50 };
  const results = calculateAll(formulas, (key) => stored[key]);
  assert.equal(Object.fromEntries(results), { gross_profit: 700, ebitda: 200, ebit: 150, ebitda_margin: 20 });
});

test("a circular formula is 'Cycle detected in kpi formula'", () => {
  const circle = new Map([
    ["a", "b + 1"],
    ["b", "c * 2"],
    ["c", "a - 1"],
  ]);
  assert.throws(() => calculateAll(circle, () => 1), (error: Error) => error.message === CYCLE_DETECTED);
  assert.throws(() => calculateAll(new Map([["self", "self + 1"]]), () => 1), (error: Error) => error.message === CYCLE_DETECTED);
});

test("formulas for people as a table: names, + − × ÷, parentheses only where the order needs them", () => {
  const names: Record<string, string> = { gross_profit: "Gross profit", revenue: "Revenue", cogs: "Cost of goods sold", a: "A", b: "B", c: "C" };
  const table: [string, string][] = [
    ["gross_profit / revenue * 100", "Gross profit ÷ Revenue × 100"],
    ["(revenue - cogs) / revenue * 100", "(Revenue − Cost of goods sold) ÷ Revenue × 100"],
    ["a - (b - c)", "A − (B − C)"],
    ["a - b - c", "A − B − C"],
    ["a / (b * c)", "A ÷ (B × C)"],
    ["a + b * c", "A + B × C"],
    ["-a + 2.5", "−A + 2.5"],
    ["-(a + b)", "−(A + B)"],
    ["unknown * 12", "unknown × 12"],
  ];
  assert.equal(
    table.map(([text]) => formulaText(parseFormula(text), (key) => names[key] ?? key)),
    table.map(([, shown]) => shown),
  );
});

test.run();
