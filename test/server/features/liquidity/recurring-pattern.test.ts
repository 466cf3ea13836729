// How seeding reads a vendor's bookings on an expense account as a recurring payment: the median
// gap names the frequency, the mean is the amount, the next payment falls one period after the last.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { recurringPattern } from "../../../../src/server/features/liquidity/recurring-pattern";

const TABLE: [string, [string, number][], ReturnType<typeof recurringPattern>][] = [
  ["one booking is a one-off", [["2026-01-10", 100]], null],
  ["no bookings", [], null],
  ["monthly on the 1st", [["2026-01-01", 100], ["2026-02-01", 100], ["2026-03-01", 100]], { frequency: "monthly", amount: 100, startDate: "2026-04-01" }],
  ["monthly, the end of the month kept by the calendar", [["2026-01-31", 90], ["2026-02-28", 110]], { frequency: "monthly", amount: 100, startDate: "2026-03-28" }],
  ["order does not matter", [["2026-03-01", 30], ["2026-01-01", 10], ["2026-02-01", 20]], { frequency: "monthly", amount: 20, startDate: "2026-04-01" }],
  ["weekly", [["2026-01-05", 50], ["2026-01-12", 50], ["2026-01-19", 50]], { frequency: "weekly", amount: 50, startDate: "2026-01-26" }],
  ["bi-weekly", [["2026-01-02", 10], ["2026-01-16", 10], ["2026-01-30", 10]], { frequency: "bi-weekly", amount: 10, startDate: "2026-02-13" }],
  ["daily", [["2026-01-01", 1], ["2026-01-02", 2], ["2026-01-03", 3]], { frequency: "daily", amount: 2, startDate: "2026-01-04" }],
  ["quarterly", [["2026-01-15", 900], ["2026-04-15", 1100]], { frequency: "quarterly", amount: 1000, startDate: "2026-07-15" }],
  ["yearly", [["2024-03-01", 500], ["2025-03-01", 700]], { frequency: "yearly", amount: 600, startDate: "2026-03-01" }],
  ["the median gap, not the mean: one late payment in a monthly series", [["2026-01-01", 10], ["2026-02-01", 10], ["2026-03-01", 10], ["2026-06-01", 10]], { frequency: "monthly", amount: 10, startDate: "2026-07-01" }],
  ["amounts rounded to cents", [["2026-01-01", 10], ["2026-02-01", 10], ["2026-03-01", 10.01]], { frequency: "monthly", amount: 10, startDate: "2026-04-01" }],
];

for (const [name, bookings, expected] of TABLE) {
  test(name, () => {
    assert.equal(recurringPattern(bookings.map(([date, amount]) => ({ date, amount }))), expected);
  });
}

test.run();
