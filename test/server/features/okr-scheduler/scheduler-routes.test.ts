// The scheduler's API: planning years (404 until created, then created with the defaults), phase
// dates, check-in schedules, the calendar and the OKR settings; who may use them; another
// company's records answer 404.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SCHEDULE_LEVEL_TAKEN, TIME_FORMAT, YEAR_EXISTS } from "../../../../src/contracts/okr-scheduler";
import { manualClock } from "../../../support/manual-clock";
import { schedulerWorld, system, type SchedulerWorld } from "./scheduler-fixture";

// Wednesday 25 March 2026, noon UTC.
const clock = manualClock(new Date("2026-03-25T12:00:00.000Z"));
let world: SchedulerWorld;
test.before(async () => {
  world = await schedulerWorld({ clock });
});
test.after(async () => {
  await world.services.jobs.stop();
  await world.app.close();
});

test("a year answers 404 until created; created, it holds the fiscal year's periods with their phase dates", async () => {
  const { call, headers } = world;
  const missing = await call(headers.admin, "GET", "/okrs/scheduler/years/2026/");
  assert.is(missing.status, 404, missing.text);
  assert.is(missing.json.detail, "The planning year 2026 has not been created yet.");
  const created = await call(headers.admin, "POST", "/okrs/scheduler/years/", { year: 2026 });
  assert.is(created.status, 201, created.text);
  assert.equal(
    created.json.periods.map((period: any) => [period.name, period.startsOn, period.endsOn, period.draftOn, period.setOn, period.reviewOn]),
    [
      ["Q1 FY 2026", "2026-01-01", "2026-03-31", "2025-12-18", "2026-01-15", "2026-03-24"],
      ["Q2 FY 2026", "2026-04-01", "2026-06-30", "2026-03-18", "2026-04-15", "2026-06-23"],
      ["Q3 FY 2026", "2026-07-01", "2026-09-30", "2026-06-17", "2026-07-15", "2026-09-23"],
      ["Q4 FY 2026", "2026-10-01", "2026-12-31", "2026-09-17", "2026-10-15", "2026-12-24"],
    ],
  );
  const loaded = await call(headers.admin, "GET", "/okrs/scheduler/years/2026/");
  assert.is(loaded.status, 200);
  assert.equal([loaded.json.label, loaded.json.split, loaded.json.startsOn, loaded.json.endsOn], ["FY 2026", "quarters", "2026-01-01", "2026-12-31"]);
  const again = await call(headers.admin, "POST", "/okrs/scheduler/years/", { year: 2026 });
  assert.equal([again.status, again.json.detail], [409, YEAR_EXISTS]);
  const events = await world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("events").select("payload").where("type", "=", "OkrSchedulerChanged").execute());
  assert.equal(events.map((event) => event.payload), [{ what: "year", year: 2026 }]);

  // The fiscal year of an April company, in halves: named by the year it starts in.
  await world.database.system.updateTable("tenants").set({ fiscal_year_offset: 3 }).where("id", "=", world.companyA).execute();
  const halves = await call(headers.admin, "POST", "/okrs/scheduler/years/", { year: 2027, split: "halves" });
  assert.is(halves.status, 201, halves.text);
  assert.equal([halves.json.label, halves.json.periods.map((period: any) => [period.name, period.startsOn, period.endsOn])], ["FY 2027/28", [["H1 FY 2027/28", "2027-04-01", "2027-09-30"], ["H2 FY 2027/28", "2027-10-01", "2028-03-31"]]]);
  const plans = await call(headers.admin, "GET", "/okrs/scheduler/plans/");
  assert.equal(plans.json, {
    years: [
      { year: 2026, label: "FY 2026/27", split: "quarters", startsOn: "2026-01-01", endsOn: "2026-12-31", periodCount: 4 },
      { year: 2027, label: "FY 2027/28", split: "halves", startsOn: "2027-04-01", endsOn: "2028-03-31", periodCount: 2 },
    ],
    currentYear: 2025,
    fiscalYearStartMonth: 4,
    timeZone: "Europe/Berlin",
  });
  await world.database.system.updateTable("tenants").set({ fiscal_year_offset: 0 }).where("id", "=", world.companyA).execute();
  assert.is((await call(headers.admin, "DELETE", "/okrs/scheduler/years/2027/")).status, 204);
  assert.is((await call(headers.admin, "GET", "/okrs/scheduler/years/2027/")).status, 404);
  assert.is((await call(headers.admin, "DELETE", "/okrs/scheduler/years/2027/")).status, 404);

  for (const [body, field] of [[{ year: 1999 }, "year"], [{ year: 2026.5 }, "year"], [{ year: 2028, split: "months" }, "split"], [{}, "year"]] as const) {
    const refused = await call(headers.admin, "POST", "/okrs/scheduler/years/", body);
    assert.is(refused.status, 400, `${JSON.stringify(body)}: ${refused.text}`);
    assert.ok(refused.json[field], `${JSON.stringify(body)}: ${refused.text}`);
  }
  assert.is((await call(headers.admin, "GET", "/okrs/scheduler/years/1999/")).status, 400);
  assert.is((await call(headers.admin, "GET", "/okrs/scheduler/years/abc/")).status, 400);
});

test("phase dates change within their rules; another company's period is not found", async () => {
  const { call, headers } = world;
  const year = (await call(headers.admin, "GET", "/okrs/scheduler/years/2026/")).json;
  const q2 = year.periods[1];
  const refused = await call(headers.admin, "PATCH", `/okrs/scheduler/periods/${q2.id}/`, { draftOn: "2026-04-02", setOn: "2026-07-01" });
  assert.is(refused.status, 400);
  assert.equal(refused.json, { draftOn: ["Drafting opens on or before the period's first day."], setOn: ["Objectives are set within the period."], reviewOn: ["The review follows the day objectives are set."] });
  assert.is((await call(headers.admin, "GET", "/okrs/scheduler/years/2026/")).json.periods[1].draftOn, "2026-03-18", "nothing written");
  const changed = await call(headers.admin, "PATCH", `/okrs/scheduler/periods/${q2.id}/`, { setOn: "2026-04-10", reviewOn: "2026-07-07" });
  assert.is(changed.status, 200, changed.text);
  assert.equal([changed.json.draftOn, changed.json.setOn, changed.json.reviewOn], ["2026-03-18", "2026-04-10", "2026-07-07"]);
  assert.is((await call(headers.admin, "PATCH", `/okrs/scheduler/periods/${q2.id}/`, { setOn: "2026-04-31" })).status, 400);
  assert.is((await call(headers.foreign, "PATCH", `/okrs/scheduler/periods/${q2.id}/`, { setOn: "2026-04-12" })).status, 404);
  assert.is((await call(headers.foreign, "GET", "/okrs/scheduler/years/2026/")).status, 404);
  assert.is((await call(headers.admin, "PATCH", "/okrs/scheduler/periods/999999/", { setOn: "2026-04-12" })).status, 404);
});

test("schedules: one per level, defaults from the OKR settings, validated, changed, deleted", async () => {
  const { call, headers } = world;
  const team = await call(headers.admin, "POST", "/okrs/scheduler/schedules/", { level: "team" });
  assert.is(team.status, 201, team.text);
  assert.equal([team.json.cadence, team.json.weekday, team.json.time, team.json.enabled, team.json.description, team.json.nextDueAt], ["weekly", 5, "09:00", true, "every Friday at 09:00", "2026-03-27T08:00:00.000Z"]);
  const taken = await call(headers.admin, "POST", "/okrs/scheduler/schedules/", { level: "team", cadence: "monthly" });
  assert.equal([taken.status, taken.json], [400, { level: [SCHEDULE_LEVEL_TAKEN] }]);
  const badTime = await call(headers.admin, "POST", "/okrs/scheduler/schedules/", { level: "corporate", time: "24:00" });
  assert.equal([badTime.status, badTime.json.time], [400, [TIME_FORMAT]]);
  for (const body of [{ level: "corporate", weekday: 8 }, { level: "corporate", dayOfMonth: 0 }, { level: "board" }, { level: "corporate", cadence: "daily" }, { level: "corporate", time: "9:00" }]) {
    assert.is((await call(headers.admin, "POST", "/okrs/scheduler/schedules/", body)).status, 400, JSON.stringify(body));
  }
  assert.equal((await call(headers.admin, "GET", "/okrs/scheduler/schedules/")).json.schedules.map((schedule: any) => schedule.level), ["team"], "nothing written by the refused ones");

  const monthly = await call(headers.admin, "PATCH", `/okrs/scheduler/schedules/${team.json.id}/`, { cadence: "monthly", dayOfMonth: 31, time: "17:30" });
  assert.is(monthly.status, 200, monthly.text);
  assert.equal([monthly.json.description, monthly.json.nextDueAt], ["monthly on day 31 (the last day in shorter months) at 17:30", "2026-03-31T15:30:00.000Z"]);
  const paused = await call(headers.admin, "PATCH", `/okrs/scheduler/schedules/${team.json.id}/`, { enabled: false });
  assert.equal([paused.json.enabled, paused.json.nextDueAt], [false, null]);
  assert.is((await call(headers.admin, "PATCH", `/okrs/scheduler/schedules/${team.json.id}/`, { time: "7:5" })).status, 400);
  assert.is((await call(headers.foreign, "PATCH", `/okrs/scheduler/schedules/${team.json.id}/`, { enabled: true })).status, 404);
  assert.is((await call(headers.foreign, "DELETE", `/okrs/scheduler/schedules/${team.json.id}/`)).status, 404);
  assert.equal((await call(headers.foreign, "GET", "/okrs/scheduler/schedules/")).json.schedules, []);

  // New schedules take the settings' defaults.
  const settings = await call(headers.admin, "PATCH", "/okrs/scheduler/settings/", { defaultCadence: "biweekly", defaultWeekday: 1, defaultTime: "08:15" });
  assert.is(settings.status, 200, settings.text);
  const employee = await call(headers.admin, "POST", "/okrs/scheduler/schedules/", { level: "employee" });
  assert.equal([employee.json.cadence, employee.json.weekday, employee.json.time, employee.json.description], ["biweekly", 1, "08:15", "every other Monday at 08:15"]);
  assert.equal((await call(headers.admin, "GET", "/okrs/scheduler/schedules/")).json.schedules.map((schedule: any) => schedule.level), ["team", "employee"]);
  assert.is((await call(headers.admin, "DELETE", `/okrs/scheduler/schedules/${employee.json.id}/`)).status, 204);
  assert.is((await call(headers.admin, "DELETE", `/okrs/scheduler/schedules/${employee.json.id}/`)).status, 404);
});

test("the calendar lists a month's due dates and phase dates with their reminder times", async () => {
  const { call, headers } = world;
  const team = (await call(headers.admin, "GET", "/okrs/scheduler/schedules/")).json.schedules[0];
  await call(headers.admin, "PATCH", `/okrs/scheduler/schedules/${team.id}/`, { enabled: true, cadence: "weekly", weekday: 5, time: "09:00" });
  const april = await call(headers.admin, "GET", "/okrs/scheduler/calendar/?month=2026-04");
  assert.is(april.status, 200, april.text);
  assert.equal(
    april.json.entries.map((entry: any) => [entry.date, entry.kind, entry.remindAt]),
    [
      ["2026-04-01", "period_start", null],
      ["2026-04-03", "check_in", "2026-04-03T07:00:00.000Z"],
      ["2026-04-10", "set", "2026-04-10T06:15:00.000Z"],
      ["2026-04-10", "check_in", "2026-04-10T07:00:00.000Z"],
      ["2026-04-17", "check_in", "2026-04-17T07:00:00.000Z"],
      ["2026-04-24", "check_in", "2026-04-24T07:00:00.000Z"],
    ],
  );
  const march = (await call(headers.admin, "GET", "/okrs/scheduler/calendar/?month=2026-03")).json.entries.map((entry: any) => `${entry.date} ${entry.kind}`);
  assert.ok(march.includes("2026-03-18 draft") && march.includes("2026-03-24 review") && march.includes("2026-03-31 period_end"), march.join(", "));
  for (const month of ["2026-13", "2026-4", "April", ""]) assert.is((await call(headers.admin, "GET", `/okrs/scheduler/calendar/?month=${month}`)).status, 400, month);
});

test("OKR settings: read and changed by OKR or company administrators, validated", async () => {
  const { call, headers } = world;
  const settings = await call(headers.companyAdmin, "GET", "/okrs/scheduler/settings/");
  assert.is(settings.status, 200, settings.text);
  assert.equal(settings.json, { split: "quarters", draftLeadDays: 14, setDays: 14, reviewLeadDays: 7, defaultCadence: "biweekly", defaultWeekday: 1, defaultDayOfMonth: 1, defaultTime: "08:15", phaseReminders: true, timeZone: "Europe/Berlin" });
  const changed = await call(headers.companyAdmin, "PATCH", "/okrs/scheduler/settings/", { split: "trimesters", draftLeadDays: 21, phaseReminders: false });
  assert.equal([changed.status, changed.json.split, changed.json.draftLeadDays, changed.json.phaseReminders, changed.json.defaultTime], [200, "trimesters", 21, false, "08:15"]);
  const refused = await call(headers.admin, "PATCH", "/okrs/scheduler/settings/", { draftLeadDays: 93, defaultTime: "noon" });
  assert.equal([refused.status, Object.keys(refused.json).sort()], [400, ["defaultTime", "draftLeadDays"]]);
  assert.is((await call(headers.admin, "GET", "/okrs/scheduler/settings/")).json.draftLeadDays, 21, "nothing written");
  assert.is((await call(headers.foreign, "GET", "/okrs/scheduler/settings/")).json.split, "quarters", "each company its own");
  // A year created now takes the split and lead days.
  const year = await call(headers.admin, "POST", "/okrs/scheduler/years/", { year: 2028 });
  assert.equal(year.json.periods.map((period: any) => [period.name, period.draftOn]), [["T1 FY 2028", "2027-12-11"], ["T2 FY 2028", "2028-04-10"], ["T3 FY 2028", "2028-08-11"]]);
  await call(headers.admin, "PATCH", "/okrs/scheduler/settings/", { phaseReminders: true });
});

test("permissions: the scheduler is the OKR administrators'; settings also the company administrators'", async () => {
  const { call, headers } = world;
  for (const [method, url, body] of [
    ["GET", "/okrs/scheduler/plans/"],
    ["GET", "/okrs/scheduler/years/2026/"],
    ["POST", "/okrs/scheduler/years/", { year: 2030 }],
    ["GET", "/okrs/scheduler/schedules/"],
    ["POST", "/okrs/scheduler/schedules/", { level: "corporate" }],
    ["GET", "/okrs/scheduler/reminders/"],
    ["GET", "/okrs/scheduler/calendar/?month=2026-04"],
  ] as const) {
    assert.is((await call(headers.reader, method, url, body)).status, 403, `reader ${method} ${url}`);
    assert.is((await call(headers.alice, method, url, body)).status, 403, `writer ${method} ${url}`);
    assert.is((await call(headers.companyAdmin, method, url, body)).status, 403, `company admin ${method} ${url}`);
  }
  assert.is((await call(headers.reader, "GET", "/okrs/scheduler/settings/")).status, 403);
  assert.is((await call(headers.alice, "PATCH", "/okrs/scheduler/settings/", { split: "halves" })).status, 403);
  assert.is((await call({}, "GET", "/okrs/scheduler/plans/")).status, 401);
  // The company's OKR feature switched off: nobody, administrators included.
  await world.database.system.updateTable("tenants").set({ features: JSON.stringify({}) }).where("id", "=", world.companyB).execute();
  assert.is((await call(headers.foreign, "GET", "/okrs/scheduler/plans/")).status, 403);
});

test.run();
