import { monthDateOf, monthIndexOf, type MonthIndex } from "../months";

/** A calendar date written YYYY-MM-DD: how raw data dates travel and are stored. Compares as text. */
export type IsoDate = string;

/** The month a date falls in. */
export const monthOfDate = (date: IsoDate): MonthIndex => monthIndexOf(`${date.slice(0, 7)}-01`);

/** The last day of a month, as a date. */
export function lastDayOfMonth(month: MonthIndex): IsoDate {
  const year = Math.floor(month / 12);
  const day = new Date(Date.UTC(year, month - year * 12 + 1, 0));
  return day.toISOString().slice(0, 10);
}

/** The first day of a month, as a date. */
export const firstDayOfMonth = (month: MonthIndex): IsoDate => monthDateOf(month);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The date `days` after `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date of an instant, in UTC: "today" on the server. */
export const dateOf = (instant: Date): IsoDate => instant.toISOString().slice(0, 10);

/** Whether a date lies in the months `from` to `to` (both included). */
export const inMonths = (date: IsoDate | null, from: MonthIndex, to: MonthIndex) => date !== null && monthOfDate(date) >= from && monthOfDate(date) <= to;
