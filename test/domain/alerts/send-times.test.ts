import { test } from "uvu";
import * as assert from "uvu/assert";
import { dueSendTimes, frequenciesDueAt, nextSendTime, periodOf, sendsOn, watchedMonth, type AlertFrequency } from "../../../src/domain/alerts/send-times";

const BERLIN = "Europe/Berlin";

test("the next send time: 6.30 pm local, across daylight saving changes and month ends", () => {
  const table: [AlertFrequency, string, string, string][] = [
    // frequency, zone, after, next (UTC)
    ["daily", BERLIN, "2026-03-10T12:00:00Z", "2026-03-10T17:30:00.000Z"], // winter: UTC+1
    ["daily", BERLIN, "2026-03-10T17:30:00Z", "2026-03-11T17:30:00.000Z"], // strictly after
    ["daily", BERLIN, "2026-03-10T17:29:59Z", "2026-03-10T17:30:00.000Z"],
    ["daily", BERLIN, "2026-03-28T18:00:00Z", "2026-03-29T16:30:00.000Z"], // Sunday 29 March 2026: clocks go forward, UTC+2
    ["daily", BERLIN, "2026-10-24T17:00:00Z", "2026-10-25T17:30:00.000Z"], // Sunday 25 October 2026: clocks go back, UTC+1
    ["daily", BERLIN, "2026-10-24T16:00:00Z", "2026-10-24T16:30:00.000Z"], // the Saturday before: still summer time
    ["weekly", BERLIN, "2026-03-25T10:00:00Z", "2026-03-27T17:30:00.000Z"], // Friday 27 March: still winter time
    ["weekly", BERLIN, "2026-03-27T17:30:00Z", "2026-04-03T16:30:00.000Z"], // the next Friday is in summer time
    ["weekly", BERLIN, "2026-10-23T16:31:00Z", "2026-10-30T17:30:00.000Z"],
    ["monthly", BERLIN, "2026-03-01T00:00:00Z", "2026-03-27T17:30:00.000Z"],
    ["monthly", BERLIN, "2026-03-27T17:30:00Z", "2026-04-24T16:30:00.000Z"],
    ["monthly", BERLIN, "2026-07-01T00:00:00Z", "2026-07-31T16:30:00.000Z"], // the last Friday is the 31st
    ["monthly", BERLIN, "2026-02-01T00:00:00Z", "2026-02-27T17:30:00.000Z"], // February 2026
    ["monthly", BERLIN, "2030-02-01T00:00:00Z", "2030-02-22T17:30:00.000Z"], // February 2030: the 28th is a Thursday
    ["monthly", BERLIN, "2026-12-26T00:00:00Z", "2027-01-29T17:30:00.000Z"], // past December's last Friday (the 25th): next year
    ["daily", "America/New_York", "2026-03-08T12:00:00Z", "2026-03-08T22:30:00.000Z"], // New York's change day: UTC−4
    ["daily", "Asia/Tokyo", "2026-03-10T09:29:00Z", "2026-03-10T09:30:00.000Z"],
    ["daily", "Pacific/Auckland", "2026-03-10T12:00:00Z", "2026-03-11T05:30:00.000Z"], // already the 11th there
    ["daily", "UTC", "2026-12-31T18:30:00Z", "2027-01-01T18:30:00.000Z"],
  ];
  for (const [frequency, zone, after, next] of table) assert.is(nextSendTime(frequency, new Date(after), zone).toISOString(), next, `${frequency} ${zone} after ${after}`);
});

test("which frequencies go out on a day", () => {
  const table: [string, boolean, boolean][] = [
    // day, weekly, monthly (daily: always)
    ["2026-03-26", false, false], // Thursday
    ["2026-03-20", true, false], // a Friday, not the last
    ["2026-03-27", true, true], // the last Friday of March
    ["2026-07-31", true, true], // the 31st
    ["2026-07-24", true, false],
    ["2026-02-27", true, true],
    ["2026-03-28", false, false],
  ];
  for (const [day, weekly, monthly] of table) {
    assert.ok(sendsOn("daily", day));
    assert.is(sendsOn("weekly", day), weekly, `weekly ${day}`);
    assert.is(sendsOn("monthly", day), monthly, `monthly ${day}`);
  }
  assert.equal(frequenciesDueAt(new Date("2026-03-27T17:30:00Z"), BERLIN), ["daily", "weekly", "monthly"]);
  assert.equal(frequenciesDueAt(new Date("2026-03-26T17:30:00Z"), BERLIN), ["daily"]);
  // 11 pm UTC on Thursday is already Friday in Berlin.
  assert.equal(frequenciesDueAt(new Date("2026-03-19T23:30:00Z"), BERLIN), ["daily", "weekly"]);
});

test("a check covers each frequency's latest send time from its due time to now (a late check sends once)", () => {
  const covered = (dueAt: string, now: string) => Object.fromEntries([...dueSendTimes(new Date(dueAt), new Date(now), BERLIN)].map(([frequency, at]) => [frequency, at.toISOString()]));
  // On time on a Wednesday: daily only.
  assert.equal(covered("2026-03-25T17:30:00Z", "2026-03-25T17:30:00Z"), { daily: "2026-03-25T17:30:00.000Z" });
  // On time on the last Friday of March: all three.
  assert.equal(covered("2026-03-27T17:30:00Z", "2026-03-27T17:30:05Z"), { daily: "2026-03-27T17:30:00.000Z", weekly: "2026-03-27T17:30:00.000Z", monthly: "2026-03-27T17:30:00.000Z" });
  // Thursday's check run on Saturday morning: Friday's send time for all three, once.
  assert.equal(covered("2026-03-26T17:30:00Z", "2026-03-28T08:00:00Z"), { daily: "2026-03-27T17:30:00.000Z", weekly: "2026-03-27T17:30:00.000Z", monthly: "2026-03-27T17:30:00.000Z" });
  // Thursday's check run late on Thursday: daily, for Thursday.
  assert.equal(covered("2026-03-26T17:30:00Z", "2026-03-26T21:00:00Z"), { daily: "2026-03-26T17:30:00.000Z" });
  // Away from 1 April to 5 May: the last daily, the last Friday (1 May), the last monthly (24 April).
  assert.equal(covered("2026-04-01T16:30:00Z", "2026-05-05T08:00:00Z"), { daily: "2026-05-04T16:30:00.000Z", weekly: "2026-05-01T16:30:00.000Z", monthly: "2026-04-24T16:30:00.000Z" });
});

test("periods: local day, ISO week, local month", () => {
  const table: [AlertFrequency, string, string, string][] = [
    ["daily", BERLIN, "2026-03-27T17:30:00Z", "2026-03-27"],
    ["daily", BERLIN, "2026-03-27T23:30:00Z", "2026-03-28"],
    ["weekly", BERLIN, "2026-03-27T17:30:00Z", "2026-W13"],
    ["weekly", BERLIN, "2026-01-02T17:30:00Z", "2026-W01"], // 2026 starts on a Thursday
    ["weekly", BERLIN, "2027-01-01T17:30:00Z", "2026-W53"], // Friday 1 January 2027 is in 2026's last week
    ["weekly", BERLIN, "2024-12-31T12:00:00Z", "2025-W01"],
    ["monthly", BERLIN, "2026-07-31T16:30:00Z", "2026-07"],
    ["monthly", BERLIN, "2026-07-31T22:30:00Z", "2026-08"], // past midnight in Berlin
  ];
  for (const [frequency, zone, at, period] of table) assert.is(periodOf(frequency, new Date(at), zone), period, `${frequency} ${at}`);
});

test("the watched month: the local month, or the one before", () => {
  assert.is(watchedMonth(new Date("2026-03-27T17:30:00Z"), BERLIN, 0), "2026-03-01");
  assert.is(watchedMonth(new Date("2026-03-27T17:30:00Z"), BERLIN, -1), "2026-02-01");
  assert.is(watchedMonth(new Date("2026-01-30T17:30:00Z"), BERLIN, -1), "2025-12-01");
  assert.is(watchedMonth(new Date("2026-03-31T22:30:00Z"), BERLIN, 0), "2026-04-01");
});

test.run();
