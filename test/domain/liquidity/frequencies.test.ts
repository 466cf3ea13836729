import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Frequency } from "../../../src/contracts/liquidity";
import { dueDates, monthlyTotals, paymentsPerMonth } from "../../../src/domain/liquidity/frequencies";

const payment = (frequency: Frequency, startDate: string, endDate: string | null = null) => ({ frequency, startDate, endDate });

test("due dates by frequency within a range, the end date inclusive", () => {
  const table: [Frequency, string, string | null, string, string, string[]][] = [
    ["daily", "2027-02-26", null, "2027-02-01", "2027-03-02", ["2027-02-26", "2027-02-27", "2027-02-28", "2027-03-01", "2027-03-02"]],
    ["daily", "2027-02-26", "2027-02-27", "2027-02-01", "2027-03-31", ["2027-02-26", "2027-02-27"]],
    ["daily", "2028-02-28", null, "2028-02-27", "2028-03-01", ["2028-02-28", "2028-02-29", "2028-03-01"]], // leap day
    ["weekly", "2027-01-04", null, "2027-01-01", "2027-02-01", ["2027-01-04", "2027-01-11", "2027-01-18", "2027-01-25", "2027-02-01"]],
    ["weekly", "2027-01-04", "2027-01-18", "2027-01-01", "2027-02-01", ["2027-01-04", "2027-01-11", "2027-01-18"]],
    ["weekly", "2027-01-04", "2027-01-17", "2027-01-01", "2027-02-01", ["2027-01-04", "2027-01-11"]],
    ["bi-weekly", "2026-12-25", null, "2027-01-01", "2027-02-28", ["2027-01-08", "2027-01-22", "2027-02-05", "2027-02-19"]], // started before the range: stays on its rhythm
    ["monthly", "2027-01-15", null, "2027-01-01", "2027-04-30", ["2027-01-15", "2027-02-15", "2027-03-15", "2027-04-15"]],
    ["monthly", "2027-01-31", null, "2027-01-01", "2027-05-31", ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]], // clamped, never carried on
    ["monthly", "2028-01-31", null, "2028-02-01", "2028-03-31", ["2028-02-29", "2028-03-31"]], // leap February
    ["monthly", "2027-01-30", "2027-03-29", "2027-01-01", "2027-12-31", ["2027-01-30", "2027-02-28"]], // Mar 30 is after the end
    ["monthly", "2026-06-10", null, "2027-01-11", "2027-03-10", ["2027-02-10", "2027-03-10"]], // January's fell before the range
    ["quarterly", "2026-11-30", null, "2027-01-01", "2027-12-31", ["2027-02-28", "2027-05-30", "2027-08-30", "2027-11-30"]],
    ["quarterly", "2027-01-01", "2027-06-30", "2027-01-01", "2027-12-31", ["2027-01-01", "2027-04-01"]],
    ["yearly", "2024-02-29", null, "2025-01-01", "2028-12-31", ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]],
    ["yearly", "2027-06-01", null, "2027-01-01", "2027-05-31", []], // starts after the range
    ["monthly", "2027-03-01", "2027-02-01", "2027-01-01", "2027-12-31", []], // ends before it starts: never due
  ];
  for (const [frequency, start, end, from, to, expected] of table) assert.equal(dueDates(payment(frequency, start, end), from, to), expected, `${frequency} ${start}–${end ?? "open"} in ${from}–${to}`);
});

test("payments per month: partial months at the start and end, four or five weeks, every third month", () => {
  const table: [Frequency, string, string | null, string, number, number[]][] = [
    ["daily", "2027-01-20", "2027-03-10", "2027-01-01", 4, [12, 28, 10, 0]],
    ["daily", "2028-02-01", null, "2028-02-01", 2, [29, 31]],
    ["weekly", "2027-01-01", null, "2027-01-01", 3, [5, 4, 4]], // Fridays: 5 in January 2027
    ["bi-weekly", "2027-01-01", null, "2027-01-01", 3, [3, 2, 2]],
    ["monthly", "2027-01-31", "2027-04-29", "2027-01-01", 5, [1, 1, 1, 0, 0]],
    ["quarterly", "2027-02-15", null, "2027-01-01", 7, [0, 1, 0, 0, 1, 0, 0]],
    ["yearly", "2026-03-01", null, "2027-01-01", 12, [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  ];
  for (const [frequency, start, end, firstMonth, months, expected] of table) assert.equal(paymentsPerMonth(payment(frequency, start, end), firstMonth, months), expected, `${frequency} ${start}–${end ?? "open"}`);
});

test("monthly totals are the payments of each month times the amount", () => {
  assert.equal(monthlyTotals({ ...payment("weekly", "2027-01-01"), amount: 250 }, "2027-01-01", 2), [
    { month: "2027-01-01", amount: 1_250 },
    { month: "2027-02-01", amount: 1_000 },
  ]);
});

test("an impossible date is refused, not rolled over", () => {
  assert.throws(() => dueDates(payment("monthly", "2027-02-30"), "2027-01-01", "2027-12-31"), RangeError);
  assert.throws(() => dueDates(payment("monthly", "2027-01-01"), "2027-13-01", "2027-12-31"), RangeError);
});

test.run();
