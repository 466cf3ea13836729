// What the database itself guarantees for the query builder, below the parser (docs/decisions.md,
// "Query builder"): SQL run straight as the query role, as if the checker let it through, on both
// engines. set_config is not callable (directly, in a CTE, in a subquery), the role reads only the
// view columns, the views run as the invoker behind a barrier, and the level policies hold.
import { sql, type Transaction } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { QB_VIEWS } from "../../../../src/contracts/query-builder";
import type { DatabaseSchema } from "../../../../src/server/db/schema";
import { APP_ROLE, QUERY_LEVEL_SETTING, QUERY_ROLE } from "../../../../src/server/db/tenancy-sql";
import { assertTenancyIsSafe } from "../../../../src/server/db/tenancy";
import { EmbeddedSandbox } from "../../../../src/server/features/query-builder/embedded-sandbox";
import { rejects } from "../../../support/assert";
import { queryBuilderWorld, type QueryBuilderWorld } from "./qb-fixture";

let world: QueryBuilderWorld;
test.before(async () => {
  world = await queryBuilderWorld();
});
test.after(async () => {
  await world.app.close();
});

/** Runs `statement` as the query role for company A at `level`, in a transaction rolled back afterwards. */
async function asQueryRole<T = Record<string, unknown>>(statement: string, level = 3): Promise<T[]> {
  let rows: T[] = [];
  await world.database.system
    .transaction()
    .execute(async (tx: Transaction<DatabaseSchema>) => {
      await sql`select set_config('app.tenant_id', ${world.companyA}, true), set_config(${QUERY_LEVEL_SETTING}, ${String(level)}, true)`.execute(tx);
      await sql.raw(`set local role ${QUERY_ROLE}`).execute(tx);
      rows = (await sql.raw<T>(statement).execute(tx)).rows;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return rows;
}
class RolledBack extends Error {}

test("SET LOCAL ROLE really drops superuser rights (on PGlite too)", async () => {
  const [row] = await asQueryRole<{ user: string; superuser: string }>("select current_user as user, current_setting('is_superuser') as superuser");
  assert.equal(row, { user: QUERY_ROLE, superuser: "off" });
});

test("the query role cannot call set_config: directly, in a CTE, in a subquery, session-wide", async () => {
  const attempts = [
    `select set_config('app.tenant_id', '${"B"}', true)`,
    "with x as (select set_config('role', 'none', true) as r) select * from x",
    `select * from qb.kpi_values where (select set_config('${QUERY_LEVEL_SETTING}', '3', true)) is not null`,
    "select * from (select pg_catalog.set_config('app.tenant_id', 'B', false)) s",
  ];
  for (const attempt of attempts) await rejects(asQueryRole(attempt.replaceAll("'B'", `'${world.companyB}'`)), /permission denied for function set_config/);
});

test("set_config is executable by the app's own roles only", async () => {
  const rows = await sql<{ role: string; allowed: boolean }>`
    select r.rolname as role, has_function_privilege(r.oid, 'pg_catalog.set_config(text, text, boolean)', 'execute') as allowed
    from pg_roles r where r.rolname in (${APP_ROLE}, ${QUERY_ROLE}, current_user)`.execute(world.database.system);
  const allowed = Object.fromEntries(rows.rows.map((row) => [row.role, row.allowed]));
  assert.is(allowed[APP_ROLE], true);
  assert.is(allowed[QUERY_ROLE], false);
  const publicGrant = await sql<{ granted: boolean }>`
    select exists (select 1 from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                   where p.oid = 'pg_catalog.set_config(text, text, boolean)'::regprocedure and a.grantee = 0 and a.privilege_type = 'EXECUTE') as granted`.execute(world.database.system);
  assert.is(publicGrant.rows[0]?.granted, false, "PUBLIC no longer executes set_config");
});

test("the views show company A only, and only KPIs up to the level set", async () => {
  const level0 = await asQueryRole<{ kpi_id: number; value: number }>("select kpi_id, value from qb.kpi_values", 0);
  assert.equal([...new Set(level0.map((row) => row.kpi_id))], [world.kpis.revenue]);
  const level3 = await asQueryRole<{ kpi_id: number }>("select distinct kpi_id from qb.kpi_values order by 1", 3);
  assert.equal(level3.map((row) => row.kpi_id), [world.kpis.revenue, world.kpis.payroll].sort((a, b) => a - b));
  const none = await asQueryRole("select * from qb.kpis", -1);
  assert.equal(none, [], "no level, no KPIs (fail closed)");
  const keys = await asQueryRole<{ key: string }>("select key from qb.kpis order by key", 0);
  assert.equal(keys.map((row) => row.key), ["calculated", "revenue", "target"]);
});

test("without the level setting the role reads nothing (fail closed)", async () => {
  let rows: unknown[] = [];
  await world.database.system
    .transaction()
    .execute(async (tx) => {
      await sql`select set_config('app.tenant_id', ${world.companyA}, true)`.execute(tx);
      await sql.raw(`set local role ${QUERY_ROLE}`).execute(tx);
      rows = (await sql.raw("select * from qb.kpi_values").execute(tx)).rows;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  assert.equal(rows, []);
});

test("the base tables answer only the granted columns, under the same policies", async () => {
  await rejects(asQueryRole("select * from public.kpi_values"), /permission denied/);
  await rejects(asQueryRole("select updated_at from public.kpi_values"), /permission denied/);
  await rejects(asQueryRole("select description from public.kpis"), /permission denied/);
  for (const table of ["users", "events", "kpi_queries", "refresh_tokens", "tenants", "user_permissions"]) {
    await rejects(asQueryRole(`select 1 from public.${table}`), /permission denied/);
  }
  const values = await asQueryRole<{ value: number }>("select value from public.kpi_values", 0);
  assert.ok(values.every((row) => row.value !== world.markerValue && row.value < 777_000), "only company A's level-0 values");
});

test("no condition of a query runs on rows the policies hide (the error oracle is shut)", async () => {
  // payroll's values (level 2) would divide by zero; at level 0 they are never evaluated.
  const rows = await asQueryRole(`select * from qb.kpi_values where 1 / (value - 777001) <> 0`, 0);
  assert.ok(rows.length > 0);
  await rejects(asQueryRole(`select * from qb.kpi_values where 1 / (value - 777001) <> 0`, 2), /division by zero/);
});

test("every qb view runs as its invoker behind a barrier, and the catalogue matches the column list", async () => {
  const views = await sql<{ name: string; options: string[] | null }>`
    select c.relname as name, c.reloptions as options from pg_class c
    where c.relnamespace = 'qb'::regnamespace order by c.relname`.execute(world.database.system);
  for (const view of views.rows) {
    assert.ok(view.options?.includes("security_invoker=true"), `${view.name} is security_invoker`);
    assert.ok(view.options?.includes("security_barrier=true"), `${view.name} is security_barrier`);
  }
  const columns = await sql<{ view: string; column: string; type: string }>`
    select c.relname as view, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'qb'::regnamespace and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(world.database.system);
  const actual = columns.rows.map((row) => `${row.view}.${row.column} ${row.type}`);
  const listed = QB_VIEWS.flatMap((view) => view.columns.map((column) => `${view.name}.${column.name} ${column.type}`)).sort();
  assert.equal([...actual].sort(), listed);
});

test("the query role is no superuser, cannot bypass RLS, owns nothing and may use only the qb schema", async () => {
  const [role] = (
    await sql<{ rolsuper: boolean; rolbypassrls: boolean; owned: number; public_tables: number; schemas: string[] }>`
      select rolsuper, rolbypassrls,
             (select count(*)::int from pg_class c where c.relowner = r.oid) as owned,
             (select count(*)::int from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
                and has_table_privilege(r.oid, c.oid, 'select')) as public_tables,
             array(select nspname::text from pg_namespace n where has_schema_privilege(r.oid, n.oid, 'usage') and nspname = 'qb') as schemas
      from pg_roles r where rolname = ${QUERY_ROLE}`.execute(world.database.system)
  ).rows;
  assert.equal(role, { rolsuper: false, rolbypassrls: false, owned: 0, public_tables: 0, schemas: ["qb"] });
});

test("the server refuses to start when the query role may call set_config", async () => {
  const grant = (to: "grant" | "revoke") => sql.raw(`${to} execute on function pg_catalog.set_config(text, text, boolean) ${to === "grant" ? "to" : "from"} public`).execute(world.database.system);
  await grant("grant");
  try {
    await rejects(assertTenancyIsSafe(world.database, world.withTenant), /Refusing to start.*meridian_query may call set_config/);
  } finally {
    await grant("revoke");
  }
  await assertTenancyIsSafe(world.database, world.withTenant);
});

test("the embedded sandbox runs SQL as a role without superuser rights and without set_config", async () => {
  const sandbox = new EmbeddedSandbox();
  try {
    const who = await sandbox.run({ views: [], sql: "select current_user as who, current_setting('is_superuser') as superuser, current_setting('transaction_read_only') as read_only", rowCap: 1 }, 30_000);
    assert.equal(who.rows, [[QUERY_ROLE, "off", "on"]]);
    await rejects(sandbox.run({ views: [], sql: "select set_config('role', 'none', true)", rowCap: 1 }, 30_000), /permission denied for function set_config/);
    await rejects(sandbox.run({ views: [], sql: "with x as (select set_config('role', 'none', true)) select * from x", rowCap: 1 }, 30_000), /permission denied for function set_config/);
    await rejects(sandbox.run({ views: [], sql: "select 1; select 2", rowCap: 1 }, 30_000), /syntax error|multiple commands/);
  } finally {
    await sandbox.stop();
  }
});

test.run();
