import { sql, type Kysely } from "kysely";
import { APP_ROLE, CURRENT_TENANT_SQL } from "../tenancy-sql";

/** Runs statements one by one: PGlite's extended protocol takes one statement per query. */
export async function run(db: Kysely<any>, ...statements: string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Makes `table` a tenant table: row-level security ENABLEd and FORCEd (so even the owner is
 * filtered), one fail-closed policy (no tenant set means no rows), and the app role's grants.
 */
export async function protectTenantTable(
  db: Kysely<any>,
  table: string,
  options: { grants?: string; tenantColumn?: string } = {},
) {
  const grants = options.grants ?? "select, insert, update, delete";
  const column = options.tenantColumn ?? "tenant_id";
  await run(
    db,
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
    `create policy tenant_isolation on ${table} using (${column} = ${CURRENT_TENANT_SQL}) with check (${column} = ${CURRENT_TENANT_SQL})`,
    `grant ${grants} on ${table} to ${APP_ROLE}`,
  );
}
