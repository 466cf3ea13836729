/**
 * Months are the atom of every KPI value. A MonthIndex counts months from year 0
 * (year * 12 + calendar month - 1), so month arithmetic is integer arithmetic; a MonthDate is
 * the 'YYYY-MM-01' string the database and the API use.
 */
export type MonthIndex = number;
export type MonthDate = string;

const MONTH_DATE = /^(\d{4})-(\d{2})-01$/;

export function monthIndexOf(date: MonthDate): MonthIndex {
  const match = MONTH_DATE.exec(date);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`Not a month date (YYYY-MM-01): ${date}`);
  return Number(match[1]) * 12 + month - 1;
}

export function monthDateOf(index: MonthIndex): MonthDate {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
}

/** The calendar month (1-12) of a month index. */
export const calendarMonthOf = (index: MonthIndex) => (((index % 12) + 12) % 12) + 1;

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "Oct 2026": how every screen names a month. */
export const monthLabel = (index: MonthIndex) => `${MONTH_NAMES[calendarMonthOf(index) - 1]} ${Math.floor(index / 12)}`;

/**
 * "Oct – Dec 2026", "Nov 2026 – Jan 2027", "Oct 2026": how every screen names a run of months
 * (a bucket's tooltip, a fixed period). The year is written once when both ends share it.
 */
export function monthRangeLabel(first: MonthIndex, last: MonthIndex): string {
  if (first === last) return monthLabel(first);
  const sameYear = Math.floor(first / 12) === Math.floor(last / 12);
  return `${sameYear ? MONTH_NAMES[calendarMonthOf(first) - 1] : monthLabel(first)} – ${monthLabel(last)}`;
}

/** The month an instant falls in, in UTC. */
export const monthIndexAt = (instant: Date): MonthIndex => instant.getUTCFullYear() * 12 + instant.getUTCMonth();

/** Month indexes from `first` to `last`, both included. */
export function monthRange(first: MonthIndex, last: MonthIndex): MonthIndex[] {
  const months: MonthIndex[] = [];
  for (let month = first; month <= last; month++) months.push(month);
  return months;
}
