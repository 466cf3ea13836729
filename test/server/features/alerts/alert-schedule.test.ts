// Alerts go out at 6.30 pm in the company's time zone (daily; weekly on Fridays; monthly on the
// last Friday), each at most once per period: a run delivered twice, two processes starting at
// once, a restart over a send time — the same triggers, mails and notifications, once each. On a
// clock the test moves; the runner is restarted as a new process would be.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { defineJobs } from "../../../../src/server/jobs";
import { ALERT_CHECK_JOB, ALERT_CHECK_SUBJECT } from "../../../../src/server/features/alerts/alert-check-job";
import { pgBossQueue } from "../../../../src/server/platform/jobs/pg-boss-queue";
import { inProcessQueue } from "../../../../src/server/platform/jobs/in-process-queue";
import { createJobRunner, type JobRunner } from "../../../../src/server/platform/jobs/job-runner";
import type { AppServices } from "../../../../src/server/services";
import { watchedMonth } from "../../../../src/domain/alerts/send-times";
import { TEST_ENGINE, testDatabase } from "../../../support/database";
import { manualClock } from "../../../support/manual-clock";
import { outboxOf } from "../../../support/outbox";
import { alertsWorld, system, type AlertsWorld } from "./alerts-fixture";

// Wednesday 25 March 2026, noon UTC; Berlin is on winter time (UTC+1) until Sunday the 29th.
const clock = manualClock(new Date("2026-03-25T12:00:00.000Z"));
let world: AlertsWorld;
const errors: unknown[] = [];
const processes: JobRunner[] = [];
test.before(async () => {
  world = await alertsWorld({ clock });
});
test.after(async () => {
  for (const runner of processes) await runner.stop();
  await world.services.jobs.stop();
  await world.app.close();
});

/** A new server process's job runner over the same database and clock, with every job defined. */
function newProcess(queue: "in-process" | "pg-boss" = "in-process"): AppServices {
  const log = { error: (...args: unknown[]) => errors.push(args), warn: () => {}, info: () => {} };
  const backend = queue === "pg-boss" ? pgBossQueue(process.env["MERIDIAN_TEST_DB_URL"]!, log, { pollingIntervalSeconds: 0.5 }) : inProcessQueue({ clock });
  const jobs = createJobRunner(backend, { database: world.database, withTenant: world.withTenant, log, now: () => clock.date() });
  const services = { ...world.services, jobs };
  defineJobs(services);
  processes.push(jobs);
  return services;
}

const triggers = () =>
  world.withTenant(world.companyA, system, ({ db }) =>
    db.selectFrom("kpi_alert_triggers").innerJoin("kpi_alerts", "kpi_alerts.id", "kpi_alert_triggers.alert_id").select(["kpi_alerts.frequency", "kpi_alert_triggers.period", "kpi_alert_triggers.value", "kpi_alert_triggers.reason", "kpi_alerts.user_id"]).orderBy("kpi_alert_triggers.id").execute(),
  );
const checks = () => world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("job_runs").select(["id", "state", "run_after", "log", "error"]).where("subject", "=", ALERT_CHECK_SUBJECT).orderBy("id").execute());
const notifications = (userId: number) => world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("user_notifications").select(["kind", "title", "body", "link"]).where("user_id", "=", userId).orderBy("id").execute());
const periods = async () => (await triggers()).map((row) => `${row.frequency} ${row.period}`);

test("alerts fire at the company's 6.30 pm, once per period, across duplicate runs, two processes and a restart", async () => {
  await world.setValue(world.kpis.revenue, "2026-02-01", 200);
  await world.setValue(world.kpis.revenue, "2026-03-01", 90);
  const post = (headers: Record<string, string>, body: object) => world.call(headers, "POST", "/kpis/alerts/", body);
  const daily = await post(world.headers.low, { kpiId: world.kpis.revenue, condition: { kind: "boundary", lower: 100, upper: null }, monthOffset: 0, frequency: "daily" });
  const weekly = await post(world.headers.low, { kpiId: world.kpis.revenue, condition: { kind: "change", basis: "previous_period", direction: "down", percent: 10, minimumBaseline: 50 }, monthOffset: 0, frequency: "weekly" });
  // Margin is calculated (revenue × 2 = 180 in March): checked by its formula.
  const monthly = await post(world.headers.other, { kpiId: world.kpis.margin, condition: { kind: "boundary", lower: 500, upper: null }, monthOffset: 0, frequency: "monthly" });
  const paused = await post(world.headers.other, { kpiId: world.kpis.revenue, condition: { kind: "boundary", lower: 1000, upper: null }, monthOffset: 0, frequency: "daily" });
  const quiet = await post(world.headers.other, { kpiId: world.kpis.revenue, condition: { kind: "boundary", lower: 50, upper: 150 }, monthOffset: 0, frequency: "daily" });
  for (const created of [daily, weekly, monthly, paused, quiet]) assert.is(created.status, 201, created.text);
  assert.is((await world.call(world.headers.other, "PATCH", `/kpis/alerts/${paused.json.id}/`, { paused: true })).status, 200);
  assert.equal((await checks()).map((run) => [run.state, run.run_after.toISOString()]), [["queued", "2026-03-25T17:30:00.000Z"]], "one check waits, at 6.30 pm in Berlin");

  const first = newProcess();
  await first.jobs.start();
  clock.advanceTo(new Date("2026-03-25T17:29:59.000Z"));
  await first.jobs.idle();
  assert.equal(await triggers(), [], "nothing before 6.30 pm");

  // Wednesday 6.30 pm: only the daily alerts are due; the paused one and the quiet one do not fire.
  clock.advanceTo(new Date("2026-03-25T17:30:00.000Z"));
  await first.jobs.idle();
  assert.equal(await periods(), ["daily 2026-03-25"]);
  const lowMails = await outboxOf(world.companyA, world.users.low.email);
  assert.equal(lowMails.map((mail) => mail.subject), ["Alert: Revenue (Mar 2026)"]);
  assert.match(lowMails[0]!.text_body, "Revenue, Mar 2026: 90 is below the lower boundary of 100.");
  assert.match(lowMails[0]!.text_body, `/reporting/kpi-detail/${world.kpis.revenue}/alerts`);
  assert.equal(await notifications(world.users.low.id), [{ kind: "alert_triggered", title: "Alert: Revenue (Mar 2026)", body: "90 is below the lower boundary of 100. Your alert: below 100.", link: `/reporting/kpi-detail/${world.kpis.revenue}/alerts` }]);
  const received = await world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("events").select("payload").where("type", "=", "NotificationReceived").execute());
  assert.equal(received.map((event) => (event.payload as any).userId), [world.users.low.id], "the live notification goes to its owner");
  let runs = await checks();
  assert.equal(runs.map((run) => [run.state, run.run_after.toISOString()]), [["succeeded", "2026-03-25T17:30:00.000Z"], ["queued", "2026-03-26T17:30:00.000Z"]]);
  assert.equal(runs[0]!.log.map((line) => line.message), ["Checked 2 alerts due 2026-03-25 17:30 UTC: 1 triggered, 0 already sent this period, 1 within their limits, 0 without figures to check, 0 skipped."]);
  const quietAlert = await world.call(world.headers.other, "GET", `/kpis/alerts/${quiet.json.id}/`);
  assert.equal([quietAlert.json.lastCheckedAt, quietAlert.json.lastCheckNote, quietAlert.json.lastTriggeredAt], ["2026-03-25T17:30:00.000Z", "Mar 2026: 90 is within the boundaries.", null]);

  // The same check delivered again (a re-sent job, a second process's copy): nothing fires twice.
  await world.withTenant(world.companyA, system, (context) => first.jobs.enqueue(context, ALERT_CHECK_JOB, { dueAt: "2026-03-25T17:30:00.000Z" }, { subject: "alerts:check:again" }));
  await first.jobs.idle();
  assert.equal(await periods(), ["daily 2026-03-25"]);
  assert.is((await outboxOf(world.companyA, world.users.low.email)).length, 1);

  // The server stops before Thursday's check and comes back on Friday evening, after Friday's
  // send time, as two processes at once: Thursday's waiting check runs late, once, and covers
  // Friday's send time for every frequency (the last Friday of March: monthly too).
  await first.jobs.stop();
  clock.advanceTo(new Date("2026-03-27T19:00:00.000Z"));
  const [second, third] = [newProcess(), newProcess()];
  await Promise.all([second.jobs.start(), third.jobs.start()]);
  await Promise.all([second.jobs.idle(), third.jobs.idle()]);
  assert.equal(await periods(), ["daily 2026-03-25", "daily 2026-03-27", "weekly 2026-W13", "monthly 2026-03"]);
  const weeklyReason = (await triggers()).find((row) => row.frequency === "weekly")!.reason;
  assert.is(weeklyReason, "90 is −55 % against the month before (200).");
  runs = await checks();
  assert.equal(runs.filter((run) => run.state === "queued").map((run) => run.run_after.toISOString()), ["2026-03-28T17:30:00.000Z"], "one next check, Saturday");
  assert.equal((await outboxOf(world.companyA, world.users.other.email)).map((mail) => mail.subject), ["Alert: Margin (Mar 2026)"]);

  // Restarting again before Saturday's send time sends nothing more.
  await Promise.all([second.jobs.stop(), third.jobs.stop()]);
  const fourth = newProcess();
  await fourth.jobs.start();
  await fourth.jobs.idle();
  assert.is((await triggers()).length, 4);

  // Saturday: the daily alert again (a new day); weekly and monthly wait for their next period.
  clock.advanceTo(new Date("2026-03-28T17:30:00.000Z"));
  await fourth.jobs.idle();
  // Sunday the clocks go forward: 6.30 pm is 16:30 UTC; March's value is fixed by then.
  await world.setValue(world.kpis.revenue, "2026-03-01", 120);
  clock.advanceTo(new Date("2026-03-29T16:30:00.000Z"));
  await fourth.jobs.idle();
  assert.equal(await periods(), ["daily 2026-03-25", "daily 2026-03-27", "weekly 2026-W13", "monthly 2026-03", "daily 2026-03-28"]);
  assert.equal((await checks()).filter((run) => run.state === "queued").map((run) => run.run_after.toISOString()), ["2026-03-30T16:30:00.000Z"], "summer time: 6.30 pm is 16:30 UTC");
  const dailyAlert = await world.call(world.headers.low, "GET", `/kpis/alerts/${daily.json.id}/`);
  assert.equal(dailyAlert.json.history.map((entry: any) => entry.period), ["2026-03-28", "2026-03-27", "2026-03-25"]);
  assert.is(dailyAlert.json.lastCheckNote, "Mar 2026: 120 is within the boundaries.");
  assert.equal((await outboxOf(world.companyA, world.users.low.email)).length, 4, "daily ×3, weekly ×1");
  assert.equal(errors, []);
});

test("the owner's permissions of the moment: an alert on a KPI they may no longer read is not checked, and says why", async () => {
  const runner = processes.at(-1)!;
  const created = await world.call(world.headers.all, "POST", "/kpis/alerts/", { kpiId: world.kpis.payroll, condition: { kind: "boundary", lower: null, upper: 1 }, monthOffset: -1, frequency: "daily" });
  assert.is(created.status, 201, created.text);
  await world.setValue(world.kpis.payroll, "2026-02-01", 5000);
  await world.withTenant(world.companyA, system, async ({ db }) => {
    const group = await db.selectFrom("groups").select("id").where("name", "=", "Readers of everything").executeTakeFirstOrThrow();
    await db.updateTable("group_permissions").set({ permission: "read_non_sensitive" }).where("group_id", "=", group.id).execute();
  });
  const before = (await triggers()).length;
  clock.advanceTo(new Date("2026-03-30T16:30:00.000Z"));
  await runner.idle();
  assert.is((await triggers()).length, before, "nothing fired for the payroll alert");
  const note = await world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("kpi_alerts").select("last_check_note").where("id", "=", created.json.id).executeTakeFirstOrThrow());
  assert.is(note.last_check_note, "Not checked: you may no longer read this KPI.");
  assert.equal(await outboxOf(world.companyA, world.users.all.email), []);
});

if (TEST_ENGINE === "postgres") {
  test("pg-boss: a check waiting in the database survives the restart and runs once across two server processes", async () => {
    const { url } = await testDatabase();
    process.env["MERIDIAN_TEST_DB_URL"] = url!;
    for (const runner of processes.splice(0)) await runner.stop();
    // pg-boss keeps time by the database's clock: bring the test's clock to it, so the check that
    // waits since March is late and the next one lies in the future.
    clock.advanceTo(new Date());
    const month = watchedMonth(clock.date(), "Europe/Berlin", 0);
    await world.setValue(world.kpis.revenue, month, 80);
    const before = await triggers();
    const mailsBefore = (await outboxOf(world.companyA)).length;
    const waiting = (await checks()).filter((run) => run.state === "queued");
    assert.is(waiting.length, 1);
    const [one, two] = [newProcess("pg-boss"), newProcess("pg-boss")];
    // One after the other: pg-boss's createQueue deadlocks when two processes create queues at the same instant (reported).
    await one.jobs.start();
    await two.jobs.start();
    const deadline = Date.now() + 20_000;
    while ((await checks()).find((run) => run.id === waiting[0]!.id)!.state !== "succeeded" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([one.jobs.idle(), two.jobs.idle()]);
    const fired = (await triggers()).slice(before.length);
    assert.ok(fired.some((row) => row.frequency === "daily" && row.value === 80), "the late check fired the daily alert on this month's value");
    const keys = fired.map((row) => `${row.frequency} ${row.period} ${row.user_id}`);
    assert.equal(keys, [...new Set(keys)], "no alert fired twice in a period");
    assert.is((await outboxOf(world.companyA)).length - mailsBefore, fired.length, "one mail per trigger");
    const runs = await checks();
    assert.is(runs.find((run) => run.id === waiting[0]!.id)!.state, "succeeded");
    const queued = runs.filter((run) => run.state === "queued");
    assert.is(queued.length, 1, "one next check");
    assert.ok(queued[0]!.run_after.getTime() > clock.now(), "in the future");
    assert.equal(errors, []);
  });
}

test.run();
