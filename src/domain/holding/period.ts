import { fiscalYearStart } from "../fiscal-calendar";
import { monthRange, type MonthIndex } from "../months";

/**
 * The period a holding report covers: a month range the person picks, or the fiscal year to date
 * (from the holding's fiscal year start to the last complete month). `current` is the month
 * today falls in: it is not complete, so year to date ends the month before.
 */
export type HoldingPeriod = { readonly kind: "range"; readonly from: MonthIndex; readonly to: MonthIndex } | { readonly kind: "ytd" };

/** Longest range a roll-up covers: three years of months. */
export const MAX_PERIOD_MONTHS = 36;

export function periodMonths(period: HoldingPeriod, fiscalYearOffset: number, current: MonthIndex): MonthIndex[] {
  if (period.kind === "ytd") {
    const last = current - 1;
    return monthRange(fiscalYearStart(last, fiscalYearOffset), last);
  }
  if (period.to < period.from) throw new RangeError("The period ends before it starts.");
  if (period.to - period.from + 1 > MAX_PERIOD_MONTHS) throw new RangeError(`A period covers at most ${MAX_PERIOD_MONTHS} months.`);
  return monthRange(period.from, period.to);
}
