import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthDateOf, monthIndexOf } from "../../../../../src/domain/months";
import { presetPeriod, PERIOD_PRESETS } from "../../../../../src/client/features/warehouse/views/period";

test("period presets, counted from the current month and the company's fiscal year (April)", () => {
  const current = monthIndexOf("2026-11-01");
  const table: Record<string, [string, string]> = {
    "last-12-months": ["2025-12-01", "2026-11-01"],
    "this-fiscal-year": ["2026-04-01", "2027-03-01"],
    "last-fiscal-year": ["2025-04-01", "2026-03-01"],
    "last-3-months": ["2026-09-01", "2026-11-01"],
  };
  for (const { value } of PERIOD_PRESETS) {
    const { from, to } = presetPeriod(value, current, 3);
    assert.equal([monthDateOf(from), monthDateOf(to)], table[value], value);
  }
  const january = presetPeriod("this-fiscal-year", monthIndexOf("2026-02-01"), 3);
  assert.equal([monthDateOf(january.from), monthDateOf(january.to)], ["2025-04-01", "2026-03-01"], "February is in the fiscal year that began last April");
});

test.run();
