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
  return aggregateValues(
    months.map((month) => series.get(month)).filter((value): value is number => value !== undefined),
    type,
  );
}

/** The values of a period's months (in order, only months that have one) aggregated by type. */
export function aggregateValues(values: readonly number[], type: AggregationType): number | null {
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
 * How a KPI makes one figure of a period from its months (in order, only months that have data):
 * its period rule (period-rule.ts). `E` is what one month holds: a value, or for a weighted ratio
 * its inputs' months.
 */
export type Measure<E> = (months: readonly E[]) => number | null;

/** The measure of a KPI that aggregates its monthly values by its type (every KPI but a weighted ratio). */
export const byAggregationType =
  (type: AggregationType): Measure<number> =>
  (values) =>
    aggregateValues(values, type);

/** A figure of a period and the number of months with data behind it. */
export interface Figure {
  readonly value: number | null;
  readonly months: number;
}

/** The figure of `months` of a series: only months that have data count, and are counted. */
export function figureOf<E>(series: ReadonlyMap<MonthIndex, E>, months: readonly MonthIndex[], measure: Measure<E>): Figure {
  const present: E[] = [];
  for (const month of months) {
    const value = series.get(month);
    if (value !== undefined) present.push(value);
  }
  return { value: present.length === 0 ? null : measure(present), months: present.length };
}

/**
 * Two series compared like for like: each over only the months where both have data (`theirs`
 * maps a month of the first to the second's month, e.g. twelve months earlier for last year).
 * So twelve months of actuals are never set against seven months of plan.
 */
export function likeForLike<E>(
  first: ReadonlyMap<MonthIndex, E>,
  second: ReadonlyMap<MonthIndex, E>,
  months: readonly MonthIndex[],
  measure: Measure<E>,
  theirs: (month: MonthIndex) => MonthIndex = (month) => month,
): { months: number; first: number | null; second: number | null } {
  const firsts: E[] = [];
  const seconds: E[] = [];
  for (const month of months) {
    const one = first.get(month);
    const other = one === undefined ? undefined : second.get(theirs(month));
    if (other === undefined) continue;
    firsts.push(one!);
    seconds.push(other);
  }
  const shared = firsts.length;
  return { months: shared, first: shared === 0 ? null : measure(firsts), second: shared === 0 ? null : measure(seconds) };
}

/**
 * One series made of two: the first where it has a value, the second for the months after the
 * first's last value (actuals so far, then planning or forecast for the rest).
 */
export function continued<E = number>(first: ReadonlyMap<MonthIndex, E>, then: ReadonlyMap<MonthIndex, E>, months: readonly MonthIndex[]): Map<MonthIndex, E> {
  const lastActual = months.filter((month) => first.has(month)).at(-1);
  const combined = new Map<MonthIndex, E>();
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
