// The scheduler's epics against a fake server: a year that answers 404 is created and loaded
// again (spec section 4); a race with someone creating it too; a failure said; a saved schedule
// reads the reminders again; another person's change reloads what is open.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ServerEventReceived } from "../../../../src/contracts/messages/session";
import { initialState } from "../../../../src/client/app/state";
import { json } from "../../effect/fake-server";
import { settle, signIn, testClient } from "../../support/harness";
import { demoCompany, profileWith } from "../../support/session-fixtures";

const admin = { ...initialState, session: { ...initialState.session, stage: "ready" as const, company: demoCompany(), profile: profileWith(["manage_okr_scheduler"]) } };
const plans = { years: [], currentYear: 2026, fiscalYearStartMonth: 1, timeZone: "Europe/Berlin" };
const period = (number: number, start: string, end: string) => ({ id: 10 + number, number, name: `Q${number} FY 2026`, startsOn: start, endsOn: end, draftOn: start, setOn: start, reviewOn: end });
const year2026 = { year: 2026, label: "FY 2026", split: "quarters", startsOn: "2026-01-01", endsOn: "2026-12-31", periods: [period(1, "2026-01-01", "2026-03-31"), period(2, "2026-04-01", "2026-06-30")], createdAt: "2026-11-27T10:00:00.000Z" };
const notFound = () => json(404, { detail: "The planning year 2026 has not been created yet." });

test("a year that does not exist yet is created with the defaults and loaded again", async () => {
  const calls: string[] = [];
  let created = false;
  const client = testClient(
    {
      "GET /api/okrs/scheduler/plans/": () => json(200, plans),
      "GET /api/okrs/scheduler/years/2026/": () => {
        calls.push(`GET ${created ? "after" : "before"}`);
        return created ? json(200, year2026) : notFound();
      },
      "POST /api/okrs/scheduler/years/": (request) => {
        calls.push(`POST ${JSON.stringify(request.body)}`);
        created = true;
        return json(201, year2026);
      },
    },
    { state: admin },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "OpenSchedulerYear", year: null });
  await client.waitFor("SchedulerYearLoaded");
  assert.equal(calls, ["GET before", 'POST {"year":2026}', "GET after"], "404, create, reload");
  assert.equal(
    client.types().filter((type) => type.startsWith("Scheduler")),
    ["SchedulerYearLoadStarted", "SchedulerPlansLoaded", "SchedulerYearMissing", "SchedulerYearCreated", "SchedulerYearLoaded"],
  );
  const year = client.store.getState().okrScheduler.year;
  assert.equal([year.status, year.requested, year.value?.label, year.value?.periods.length], ["loaded", 2026, "FY 2026", 2]);
});

test("the model says 'creating' while the missing year is made", async () => {
  let release: () => void = () => {};
  const client = testClient(
    {
      "GET /api/okrs/scheduler/plans/": () => json(200, plans),
      "GET /api/okrs/scheduler/years/2027/": () => json(404, { detail: "missing" }),
      "POST /api/okrs/scheduler/years/": () => new Promise<Response>((resolve) => (release = () => resolve(json(500, { detail: "boom" })))),
    },
    { state: admin },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "OpenSchedulerYear", year: 2027 });
  await client.waitFor("SchedulerYearMissing");
  await settle();
  assert.equal([client.store.getState().okrScheduler.year.status, client.store.getState().okrScheduler.year.requested], ["creating", 2027]);
  release();
  const failed = await client.waitFor("SchedulerYearLoadFailed");
  assert.is((failed.payload as { year: number }).year, 2027);
  assert.is(client.store.getState().okrScheduler.year.status, "error");
  assert.ok(client.store.getState().okrScheduler.year.message);
});

test("someone else created the year meanwhile (409): it is loaded all the same", async () => {
  let gets = 0;
  const client = testClient(
    {
      "GET /api/okrs/scheduler/plans/": () => json(200, plans),
      "GET /api/okrs/scheduler/years/2026/": () => (++gets === 1 ? notFound() : json(200, year2026)),
      "POST /api/okrs/scheduler/years/": () => json(409, { detail: "This planning year exists already." }),
    },
    { state: admin },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "OpenSchedulerYear", year: 2026 });
  await client.waitFor("SchedulerYearLoaded");
  assert.is(gets, 2);
  assert.not.ok(client.types().includes("SchedulerYearLoadFailed"));
});

test("a year that loads is not created; another error is said, not turned into a creation", async () => {
  let posts = 0;
  const client = testClient(
    {
      "GET /api/okrs/scheduler/plans/": () => json(200, plans),
      "GET /api/okrs/scheduler/years/2026/": () => json(200, year2026),
      "GET /api/okrs/scheduler/years/2025/": () => json(403, { detail: "You don't have permission to access this content." }),
      "POST /api/okrs/scheduler/years/": () => {
        posts += 1;
        return json(201, year2026);
      },
    },
    { state: admin },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "OpenSchedulerYear", year: 2026 });
  await client.waitFor("SchedulerYearLoaded");
  client.bus.dispatch({ _tag: "OpenSchedulerYear", year: 2025 });
  await client.waitFor("SchedulerYearLoadFailed");
  assert.is(posts, 0);
  assert.equal(client.store.getState().okrScheduler.year.status, "error");
});

test("a saved schedule reads the schedules and reminders again; a refused one keeps the server's words", async () => {
  const schedule = { id: 4, level: "team", cadence: "weekly", weekday: 5, dayOfMonth: 1, time: "09:00", enabled: true, description: "every Friday at 09:00", nextDueAt: "2026-12-04T08:00:00.000Z", updatedAt: "2026-11-27T10:00:00.000Z" };
  let loads = 0;
  const client = testClient(
    {
      "GET /api/okrs/scheduler/schedules/": () => {
        loads += 1;
        return json(200, { schedules: loads === 1 ? [] : [schedule], timeZone: "Europe/Berlin" });
      },
      "GET /api/okrs/scheduler/reminders/": () => json(200, { sent: [], upcoming: [], timeZone: "Europe/Berlin" }),
      "POST /api/okrs/scheduler/schedules/": () => json(201, schedule),
      "PATCH /api/okrs/scheduler/schedules/4/": () => json(400, { time: ["Enter a time like 09:00 (24 hours)."] }),
    },
    { state: admin },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadCheckInSchedules" });
  await client.waitFor("CheckInSchedulesLoaded");
  client.bus.dispatch({ _tag: "CreateCheckInSchedule", request: { level: "team", enabled: true } });
  await client.waitFor("CheckInScheduleSaved");
  await settle();
  assert.is(loads, 2);
  assert.equal(client.store.getState().okrScheduler.schedules.value.map((row) => row.level), ["team"]);
  client.bus.dispatch({ _tag: "ChangeCheckInSchedule", scheduleId: 4, change: { time: "25:00" } });
  await client.waitFor("SchedulerActionFailed");
  assert.equal(client.store.getState().okrScheduler.action, { status: "error", action: "schedule", target: 4, message: "time: Enter a time like 09:00 (24 hours).", fields: { time: ["Enter a time like 09:00 (24 hours)."] } });
  assert.is(loads, 2, "a refused change reads nothing again");
});

test("another administrator's change reloads the open year and schedules once", async () => {
  let yearLoads = 0;
  let scheduleLoads = 0;
  const client = testClient(
    {
      "GET /api/okrs/scheduler/plans/": () => json(200, plans),
      "GET /api/okrs/scheduler/years/2026/": () => {
        yearLoads += 1;
        return json(200, year2026);
      },
      "GET /api/okrs/scheduler/schedules/": () => {
        scheduleLoads += 1;
        return json(200, { schedules: [], timeZone: "Europe/Berlin" });
      },
      "GET /api/okrs/scheduler/reminders/": () => json(200, { sent: [], upcoming: [], timeZone: "Europe/Berlin" }),
    },
    { state: admin },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "OpenSchedulerYear", year: 2026 });
  client.bus.dispatch({ _tag: "LoadCheckInSchedules" });
  await client.waitFor("SchedulerYearLoaded");
  await client.waitFor("CheckInSchedulesLoaded");
  const event = (seq: number) => ServerEventReceived.make({ seq, type: "OkrSchedulerChanged", actor: "user:9", actorName: "Ben", payload: { what: "period", year: 2026 }, occurredAt: new Date().toISOString() });
  client.bus.receive(event(7), "remote");
  client.bus.receive(event(8), "remote");
  await new Promise((resolve) => setTimeout(resolve, 450));
  await settle();
  assert.equal([yearLoads, scheduleLoads], [2, 2], "each read again once");
});

test.run();
