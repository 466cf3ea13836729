import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import type { ManualClock } from "../../../support/manual-clock";

export const system = { kind: "system", name: "test" } as const;

/** The twelve months of 2024, as the KPI values are dated. */
export const MONTHS_2024 = Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, "0")}-01`);

/**
 * Two companies for the query builder tests.
 * Company A: `revenue` (level 0, 2024 actuals 100…1200 and planning), `payroll` (level 2, actuals
 * 777_001…), `target` (level 0, no values: what queries compute), `secret_target` (level 2, no
 * values), `calculated` (a formula). Users: an administrator-like builder (reads and writes every
 * level), a builder who reads and writes only level 0, a builder by per-user grant only, and a
 * reader who may not build.
 * Company B: the same keys, every value and name carrying `markerValue` / `marker`, which no
 * answer to A may ever contain.
 */
export async function queryBuilderWorld(options: { clock?: ManualClock } = {}) {
  const { app, services } = await testApp({}, {}, options.clock ? { clock: options.clock } : {});
  const { database, withTenant } = await testDatabase();
  const marker = `qbmark${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const markerValue = 987_654_321.5;
  const a = await createTestTenant({ name: "Query builder A" });
  const b = await createTestTenant({ name: `Query builder B ${marker}` });

  const seed = (tenantId: string, foreign: boolean) =>
    withTenant(tenantId, system, async ({ db }) => {
      const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: foreign ? `Category ${marker}` : "Sales", kind: "kpi", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
      const kpi = (key: string, sensitivity: number, formula: string | null = null) =>
        db
          .insertInto("kpis")
          .values({ tenant_id: tenantId, category_id: category, parent_id: null, key, name: foreign ? `${key} ${marker}` : key, unit: "number", aggregation_type: "cum", sensitivity, formula, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
          .returning("id")
          .executeTakeFirstOrThrow()
          .then((row) => row.id);
      const revenue = await kpi("revenue", 0);
      const payroll = await kpi("payroll", 2);
      const target = await kpi("target", 0);
      const secretTarget = await kpi("secret_target", 2);
      const calculated = await kpi("calculated", 0, "revenue * 2");
      const value = (kpiId: number, series: "actual" | "planning", month: string, amount: number) => ({ tenant_id: tenantId, kpi_id: kpiId, series, month, value: amount });
      await db
        .insertInto("kpi_values")
        .values([
          ...MONTHS_2024.map((month, index) => value(revenue, "actual", month, foreign ? markerValue : (index + 1) * 100)),
          ...MONTHS_2024.map((month, index) => value(revenue, "planning", month, foreign ? markerValue : (index + 1) * 110)),
          ...MONTHS_2024.map((month, index) => value(payroll, "actual", month, foreign ? markerValue : 777_001 + index)),
        ])
        .execute();
      return { revenue, payroll, target, secretTarget, calculated };
    });
  const kpis = await seed(a, false);
  const foreignKpis = await seed(b, true);

  const everything = ["can_build_kpis", "read_super_sensitive", "write_super_sensitive", "access_my_dashboard", "access_operational_reporting"];
  const builder = await createTestUser(a, { groups: [{ name: "Builders", permissions: everything }] });
  const lowBuilder = await createTestUser(a, { groups: [{ name: "Level 0 builders", permissions: ["can_build_kpis", "write_non_sensitive"] }] });
  const granted = await createTestUser(a, { groups: [{ name: "Readers", permissions: ["read_super_sensitive", "write_super_sensitive"] }] });
  await withTenant(a, system, ({ db }) => db.insertInto("user_permissions").values({ tenant_id: a, user_id: granted.id, permission: "can_build_kpis" }).execute());
  const reader = await createTestUser(a, { groups: [{ name: "Viewers", permissions: ["read_super_sensitive"] }] });
  const foreignBuilder = await createTestUser(b, { groups: [{ name: "Builders", permissions: everything }] });
  const headersOf = async (tenantId: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 3600)}` });

  const call = async (headers: Record<string, string>, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, text: response.body, json: response.body ? response.json() : null };
  };

  /** Company A's actuals of a KPI, month → value. */
  const actualsOf = async (kpiId: number) => {
    const rows = await withTenant(a, system, ({ db }) =>
      db.selectFrom("kpi_values").select([sql<string>`month::text`.as("month"), "value"]).where("kpi_id", "=", kpiId).where("series", "=", "actual").orderBy("month").execute(),
    );
    return Object.fromEntries(rows.map((row) => [row.month, row.value]));
  };
  /** A digest of a company's rows in every tenant table, and its event log's end. */
  const stateOf = async (tenantId: string) => {
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.columns where column_name = 'tenant_id' and table_schema = 'public' order by table_name`.execute(database.system);
    const digests: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      const row = await sql<{ digest: string | null }>`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table_name)} t where tenant_id = ${tenantId}`.execute(database.system);
      digests[table_name] = row.rows[0]?.digest ?? "";
    }
    const seq = await sql<{ seq: string | null }>`select max(seq)::text as seq from events where tenant_id = ${tenantId}`.execute(database.system);
    return { digests, seq: seq.rows[0]?.seq ?? "0" };
  };

  return {
    app,
    services,
    database,
    withTenant,
    marker,
    markerValue,
    companyA: a,
    companyB: b,
    kpis,
    foreignKpis,
    users: { builder, lowBuilder, granted, reader, foreignBuilder },
    headers: {
      builder: await headersOf(a, builder.id),
      lowBuilder: await headersOf(a, lowBuilder.id),
      granted: await headersOf(a, granted.id),
      reader: await headersOf(a, reader.id),
      foreignBuilder: await headersOf(b, foreignBuilder.id),
    },
    call,
    actualsOf,
    stateOf,
  };
}

export type QueryBuilderWorld = Awaited<ReturnType<typeof queryBuilderWorld>>;
