import { fiscalYearStart } from "../fiscal-calendar";
import { monthRange, type MonthIndex } from "../months";

/** cum: the period's values add up; ad: they average; dd: the period's last value stands. */
export type AggregationType = "cum" | "ad" | "dd";

/** A KPI's monthly values of one series; a month without a value is absent. */
export type MonthlySeries = ReadonlyMap<MonthIndex, number>;

/**
 * Aggregates the values of `months` (in order). Months without a value are skipped; with none
 * at all the answer is null (no data is not zero).
 */
export function aggregate(series: MonthlySeries, months: readonly MonthIndex[], type: AggregationType): number | null {
  const values = months.map((month) => series.get(month)).filter((value): value is number => value !== undefined);
  if (values.length === 0) return null;
  switch (type) {
    case "cum":
      return values.reduce((sum, value) => sum + value, 0);
    case "ad":
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    case "dd":
      return values[values.length - 1]!;
  }
}

/**
 * One series made of two: the first where it has a value, the second for the months after the
 * first's last value (actuals so far, then planning or forecast for the rest).
 */
export function continued(first: MonthlySeries, then: MonthlySeries, months: readonly MonthIndex[]): MonthlySeries {
  const lastActual = months.filter((month) => first.has(month)).at(-1);
  const combined = new Map<MonthIndex, number>();
  for (const month of months) {
    const value = lastActual !== undefined && month <= lastActual ? first.get(month) : then.get(month);
    if (value !== undefined) combined.set(month, value);
  }
  return combined;
}

/** The windows of the aggregates, ending at `end` (after ignoring the last months). */
export const ytdMonths = (end: MonthIndex, fiscalYearOffset: number) => monthRange(fiscalYearStart(end, fiscalYearOffset), end);
export const ltmMonths = (end: MonthIndex) => monthRange(end - 11, end);
export const fullYearMonths = (end: MonthIndex, fiscalYearOffset: number) => {
  const start = fiscalYearStart(end, fiscalYearOffset);
  return monthRange(start, start + 11);
};
export const shiftYear = (months: readonly MonthIndex[], years: number) => months.map((month) => month + 12 * years);

/** The data-months exclusion: the last 0-3 months are left out of every aggregate. */
export const IGNORE_LAST_MONTHS_OPTIONS = [0, 1, 2, 3] as const;

export function effectiveEnd(end: MonthIndex, ignoreLastMonths: number): MonthIndex {
  if (!(IGNORE_LAST_MONTHS_OPTIONS as readonly number[]).includes(ignoreLastMonths)) throw new RangeError(`ignoreLastMonths must be 0 to 3, got ${ignoreLastMonths}`);
  return end - ignoreLastMonths;
}

/**
 * A cumulative KPI over more than one month, shown per month: divided by the month count
 * (spec section 9), so a three-month range of revenue reads as revenue per month.
 */
export function perMonth(value: number | null, type: AggregationType, monthCount: number): number | null {
  if (value === null) return null;
  return type === "cum" && monthCount > 1 ? value / monthCount : value;
}
