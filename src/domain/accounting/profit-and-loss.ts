import { monthDateOf, monthIndexOf, monthRange, type MonthIndex } from "../months";
import { isProfitAndLossType, type AccountType } from "../integrations/accounting";

/**
 * From bookings to the P&L KPIs' monthly actuals (tested as tables in
 * test/domain/accounting/profit-and-loss.test.ts).
 *
 * Sign rules. A booking moves its amount onto the debit side of one account and the credit side
 * of another. A statement line (a P&L KPI) is either an income line or an expense line, and both
 * are reported as positive numbers, as the P&L shows them (revenue 1.2 M, personnel costs 400 k):
 * - an income line adds credit − debit of its accounts (a sale is credited to a revenue account;
 *   a discount or credit note debited to it lowers revenue);
 * - an expense line adds debit − credit (a cost is debited; a refund credited to it lowers it).
 * Each side of a booking counts for its own account, so a booking between two P&L accounts (a
 * reclassification) moves the amount from one line to the other.
 *
 * Months. A booking counts in the calendar month of its date. Every line gets a value for every
 * month from the archive's first to its last booking month, 0 where its accounts had no booking:
 * the books of those months are complete, and a month without rent is a month of no rent.
 * Sums are in cents, so no rounding error builds up over thousands of bookings.
 */

export type LineSide = "income" | "expense";

export interface StatementLine {
  readonly kpi: number;
  readonly side: LineSide;
}

/** The side a KPI's line takes unless the person chooses: income where higher is better, else expense. */
export const defaultSide = (higherIsBetter: boolean): LineSide => (higherIsBetter ? "income" : "expense");

/** An account's category: the statement line (KPI id) it feeds, or null for "not part of the statement". */
export type AccountMapping = ReadonlyMap<string, number | null>;

export interface BookingAmount {
  /** YYYY-MM-DD */
  readonly date: string;
  readonly debitAccount: string;
  readonly creditAccount: string;
  readonly amountCents: number;
}

export interface MonthlyActual {
  readonly kpi: number;
  /** YYYY-MM-01 */
  readonly month: string;
  readonly value: number;
}

/** The amount a booking side adds to a line: `debit` true for the debit side of the booking. */
export function lineAmountCents(side: LineSide, debit: boolean, amountCents: number): number {
  const debitPositive = debit ? amountCents : -amountCents;
  return side === "expense" ? debitPositive : -debitPositive;
}

/** The months the bookings cover, first to last; null without bookings. */
export function coveredMonths(bookings: Iterable<Pick<BookingAmount, "date">>): { first: MonthIndex; last: MonthIndex } | null {
  let first = Infinity;
  let last = -Infinity;
  for (const booking of bookings) {
    const month = monthOf(booking.date);
    first = Math.min(first, month);
    last = Math.max(last, month);
  }
  return first === Infinity ? null : { first, last };
}

/** Every line's actual for every covered month. */
export function monthlyActuals(bookings: readonly BookingAmount[], mapping: AccountMapping, lines: readonly StatementLine[]): MonthlyActual[] {
  const range = coveredMonths(bookings);
  if (!range) return [];
  const sides = new Map(lines.map((line) => [line.kpi, line.side] as const));
  const cents = new Map<string, number>();
  const add = (account: string, debit: boolean, booking: BookingAmount) => {
    const kpi = mapping.get(account);
    if (kpi === undefined || kpi === null) return;
    const side = sides.get(kpi);
    if (!side) return; // a category that is no longer a line of the statement
    const key = `${kpi}/${monthOf(booking.date)}`;
    cents.set(key, (cents.get(key) ?? 0) + lineAmountCents(side, debit, booking.amountCents));
  };
  for (const booking of bookings) {
    add(booking.debitAccount, true, booking);
    add(booking.creditAccount, false, booking);
  }
  return lines.flatMap((line) =>
    monthRange(range.first, range.last).map((month) => ({ kpi: line.kpi, month: monthDateOf(month), value: (cents.get(`${line.kpi}/${month}`) ?? 0) / 100 })),
  );
}

export interface AccountUse {
  readonly number: string;
  readonly type: AccountType;
  /** Bookings that debit or credit it. */
  readonly bookings: number;
}

/**
 * The accounts that still need a category: P&L accounts (revenue, expense) with at least one
 * booking and no category chosen. Balance sheet accounts never belong to a P&L, and an account
 * without bookings changes no figure, so neither asks for one.
 */
export function accountsWithoutCategory(accounts: readonly AccountUse[], mapping: AccountMapping): string[] {
  return accounts.filter((account) => needsCategory(account) && !mapping.has(account.number)).map((account) => account.number);
}

export const needsCategory = (account: Pick<AccountUse, "type" | "bookings">) => isProfitAndLossType(account.type) && account.bookings > 0;

/** YYYY-MM-DD → its month. */
const monthOf = (date: string): MonthIndex => monthIndexOf(`${date.slice(0, 7)}-01`);
