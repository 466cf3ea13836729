import { monthDateOf, monthRange, type MonthIndex } from "../months";
import { inMonths, monthOfDate } from "./dates";
import { cents, medianOf, sumOf } from "./money";
import type { Deal } from "./records";

/** About this many bars in the deal size histogram. */
export const HISTOGRAM_BARS = 8;

export interface DealSize {
  readonly count: number;
  readonly total: number;
  readonly average: number | null;
  readonly median: number | null;
  readonly largest: number | null;
  /** Won deals by size: [from, to) in steps of a round number; the last bar holds the largest. */
  readonly buckets: readonly { readonly from: number; readonly to: number; readonly count: number }[];
  /** Month by month: how many were won, for how much, and the average. */
  readonly months: readonly { readonly month: string; readonly count: number; readonly total: number; readonly average: number | null }[];
}

/** The won deals closed in the months `from` to `to`: their sizes. */
export function dealSize(deals: readonly Deal[], from: MonthIndex, to: MonthIndex): DealSize {
  const won = deals.filter((deal) => deal.stage === "won" && inMonths(deal.closedOn, from, to));
  const amounts = won.map((deal) => deal.amount ?? 0);
  const total = sumOf(amounts);
  const largest = amounts.length === 0 ? null : Math.max(...amounts);
  return {
    count: won.length,
    total,
    average: won.length === 0 ? null : cents(total / won.length),
    median: medianOf(amounts),
    largest,
    buckets: largest === null ? [] : histogram(amounts, largest),
    months: monthRange(from, to).map((month: MonthIndex) => {
      const inMonth = won.filter((deal) => monthOfDate(deal.closedOn!) === month).map((deal) => deal.amount ?? 0);
      const monthTotal = sumOf(inMonth);
      return { month: monthDateOf(month), count: inMonth.length, total: monthTotal, average: inMonth.length === 0 ? null : cents(monthTotal / inMonth.length) };
    }),
  };
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((step) => step >= raw * (1 - 1e-9))!;
}

function histogram(amounts: readonly number[], largest: number) {
  const step = niceStep(largest / HISTOGRAM_BARS);
  // Enough bars that the largest falls inside the last one ([from, to)).
  const bars = Math.max(1, Math.floor(largest / step) + 1);
  return Array.from({ length: bars }, (_, index) => {
    const from = cents(index * step);
    const to = cents((index + 1) * step);
    return { from, to, count: amounts.filter((amount) => amount >= from && amount < to).length };
  });
}
