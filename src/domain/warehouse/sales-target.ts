import { monthDateOf, monthRange, type MonthIndex } from "../months";
import { monthOfDate } from "./dates";
import { percentOf, sumOf } from "./money";
import type { Deal, SalesTarget } from "./records";

export interface SalesTargetMonth {
  readonly month: string;
  /** The value of the deals won in the month. */
  readonly won: number;
  /** The month's target; null when none was uploaded. */
  readonly target: number | null;
  /** From the first month of the range through this one. */
  readonly cumulativeWon: number;
  readonly cumulativeTarget: number;
  /** Cumulative won of cumulative target, in percent; null while the target so far is 0. */
  readonly attainment: number | null;
}

export interface SalesTargetView {
  readonly won: number;
  readonly target: number;
  readonly attainment: number | null;
  readonly months: readonly SalesTargetMonth[];
}

/** Won deal value against the sales target, month by month and summed up from `from` to `to`. */
export function salesTarget(deals: readonly Deal[], targets: readonly SalesTarget[], from: MonthIndex, to: MonthIndex): SalesTargetView {
  const targetOf = new Map(targets.map((target) => [monthOfDate(target.month), target.amount] as const));
  let cumulativeWon = 0;
  let cumulativeTarget = 0;
  const months = monthRange(from, to).map((month): SalesTargetMonth => {
    const won = sumOf(deals.filter((deal) => deal.stage === "won" && deal.closedOn !== null && monthOfDate(deal.closedOn) === month).map((deal) => deal.amount ?? 0));
    const target = targetOf.get(month) ?? null;
    cumulativeWon = sumOf([cumulativeWon, won]);
    cumulativeTarget = sumOf([cumulativeTarget, target ?? 0]);
    return { month: monthDateOf(month), won, target, cumulativeWon, cumulativeTarget, attainment: percentOf(cumulativeWon, cumulativeTarget) };
  });
  return { won: cumulativeWon, target: cumulativeTarget, attainment: percentOf(cumulativeWon, cumulativeTarget), months };
}
