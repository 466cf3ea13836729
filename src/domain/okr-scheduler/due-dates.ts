import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { CADENCES } from "../../contracts/okr-scheduler";
import { calendarDateIn } from "../company/time-zones";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * When OKR check-ins are due and their reminders go out. A schedule names a cadence:
 *
 * - weekly: every week on a weekday (1 Monday … 7 Sunday, ISO);
 * - biweekly: every other week on that weekday, the weeks counted from Monday 1 January 2024, so
 *   the rhythm never jumps at a year's end (a 53-week year would break an ISO-week parity);
 * - monthly: on a day of the month, the month's last day where the month is shorter (31 → 30
 *   April, 28 or 29 February).
 *
 * The reminder goes out at the schedule's time of day ("HH:MM") in the company's time zone: the
 * wall clock stays put across daylight saving changes. A time that does not exist on the day the
 * clocks go forward (02:30 in Berlin on the last Sunday of March) moves forward by the gap.
 */
export { CADENCES };
export type Cadence = (typeof CADENCES)[number];

export interface CheckInRhythm {
  readonly cadence: Cadence;
  /** 1 (Monday) … 7 (Sunday); weekly and biweekly. */
  readonly weekday: number;
  /** 1 … 31; monthly (clamped to the month's last day). */
  readonly dayOfMonth: number;
  /** "HH:MM", 24 hours, in the company's time zone. */
  readonly time: string;
}

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const BIWEEKLY_ANCHOR = dayjs.utc("2024-01-01");
/** Far enough to find the next or previous due day of any cadence (a month of 31 days, twice). */
const SEARCH_DAYS = 70;

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => ((dayjs.utc(day).day() + 6) % 7) + 1;

/** Whether a check-in is due on this calendar day ("YYYY-MM-DD"). */
export function isDueOn(rhythm: Pick<CheckInRhythm, "cadence" | "weekday" | "dayOfMonth">, day: string): boolean {
  const date = dayjs.utc(day);
  if (rhythm.cadence === "monthly") return date.date() === Math.min(rhythm.dayOfMonth, date.daysInMonth());
  if (isoWeekday(day) !== rhythm.weekday) return false;
  if (rhythm.cadence === "weekly") return true;
  const monday = date.subtract(isoWeekday(day) - 1, "day");
  return Math.round(monday.diff(BIWEEKLY_ANCHOR, "day") / 7) % 2 === 0;
}

/** The instant of a wall-clock time ("HH:MM") on a calendar day in a time zone. */
export function reminderInstant(day: string, time: string, timeZone: string): Date {
  return dayjs.tz(`${day} ${time}`, "YYYY-MM-DD HH:mm", timeZone).toDate();
}

/** The due days of a rhythm from `from` to `to` (calendar days, both included). */
export function dueDaysBetween(rhythm: Pick<CheckInRhythm, "cadence" | "weekday" | "dayOfMonth">, from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayjs.utc(from); day.format("YYYY-MM-DD") <= to; day = day.add(1, "day")) {
    const text = day.format("YYYY-MM-DD");
    if (isDueOn(rhythm, text)) days.push(text);
  }
  return days;
}

export interface DueTime {
  /** The calendar day the check-in is due. */
  readonly day: string;
  /** When its reminder goes out. */
  readonly at: Date;
}

/** The next due time strictly after `after`. */
export function nextDue(rhythm: CheckInRhythm, after: Date, timeZone: string): DueTime {
  // From the day before: an instant late in a UTC day is already the next local day somewhere.
  let day = dayjs.utc(calendarDateIn(after, timeZone)).subtract(1, "day");
  for (let step = 0; step < SEARCH_DAYS; step++, day = day.add(1, "day")) {
    const text = day.format("YYYY-MM-DD");
    if (!isDueOn(rhythm, text)) continue;
    const at = reminderInstant(text, rhythm.time, timeZone);
    if (at.getTime() > after.getTime()) return { day: text, at };
  }
  throw new Error(`no ${rhythm.cadence} due date within ${SEARCH_DAYS} days of ${after.toISOString()}`);
}

/** The latest due time at or before `at`. */
export function latestDue(rhythm: CheckInRhythm, at: Date, timeZone: string): DueTime {
  let day = dayjs.utc(calendarDateIn(at, timeZone)).add(1, "day");
  for (let step = 0; step < SEARCH_DAYS; step++, day = day.subtract(1, "day")) {
    const text = day.format("YYYY-MM-DD");
    if (!isDueOn(rhythm, text)) continue;
    const instant = reminderInstant(text, rhythm.time, timeZone);
    if (instant.getTime() <= at.getTime()) return { day: text, at: instant };
  }
  throw new Error(`no ${rhythm.cadence} due date within ${SEARCH_DAYS} days before ${at.toISOString()}`);
}

/** The due time before `due` (the one a check-in must come after to count for `due`). */
export const previousDue = (rhythm: CheckInRhythm, due: DueTime, timeZone: string): DueTime => latestDue(rhythm, new Date(due.at.getTime() - 1), timeZone);

/** "every Friday", "every other Monday", "monthly on day 31 (the last day in shorter months)". */
export function describeRhythm(rhythm: Pick<CheckInRhythm, "cadence" | "weekday" | "dayOfMonth" | "time">): string {
  const weekday = WEEKDAY_NAMES[rhythm.weekday - 1] ?? "Monday";
  const when =
    rhythm.cadence === "weekly"
      ? `every ${weekday}`
      : rhythm.cadence === "biweekly"
        ? `every other ${weekday}`
        : rhythm.dayOfMonth >= 29
          ? `monthly on day ${rhythm.dayOfMonth} (the last day in shorter months)`
          : `monthly on day ${rhythm.dayOfMonth}`;
  return `${when} at ${rhythm.time}`;
}
