// Reminders go out at the schedule's time in the company's zone (Europe/Berlin), once per
// occasion and person: a run delivered twice sends nothing twice. A check-in reminder reaches the
// responsible people of the level's key results in running objectives who have not checked in
// since the due date before; the "set" phase reminder everyone who writes OKRs (not staff).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { OKR_REMINDER_JOB, OKR_REMINDER_SUBJECT } from "../../../../src/server/features/okr-scheduler/reminder-job";
import { manualClock } from "../../../support/manual-clock";
import { outboxOf } from "../../../support/outbox";
import { schedulerWorld, system, type SchedulerWorld } from "./scheduler-fixture";

// Wednesday 25 March 2026, noon UTC: Berlin on winter time (UTC+1) until Sunday the 29th.
const clock = manualClock(new Date("2026-03-25T12:00:00.000Z"));
let world: SchedulerWorld;
test.before(async () => {
  world = await schedulerWorld({ clock });
});
test.after(async () => {
  await world.services.jobs.stop();
  await world.app.close();
});

const runs = () => world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("job_runs").select(["state", "run_after", "log"]).where("job", "=", OKR_REMINDER_JOB).orderBy("id").execute());
const sentRows = () => world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("okr_reminders_sent").select(["reminder_key", "user_id"]).orderBy("id").execute());
const notifications = (userId: number) => world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("user_notifications").select(["kind", "title", "body", "link"]).where("user_id", "=", userId).orderBy("id").execute());
const subjects = async (email: string) => (await outboxOf(world.companyA, email)).map((mail) => mail.subject);

test("check-in reminders reach who has not checked in, once per due date, at 09:00 Berlin time", async () => {
  const { users, call, headers } = world;
  const growth = await world.objective("corporate", "Grow revenue", ["2026-01-01", "2026-06-30"], [users.carol.id], [["ARR to 2M", users.alice.id], ["NPS 50", users.bob.id], ["Churn below 2%", null]]);
  await world.objective("corporate", "Old objective", ["2025-01-01", "2025-12-31"], [users.alice.id], [["Done last year", users.alice.id]]);
  await world.objective("employee", "Bob's own", ["2026-01-01", "2026-12-31"], [users.bob.id], [["Learn Rust", users.bob.id]], users.bob.id);
  const schedule = await call(headers.admin, "POST", "/okrs/scheduler/schedules/", { level: "corporate", cadence: "weekly", weekday: 5, time: "09:00" });
  assert.is(schedule.status, 201, schedule.text);
  assert.equal((await runs()).map((run) => [run.state, run.run_after.toISOString()]), [["queued", "2026-03-27T08:00:00.000Z"]], "one run waits for Friday 09:00 in Berlin");

  // Bob checks in on Thursday: after the due date before (Friday the 20th), so not reminded.
  await world.checkIn(growth.keyResults[1]!, users.bob.id, new Date("2026-03-26T10:00:00Z"));
  // Alice checked in the week before: that does not count for this week.
  await world.checkIn(growth.keyResults[0]!, users.alice.id, new Date("2026-03-19T10:00:00Z"));

  await world.services.jobs.start();
  clock.advanceTo(new Date("2026-03-27T07:59:59.000Z"));
  await world.services.jobs.idle();
  assert.equal(await sentRows(), [], "nothing before 09:00");

  clock.advanceTo(new Date("2026-03-27T08:00:00.000Z"));
  await world.services.jobs.idle();
  const title = "Check-in due: corporate key results (27 Mar 2026)";
  assert.equal(await subjects(users.alice.email), [title]);
  assert.equal(await subjects(users.carol.email), [title], "the objective's responsible for a key result without one");
  assert.equal(await subjects(users.bob.email), [], "bob checked in");
  const aliceMail = (await outboxOf(world.companyA, users.alice.email))[0]!.text_body;
  assert.match(aliceMail, "- Grow revenue — ARR to 2M");
  assert.not.match(aliceMail, "Done last year");
  assert.not.match(aliceMail, "Churn");
  assert.match((await outboxOf(world.companyA, users.carol.email))[0]!.text_body, "- Grow revenue — Churn below 2%");
  assert.equal(await notifications(users.alice.id), [{ kind: "okr_check_in", title, body: "Your check-in is due on 27 Mar 2026. Key results waiting for it: - Grow revenue — ARR to 2M", link: "/objectives/overview" }]);
  assert.equal(await notifications(users.bob.id), []);
  let jobRuns = await runs();
  assert.equal(jobRuns.map((run) => [run.state, run.run_after.toISOString()]), [["succeeded", "2026-03-27T08:00:00.000Z"], ["queued", "2026-04-03T07:00:00.000Z"]], "next Friday 09:00 is 07:00 UTC in summer time");
  assert.equal(jobRuns[0]!.log.map((line) => line.message), ["1 occasion due: 2 reminders sent, 0 sent before."]);

  // The same run again (a re-delivered job): nothing twice.
  await world.withTenant(world.companyA, system, (context) => world.services.jobs.enqueue(context, OKR_REMINDER_JOB, { dueAt: "2026-03-27T08:00:00.000Z" }, { subject: "okr-reminders:again" }));
  await world.services.jobs.idle();
  assert.equal((await sentRows()).map((row) => row.reminder_key), ["check_in:corporate:2026-03-27", "check_in:corporate:2026-03-27"]);
  assert.is((await outboxOf(world.companyA, users.alice.email)).length, 1);
  assert.is((await notifications(users.carol.id)).length, 1);
  assert.equal((await runs()).at(-1)!.log.map((line) => line.message), ["1 occasion due: 0 reminders sent, 2 sent before."]);

  // The reminders screen: what went out, and what comes next with how many it would reach now.
  const reminders = await call(headers.admin, "GET", "/okrs/scheduler/reminders/");
  assert.is(reminders.status, 200, reminders.text);
  assert.equal(reminders.json.sent.map((row: any) => [row.kind, row.level, row.dueOn, row.recipient.id]).sort(), [["check_in", "corporate", "2026-03-27", users.alice.id], ["check_in", "corporate", "2026-03-27", users.carol.id]].sort());
  assert.equal([reminders.json.upcoming[0].at, reminders.json.upcoming[0].title, reminders.json.upcoming[0].recipients], ["2026-04-03T07:00:00.000Z", "Check-in due: corporate key results (3 Apr 2026)", 3], "bob's check-in counted for the 27th, not for the 3rd");
  assert.equal((await call(headers.foreign, "GET", "/okrs/scheduler/reminders/")).json, { sent: [], upcoming: [], timeZone: "Europe/Berlin" });
});

test("phase reminders go to everyone who writes OKRs, with the check-in due the same morning", async () => {
  const { users, call, headers } = world;
  const year = await call(headers.admin, "POST", "/okrs/scheduler/years/", { year: 2026 });
  assert.is(year.status, 201, year.text);
  // Q1's review (24 March) and Q2's drafting (18 March) were before the year existed: not sent.
  const q2 = year.json.periods[1];
  const moved = await call(headers.admin, "PATCH", `/okrs/scheduler/periods/${q2.id}/`, { setOn: "2026-04-03" });
  assert.is(moved.status, 200, moved.text);
  await world.services.jobs.idle();
  assert.is((await sentRows()).length, 2, "nothing new yet");

  clock.advanceTo(new Date("2026-04-03T07:00:00.000Z"));
  await world.services.jobs.idle();
  const keys = (await sentRows()).map((row) => `${row.reminder_key} ${row.user_id}`);
  const setKey = `set:${q2.id}:2026-04-03`;
  assert.equal(keys.filter((key) => key.startsWith("set:")).sort(), [users.alice.id, users.bob.id, users.carol.id].map((id) => `${setKey} ${id}`).sort(), "writers only: not the reader, the administrator or staff");
  assert.equal(keys.filter((key) => key.startsWith("check_in:corporate:2026-04-03")).length, 3, "bob's check-in was last week's");
  assert.equal(await subjects(users.bob.email), ["Check-in due: corporate key results (3 Apr 2026)", "Objectives for Q2 FY 2026 are due today"]);
  assert.equal(await subjects(users.reader.email), []);
  assert.equal(await subjects(users.staff.email), []);
  assert.equal(await subjects(users.admin.email), []);
});

test.run();
