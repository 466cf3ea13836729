import { test } from "uvu";
import * as assert from "uvu/assert";
import { accountsWithoutCategory, coveredMonths, defaultSide, lineAmountCents, monthlyActuals, type BookingAmount } from "../../../src/domain/accounting/profit-and-loss";

const booking = (date: string, debitAccount: string, creditAccount: string, amount: number): BookingAmount => ({ date, debitAccount, creditAccount, amountCents: Math.round(amount * 100) });

test("sign rules as a table: income lines count credit − debit, expense lines debit − credit", () => {
  const cases: [side: "income" | "expense", debit: boolean, cents: number, expected: number][] = [
    ["income", false, 1000, 1000], // a sale credited to revenue
    ["income", true, 1000, -1000], // a discount debited to revenue
    ["expense", true, 1000, 1000], // a cost debited to an expense account
    ["expense", false, 1000, -1000], // a refund credited to it
  ];
  for (const [side, debit, cents, expected] of cases) assert.is(lineAmountCents(side, debit, cents), expected, `${side} ${debit ? "debit" : "credit"}`);
  assert.is(defaultSide(true), "income");
  assert.is(defaultSide(false), "expense");
});

test("monthly sums: per line and calendar month, both sides of a booking, zero in covered months without bookings", () => {
  const REVENUE = 1;
  const COSTS = 2;
  const mapping = new Map<string, number | null>([
    ["4400", REVENUE],
    ["4700", REVENUE], // sales deductions: debited, they lower revenue
    ["6000", COSTS],
    ["6100", COSTS],
    ["7600", null], // taxes: not part of the statement
  ]);
  const lines = [
    { kpi: REVENUE, side: "income" as const },
    { kpi: COSTS, side: "expense" as const },
  ];
  const bookings = [
    booking("2026-01-05", "1400", "4400", 1000.1),
    booking("2026-01-31", "1400", "4400", 0.2),
    booking("2026-01-20", "4700", "1400", 50),
    booking("2026-01-31", "6000", "1200", 300),
    booking("2026-03-01", "6100", "6000", 40), // reclassified within the same line: no change
    booking("2026-03-02", "6000", "4400", 5), // between two lines: each counts its own side, revenue +5, costs +5
    booking("2026-03-15", "7600", "1200", 99), // unmapped on the statement
    booking("2026-03-15", "1200", "1400", 999), // balance sheet only
    booking("2026-03-16", "1600", "6000", 10), // a refund of costs
  ];
  assert.equal(monthlyActuals(bookings, mapping, lines), [
    { kpi: REVENUE, month: "2026-01-01", value: 950.3 }, // 1000.10 + 0.20 − 50, exact in cents
    { kpi: REVENUE, month: "2026-02-01", value: 0 },
    { kpi: REVENUE, month: "2026-03-01", value: 5 },
    { kpi: COSTS, month: "2026-01-01", value: 300 },
    { kpi: COSTS, month: "2026-02-01", value: 0 },
    { kpi: COSTS, month: "2026-03-01", value: -5 }, // +5 from revenue, −10 refunded
  ]);
});

test("a category that is no longer a statement line counts nowhere; no bookings, no values", () => {
  const mapping = new Map<string, number | null>([["4400", 9]]);
  assert.equal(monthlyActuals([booking("2026-01-05", "1400", "4400", 10)], mapping, [{ kpi: 1, side: "income" }]), [{ kpi: 1, month: "2026-01-01", value: 0 }]);
  assert.equal(monthlyActuals([], mapping, [{ kpi: 1, side: "income" }]), []);
  assert.is(coveredMonths([]), null);
  assert.equal(coveredMonths([{ date: "2025-12-31" }, { date: "2025-04-01" }]), { first: 2025 * 12 + 3, last: 2025 * 12 + 11 });
});

test("many cents sum exactly", () => {
  const bookings = Array.from({ length: 10_000 }, () => booking("2026-02-10", "1400", "4400", 0.1));
  assert.equal(monthlyActuals(bookings, new Map([["4400", 1]]), [{ kpi: 1, side: "income" }]), [{ kpi: 1, month: "2026-02-01", value: 1000 }]);
});

test("which accounts still need a category: P&L accounts with bookings and no choice", () => {
  const accounts = [
    { number: "4400", type: "revenue" as const, bookings: 12 },
    { number: "4401", type: "revenue" as const, bookings: 0 },
    { number: "6000", type: "expense" as const, bookings: 3 },
    { number: "7600", type: "expense" as const, bookings: 1 },
    { number: "1200", type: "asset" as const, bookings: 40 },
  ];
  assert.equal(accountsWithoutCategory(accounts, new Map([["7600", null]])), ["4400", "6000"]);
  assert.equal(accountsWithoutCategory(accounts, new Map([["4400", 1], ["6000", 2], ["7600", null]])), []);
});

test.run();
