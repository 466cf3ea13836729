// Saving a full fiscal year of planning for 200 KPIs (2,400 values) as the planning grid's Save
// does: POST /api/kpis/planning-values/ through the real app (app.inject, signed-in planner,
// token, permissions, every KPI's sensitivity checked, RLS, the write and its PlanningValueEdited
// event in one transaction), against the bound: one bulk INSERT … ON CONFLICT DO UPDATE of the
// same 2,400 rows in one tenant transaction, nothing else. Every run writes other numbers than
// the run before (so both update every row), and after each case the stored plan must be exactly
// what was sent, or the bench fails. On PGlite (on disk) and on PostgreSQL.
import { sql } from "kysely";
import { rmSync } from "node:fs";
import { monthDateOf, monthIndexOf } from "../../src/domain/months";
import type { Database } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrate";
import { createWithTenant, type WithTenant } from "../../src/server/db/tenancy";
import { loadKpis } from "../../src/server/features/kpis/kpi-repository";
import { benchApp, onBothEngines } from "./support";

const KPIS = 200;
const FIRST_MONTH = monthIndexOf("2026-04-01"); // FY 2026/27 of an April company
const MONTHS = 12;
const RUNS = 15;
const system = { kind: "system", name: "bench" } as const;

/** The year's values of run `salt`: cents included, different in every run so each save changes every row. */
const yearOf = (kpiIds: readonly number[], salt: number) =>
  kpiIds.flatMap((kpi, index) => Array.from({ length: MONTHS }, (_, month) => ({ kpi, date: monthDateOf(FIRST_MONTH + month), value: 10_000 + index * 37 + month * 101 + salt + 0.25 })));

/**
 * Median wall times in ms, after one warm-up call each, taken in rounds (one call of each case per
 * round), so a slower or busier stretch of the machine hits both cases alike.
 */
async function interleavedMedians(cases: (() => Promise<unknown>)[], runs: number): Promise<number[]> {
  for (const work of cases) await work();
  const times: number[][] = cases.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [index, work] of cases.entries()) {
      const start = performance.now();
      await work();
      times[index]!.push(performance.now() - start);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

async function company(withTenant: WithTenant, database: Database) {
  const tenant = await database.system.insertInto("tenants").values({ kind: "company", name: "Bench", fiscal_year_offset: 3 }).returning("id").executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  return withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "P&L" }).returning("id").executeTakeFirstOrThrow();
    const kpis = Array.from({ length: KPIS }, (_, index) => ({
      tenant_id: tenantId, category_id: category.id, parent_id: null, key: `kpi_${index}`, name: `KPI ${index}`, unit: "currency" as const, position: index,
      aggregation_type: "cum" as const, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null, formula: null,
    }));
    const kpiIds = (await db.insertInto("kpis").values(kpis).returning("id").execute()).map((row) => row.id);
    const user = await db.insertInto("users").values({ tenant_id: tenantId, email: "planner@bench.example", password_hash: null, is_active: true, is_staff: false }).returning("id").executeTakeFirstOrThrow();
    const group = await db.insertInto("groups").values({ tenant_id: tenantId, name: "Planners" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("group_permissions").values(["access_financial_planning", "write_super_sensitive"].map((permission) => ({ tenant_id: tenantId, group_id: group.id, permission }))).execute();
    await db.insertInto("user_groups").values({ tenant_id: tenantId, user_id: user.id, group_id: group.id }).execute();
    return { tenantId, userId: user.id, kpiIds };
  });
}

async function measure(database: Database) {
  await migrateToLatest(database);
  const withTenant = createWithTenant(database, () => {});
  const { tenantId, userId, kpiIds } = await company(withTenant, database);
  const { app, signer, dataDir } = await benchApp(database, withTenant);
  const authorization = `Bearer ${await signer.sign("access", { tenantId, userId }, 3600)}`;
  let salt = 0;
  let last: { kpi: number; date: string; value: number }[] = [];

  const route = async () => {
    last = yearOf(kpiIds, ++salt);
    const response = await app.inject({ method: "POST", url: "/api/kpis/planning-values/", headers: { authorization }, payload: { values: last } });
    if (response.statusCode !== 200) throw new Error(`the route answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  };
  const bound = async () => {
    last = yearOf(kpiIds, ++salt);
    await withTenant(tenantId, system, ({ db }) =>
      db
        .insertInto("kpi_values")
        .values(last.map((item) => ({ tenant_id: tenantId, kpi_id: item.kpi, series: "planning" as const, month: item.date, value: item.value })))
        .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
        .execute(),
    );
  };
  // For reference, where the route's time goes: its SQL alone (the KPIs loaded, the upsert with
  // updated_at, the event with every value) in one tenant transaction, without HTTP, token or decoding.
  const sqlOnly = async () => {
    last = yearOf(kpiIds, ++salt);
    await withTenant(tenantId, { kind: "user", userId }, async (context) => {
      await loadKpis(context);
      await context.db
        .insertInto("kpi_values")
        .values(last.map((item) => ({ tenant_id: tenantId, kpi_id: item.kpi, series: "planning" as const, month: item.date, value: item.value })))
        .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: new Date() })))
        .execute();
      await context.appendEvent({ type: "PlanningValueEdited", payload: { values: last, by: userId } });
    });
  };
  /** The stored plan is exactly the last save's 2,400 values. */
  const verify = async (label: string) => {
    const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_values").select(["kpi_id", "month", "value"]).where("series", "=", "planning").execute());
    const byKey = new Map(stored.map((row) => [`${row.kpi_id}/${String(row.month).slice(0, 10)}`, Number(row.value)] as const));
    if (stored.length !== last.length) throw new Error(`${label}: ${stored.length} planning values stored, expected ${last.length}`);
    for (const item of last) if (byKey.get(`${item.kpi}/${item.date}`) !== item.value) throw new Error(`${label}: KPI ${item.kpi} ${item.date} is ${byKey.get(`${item.kpi}/${item.date}`)}, expected ${item.value}`);
  };

  await route();
  await verify("route");
  await bound();
  await verify("bound");
  const events = async () => Number((await sql<{ count: string }>`select count(*) as count from events where type = 'PlanningValueEdited'`.execute(database.system)).rows[0]!.count);
  const eventsBefore = await events();
  const [routeMs, sqlMs, boundMs] = (await interleavedMedians([route, sqlOnly, bound], RUNS)) as [number, number, number];
  await sqlOnly();
  await verify("the route's SQL");
  await route();
  await verify("route");
  if ((await events()) - eventsBefore !== 2 * RUNS + 4) throw new Error(`${(await events()) - eventsBefore} PlanningValueEdited events were written, expected ${2 * RUNS + 4}`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { routeMs, sqlMs, boundMs };
}

const { pglite: onPGlite, postgres: onPostgres } = await onBothEngines(measure);

type Measured = typeof onPGlite;
const values = KPIS * MONTHS;
const rows = (engine: string, m: Measured) => [
  { case: `${engine}: POST /api/kpis/planning-values/ (app.inject)`, "ms (median)": +m.routeMs.toFixed(2), "values/s": Math.round((values / m.routeMs) * 1000), runs: RUNS },
  { case: `${engine}: the route's SQL alone (reference)`, "ms (median)": +m.sqlMs.toFixed(2), "values/s": Math.round((values / m.sqlMs) * 1000), runs: RUNS },
  { case: `${engine}: bound (one INSERT … ON CONFLICT)`, "ms (median)": +m.boundMs.toFixed(2), "values/s": Math.round((values / m.boundMs) * 1000), runs: RUNS },
];
const ratio = (engine: string, m: Measured) => ({ label: `${engine}: route / bound`, value: m.routeMs / m.boundMs });
console.log(
  JSON.stringify({
    name: `planning save: a fiscal year for ${KPIS} KPIs (${values.toLocaleString("en-US")} values) through the route vs one bulk INSERT … ON CONFLICT`,
    rows: [...rows("PGlite", onPGlite), ...(onPostgres ? rows("PostgreSQL", onPostgres) : [])],
    ratios: [ratio("PGlite", onPGlite), ...(onPostgres ? [ratio("PostgreSQL", onPostgres)] : [])],
    notes: [
      "every run changes every one of the 2,400 values; after the route and after the bound the stored plan is checked to be exactly what was sent",
      "the route also checks the planner's permission and each KPI's sensitivity and writes the PlanningValueEdited event (with all values) in the same transaction",
      ...(onPostgres ? [] : ["no PostgreSQL answered at BENCH_DATABASE_URL (default 127.0.0.1:5432): not measured there"]),
    ],
  }),
);
