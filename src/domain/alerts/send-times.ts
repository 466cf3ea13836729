import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

import { calendarDateIn } from "../company/time-zones";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * When alerts go out (spec section 9): daily at 6.30 pm, weekly on Friday at 6.30 pm, monthly on
 * the last Friday of the month at 6.30 pm — the company's wall-clock time in its IANA time zone,
 * so 6.30 pm stays 6.30 pm across daylight saving changes. An alert fires at most once per
 * period of its frequency: the local day, the ISO week (Monday to Sunday), the month.
 */
export type AlertFrequency = "daily" | "weekly" | "monthly";
export const ALERT_FREQUENCIES: readonly AlertFrequency[] = ["daily", "weekly", "monthly"];
export const SEND_HOUR = 18;
export const SEND_MINUTE = 30;
const FRIDAY = 5;

/** The local calendar day of an instant in a time zone: "2026-03-27". */
export const localDay = calendarDateIn;

/** Whether alerts of `frequency` go out on this local day ("YYYY-MM-DD"). */
export function sendsOn(frequency: AlertFrequency, day: string): boolean {
  const date = dayjs.utc(day);
  if (frequency === "daily") return true;
  if (date.day() !== FRIDAY) return false;
  // The last Friday: a week later is already the next month.
  return frequency === "weekly" || date.add(7, "day").month() !== date.month();
}

/** The instant of 6.30 pm on a local day in a time zone. */
export function sendInstant(day: string, timeZone: string): Date {
  return dayjs.tz(`${day} ${String(SEND_HOUR).padStart(2, "0")}:${String(SEND_MINUTE).padStart(2, "0")}`, timeZone).toDate();
}

/** The next send time of `frequency` strictly after `after`. */
export function nextSendTime(frequency: AlertFrequency, after: Date, timeZone: string): Date {
  // From the day before (an instant late in a UTC day is already the next local day somewhere), at most 40 days on.
  let day = dayjs.utc(localDay(after, timeZone)).subtract(1, "day");
  for (let step = 0; step < 40; step++, day = day.add(1, "day")) {
    const text = day.format("YYYY-MM-DD");
    if (!sendsOn(frequency, text)) continue;
    const at = sendInstant(text, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`no ${frequency} send time within 40 days of ${after.toISOString()}`);
}

/** The frequencies that go out at a send time: daily always, weekly on Fridays, monthly on the last Friday. */
export const frequenciesDueAt = (at: Date, timeZone: string): AlertFrequency[] => ALERT_FREQUENCIES.filter((frequency) => sendsOn(frequency, localDay(at, timeZone)));

/**
 * What a check queued for `dueAt` and run at `now` covers, per frequency: the latest of its send
 * times from `dueAt` to `now` (both included). On time that is `dueAt` for the frequencies due
 * then. Late (the server was down over one or more send times) each frequency is checked once, for
 * its latest missed send time: the state of now, one mail, not one per missed day.
 */
export function dueSendTimes(dueAt: Date, now: Date, timeZone: string): Map<AlertFrequency, Date> {
  const until = Math.max(now.getTime(), dueAt.getTime());
  const due = new Map<AlertFrequency, Date>();
  for (const frequency of ALERT_FREQUENCIES) {
    let latest: Date | null = null;
    // A server away for longer than a year checks what a year of send times would (the latest).
    for (let at = nextSendTime(frequency, new Date(dueAt.getTime() - 1), timeZone), step = 0; at.getTime() <= until && step < 400; at = nextSendTime(frequency, at, timeZone), step++) latest = at;
    if (latest) due.set(frequency, latest);
  }
  return due;
}

/**
 * The period of an instant for a frequency, the key that lets an alert fire once in it:
 * "2026-03-27" (daily), "2026-W13" (weekly, ISO week of the local day), "2026-03" (monthly).
 */
export function periodOf(frequency: AlertFrequency, at: Date, timeZone: string): string {
  const day = localDay(at, timeZone);
  if (frequency === "daily") return day;
  if (frequency === "monthly") return day.slice(0, 7);
  const date = dayjs.utc(day);
  // ISO week: the week's Thursday decides its year; weeks count from the one holding 4 January.
  const thursday = date.add(3 - ((date.day() + 6) % 7), "day");
  const week = Math.floor((thursday.diff(dayjs.utc(`${thursday.year()}-01-01`), "day")) / 7) + 1;
  return `${thursday.year()}-W${String(week).padStart(2, "0")}`;
}

/** The month an alert watches at an instant: the local month, moved by the offset (0 current, -1 previous), as "YYYY-MM-01". */
export function watchedMonth(at: Date, timeZone: string, monthOffset: number): string {
  return dayjs.utc(`${localDay(at, timeZone).slice(0, 7)}-01`).add(monthOffset, "month").format("YYYY-MM-DD");
}
