// Integrations over the API, with the PostgreSQL connector against a second database on the local
// PostgreSQL server (made and dropped here): connect with a preview, sync as a job, the values in
// the KPIs; read-only connections, the host allow-list, sensitivity, the spec's error texts, the
// rerun wait, the summaries' cache, and no connection string in any answer or event.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { KPI_NOT_WRITABLE } from "../../../../src/contracts/integrations";
import { INTEGRATION_SUMMARY_CACHE_MS, NEEDS_SIGN_IN, RECALCULATING_ERROR, RERUN_WAIT_MS, SYNC_ERROR } from "../../../../src/domain/integrations/messages";
import { unknownKpiKey } from "../../../../src/domain/integrations/source-rows";
import type { AppServices } from "../../../../src/server/services";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { asAdmin, sourceDatabase } from "../../../support/source-database";

const system = { kind: "system", name: "test" } as const;
const MANAGER = ["manage_data_integrations"];

/** A company with KPIs of two levels, an administrator and a manager who may write up to level 1. */
async function company() {
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const kpis = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Finance" }).returning("id").executeTakeFirstOrThrow();
    const kpi = (key: string, sensitivity: number, formula: string | null = null) =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key, name: `KPI ${key}`, unit: "currency", aggregation_type: "cum", sensitivity, formula, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    return { revenue: await kpi("revenue", 0), costs: await kpi("costs", 1), payroll: await kpi("payroll", 3), margin: await kpi("margin", 0, "revenue - costs") };
  });
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: [...MANAGER, "write_super_sensitive"] }] });
  const manager = await createTestUser(tenantId, { groups: [{ name: "Data team", permissions: [...MANAGER, "write_sensitive"] }] });
  const reader = await createTestUser(tenantId, { groups: [{ name: "Readers", permissions: ["read_super_sensitive"] }] });
  return { tenantId, kpis, admin, manager, reader };
}

/** Sends requests as a user and keeps every answer's text, to search them for secrets later. */
function client(app: FastifyInstance, services: AppServices, tenantId: string, answers: string[]) {
  return async (userId: number, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown) => {
    const response = await app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 300)}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
    answers.push(response.body);
    return { status: response.statusCode, body: response.body ? (response.json() as any) : null, headers: response.headers };
  };
}

const eventsOf = async (tenantId: string) => {
  const { withTenant } = await testDatabase();
  return withTenant(tenantId, system, ({ db }) => db.selectFrom("events").select(["type", "payload"]).orderBy("seq").execute());
};

const actualsOf = async (tenantId: string, kpiId: number) => {
  const { withTenant } = await testDatabase();
  const rows = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_values").select(["month", "value"]).where("kpi_id", "=", kpiId).where("series", "=", "actual").orderBy("month").execute());
  return rows.map((row) => [row.month, row.value]);
};

const SETUP = [
  "create table bookings (booked_on date, amount numeric(12,2), account text)",
  `insert into bookings values
     ('2025-01-03', 1000.50, 'revenue'), ('2025-01-20', 499.50, 'revenue'), ('2025-02-11', 2500, 'revenue'),
     ('2025-01-15', 300, 'costs'), ('2025-02-15', 350.25, 'costs'), ('2025-01-31', 9999, 'payroll')`,
];
const MONTHLY = "select date_trunc('month', booked_on)::date as month, sum(amount) as value from bookings where account = 'revenue' group by 1 order by 1";
const BY_KEY = "select account as kpi, date_trunc('month', booked_on)::date as month, sum(amount) as value from bookings group by 1, 2 order by 1, 2";

const openApps: FastifyInstance[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
});

async function setup(options: { hosts?: { host: string; port: number | null }[]; now?: () => Date } = {}) {
  const source = await sourceDatabase(SETUP);
  cleanups.push(source.drop);
  const { app, services } = await testApp({ integrationDatabaseHosts: options.hosts ?? [{ host: source.host, port: source.port }] }, options.now ? { now: options.now } : {});
  openApps.push(app);
  cleanups.push(() => services.jobs.stop());
  const world = await company();
  const answers: string[] = [];
  return { source, app, services, ...world, answers, call: client(app, services, world.tenantId, answers) };
}

test("the administrator previews, connects, syncs as a job; the values are the KPI's actuals; the connection string is in no answer and no event", async () => {
  const { source, services, tenantId, kpis, admin, answers, call } = await setup();
  const password = `pw-${randomUUID()}`;
  const connection = source.connectionString(undefined, password);

  const overview = await call(admin.id, "GET", "/integrations/");
  assert.is(overview.status, 200);
  assert.ok(overview.body.connectors.find((connector: any) => connector.name === "postgresql").enabled);
  assert.not.ok(overview.body.connectors.find((connector: any) => connector.name === "csv-url").enabled, "CSV by URL is off by default");
  assert.equal(overview.body.writableKpis.map((kpi: any) => kpi.key), ["revenue", "costs", "payroll"], "calculated KPIs take no values");

  const preview = await call(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", connection, query: MONTHLY, kpi: kpis.revenue });
  assert.is(preview.status, 200, preview.body && JSON.stringify(preview.body));
  assert.equal(preview.body.columns, ["month", "value"]);
  assert.equal(preview.body.rows.map((row: any) => [row.month, row.value, row.kpi.name, row.problem]), [
    ["2025-01-01", 1500, "KPI revenue", null],
    ["2025-02-01", 2500, "KPI revenue", null],
  ]);
  assert.equal(await actualsOf(tenantId, kpis.revenue), [], "a preview writes nothing");

  const connected = await call(admin.id, "POST", "/integrations/", { kind: "postgresql", name: "Bookings", connection, query: MONTHLY, kpi: kpis.revenue });
  assert.is(connected.status, 201, JSON.stringify(connected.body));
  assert.is(connected.body.target, `postgres@${source.host}:${source.port}/${source.name}`);
  assert.is(connected.body.status, "connected");
  assert.ok(connected.body.nextSyncAt, "a daily sync is scheduled");
  const id = connected.body.id as number;

  await services.jobs.start();
  const sync = await call(admin.id, "POST", `/integrations/${id}/sync/`);
  assert.is(sync.status, 202);
  assert.is(sync.body.run.state, "queued");
  await services.jobs.idle();

  assert.equal(await actualsOf(tenantId, kpis.revenue), [
    ["2025-01-01", 1500],
    ["2025-02-01", 2500],
  ]);
  const detail = await call(admin.id, "GET", `/integrations/${id}/`);
  assert.is(detail.body.status, "connected");
  const run = detail.body.runs[0];
  assert.is(run.state, "succeeded");
  assert.is(run.requestedBy?.length > 0, true, "the run names who asked for it");
  assert.equal(run.log.map((line: any) => line.message), [`Reading from postgres@${source.host}:${source.port}/${source.name}.`, "Read 2 rows.", "Wrote 2 values of 1 KPI."]);
  assert.equal(detail.body.values, [{ kpi: { id: kpis.revenue, name: "KPI revenue" }, count: 2, first: "2025-01-01", last: "2025-02-01" }]);
  assert.ok(detail.body.rerunAt, "Sync now waits");

  const events = await eventsOf(tenantId);
  assert.equal(events.map((event) => event.type), ["IntegrationConnected", "IntegrationSyncRequested", "KpiValueEdited", "IntegrationSyncFinished"]);
  assert.equal((events[2]!.payload as any).values, [
    { kpi: kpis.revenue, date: "2025-01-01", value: 1500 },
    { kpi: kpis.revenue, date: "2025-02-01", value: 2500 },
  ]);

  // The connection is stored sealed and said nowhere.
  const { withTenant } = await testDatabase();
  const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("integrations").select("secret_sealed").where("id", "=", id).executeTakeFirstOrThrow());
  const everything = [...answers, ...events.map((event) => JSON.stringify(event.payload)), ...(await withTenant(tenantId, system, ({ db }) => db.selectFrom("job_runs").selectAll().execute())).map((row) => JSON.stringify(row))].join("\n");
  for (const secret of [connection, password, stored.secret_sealed]) assert.not.ok(everything.includes(secret), `no answer, event or run carries ${secret.slice(0, 12)}…`);
  assert.not.ok(stored.secret_sealed.includes(password));
});

test("connections are read-only: a query that writes is refused by the source and changes nothing there", async () => {
  const { source, tenantId, kpis, admin, call } = await setup();
  const connection = source.connectionString();
  const attempts = [
    "insert into bookings values ('2025-03-01', 1, 'revenue') returning booked_on as month, amount as value",
    "with gone as (delete from bookings returning *) select booked_on as month, amount as value from gone",
    "update bookings set amount = 0 returning booked_on as month, amount as value",
    "select 1 as month, 2 as value; delete from bookings",
    "create table stolen as select * from bookings",
  ];
  for (const query of attempts) {
    const answer = await call(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", connection, query, kpi: kpis.revenue });
    assert.is(answer.status, 400, query);
    assert.ok(answer.body.query?.[0], `${query}: the refusal is on the query: ${JSON.stringify(answer.body)}`);
  }
  const refusal = await call(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", connection, query: attempts[0], kpi: kpis.revenue });
  assert.equal(refusal.body.query, ["The query tried to change data; connections of integrations are read-only."]);
  const left = await source.query<{ n: string; total: string }>("select count(*) as n, sum(amount) as total from bookings");
  assert.equal(left.rows[0], { n: "6", total: "14649.25" }, "every row as it was");
  assert.is((await source.query("select count(*)::int as n from pg_tables where tablename = 'stolen'")).rows[0]!.n, 0);
  assert.equal(await eventsOf(tenantId), [], "refusals write nothing");
});

test("the host allow-list: hosts and ports not listed are refused before anything is sent; without hosts the connector is off", async () => {
  const { source, tenantId, kpis, admin, call } = await setup({ hosts: [{ host: "127.0.0.1", port: 6543 }, { host: "db.example.com", port: null }] });
  const elsewhere = [source.connectionString(), `postgres://u:p@10.0.0.5:5432/${source.name}`, `postgres://u:p@db.example.com:6432/${source.name}`, `postgres://u:p@localhost:${source.port}/${source.name}`];
  for (const connection of elsewhere) {
    const answer = await call(admin.id, "POST", "/integrations/", { kind: "postgresql", name: "Sneaky", connection, query: MONTHLY, kpi: kpis.revenue });
    assert.is(answer.status, 400, connection);
    assert.match(answer.body.connection[0], /^This installation does not connect to .+\. Ask your operator to add the host to the allow-list for database connections\. It allows: 127\.0\.0\.1:6543, db\.example\.com\.$/);
  }
  // A connection string that tries to point elsewhere or read this server's files is refused as such.
  for (const connection of [`postgres://u:p@db.example.com/x?host=/var/run/postgresql`, `postgres://u:p@db.example.com/x?sslrootcert=/etc/passwd`, "host=db.example.com user=u", "mysql://u:p@db.example.com/x"]) {
    const answer = await call(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", connection, query: MONTHLY, kpi: kpis.revenue });
    assert.is(answer.status, 400, connection);
    assert.ok(answer.body.connection, connection);
  }
  assert.equal(await eventsOf(tenantId), []);

  const off = await testApp();
  openApps.push(off.app);
  const offCall = client(off.app, off.services, tenantId, []);
  const answer = await offCall(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", connection: source.connectionString(), query: MONTHLY, kpi: kpis.revenue });
  assert.equal([answer.status, answer.body], [400, { kind: ["This connector is not enabled on this installation."] }]);
});

test("values go only to KPIs the person who set it up may write, by sensitivity, also by KPI key", async () => {
  const { source, services, tenantId, kpis, admin, manager, reader, call } = await setup();
  const connection = source.connectionString();
  // The manager may write up to level 1: payroll (level 3) is no target, neither chosen nor by key.
  const chosen = await call(manager.id, "POST", "/integrations/", { kind: "postgresql", name: "Payroll", connection, query: MONTHLY, kpi: kpis.payroll });
  assert.equal([chosen.status, chosen.body], [400, { kpi: [KPI_NOT_WRITABLE] }]);
  const calculated = await call(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", connection, query: MONTHLY, kpi: kpis.margin });
  assert.equal([calculated.status, calculated.body], [400, { kpi: [KPI_NOT_WRITABLE] }]);

  const preview = await call(manager.id, "POST", "/integrations/preview/", { kind: "postgresql", connection, query: BY_KEY, kpi: null });
  assert.is(preview.status, 200);
  assert.equal(preview.body.rows.map((row: any) => [row.kpi?.name ?? null, row.month, row.problem]), [
    ["KPI costs", "2025-01-01", null],
    ["KPI costs", "2025-02-01", null],
    [null, null, unknownKpiKey("payroll")],
    ["KPI revenue", "2025-01-01", null],
    ["KPI revenue", "2025-02-01", null],
  ]);
  const connected = await call(manager.id, "POST", "/integrations/", { kind: "postgresql", name: "All accounts", connection, query: BY_KEY });
  assert.is(connected.status, 201, JSON.stringify(connected.body));
  await services.jobs.start();
  assert.is((await call(manager.id, "POST", `/integrations/${connected.body.id}/sync/`)).status, 202);
  await services.jobs.idle();
  assert.equal(await actualsOf(tenantId, kpis.costs), [["2025-01-01", 300], ["2025-02-01", 350.25]]);
  assert.equal(await actualsOf(tenantId, kpis.payroll), [], "the level-3 KPI was not written");
  const detail = await call(manager.id, "GET", `/integrations/${connected.body.id}/`);
  assert.ok(detail.body.runs[0].log.some((line: any) => line.message === `Row 3: ${unknownKpiKey("payroll")}`), "the skipped row is in the log");

  // Who reads KPIs but may not manage integrations gets none of this.
  assert.is((await call(reader.id, "GET", "/integrations/")).status, 403);
  assert.is((await call(reader.id, "GET", `/integrations/${connected.body.id}/`)).status, 403);
  void admin;
});

test("'KPIs recalculating error' when its person may no longer write; 'The integration requires a new sign in.' when the source refuses; 'Synchronization error' when the query fails", async () => {
  const { source, services, tenantId, kpis, admin, manager, call } = await setup();
  const role = `meridian_reader_${randomUUID().slice(0, 8)}`;
  await asAdmin((client) => client.query(`create role ${role} login`));
  cleanups.push(() => asAdmin((client) => client.query(`drop owned by ${role}; drop role if exists ${role}`)));
  await source.query(`grant select on bookings to ${role}`);
  await services.jobs.start();
  const { withTenant } = await testDatabase();
  const syncNow = async (id: number) => {
    // The rerun wait is not what this test is about: the last request is made older than it.
    await withTenant(tenantId, system, ({ db }) => db.updateTable("job_runs").set({ run_after: new Date(Date.now() - RERUN_WAIT_MS - 1000) }).where("subject", "=", `integration:${id}`).where("state", "<>", "queued").execute());
    const answer = await call(admin.id, "POST", `/integrations/${id}/sync/`);
    assert.is(answer.status, 202, JSON.stringify(answer.body));
    await services.jobs.idle();
    return (await call(admin.id, "GET", `/integrations/${id}/`)).body;
  };

  const connected = await call(manager.id, "POST", "/integrations/", { kind: "postgresql", name: "Revenue", connection: source.connectionString(role), query: MONTHLY, kpi: kpis.revenue });
  assert.is(connected.status, 201, JSON.stringify(connected.body));
  const id = connected.body.id as number;
  assert.is((await syncNow(id)).status, "connected");

  // The manager loses the right to write: the values stop, the integration says why.
  await withTenant(tenantId, system, ({ db }) => db.deleteFrom("group_permissions").where("permission", "=", "write_sensitive").execute());
  let detail = await syncNow(id);
  assert.equal([detail.status, detail.statusText, detail.runs[0].state, detail.runs[0].error], ["recalculating_error", RECALCULATING_ERROR, "failed", RECALCULATING_ERROR]);
  assert.ok(detail.runs[0].log.some((line: any) => /may no longer be written/.test(line.message)));

  // The source no longer lets the role in: a new sign-in is needed, and no daily run is kept for it.
  await asAdmin((client) => client.query(`alter role ${role} nologin`));
  detail = await syncNow(id);
  assert.equal([detail.status, detail.statusText, detail.runs[0].error], ["needs_sign_in", NEEDS_SIGN_IN, NEEDS_SIGN_IN]);
  const waiting = await withTenant(tenantId, system, ({ db }) => db.selectFrom("job_runs").select("id").where("subject", "=", `integration:${id}`).where("state", "=", "queued").execute());
  assert.equal(waiting, []);

  // Reconnecting as someone else (who may write the KPI) clears it.
  const reconnected = await call(admin.id, "PUT", `/integrations/${id}/connection/`, { connection: source.connectionString() });
  assert.is(reconnected.status, 200, JSON.stringify(reconnected.body));
  assert.equal([reconnected.body.status, reconnected.body.owner?.length > 0], ["connected", true]);

  // The query's table is gone: a synchronization error, with the database's words in the log.
  await source.query("alter table bookings rename to old_bookings");
  detail = await syncNow(id);
  assert.equal([detail.status, detail.statusText, detail.runs[0].error], ["sync_error", SYNC_ERROR, SYNC_ERROR]);
  assert.ok(detail.runs[0].log.some((line: any) => line.message === 'The query failed: relation "bookings" does not exist'), JSON.stringify(detail.runs[0].log));
  const finished = (await eventsOf(tenantId)).filter((event) => event.type === "IntegrationSyncFinished").map((event) => (event.payload as any).status);
  assert.equal(finished, ["connected", "recalculating_error", "needs_sign_in", "sync_error"]);
});

test("Sync now is refused for the waiting time with its message, then allowed again", async () => {
  let now = new Date();
  const { source, tenantId, kpis, admin, call } = await setup({ now: () => now });
  const connected = await call(admin.id, "POST", "/integrations/", { kind: "postgresql", name: "Bookings", connection: source.connectionString(), query: MONTHLY, kpi: kpis.revenue });
  const id = connected.body.id as number;
  assert.is((await call(admin.id, "POST", `/integrations/${id}/sync/`)).status, 202);
  const before = (await eventsOf(tenantId)).length;
  now = new Date(now.getTime() + 60_000);
  const refused = await call(admin.id, "POST", `/integrations/${id}/sync/`);
  assert.is(refused.status, 429);
  assert.equal(refused.body, { detail: "This integration was synchronized less than 5 minutes ago. You can run it again in 4 minutes." });
  assert.is(refused.headers["retry-after"], "240");
  assert.is((await eventsOf(tenantId)).length, before, "a refused rerun writes nothing");
  const detail = await call(admin.id, "GET", `/integrations/${id}/`);
  assert.ok(Math.abs(new Date(detail.body.rerunAt).getTime() - (now.getTime() + 240_000)) < 2000, "the manage view knows when it may run again");
  now = new Date(now.getTime() + RERUN_WAIT_MS);
  assert.is((await call(admin.id, "POST", `/integrations/${id}/sync/`)).status, 202);
  assert.is((await call(admin.id, "POST", "/integrations/999999999/sync/")).status, 404);
});

test("summaries by names are cached for ten minutes; a change through this server shows at once", async () => {
  let now = new Date();
  const { source, services, tenantId, kpis, admin, call } = await setup({ now: () => now });
  const summary = async () => (await call(admin.id, "GET", "/integrations/summaries/?names=postgresql,csv-url,accounting")).body.results;
  assert.equal(await summary(), {
    postgresql: { name: "postgresql", connected: 0, needAttention: 0, lastSyncAt: null },
    "csv-url": { name: "csv-url", connected: 0, needAttention: 0, lastSyncAt: null },
  });
  const connected = await call(admin.id, "POST", "/integrations/", { kind: "postgresql", name: "Bookings", connection: source.connectionString(), query: MONTHLY, kpi: kpis.revenue });
  assert.is((await summary()).postgresql.connected, 1, "a connect through this server drops the cached summary");

  // Another server process connects one (written straight to the database): this one's summary is cached.
  const { withTenant } = await testDatabase();
  await withTenant(tenantId, system, ({ db }) =>
    db.insertInto("integrations").values({ tenant_id: tenantId, kind: "postgresql", name: "Elsewhere", secret_sealed: "x", target: "t", owner_id: admin.id, status: "sync_error" }).execute(),
  );
  now = new Date(now.getTime() + INTEGRATION_SUMMARY_CACHE_MS - 1000);
  assert.is((await summary()).postgresql.connected, 1, "still the cached summary just before ten minutes");
  now = new Date(now.getTime() + 2000);
  assert.equal((await summary()).postgresql, { name: "postgresql", connected: 2, needAttention: 1, lastSyncAt: null });
  assert.equal((await call(admin.id, "GET", "/integrations/summaries/?names=Bad Name")).status, 400);
  void connected;
  void services;
});

test("manage and remove: a changed query is checked first; removing deletes the connection and keeps the values", async () => {
  const { source, services, tenantId, kpis, admin, call } = await setup();
  const connected = await call(admin.id, "POST", "/integrations/", { kind: "postgresql", name: "Bookings", connection: source.connectionString(), query: MONTHLY, kpi: kpis.revenue });
  const id = connected.body.id as number;
  const broken = await call(admin.id, "PATCH", `/integrations/${id}/`, { query: "select booked_on as day, amount from bookings" });
  assert.equal([broken.status, broken.body], [400, { query: ["The result needs the columns month and value (and kpi with a KPI's key to fill several KPIs)."] }]);
  const renamed = await call(admin.id, "PATCH", `/integrations/${id}/`, { name: "Ledger", query: MONTHLY.replace("'revenue'", "'costs'") });
  assert.equal([renamed.status, renamed.body.name], [200, "Ledger"]);
  const preview = await call(admin.id, "POST", "/integrations/preview/", { kind: "postgresql", integration: id, query: MONTHLY, kpi: kpis.revenue });
  assert.is(preview.status, 200, "a preview may use the stored connection");
  await services.jobs.start();
  await call(admin.id, "POST", `/integrations/${id}/sync/`);
  await services.jobs.idle();
  assert.equal(await actualsOf(tenantId, kpis.revenue), [["2025-01-01", 300], ["2025-02-01", 350.25]]);

  assert.is((await call(admin.id, "DELETE", `/integrations/${id}/`)).status, 204);
  assert.is((await call(admin.id, "GET", `/integrations/${id}/`)).status, 404);
  assert.is((await call(admin.id, "DELETE", `/integrations/${id}/`)).status, 404);
  assert.equal((await call(admin.id, "GET", "/integrations/")).body.integrations, []);
  assert.equal(await actualsOf(tenantId, kpis.revenue), [["2025-01-01", 300], ["2025-02-01", 350.25]], "the values it wrote stay");
  const { withTenant } = await testDatabase();
  const queued = await withTenant(tenantId, system, ({ db }) => db.selectFrom("job_runs").select("id").where("state", "=", "queued").execute());
  assert.equal(queued, [], "its daily run went with it");
});

test.run();
