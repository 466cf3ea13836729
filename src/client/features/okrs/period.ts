import dayjs from "dayjs";
import type { OkrPeriod } from "../../../contracts/messages/okrs";
import { fiscalYearStart } from "../../../domain/fiscal-calendar";
import { fiscalBucketLabel, fiscalBucketOf } from "../../../domain/kpi/periods";
import { monthDateOf, type MonthIndex } from "../../../domain/months";

/** The periods the objective screens offer: the fiscal quarters and the fiscal year, last year to next year. */
export interface PeriodOption {
  readonly key: string;
  readonly label: string;
  readonly period: OkrPeriod;
}

export const periodKey = (period: OkrPeriod) => `${period.first}-${period.last}`;

/** The fiscal quarter that contains the month: the screens' default period. */
export const currentQuarter = (month: MonthIndex, fiscalYearOffset: number): OkrPeriod => fiscalBucketOf(month, 3, fiscalYearOffset);

export function periodOptions(month: MonthIndex, fiscalYearOffset: number): PeriodOption[] {
  const thisYear = fiscalYearStart(month, fiscalYearOffset);
  const options: PeriodOption[] = [];
  for (const yearStart of [thisYear - 12, thisYear, thisYear + 12]) {
    options.push({ key: periodKey({ first: yearStart, last: yearStart + 11 }), label: fiscalBucketLabel(yearStart, 12, fiscalYearOffset), period: { first: yearStart, last: yearStart + 11 } });
    for (let quarter = 0; quarter < 4; quarter += 1) {
      const first = yearStart + quarter * 3;
      options.push({ key: periodKey({ first, last: first + 2 }), label: fiscalBucketLabel(first, 3, fiscalYearOffset), period: { first, last: first + 2 } });
    }
  }
  return options;
}

/** The period as ISO dates: its first day and its last day. */
export function periodDates(period: OkrPeriod): { from: string; to: string } {
  return { from: monthDateOf(period.first), to: dayjs(monthDateOf(period.last)).endOf("month").format("YYYY-MM-DD") };
}

/** The label of a period (a quarter or a fiscal year), or its dates when it is neither. */
export function periodLabel(period: OkrPeriod, fiscalYearOffset: number): string {
  const size = period.last - period.first + 1;
  if ((size === 3 || size === 12) && fiscalBucketOf(period.first, size, fiscalYearOffset).first === period.first) return fiscalBucketLabel(period.first, size, fiscalYearOffset);
  const { from, to } = periodDates(period);
  return `${from} – ${to}`;
}
