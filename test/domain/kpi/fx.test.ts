import { test } from "uvu";
import * as assert from "uvu/assert";
import { convert, rateFor } from "../../../src/domain/kpi/fx";
import { monthIndexOf } from "../../../src/domain/months";

const m = monthIndexOf;
const rates = [
  { validFrom: m("2026-03-01"), rate: 1.1 },
  { validFrom: m("2026-01-01"), rate: 1.05 },
  { validFrom: m("2026-06-01"), rate: 1.2 },
];

test("the rate of a month as a table: latest at or before it; the earliest before all dates", () => {
  const table: [string, number][] = [
    ["2025-11-01", 1.05], // before the earliest date
    ["2026-01-01", 1.05],
    ["2026-02-01", 1.05],
    ["2026-03-01", 1.1],
    ["2026-05-01", 1.1],
    ["2026-06-01", 1.2],
    ["2027-12-01", 1.2],
  ];
  for (const [month, rate] of table) assert.is(rateFor(rates, m(month)), rate, month);
  assert.is(rateFor([{ validFrom: m("2026-06-01"), rate: 0.94 }], m("2020-01-01")), 0.94, "a single column applies to all dates");
  assert.is(rateFor([], m("2026-01-01")), null);
});

test("only money converts; no selection is local currency", () => {
  assert.ok(Math.abs(convert(100, "currency", m("2026-04-01"), rates) - 110) < 1e-9);
  assert.is(convert(100, "percentage", m("2026-04-01"), rates), 100);
  assert.is(convert(100, "currency", m("2026-04-01"), null), 100);
});

test.run();
