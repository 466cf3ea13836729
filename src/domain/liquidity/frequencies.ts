/**
 * When a recurring payment (a contract or transaction) falls due (issue 17, rule "frequencies
 * to months"). The first payment is on the start date; the last on or before the end date
 * (inclusive; null: open-ended). Daily, weekly and bi-weekly payments step 1, 7 and 14 days
 * from the start. Monthly, quarterly and yearly ones step 1, 3 and 12 months and keep the
 * start's day of the month, clamped to each month's last day and never carried on: a contract
 * started on Jan 31 pays on Feb 28 (29 in a leap year), then Mar 31 again, since a vendor bills
 * "the 31st" and not "28 days after the last bill".
 */
import type { Frequency } from "../../contracts/liquidity";
import { monthDateOf, monthIndexOf, type MonthDate, type MonthIndex } from "../months";
import { clampedDayOf, dayNumberOf, firstDayOf, isoDateOf, lastDayOf, monthAndDayOf, type DayNumber } from "./days";

export interface RecurringPayment {
  readonly frequency: Frequency;
  /** YYYY-MM-DD, the first payment. */
  readonly startDate: string;
  /** YYYY-MM-DD, inclusive; null: runs on. */
  readonly endDate: string | null;
}

/** Days between payments of the day-stepped frequencies; months between the month-stepped ones. */
const STEP_DAYS: Partial<Record<Frequency, number>> = { daily: 1, weekly: 7, "bi-weekly": 14 };
const STEP_MONTHS: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The due dates of a payment from `from` to `to` (YYYY-MM-DD, both inclusive), in order. */
export function dueDates(payment: RecurringPayment, from: string, to: string): string[] {
  const dates: string[] = [];
  forEachDueDay(dueSchedule(payment), dayNumberOf(from), dayNumberOf(to), (day) => dates.push(isoDateOf(day)));
  return dates;
}

/**
 * How many payments fall due in each of `months` months from `firstMonth` (YYYY-MM-01): the
 * frequency turned into months. A daily contract pays every day it runs in a month (partial
 * months at its start and end), a weekly one four or five times, a quarterly one every third
 * month from its start month.
 */
export function paymentsPerMonth(payment: RecurringPayment, firstMonth: MonthDate, months: number): number[] {
  const first = monthIndexOf(firstMonth);
  const counts = new Array<number>(months).fill(0);
  const schedule = dueSchedule(payment);
  forEachDueDay(schedule, firstDayOf(first), lastDayOf(first + months - 1), (day) => counts[monthAndDayOf(day).month - first]!++);
  return counts;
}

/** The amount paid in each month: payments per month × the amount of one payment. */
export function monthlyTotals(payment: RecurringPayment & { readonly amount: number }, firstMonth: MonthDate, months: number): { month: MonthDate; amount: number }[] {
  const first = monthIndexOf(firstMonth);
  return paymentsPerMonth(payment, firstMonth, months).map((count, offset) => ({ month: monthDateOf(first + offset), amount: count * payment.amount }));
}

/** A payment's dates parsed once, for callers that walk many of them (the projection). */
export interface DueSchedule {
  readonly frequency: Frequency;
  readonly start: DayNumber;
  /** Infinity when open-ended. */
  readonly end: DayNumber;
  readonly startMonth: MonthIndex;
  readonly startDayOfMonth: number;
}

export function dueSchedule(payment: RecurringPayment): DueSchedule {
  const start = dayNumberOf(payment.startDate);
  const { month, dayOfMonth } = monthAndDayOf(start);
  return { frequency: payment.frequency, start, end: payment.endDate === null ? Infinity : dayNumberOf(payment.endDate), startMonth: month, startDayOfMonth: dayOfMonth };
}

/**
 * Calls `visit` with each due day from `from` to `to` (inclusive), in order, without building a
 * list: it jumps straight to the first due day in the window instead of walking from the start.
 */
export function forEachDueDay(schedule: DueSchedule, from: DayNumber, to: DayNumber, visit: (day: DayNumber) => void): void {
  const last = Math.min(to, schedule.end);
  const stepDays = STEP_DAYS[schedule.frequency];
  if (stepDays !== undefined) {
    const skipped = from > schedule.start ? Math.ceil((from - schedule.start) / stepDays) : 0;
    for (let day = schedule.start + skipped * stepDays; day <= last; day += stepDays) visit(day);
    return;
  }
  const stepMonths = STEP_MONTHS[schedule.frequency]!;
  const fromMonth = monthAndDayOf(Math.max(from, schedule.start)).month;
  const skipped = Math.ceil((fromMonth - schedule.startMonth) / stepMonths);
  for (let month = schedule.startMonth + Math.max(0, skipped) * stepMonths; ; month += stepMonths) {
    const day = clampedDayOf(month, schedule.startDayOfMonth);
    if (day > last) return;
    if (day >= from) visit(day);
  }
}

/** The first and last due day of a daily payment inside a window, or null: a daily payment is a run of days, summed without visiting each. */
export function dailyRun(schedule: DueSchedule, from: DayNumber, to: DayNumber): { first: DayNumber; last: DayNumber } | null {
  const first = Math.max(from, schedule.start);
  const last = Math.min(to, schedule.end);
  return first <= last ? { first, last } : null;
}
