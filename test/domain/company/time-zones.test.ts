import { test } from "uvu";
import * as assert from "uvu/assert";
import { isTimeZone, timeZoneLabel, timeZoneNames } from "../../../src/domain/company/time-zones";

test("IANA names from the runtime, UTC always among them; anything else is not a time zone", () => {
  const table: [string, boolean][] = [
    ["UTC", true],
    ["Europe/Berlin", true],
    ["America/New_York", true],
    ["Asia/Kolkata", true],
    ["europe/berlin", false],
    ["CET+1", false],
    ["Mars/Olympus_Mons", false],
    ["", false],
  ];
  for (const [name, expected] of table) assert.is(isTimeZone(name), expected, name);
  assert.ok(timeZoneNames().length > 300);
});

test("labels carry the offset at the moment asked, so summer and winter time differ", () => {
  assert.is(timeZoneLabel("Europe/Berlin", new Date("2026-01-15T12:00:00Z")), "Europe/Berlin (UTC+01:00)");
  assert.is(timeZoneLabel("Europe/Berlin", new Date("2026-07-15T12:00:00Z")), "Europe/Berlin (UTC+02:00)");
  assert.is(timeZoneLabel("America/New_York", new Date("2026-01-15T12:00:00Z")), "America/New York (UTC-05:00)");
  assert.is(timeZoneLabel("UTC", new Date("2026-01-15T12:00:00Z")), "UTC (UTC+00:00)");
});

test.run();
