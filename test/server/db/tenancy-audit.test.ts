import { sql } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { APP_ROLE } from "../../../src/server/db/tenancy-sql";
import { testDatabase } from "../../support/database";

/** Tables that carry tenant data but are keyed otherwise, each with its reason. */
const KEYED_OTHERWISE: Record<string, string> = {
  tenants: "the registry itself: its id is the tenant",
  login_emails: "e-mail is global for sign-in; a reference table at scale",
};

async function tenantTables() {
  const { database } = await testDatabase();
  const result = await sql<{ table_name: string; rls: boolean; forced: boolean; policies: number; quals: string | null }>`
    select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
           (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies,
           (select string_agg(p.qual, ' ') from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as quals
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and (c.relname = 'tenants' or exists (
        select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped))
    order by 1`.execute(database.system);
  return result.rows;
}

test("every tenant table has row-level security enabled, forced and a tenant policy", async () => {
  const tables = await tenantTables();
  assert.ok(tables.length >= 15, `found only ${tables.length} tenant tables`);
  for (const table of tables) {
    assert.ok(table.rls, `${table.table_name}: RLS not enabled`);
    assert.ok(table.forced, `${table.table_name}: RLS not forced`);
    assert.ok(table.policies > 0, `${table.table_name}: no policy`);
    assert.match(table.quals ?? "", /app\.tenant_id/, `${table.table_name}: policy does not read app.tenant_id`);
  }
});

test("tenant_id leads every tenant table's primary key and every foreign key between tenant tables", async () => {
  const { database } = await testDatabase();
  const keys = await sql<{ table_name: string; kind: string; first_column: string; references: string | null }>`
    select c.relname as table_name, k.contype as kind, a.attname as first_column, r.relname as references
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid and c.relnamespace = 'public'::regnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    left join pg_class r on r.oid = k.confrelid
    where k.contype in ('p', 'f')
      and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_id')`.execute(database.system);
  for (const key of keys.rows) {
    if (KEYED_OTHERWISE[key.table_name] && key.kind === "p") continue;
    if (key.kind === "f" && key.references === "tenants") continue; // tenant_id -> tenants(id) itself
    assert.is(key.first_column, "tenant_id", `${key.table_name}: ${key.kind === "p" ? "primary key" : `foreign key to ${key.references}`}`);
  }
});

test("the app role is no superuser, cannot bypass RLS and owns nothing", async () => {
  const { database } = await testDatabase();
  const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>`
    select rolsuper, rolbypassrls,
           (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
    from pg_roles r where rolname = ${APP_ROLE}`.execute(database.system);
  assert.equal(role.rows, [{ rolsuper: false, rolbypassrls: false, owned: 0 }]);
});

const UNSAFE_VIEWS = sql<{ view_name: string }>`
  select c.relname as view_name
  from pg_class c
  join pg_roles r on r.oid = c.relowner
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm') and r.rolname <> ${APP_ROLE}
    and not coalesce((select option_value = 'true' from pg_options_to_table(c.reloptions) where option_name = 'security_invoker'), false)`;

test("no view runs with its owner's rights (security_invoker on every view)", async () => {
  const { database } = await testDatabase();
  assert.equal((await UNSAFE_VIEWS.execute(database.system)).rows, []);
});

test("the view audit catches a view without security_invoker", async () => {
  const { database } = await testDatabase();
  const flagged = await database.system
    .transaction()
    .execute(async (tx) => {
      await sql`create view audit_probe as select id from tenants`.execute(tx);
      await sql`create view audit_probe_safe with (security_invoker = true) as select id from tenants`.execute(tx);
      const rows = (await UNSAFE_VIEWS.execute(tx)).rows.map((row) => row.view_name);
      throw Object.assign(new Error("rollback"), { rows });
    })
    .catch((error: { rows?: string[] }) => error.rows);
  assert.equal(flagged, ["audit_probe"]);
});

test.run();
