import { test } from "uvu";
import * as assert from "uvu/assert";
import type { PivotOptions } from "../../../src/contracts/charts";
import { combineByRule, pivotTable, WEIGHTED_TOTAL_NOTE } from "../../../src/domain/charts/pivot-table";
import { bucket } from "./fixtures";

// Fiscal years start in April (offset 3): H2 FY 2025/26 is Oct 2025 – Mar 2026.
const revenue = { id: 1, name: "Revenue", unit: "currency", periodRule: "sum" } as const;
const cash = { id: 2, name: "Cash", unit: "currency", periodRule: "last" } as const;
const margin = { id: 3, name: "Margin", unit: "percentage", periodRule: "weighted" } as const;
const half = { period: 6, data: 6 };
const history = {
  1: [bucket("H2 FY 2025/26", "2025-10-01", { actual: 100 }, half), bucket("H1 FY 2026/27", "2026-04-01", { actual: 300 }, half), bucket("H2 FY 2026/27", "2026-10-01", { actual: 50 }, { period: 6, data: 2 })],
  2: [bucket("H2 FY 2025/26", "2025-10-01", { actual: 900 }, half), bucket("H1 FY 2026/27", "2026-04-01", { actual: 700 }, half), bucket("H2 FY 2026/27", "2026-10-01", { actual: 800 }, half)],
  3: [bucket("H2 FY 2025/26", "2025-10-01", { actual: 40 }, half), bucket("H1 FY 2026/27", "2026-04-01", { actual: 50 }, half), bucket("H2 FY 2026/27", "2026-10-01", { actual: 45 }, half)],
};
// The server's fiscal-year buckets by each KPI's rule: revenue sums, cash is its last value, margin its weighted ratio.
const yearHistory = {
  1: [bucket("FY 2025/26", "2025-10-01", { actual: 100 }, { period: 12, data: 6 }), bucket("FY 2026/27", "2026-04-01", { actual: 350 }, { period: 12, data: 8 })],
  2: [bucket("FY 2025/26", "2025-10-01", { actual: 900 }, { period: 12, data: 6 }), bucket("FY 2026/27", "2026-04-01", { actual: 800 }, { period: 12, data: 12 })],
  3: [bucket("FY 2025/26", "2025-10-01", { actual: 40 }, { period: 12, data: 6 }), bucket("FY 2026/27", "2026-04-01", { actual: 47 }, { period: 12, data: 12 })],
};
const options = (changes: Partial<PivotOptions> = {}): PivotOptions => ({ rows: "kpis", subtotals: true, totals: true, sort: "manual", rowOrder: [], ...changes });
const table = (changes: Partial<PivotOptions> = {}, kpis = [revenue, cash, margin]) => pivotTable({ kpis, history, yearHistory, series: ["actual"], options: options(changes), fiscalYearOffset: 3 });
const grid = (pivot: ReturnType<typeof pivotTable>) => pivot.rows.map((row) => [row.header.label, ...row.cells.map((cell) => cell.value)]);

test("KPIs as rows: buckets, each fiscal year's subtotal by the KPI's rule, the total; a balance totals to its last value", () => {
  const pivot = table();
  assert.equal(pivot.columns.map((column) => [column.label, column.kind]), [
    ["H2 FY 2025/26", "value"],
    ["FY 2025/26", "subtotal"],
    ["H1 FY 2026/27", "value"],
    ["H2 FY 2026/27", "value"],
    ["FY 2026/27", "subtotal"],
    ["Total", "total"],
  ]);
  assert.equal(grid(pivot), [
    ["Revenue", 100, 100, 300, 50, 350, 450],
    ["Cash", 900, 900, 700, 800, 800, 800],
    ["Margin", 40, 40, 50, 45, 47, null],
  ]);
  assert.is(pivot.rows[2]!.cells[5]!.note, WEIGHTED_TOTAL_NOTE);
  assert.is(pivot.rows[0]!.cells[3]!.partial, "2 of 6 months", "the partial bucket is marked");
  assert.is(pivot.rows[0]!.cells[4]!.partial, "8 of 12 months");
});

test("subtotals and totals switch separately", () => {
  assert.equal(table({ subtotals: false }).columns.map((column) => column.label), ["H2 FY 2025/26", "H1 FY 2026/27", "H2 FY 2026/27", "Total"]);
  assert.equal(table({ totals: false }).columns.map((column) => column.label), ["H2 FY 2025/26", "FY 2025/26", "H1 FY 2026/27", "H2 FY 2026/27", "FY 2026/27"]);
  assert.equal(table({ subtotals: false, totals: false }).columns.length, 3);
});

test("rows sorted by hand (the order first, the rest after) or by the total's value, no figure last", () => {
  const labels = (changes: Partial<PivotOptions>) => table(changes).rows.map((row) => row.header.label);
  assert.equal(labels({ rowOrder: [3] }), ["Margin", "Revenue", "Cash"]);
  assert.equal(labels({ sort: "valueDescending" }), ["Cash", "Revenue", "Margin"]);
  assert.equal(labels({ sort: "valueAscending" }), ["Revenue", "Cash", "Margin"], "margin has no total: last either way");
});

test("periods as rows: KPIs become the columns; by value only the buckets move, years and total follow", () => {
  const pivot = table({ rows: "periods" }, [revenue, cash]);
  assert.is(pivot.rowsLabel, "Period");
  assert.equal(pivot.columns.map((column) => column.label), ["Revenue", "Cash"]);
  assert.equal(grid(pivot), [
    ["H2 FY 2025/26", 100, 900],
    ["FY 2025/26", 100, 900],
    ["H1 FY 2026/27", 300, 700],
    ["H2 FY 2026/27", 50, 800],
    ["FY 2026/27", 350, 800],
    ["Total", 450, 800],
  ]);
  assert.equal(table({ rows: "periods", sort: "valueDescending" }, [revenue, cash]).rows.map((row) => row.header.label), ["H1 FY 2026/27", "H2 FY 2025/26", "H2 FY 2026/27", "FY 2025/26", "FY 2026/27", "Total"]);
});

test("several series: one row per KPI × series", () => {
  const pivot = pivotTable({ kpis: [revenue], history, yearHistory, series: ["actual", "planning"], options: options({ subtotals: false, totals: false }), fiscalYearOffset: 3 });
  assert.equal(pivot.rows.map((row) => row.header.label), ["Revenue · Actual", "Revenue · Planning"]);
});

test("combining fiscal years by rule", () => {
  const years = [{ value: 10, months: 12 }, { value: null, months: 0 }, { value: 40, months: 6 }];
  assert.is(combineByRule("sum", years), 50);
  assert.is(combineByRule("average", years), 20, "(10 × 12 + 40 × 6) / 18");
  assert.is(combineByRule("last", years), 40);
  assert.is(combineByRule("weighted", years), null);
  assert.is(combineByRule("weighted", [{ value: 7, months: 3 }]), 7);
  assert.is(combineByRule("sum", [{ value: null, months: 0 }]), null, "no data is not zero");
});

test.run();
