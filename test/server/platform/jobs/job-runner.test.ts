// The job runner on both queues: in-process (the embedded default, and here on either engine) and
// pg-boss (on PostgreSQL). Runs are rows written with the change that asks for them; they run
// after commit, once, later when asked, and how they end is recorded: a failure never escapes.
import { sql } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { inProcessQueue } from "../../../../src/server/platform/jobs/in-process-queue";
import { createJobRunner, JOB_FAILED_UNEXPECTEDLY, JOB_INTERRUPTED, JOB_TIMED_OUT, JobFailure, lastAttemptLine, retryLine, type JobRunner, type QueueBackend } from "../../../../src/server/platform/jobs/job-runner";
import { PG_BOSS_SCHEMA, pgBossQueue } from "../../../../src/server/platform/jobs/pg-boss-queue";
import { createTestTenant, TEST_ENGINE, testDatabase } from "../../../support/database";
import { manualClock, type ManualClock } from "../../../support/manual-clock";

const system = { kind: "system", name: "test" } as const;

interface Recorded {
  readonly calls: { tenantId: string; data: unknown; runId: number }[];
  readonly errors: unknown[];
}

/** Every runner a test made: stopped after each test, pass or fail, so none works another test's queue. */
const made: JobRunner[] = [];
test.after.each(async () => {
  for (const runner of made.splice(0)) await runner.stop();
});

async function runnerOn(backend: QueueBackend, clock?: ManualClock): Promise<{ runner: JobRunner; recorded: Recorded; release: () => void }> {
  const { database, withTenant } = await testDatabase();
  const recorded: Recorded = { calls: [], errors: [] };
  const runner = createJobRunner(backend, { database, withTenant, log: { error: (entry: unknown) => void recorded.errors.push(entry), warn: () => {}, info: () => {} } as never, ...(clock ? { now: () => clock.date() } : {}) });
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  made.push(runner);
  runner.define<{ n: number }>({
    name: "test-echo",
    run: async (job) => {
      recorded.calls.push({ tenantId: job.tenantId, data: job.data, runId: job.runId });
      await job.log(`got ${job.data.n}`);
      await job.log(`asked by ${job.requestedBy}`);
    },
  });
  runner.define({ name: "test-refuses", run: async () => Promise.reject(new JobFailure("The source said no.")) });
  runner.define({ name: "test-breaks", run: async () => Promise.reject(new Error("secret detail postgres://u:p@h/d")) });
  runner.define({ name: "test-slow", timeoutSeconds: 0.3, run: () => new Promise(() => {}) });
  runner.define({ name: "test-waits", run: () => gate });
  // Fails its first `failures` attempts, as a source that is away would; then works.
  runner.define<{ failures: number; retry?: boolean }>({
    name: "test-flaky",
    retryDelaysSeconds: [60, 300],
    run: async (job) => {
      recorded.calls.push({ tenantId: job.tenantId, data: job.data, runId: job.runId });
      await job.log(`attempt ${job.attempt}`);
      if (job.attempt <= job.data.failures) throw job.data.retry === false ? new JobFailure("The password was refused.") : new JobFailure("The source is away.", { retry: true });
    },
  });
  runner.define({ name: "test-breaks-retried", retryDelaysSeconds: [30], run: async () => Promise.reject(new Error("boom")) });
  return { runner, recorded, release };
}

const runRow = async (tenantId: string, runId: number) => {
  const { withTenant } = await testDatabase();
  return withTenant(tenantId, system, ({ db }) => db.selectFrom("job_runs").selectAll().where("id", "=", runId).executeTakeFirstOrThrow());
};

const backends: [string, () => QueueBackend][] = [["in-process", () => inProcessQueue()]];
if (TEST_ENGINE === "postgres") {
  backends.push(["pg-boss", () => pgBossQueue(process.env["MERIDIAN_TEST_DB_URL"]!, { error: () => {}, warn: () => {}, info: () => {} }, { pollingIntervalSeconds: 0.5 })]);
}

test.before(async () => {
  const { url } = await testDatabase();
  if (url) process.env["MERIDIAN_TEST_DB_URL"] = url;
});

for (const [engine, backend] of backends) {
  test(`${engine}: a run exists only if its transaction commits, runs after start with its data, and logs lines`, async () => {
    const { withTenant } = await testDatabase();
    const { runner, recorded } = await runnerOn(backend());
    const tenant = await createTestTenant();
    // A rolled-back transaction leaves no run behind and hands nothing to the queue.
    await withTenant(tenant, system, async (context) => {
      await runner.enqueue(context, "test-echo", { n: 0 });
      throw new Error("rolled back");
    }).catch(() => {});
    const { runId } = await withTenant(tenant, system, (context) => runner.enqueue(context, "test-echo", { n: 7 }, { subject: "thing:1", requestedBy: 42 }));
    assert.is((await runRow(tenant, runId)).state, "queued", "nothing runs before the runner starts");
    await runner.start();
    await runner.idle();
    const row = await runRow(tenant, runId);
    assert.is(row.state, "succeeded");
    assert.is(row.subject, "thing:1");
    assert.ok(row.started_at && row.finished_at && row.finished_at >= row.started_at);
    assert.equal(row.log.map((line) => line.message), ["got 7", "asked by 42"]);
    assert.equal(recorded.calls.filter((call) => call.tenantId === tenant), [{ tenantId: tenant, data: { n: 7 }, runId }], "ran once, with its data; the rolled-back one never");
    const count = await withTenant(tenant, system, ({ db }) => db.selectFrom("job_runs").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow());
    assert.is(count.n, 1);
    await runner.stop();
  });

  test(`${engine}: an expected failure keeps its words, an unexpected one the generic text; the runner goes on`, async () => {
    const { withTenant } = await testDatabase();
    const { runner, recorded } = await runnerOn(backend());
    const tenant = await createTestTenant();
    await runner.start();
    const [refused, broke, slow, after] = await withTenant(tenant, system, async (context) => [
      (await runner.enqueue(context, "test-refuses", {})).runId,
      (await runner.enqueue(context, "test-breaks", {})).runId,
      (await runner.enqueue(context, "test-slow", {})).runId,
      (await runner.enqueue(context, "test-echo", { n: 1 })).runId,
    ]);
    await runner.idle();
    assert.equal([(await runRow(tenant, refused)).error, (await runRow(tenant, broke)).error, (await runRow(tenant, slow)).error], ["The source said no.", JOB_FAILED_UNEXPECTEDLY, JOB_TIMED_OUT]);
    for (const id of [refused, broke, slow]) assert.is((await runRow(tenant, id)).state, "failed");
    assert.is((await runRow(tenant, after)).state, "succeeded", "later runs still run");
    assert.not.match(JSON.stringify(await runRow(tenant, broke)), "postgres://", "the unexpected error's detail stays out of the row");
    assert.ok(recorded.errors.length >= 1, "the unexpected error went to the server's log");
    await runner.stop();
  });

  test(`${engine}: a run asked for later waits until then; a run handed over twice runs once`, async () => {
    const { withTenant } = await testDatabase();
    const { runner, recorded } = await runnerOn(backend());
    const tenant = await createTestTenant();
    await runner.start();
    const runAt = new Date(Date.now() + 1_500);
    const { runId } = await withTenant(tenant, system, (context) => runner.enqueue(context, "test-echo", { n: 3 }, { runAt }));
    await runner.idle();
    assert.is((await runRow(tenant, runId)).state, "queued", "not before its time");
    const deadline = Date.now() + 15_000;
    while ((await runRow(tenant, runId)).state !== "succeeded" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const row = await runRow(tenant, runId);
    assert.is(row.state, "succeeded");
    assert.ok(row.started_at!.getTime() >= runAt.getTime() - 50, "started at or after its time");
    // A second runner over the same rows (another process, a re-sent dispatch) finds nothing to claim.
    const second = await runnerOn(backend());
    await second.runner.start();
    await second.runner.idle();
    assert.is(recorded.calls.filter((call) => call.runId === runId).length + second.recorded.calls.filter((call) => call.runId === runId).length, 1);
    await second.runner.stop();
    await runner.stop();
  });

  test(`${engine}: at start, runs left queued by a stopped process run; runs left running are recorded as interrupted`, async () => {
    const { database, withTenant } = await testDatabase();
    const tenant = await createTestTenant();
    // What a process that died left behind: a queued run (never handed over) and one mid-run.
    const [queued, running] = await withTenant(tenant, system, async ({ db }) => [
      (await db.insertInto("job_runs").values({ tenant_id: tenant, job: "test-echo", data: JSON.stringify({ n: 9 }), requested_by: null }).returning("id").executeTakeFirstOrThrow()).id,
      (await db.insertInto("job_runs").values({ tenant_id: tenant, job: "test-echo", data: "{}", requested_by: null, state: "running", started_at: new Date(Date.now() - 3 * 3600_000) }).returning("id").executeTakeFirstOrThrow()).id,
    ]);
    const { runner, recorded } = await runnerOn(backend());
    await runner.start();
    await runner.idle();
    assert.is((await runRow(tenant, queued)).state, "succeeded");
    assert.ok(recorded.calls.some((call) => call.runId === queued));
    const interrupted = await runRow(tenant, running);
    assert.equal([interrupted.state, interrupted.error], ["failed", JOB_INTERRUPTED]);
    await runner.stop();
    void database;
  });

  test(`${engine}: stop waits for the running job, and no job escapes as an unhandled rejection`, async () => {
    const { withTenant } = await testDatabase();
    const { runner, release } = await runnerOn(backend());
    const tenant = await createTestTenant();
    await runner.start();
    const { runId } = await withTenant(tenant, system, (context) => runner.enqueue(context, "test-waits", {}));
    const deadline = Date.now() + 10_000;
    while ((await runRow(tenant, runId)).state !== "running" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.is((await runRow(tenant, runId)).state, "running");
    setTimeout(release, 300);
    await runner.stop();
    assert.is((await runRow(tenant, runId)).state, "succeeded", "the running job finished before stop returned");
  });
}

const runsOfJob = async (tenantId: string, job: string) => {
  const { withTenant } = await testDatabase();
  return withTenant(tenantId, system, ({ db }) => db.selectFrom("job_runs").selectAll().where("job", "=", job).orderBy("id").execute());
};

test("in-process, on a clock the test moves: a failed run retries with backoff, each attempt a run with its log, bounded", async () => {
  const { withTenant } = await testDatabase();
  const clock = manualClock(new Date("2026-05-04T09:00:00.000Z"));
  const { runner } = await runnerOn(inProcessQueue({ clock }), clock);
  const tenant = await createTestTenant();
  await runner.start();
  const { runId } = await withTenant(tenant, system, (context) => runner.enqueue(context, "test-flaky", { failures: 5 }, { subject: "thing:7", requestedBy: 3 }));
  await runner.idle();
  let runs = await runsOfJob(tenant, "test-flaky");
  assert.equal(runs.map((run) => [run.attempt, run.state]), [[1, "failed"], [2, "queued"]], "the retry waits for its time");
  assert.equal(runs[0]!.log.map((line) => line.message), ["attempt 1", retryLine(1, 3, new Date("2026-05-04T09:01:00.000Z"))]);
  assert.equal([runs[1]!.run_after.toISOString(), runs[1]!.subject, runs[1]!.requested_by, runs[1]!.data], ["2026-05-04T09:01:00.000Z", "thing:7", 3, { failures: 5 }], "the retry is the same work, a minute later");
  assert.is(runs[0]!.id, runId);

  clock.advance(59_000);
  await runner.idle();
  assert.is((await runsOfJob(tenant, "test-flaky"))[1]!.state, "queued", "not a second early");
  clock.advance(1_000);
  await runner.idle();
  runs = await runsOfJob(tenant, "test-flaky");
  assert.equal(runs.map((run) => [run.attempt, run.state]), [[1, "failed"], [2, "failed"], [3, "queued"]]);
  assert.is(runs[2]!.run_after.toISOString(), "2026-05-04T09:06:00.000Z", "the second wait is longer (300 s)");

  clock.advance(300_000);
  await runner.idle();
  runs = await runsOfJob(tenant, "test-flaky");
  assert.equal(runs.map((run) => [run.attempt, run.state, run.error]), [[1, "failed", "The source is away."], [2, "failed", "The source is away."], [3, "failed", "The source is away."]], "three attempts and no more");
  assert.equal(runs[2]!.log.map((line) => line.message), ["attempt 3", lastAttemptLine(3)]);
  clock.advance(24 * 3600_000);
  await runner.idle();
  assert.is((await runsOfJob(tenant, "test-flaky")).length, 3);
  await runner.stop();
});

test("in-process: a run that works on its retry ends there; a failure that cannot pass is not retried; an unexpected error is", async () => {
  const { withTenant } = await testDatabase();
  const clock = manualClock(new Date("2026-05-04T09:00:00.000Z"));
  const { runner } = await runnerOn(inProcessQueue({ clock }), clock);
  const tenant = await createTestTenant();
  await runner.start();
  await withTenant(tenant, system, async (context) => {
    await runner.enqueue(context, "test-flaky", { failures: 1 });
    await runner.enqueue(context, "test-breaks-retried", {});
  });
  await runner.idle();
  clock.advance(60_000);
  await runner.idle();
  assert.equal((await runsOfJob(tenant, "test-flaky")).map((run) => [run.attempt, run.state]), [[1, "failed"], [2, "succeeded"]]);
  assert.equal((await runsOfJob(tenant, "test-breaks-retried")).map((run) => [run.attempt, run.state, run.error]), [[1, "failed", JOB_FAILED_UNEXPECTEDLY], [2, "failed", JOB_FAILED_UNEXPECTEDLY]]);

  const other = await createTestTenant();
  await withTenant(other, system, (context) => runner.enqueue(context, "test-flaky", { failures: 3, retry: false }));
  await runner.idle();
  clock.advance(3600_000);
  await runner.idle();
  const refused = await runsOfJob(other, "test-flaky");
  assert.equal(refused.map((run) => [run.attempt, run.state, run.error]), [[1, "failed", "The password was refused."]], "a refused password does not pass by waiting");
  assert.equal(refused[0]!.log.map((line) => line.message), ["attempt 1"]);
  await runner.stop();
});

if (TEST_ENGINE === "postgres") {
  test("pg-boss: the retry is a pg-boss job due at the backoff time; when pg-boss's clock reaches it, it runs", async () => {
    const { withTenant, database } = await testDatabase();
    const clock = manualClock(new Date());
    const { runner } = await runnerOn(pgBossQueue(process.env["MERIDIAN_TEST_DB_URL"]!, { error: () => {}, warn: () => {}, info: () => {} }, { pollingIntervalSeconds: 0.5 }), clock);
    const tenant = await createTestTenant();
    await runner.start();
    await withTenant(tenant, system, (context) => runner.enqueue(context, "test-flaky", { failures: 1 }));
    // pg-boss is handed the run after commit, asynchronously: wait for its first attempt to end.
    const first = Date.now() + 15_000;
    while ((await runsOfJob(tenant, "test-flaky")).length < 2 && Date.now() < first) await new Promise((resolve) => setTimeout(resolve, 100));
    let runs = await runsOfJob(tenant, "test-flaky");
    assert.equal(runs.map((run) => [run.attempt, run.state]), [[1, "failed"], [2, "queued"]]);
    const due = await sql<{ start_after: Date }>`select start_after from ${sql.raw(PG_BOSS_SCHEMA)}.job where name = 'test-flaky' and state = 'created' and data->>'runId' = ${String(runs[1]!.id)}`.execute(database.system);
    for (let tries = 0; due.rows.length === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      due.rows.push(...(await sql<{ start_after: Date }>`select start_after from ${sql.raw(PG_BOSS_SCHEMA)}.job where name = 'test-flaky' and state = 'created' and data->>'runId' = ${String(runs[1]!.id)}`.execute(database.system)).rows);
    }
    assert.is(due.rows.length, 1, "handed to pg-boss");
    assert.ok(Math.abs(due.rows[0]!.start_after.getTime() - (clock.now() + 60_000)) < 1000, "due a minute after the failure");
    // pg-boss's clock is the database's: move the job's time instead of waiting a minute.
    await sql`update ${sql.raw(PG_BOSS_SCHEMA)}.job set start_after = now() where name = 'test-flaky' and state = 'created'`.execute(database.system);
    const deadline = Date.now() + 15_000;
    while ((await runsOfJob(tenant, "test-flaky"))[1]!.state !== "succeeded" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    runs = await runsOfJob(tenant, "test-flaky");
    assert.equal(runs.map((run) => [run.attempt, run.state]), [[1, "failed"], [2, "succeeded"]]);
    await runner.stop();
  });
}

test("a job must be defined before start and before it is enqueued", async () => {
  const { withTenant } = await testDatabase();
  const { runner } = await runnerOn(inProcessQueue());
  const tenant = await createTestTenant();
  const refused = await withTenant(tenant, system, (context) => runner.enqueue(context, "no-such-job", {})).then(
    () => null,
    (error: Error) => error.message,
  );
  assert.match(refused ?? "", /no job named no-such-job/);
  assert.throws(() => runner.define({ name: "Bad Name", run: async () => {} }), /lower-case/);
  await runner.start();
  assert.throws(() => runner.define({ name: "late", run: async () => {} }), /before the job runner starts/);
  await runner.stop();
});

if (TEST_ENGINE === "postgres") {
  test("pg-boss keeps its tables in its own schema, apart from the tenant tables", async () => {
    const { database } = await testDatabase();
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = ${PG_BOSS_SCHEMA}`.execute(database.system);
    assert.ok(tables.rows[0]!.n > 0);
  });
}

test.run();
