import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeRhythm, dueDaysBetween, isDueOn, latestDue, nextDue, previousDue, reminderInstant, type CheckInRhythm } from "../../../src/domain/okr-scheduler/due-dates";

const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";
const rhythm = (cadence: CheckInRhythm["cadence"], options: Partial<CheckInRhythm> = {}): CheckInRhythm => ({ cadence, weekday: 5, dayOfMonth: 1, time: "09:00", ...options });

test("due days per cadence: weekly, every other week across the year's end, monthly clamped at month ends", () => {
  assert.equal(dueDaysBetween(rhythm("weekly"), "2026-03-01", "2026-03-31"), ["2026-03-06", "2026-03-13", "2026-03-20", "2026-03-27"]);
  assert.equal(dueDaysBetween(rhythm("weekly", { weekday: 1 }), "2026-06-01", "2026-06-15"), ["2026-06-01", "2026-06-08", "2026-06-15"]);
  // Every other Friday, counted from the week of Monday 1 January 2024: no jump over New Year
  // (2026 has 53 ISO weeks, an ISO-week parity would give two weeks in a row).
  assert.equal(dueDaysBetween(rhythm("biweekly"), "2026-03-01", "2026-04-30"), ["2026-03-13", "2026-03-27", "2026-04-10", "2026-04-24"]);
  assert.equal(dueDaysBetween(rhythm("biweekly"), "2026-12-15", "2027-01-31"), ["2026-12-18", "2027-01-01", "2027-01-15", "2027-01-29"]);
  const monthEnd = rhythm("monthly", { dayOfMonth: 31 });
  assert.equal(dueDaysBetween(monthEnd, "2026-01-01", "2026-06-30"), ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"]);
  assert.equal(dueDaysBetween(rhythm("monthly", { dayOfMonth: 30 }), "2028-02-01", "2028-03-31"), ["2028-02-29", "2028-03-30"], "a leap year's February");
  assert.equal(dueDaysBetween(rhythm("monthly", { dayOfMonth: 15 }), "2026-01-01", "2026-03-31"), ["2026-01-15", "2026-02-15", "2026-03-15"]);
  assert.ok(isDueOn(rhythm("weekly", { weekday: 7 }), "2026-03-29"), "Sunday is 7");
  assert.not.ok(isDueOn(rhythm("weekly", { weekday: 7 }), "2026-03-28"));
});

test("reminder times are the company's wall clock across daylight saving changes", () => {
  const table: [string, string, string, string][] = [
    // day, time, zone, instant
    ["2026-03-27", "09:00", BERLIN, "2026-03-27T08:00:00.000Z"], // winter time, UTC+1
    ["2026-03-29", "09:00", BERLIN, "2026-03-29T07:00:00.000Z"], // the clocks went forward that night: UTC+2
    ["2026-10-25", "09:00", BERLIN, "2026-10-25T08:00:00.000Z"], // back to UTC+1
    ["2026-03-29", "02:30", BERLIN, "2026-03-29T01:30:00.000Z"], // 02:30 does not exist: moved on by the hour gap
    ["2026-03-06", "09:00", NEW_YORK, "2026-03-06T14:00:00.000Z"], // EST, UTC−5
    ["2026-03-08", "09:00", NEW_YORK, "2026-03-08T13:00:00.000Z"], // EDT from that night, UTC−4
    ["2026-11-01", "17:30", NEW_YORK, "2026-11-01T22:30:00.000Z"], // back to EST
    ["2026-06-30", "23:45", "UTC", "2026-06-30T23:45:00.000Z"],
  ];
  for (const [day, time, zone, instant] of table) assert.is(reminderInstant(day, time, zone).toISOString(), instant, `${day} ${time} ${zone}`);
});

test("the next and latest due time, strictly after and at or before an instant", () => {
  const weekly = rhythm("weekly");
  const table: [CheckInRhythm, string, string, string, string][] = [
    // rhythm, zone, after, next day, next instant
    [weekly, BERLIN, "2026-03-25T12:00:00Z", "2026-03-27", "2026-03-27T08:00:00.000Z"],
    [weekly, BERLIN, "2026-03-27T08:00:00Z", "2026-04-03", "2026-04-03T07:00:00.000Z"], // strictly after; next Friday in summer time
    [weekly, BERLIN, "2026-03-27T07:59:59Z", "2026-03-27", "2026-03-27T08:00:00.000Z"],
    [rhythm("weekly", { weekday: 7 }), BERLIN, "2026-03-22T08:00:00Z", "2026-03-29", "2026-03-29T07:00:00.000Z"], // the change day itself
    [rhythm("monthly", { dayOfMonth: 31 }), BERLIN, "2026-01-31T10:00:00Z", "2026-02-28", "2026-02-28T08:00:00.000Z"],
    [rhythm("monthly", { dayOfMonth: 31, time: "23:30" }), NEW_YORK, "2026-04-30T12:00:00Z", "2026-04-30", "2026-05-01T03:30:00.000Z"], // late evening local is the next UTC day
    [rhythm("biweekly", { weekday: 1, time: "08:00" }), NEW_YORK, "2026-03-01T00:00:00Z", "2026-03-09", "2026-03-09T12:00:00.000Z"],
  ];
  for (const [schedule, zone, after, day, instant] of table) {
    const next = nextDue(schedule, new Date(after), zone);
    assert.equal([next.day, next.at.toISOString()], [day, instant], `${schedule.cadence} after ${after} in ${zone}`);
  }
  // Auckland (UTC+13 in March): Friday 27 March 07:00 there is Thursday 18:00 UTC.
  assert.equal(nextDue(rhythm("weekly", { time: "07:00" }), new Date("2026-03-26T17:00:00Z"), "Pacific/Auckland").at.toISOString(), "2026-03-26T18:00:00.000Z");

  const latest = latestDue(weekly, new Date("2026-04-01T12:00:00Z"), BERLIN);
  assert.equal([latest.day, latest.at.toISOString()], ["2026-03-27", "2026-03-27T08:00:00.000Z"]);
  assert.is(latestDue(weekly, new Date("2026-03-27T08:00:00Z"), BERLIN).day, "2026-03-27", "at the instant itself");
  assert.is(previousDue(weekly, latest, BERLIN).day, "2026-03-20");
  const monthly = rhythm("monthly", { dayOfMonth: 31 });
  assert.is(previousDue(monthly, latestDue(monthly, new Date("2026-03-31T12:00:00Z"), BERLIN), BERLIN).day, "2026-02-28");
});

test("a schedule says itself", () => {
  assert.is(describeRhythm(rhythm("weekly")), "every Friday at 09:00");
  assert.is(describeRhythm(rhythm("biweekly", { weekday: 1, time: "08:30" })), "every other Monday at 08:30");
  assert.is(describeRhythm(rhythm("monthly", { dayOfMonth: 31 })), "monthly on day 31 (the last day in shorter months) at 09:00");
  assert.is(describeRhythm(rhythm("monthly", { dayOfMonth: 3 })), "monthly on day 3 at 09:00");
});

test.run();
