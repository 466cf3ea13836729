import { test } from "uvu";
import * as assert from "uvu/assert";
import { INVALID_BINARY, INVALID_NUMBER } from "../../../src/domain/kpi/number-input";
import { CHOOSE_KPI, DUPLICATE_MONTH, MISSING_COLUMNS, mapSourceRows, monthOf, NOT_A_MONTH, unknownKpiKey, type TargetKpi } from "../../../src/domain/integrations/source-rows";

const REVENUE: TargetKpi = { id: 11, key: "revenue", unit: "currency" };
const CHURN: TargetKpi = { id: 12, key: "Churn", unit: "binary" };

test("a month cell as a table: dates, timestamps, months and dd.mm.yyyy; anything else is no month", () => {
  const cases: [unknown, string | null][] = [
    ["2026-04-01", "2026-04-01"],
    ["2026-04-15", "2026-04-01"],
    ["2026-04", "2026-04-01"],
    ["2026-04-30 23:59:59+02", "2026-04-01"],
    ["2026-04-30T23:59:59Z", "2026-04-01"],
    [" 15.04.2026 ", "2026-04-01"],
    [new Date(Date.UTC(2025, 11, 1)), "2025-12-01"],
    ["2026-02-30", null],
    ["2026-13-01", null],
    ["1899-12-01", null],
    ["2201-01-01", null],
    ["04/2026", null],
    ["", null],
    [null, null],
    [20260401, null],
    [new Date(NaN), null],
  ];
  for (const [cell, expected] of cases) assert.is(monthOf(cell), expected, String(cell));
});

test("two columns go to the chosen KPI; numbers by the one number rule; problems name their row", () => {
  const result = mapSourceRows(
    {
      columns: ["Month", "VALUE", "note"],
      rows: [
        ["2026-01-01", "1234.50", "x"],
        ["2026-02-01", 99, null],
        ["2026-03-01", "1,250.5", null],
        ["2026-04-01", "12,5", null],
        ["not a date", "1", null],
        ["2026-02-15", "7", null],
        ["2026-05-01", "-3e-2", null],
        ["2026-06-01", null, null],
      ],
    },
    [REVENUE, CHURN],
    REVENUE.id,
  );
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.is(result.byKey, false);
  assert.equal(result.values, [
    { kpiId: 11, month: "2026-01-01", value: 1234.5 },
    { kpiId: 11, month: "2026-02-01", value: 99 },
    { kpiId: 11, month: "2026-03-01", value: 1250.5 },
    { kpiId: 11, month: "2026-05-01", value: -0.03 },
  ]);
  assert.equal(result.problems, [
    { row: 4, message: INVALID_NUMBER },
    { row: 5, message: NOT_A_MONTH },
    { row: 6, message: DUPLICATE_MONTH },
    { row: 8, message: INVALID_NUMBER },
  ]);
  assert.equal(result.rowKpis, [11, 11, 11, null, null, null, 11, null]);
});

test("a kpi column maps rows by KPI key (any case) and applies each KPI's unit; unknown keys are named", () => {
  const result = mapSourceRows(
    {
      columns: ["kpi", "month", "value"],
      rows: [
        ["REVENUE", "2026-01", 10],
        ["churn", "2026-01", 1],
        ["churn", "2026-02", 2],
        ["secret_margin", "2026-01", 5],
        ["revenue", "2026-01", 11],
      ],
    },
    [REVENUE, CHURN],
    null,
  );
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.is(result.byKey, true);
  assert.equal(result.values, [
    { kpiId: 11, month: "2026-01-01", value: 10 },
    { kpiId: 12, month: "2026-01-01", value: 1 },
  ]);
  assert.equal(result.problems, [
    { row: 3, message: INVALID_BINARY },
    { row: 4, message: unknownKpiKey("secret_margin") },
    { row: 5, message: DUPLICATE_MONTH },
  ]);
});

test("a result without month and value, or without a KPI to go to, is refused as a whole", () => {
  assert.equal(mapSourceRows({ columns: ["date", "amount"], rows: [] }, [REVENUE], REVENUE.id), { ok: false, message: MISSING_COLUMNS });
  assert.equal(mapSourceRows({ columns: ["month", "value"], rows: [] }, [REVENUE], null), { ok: false, message: CHOOSE_KPI });
  // A chosen KPI the person may not write is no target either.
  assert.equal(mapSourceRows({ columns: ["month", "value"], rows: [] }, [REVENUE], 999), { ok: false, message: CHOOSE_KPI });
});

test.run();
