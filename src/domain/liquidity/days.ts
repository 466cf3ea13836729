/**
 * Calendar days as integers (days since 1970-01-01, UTC) for the liquidity rules. The projection
 * dates tens of thousands of payments; integer days make "the 10th of the next month", "every
 * 14 days" and "days employed this month" plain arithmetic with no time zone or DST to get
 * wrong, and only the output turns them back into YYYY-MM-DD strings.
 */
import type { MonthIndex } from "../months";

export type DayNumber = number;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD → its day number; a malformed or impossible date (2027-02-30) throws. */
export function dayNumberOf(date: string): DayNumber {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year * 12 + month - 1)) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export const isoDateOf = (day: DayNumber): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days in the month of a month index (year * 12 + month - 1); leap years by the Gregorian rule. */
export function daysInMonth(month: MonthIndex): number {
  const year = Math.floor(month / 12);
  const calendarMonth = month - year * 12;
  if (calendarMonth === 1) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return calendarMonth === 3 || calendarMonth === 5 || calendarMonth === 8 || calendarMonth === 10 ? 30 : 31;
}

/** The first day of a month index. */
export const firstDayOf = (month: MonthIndex): DayNumber => Date.UTC(Math.floor(month / 12), month - Math.floor(month / 12) * 12, 1) / DAY_MS;

/** The last day of a month index. */
export const lastDayOf = (month: MonthIndex): DayNumber => firstDayOf(month) + daysInMonth(month) - 1;

/** The day of a month, the day number clamped to the month's length (31 in February → the 28th or 29th). */
export const clampedDayOf = (month: MonthIndex, dayOfMonth: number): DayNumber => firstDayOf(month) + Math.min(dayOfMonth, daysInMonth(month)) - 1;

/** The month index a day falls in, and its day of the month (1–31). */
export function monthAndDayOf(day: DayNumber): { month: MonthIndex; dayOfMonth: number } {
  const date = new Date(day * DAY_MS);
  return { month: date.getUTCFullYear() * 12 + date.getUTCMonth(), dayOfMonth: date.getUTCDate() };
}

export const monthOfDay = (day: DayNumber): MonthIndex => monthAndDayOf(day).month;

/** The Monday on or before a day (1970-01-01 was a Thursday). */
export const mondayOf = (day: DayNumber): DayNumber => day - ((day + 3) % 7 + 7) % 7;
