import { fiscalYearStart } from "../fiscal-calendar";
import { monthLabel, monthRange, monthRangeLabel, type MonthIndex } from "../months";

/** Bucket sizes of the charts: month, quarter, half-year, year (date-picker groups M, Q, HY, Y). */
export const BUCKET_SIZES = [1, 3, 6, 12] as const;
export type BucketSize = (typeof BUCKET_SIZES)[number];

/** The fiscal period (P1-P12) of a month. */
export const fiscalPeriodOf = (month: MonthIndex, fiscalYearOffset: number) => month - fiscalYearStart(month, fiscalYearOffset) + 1;

/** "FY 2026" for calendar fiscal years; "FY 2026/27" when the year starts in another month. */
export function fiscalYearLabel(month: MonthIndex, fiscalYearOffset: number): string {
  const startYear = Math.floor(fiscalYearStart(month, fiscalYearOffset) / 12);
  return fiscalYearOffset === 0 ? `FY ${startYear}` : `FY ${startYear}/${String((startYear + 1) % 100).padStart(2, "0")}`;
}

/** The whole bucket of `size` months, aligned to the fiscal year, that contains `month`. */
export function fiscalBucketOf(month: MonthIndex, size: BucketSize, fiscalYearOffset: number): { first: MonthIndex; last: MonthIndex } {
  const yearStart = fiscalYearStart(month, fiscalYearOffset);
  const first = yearStart + Math.floor((month - yearStart) / size) * size;
  return { first, last: first + size - 1 };
}

/**
 * The name of the bucket of `size` months that contains `month`, the only place these names are
 * made: a month as every screen names it ("Oct 2026"), "Q3 FY 2026/27", "H1 FY 2026/27",
 * "FY 2026/27" (a fiscal year starting in January: "Q3 FY 2026").
 */
export function fiscalBucketLabel(month: MonthIndex, size: BucketSize, fiscalYearOffset: number): string {
  if (size === 1) return monthLabel(month);
  const year = fiscalYearLabel(month, fiscalYearOffset);
  if (size === 12) return year;
  const index = Math.floor((fiscalPeriodOf(month, fiscalYearOffset) - 1) / size) + 1;
  return `${size === 3 ? "Q" : "H"}${index} ${year}`;
}

export interface Bucket {
  /** "Q3 FY 2026/27" (fiscalBucketLabel). */
  readonly label: string;
  /** The whole bucket's months as text for tooltips: "Oct – Dec 2026", "Nov 2026 – Jan 2027". */
  readonly rangeLabel: string;
  /** Months the whole bucket covers: its size. */
  readonly size: BucketSize;
  /** The bucket's months inside the range asked for, in order; fewer than `size` at the range's edges. */
  readonly months: readonly MonthIndex[];
}

/**
 * The months from `first` to `last` grouped into buckets of `size`, aligned to the fiscal year:
 * months, Q1-Q4, H1-H2 or the whole FY. Buckets at the edges hold only the months in range, so
 * they are partial when `months.length < size`.
 */
export function bucketsOf(first: MonthIndex, last: MonthIndex, size: BucketSize, fiscalYearOffset: number): Bucket[] {
  const buckets: Bucket[] = [];
  for (let month = first; month <= last; ) {
    const whole = fiscalBucketOf(month, size, fiscalYearOffset);
    const end = Math.min(whole.last, last);
    buckets.push({ label: fiscalBucketLabel(month, size, fiscalYearOffset), rangeLabel: monthRangeLabel(whole.first, whole.last), size, months: monthRange(month, end) });
    month = end + 1;
  }
  return buckets;
}
