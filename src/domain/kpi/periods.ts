import { fiscalYearStart } from "../fiscal-calendar";
import type { MonthIndex } from "../months";

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

export interface Bucket {
  readonly label: string;
  readonly months: readonly MonthIndex[];
}

/**
 * The months from `first` to `last` grouped into buckets of `size`, aligned to the fiscal year:
 * P1-P12, Q1-Q4, H1-H2 or the whole FY. Buckets at the edges hold only the months in range.
 */
export function bucketsOf(first: MonthIndex, last: MonthIndex, size: BucketSize, fiscalYearOffset: number): Bucket[] {
  const buckets: Bucket[] = [];
  for (let month = first; month <= last; month++) {
    const period = fiscalPeriodOf(month, fiscalYearOffset);
    const index = Math.floor((period - 1) / size) + 1;
    const year = fiscalYearLabel(month, fiscalYearOffset);
    const label = size === 12 ? year : `${size === 1 ? "P" : size === 3 ? "Q" : "H"}${index} ${year}`;
    const current = buckets.at(-1);
    if (current?.label === label) (current.months as MonthIndex[]).push(month);
    else buckets.push({ label, months: [month] });
  }
  return buckets;
}
