import type { MonthIndex } from "../months";

/** How many of the latest monthly changes the burn rate averages. */
export const RUNWAY_TREND_MONTHS = 6;

export type CashRunway =
  | { readonly kind: "unknown"; readonly reason: string }
  | {
      readonly kind: "burning" | "growing";
      /** The latest balance and its month. */
      readonly balance: number;
      readonly month: MonthIndex;
      /** The average change per month over `months` changes (negative when cash burns). */
      readonly monthlyChange: number;
      readonly months: number;
      /** Months until the balance reaches zero at that pace; null when cash does not fall. */
      readonly runwayMonths: number | null;
    };

/**
 * Cash runway from month-end balances: the latest balance divided by the average monthly burn of
 * the latest changes between consecutive months (at most RUNWAY_TREND_MONTHS). A gap in the months
 * ends the run of changes, so a missing month never reads as a change over two months.
 */
export function cashRunway(balances: ReadonlyMap<MonthIndex, number>): CashRunway {
  const months = [...balances.keys()].sort((a, b) => a - b);
  const last = months.at(-1);
  if (last === undefined) return { kind: "unknown", reason: "There is no cash balance yet." };
  const changes: number[] = [];
  for (let month = last; changes.length < RUNWAY_TREND_MONTHS && balances.has(month) && balances.has(month - 1); month--) changes.push(balances.get(month)! - balances.get(month - 1)!);
  if (changes.length === 0) return { kind: "unknown", reason: "A trend needs the balances of at least two consecutive months." };
  const balance = balances.get(last)!;
  const monthlyChange = changes.reduce((sum, change) => sum + change, 0) / changes.length;
  if (monthlyChange >= 0) return { kind: "growing", balance, month: last, monthlyChange, months: changes.length, runwayMonths: null };
  return { kind: "burning", balance, month: last, monthlyChange, months: changes.length, runwayMonths: Math.max(0, balance) / -monthlyChange };
}
