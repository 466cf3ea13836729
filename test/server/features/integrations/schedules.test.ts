// Integration schedules and retries on a clock the test moves (no sleeping): the manager picks
// hourly, daily or weekly; a sync that fails because its source is away tries again after 1, 5
// and 30 minutes, every attempt a run in the sync log; a refused sign-in is not retried.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { NEEDS_SIGN_IN, SYNC_ERROR } from "../../../../src/domain/integrations/messages";
import { SYNC_RETRY_DELAYS_SECONDS } from "../../../../src/domain/integrations/schedule";
import { lastAttemptLine, retryLine } from "../../../../src/server/platform/jobs/job-runner";
import type { AppServices } from "../../../../src/server/services";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { manualClock, type ManualClock } from "../../../support/manual-clock";
import { asAdmin, sourceDatabase } from "../../../support/source-database";

const system = { kind: "system", name: "test" } as const;
const HOUR = 3600_000;
const SETUP = ["create table bookings (booked_on date, amount numeric(12,2))", "insert into bookings values ('2025-01-03', 100), ('2025-02-11', 250)"];
const MONTHLY = "select date_trunc('month', booked_on)::date as month, sum(amount) as value from bookings group by 1 order by 1";

const openApps: FastifyInstance[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
});

async function setup(clock: ManualClock) {
  const source = await sourceDatabase(SETUP);
  cleanups.push(source.drop);
  const { app, services } = await testApp({ integrationDatabaseHosts: [{ host: source.host, port: source.port }] }, {}, { clock });
  openApps.push(app);
  cleanups.push(() => services.jobs.stop());
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const kpi = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Finance" }).returning("id").executeTakeFirstOrThrow();
    const row = await db
      .insertInto("kpis")
      .values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key: "revenue", name: "Revenue", unit: "currency", aggregation_type: "cum", sensitivity: 0, formula: null, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: ["manage_data_integrations", "write_super_sensitive"] }] });
  const call = async (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) => {
    const response = await app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: admin.id }, 300)}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? (response.json() as any) : null };
  };
  const runs = (id: number) =>
    withTenant(tenantId, system, ({ db }) => db.selectFrom("job_runs").select(["attempt", "state", "run_after", "data", "error", "log"]).where("subject", "=", `integration:${id}`).orderBy("id").execute());
  return { source, services, tenantId, kpi, call, runs };
}

/** Moves the clock and lets every run that fell due finish. */
async function pass(clock: ManualClock, services: AppServices, ms: number) {
  clock.advance(ms);
  await services.jobs.idle();
}

test("the manager picks hourly, daily or weekly; the schedule runs by itself when its time comes and counts on from there", async () => {
  const clock = manualClock(new Date("2026-06-01T08:00:00.000Z"));
  const { source, services, kpi, call, runs } = await setup(clock);
  const connected = await call("POST", "/integrations/", { kind: "postgresql", name: "Ledger", connection: source.connectionString(), query: MONTHLY, kpi, schedule: "hourly" });
  assert.is(connected.status, 201, JSON.stringify(connected.body));
  assert.equal([connected.body.schedule, connected.body.nextSyncAt], ["hourly", "2026-06-01T09:00:00.000Z"]);
  const id = connected.body.id as number;
  await services.jobs.start();
  await services.jobs.idle();
  assert.equal((await runs(id)).map((run) => run.state), ["queued"], "nothing runs before its hour");

  await pass(clock, services, HOUR - 1000);
  assert.equal((await runs(id)).map((run) => run.state), ["queued"]);
  await pass(clock, services, 1000);
  let detail = (await call("GET", `/integrations/${id}/`)).body;
  assert.equal([detail.status, detail.runs.length, detail.runs[0].state, detail.runs[0].requestedBy], ["connected", 1, "succeeded", null], "the scheduled run ran, asked by nobody");
  assert.is(detail.nextSyncAt, "2026-06-01T10:00:00.000Z", "the next one is an hour after it");

  // Weekly from now on; the waiting hourly run is replaced, not added to.
  const changed = await call("PATCH", `/integrations/${id}/`, { schedule: "weekly" });
  assert.is(changed.status, 200, JSON.stringify(changed.body));
  assert.equal([changed.body.schedule, changed.body.nextSyncAt], ["weekly", "2026-06-08T09:00:00.000Z"]);
  assert.equal((await runs(id)).filter((run) => run.state === "queued").map((run) => run.run_after.toISOString()), ["2026-06-08T09:00:00.000Z"]);
  await pass(clock, services, 24 * HOUR);
  assert.is((await runs(id)).filter((run) => run.state === "succeeded").length, 1, "no hourly or daily run any more");
  await pass(clock, services, 6 * 24 * HOUR);
  assert.is((await runs(id)).filter((run) => run.state === "succeeded").length, 2, "the weekly run came");

  // Daily is the default; an unknown rhythm is refused.
  const refused = await call("PATCH", `/integrations/${id}/`, { schedule: "monthly" });
  assert.is(refused.status, 400);
  const daily = await call("POST", "/integrations/", { kind: "postgresql", name: "Ledger 2", connection: source.connectionString(), query: MONTHLY, kpi });
  assert.is(daily.status, 201);
  assert.equal([daily.body.schedule, daily.body.nextSyncAt], ["daily", "2026-06-09T09:00:00.000Z"]);
  const overview = (await call("GET", "/integrations/")).body;
  assert.equal(overview.integrations.map((item: any) => item.schedule), ["weekly", "daily"]);
});

test("a sync whose source is away retries after 1, 5 and 30 minutes, each attempt in the sync log; then the schedule goes on", async () => {
  const clock = manualClock(new Date("2026-06-01T08:00:00.000Z"));
  const { source, services, tenantId, kpi, call, runs } = await setup(clock);
  const connected = await call("POST", "/integrations/", { kind: "postgresql", name: "Ledger", connection: source.connectionString(), query: MONTHLY, kpi, schedule: "daily" });
  const id = connected.body.id as number;
  await services.jobs.start();
  await source.query("alter table bookings rename to old_bookings");
  assert.is((await call("POST", `/integrations/${id}/sync/`)).status, 202);
  await services.jobs.idle();

  let detail = (await call("GET", `/integrations/${id}/`)).body;
  assert.equal([detail.status, detail.statusText, detail.runs.length], ["sync_error", SYNC_ERROR, 1]);
  assert.equal([detail.runs[0].attempt, detail.runs[0].error], [1, SYNC_ERROR]);
  assert.is(detail.runs[0].log.at(-1).message, retryLine(1, 4, new Date("2026-06-01T08:01:00.000Z")));
  assert.is(detail.retryAt, "2026-06-01T08:01:00.000Z", "the manage view says when it tries again");

  await pass(clock, services, SYNC_RETRY_DELAYS_SECONDS[0]! * 1000);
  detail = (await call("GET", `/integrations/${id}/`)).body;
  assert.equal(detail.runs.map((run: any) => [run.attempt, run.state]), [[2, "failed"], [1, "failed"]], "each attempt is a run of the log, newest first");
  assert.is(detail.runs[0].requestedBy?.length > 0, true, "a retry is still the person's request");
  assert.is(detail.retryAt, "2026-06-01T08:06:00.000Z");

  // The source is back before the third attempt: it succeeds, and no further attempt waits.
  await source.query("alter table old_bookings rename to bookings");
  await pass(clock, services, SYNC_RETRY_DELAYS_SECONDS[1]! * 1000);
  detail = (await call("GET", `/integrations/${id}/`)).body;
  assert.equal(detail.runs.map((run: any) => [run.attempt, run.state]), [[3, "succeeded"], [2, "failed"], [1, "failed"]]);
  assert.equal([detail.status, detail.retryAt, detail.nextSyncAt], ["connected", null, "2026-06-02T08:06:00.000Z"]);
  const { withTenant } = await testDatabase();
  const values = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_values").select(["month", "value"]).where("kpi_id", "=", kpi).orderBy("month").execute());
  assert.equal(values.map((row) => [row.month, Number(row.value)]), [["2025-01-01", 100], ["2025-02-01", 250]]);

  // Away for good: four attempts, then it waits for its schedule.
  await source.query("alter table bookings rename to old_bookings");
  await pass(clock, services, 24 * HOUR);
  for (const delay of SYNC_RETRY_DELAYS_SECONDS) await pass(clock, services, delay * 1000);
  const last = (await runs(id)).filter((run) => run.state !== "queued").slice(3);
  assert.equal(last.map((run) => [run.attempt, run.state]), [[1, "failed"], [2, "failed"], [3, "failed"], [4, "failed"]]);
  assert.is(last[3]!.log.at(-1)!.message, lastAttemptLine(4));
  assert.ok(last.every((run) => (run.data as any).scheduled), "the retries of a scheduled run are scheduled too");
  detail = (await call("GET", `/integrations/${id}/`)).body;
  assert.equal([detail.retryAt, detail.status], [null, "sync_error"]);
  assert.ok(new Date(detail.nextSyncAt).getTime() > clock.now(), "the daily schedule goes on");
});

test("Sync now replaces a waiting retry; a refused sign-in is never retried", async () => {
  const clock = manualClock(new Date("2026-06-01T08:00:00.000Z"));
  const { source, services, kpi, call, runs } = await setup(clock);
  const role = `meridian_reader_${randomUUID().slice(0, 8)}`;
  await asAdmin((client) => client.query(`create role ${role} login`));
  cleanups.push(() => asAdmin((client) => client.query(`drop owned by ${role}; drop role if exists ${role}`)));
  await source.query(`grant select on bookings to ${role}`);
  const connected = await call("POST", "/integrations/", { kind: "postgresql", name: "Ledger", connection: source.connectionString(role), query: MONTHLY, kpi });
  assert.is(connected.status, 201, JSON.stringify(connected.body));
  const id = connected.body.id as number;
  await services.jobs.start();
  await source.query("alter table bookings rename to old_bookings");
  await call("POST", `/integrations/${id}/sync/`);
  await services.jobs.idle();
  assert.is((await call("GET", `/integrations/${id}/`)).body.retryAt, "2026-06-01T08:01:00.000Z");

  // Past the rerun wait (but the retry still waiting, as the clock has not fired it): pressing again replaces it.
  clock.advanceTo(new Date("2026-06-01T08:00:59.000Z"));
  const waitLeft = await call("POST", `/integrations/${id}/sync/`);
  assert.is(waitLeft.status, 429, "the rerun wait still counts from the first press");
  await withTenantShift(id);
  const pressed = await call("POST", `/integrations/${id}/sync/`);
  assert.is(pressed.status, 202);
  assert.equal((await runs(id)).filter((run) => run.state === "queued" && run.attempt > 1), [], "the waiting retry is gone");
  await services.jobs.idle();
  const queued = (await runs(id)).filter((run) => run.state === "queued" && run.attempt > 1);
  assert.equal(queued.map((run) => [run.attempt, run.run_after.toISOString()]), [[2, "2026-06-01T08:01:59.000Z"]], "only the new press's own retry waits");

  // The source no longer lets the role in: a new sign-in is needed, and waiting will not change that.
  await source.query("alter table old_bookings rename to bookings");
  await asAdmin((client) => client.query(`alter role ${role} nologin`));
  await pass(clock, services, 60_000);
  const detail = (await call("GET", `/integrations/${id}/`)).body;
  assert.equal([detail.status, detail.statusText, detail.runs[0].attempt, detail.runs[0].error, detail.retryAt, detail.nextSyncAt], ["needs_sign_in", NEEDS_SIGN_IN, 2, NEEDS_SIGN_IN, null, null]);
  assert.not.ok(detail.runs[0].log.some((line: any) => /attempt/i.test(line.message)), "no retry is announced");
  assert.equal((await runs(id)).filter((run) => run.state === "queued"), [], "nothing waits: someone has to reconnect");

  /** Makes the first press older than the rerun wait, as if five minutes had passed for it alone. */
  async function withTenantShift(integrationId: number) {
    const { withTenant } = await testDatabase();
    const tenantId = connected.body && (await tenantOf(integrationId));
    await withTenant(tenantId, system, ({ db }) => db.updateTable("job_runs").set({ run_after: new Date(clock.now() - 5 * 60_000 - 1000) }).where("subject", "=", `integration:${integrationId}`).where("attempt", "=", 1).where("state", "<>", "queued").execute());
  }
});

async function tenantOf(integrationId: number): Promise<string> {
  const { database } = await testDatabase();
  const row = await database.system.selectFrom("integrations").select("tenant_id").where("id", "=", integrationId).executeTakeFirstOrThrow();
  return row.tenant_id;
}

test.run();
