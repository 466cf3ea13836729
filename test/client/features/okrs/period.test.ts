// The objective screens' periods: fiscal quarters and years around today, as dates the API takes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { currentQuarter, periodDates, periodLabel, periodOptions } from "../../../../src/client/features/okrs/period";

const NOV_2026 = 2026 * 12 + 10;

test("a calendar fiscal year: Q4 2026 by default, quarters and years from last year to next", () => {
  assert.equal(currentQuarter(NOV_2026, 0), { first: 2026 * 12 + 9, last: 2026 * 12 + 11 });
  const labels = periodOptions(NOV_2026, 0).map((option) => option.label);
  assert.equal(labels.slice(0, 5), ["FY 2025", "Q1 FY 2025", "Q2 FY 2025", "Q3 FY 2025", "Q4 FY 2025"]);
  assert.equal(labels.length, 15);
  assert.ok(labels.includes("FY 2027"));
});

test("a fiscal year from April: November is in Q3 of FY 2026/27", () => {
  const quarter = currentQuarter(NOV_2026, 3);
  assert.equal(periodDates(quarter), { from: "2026-10-01", to: "2026-12-31" });
  assert.is(periodLabel(quarter, 3), "Q3 FY 2026/27");
  const year = periodOptions(NOV_2026, 3)[5]!;
  assert.is(year.label, "FY 2026/27");
  assert.equal(periodDates(year.period), { from: "2026-04-01", to: "2027-03-31" });
});

test("a period that is neither a quarter nor a year is named by its dates; February ends on its last day", () => {
  assert.is(periodLabel({ first: 2028 * 12 + 1, last: 2028 * 12 + 1 }, 0), "2028-02-01 – 2028-02-29");
});

test.run();
