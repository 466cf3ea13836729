import { randomUUID } from "node:crypto";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import type { ManualClock } from "../../../support/manual-clock";

export const system = { kind: "system", name: "test" } as const;

/**
 * Two companies for the alert tests. Company A (Europe/Berlin): `revenue` (level 0, actuals and
 * plan for 2026), `payroll` (level 2), `margin` (a formula over revenue, level 0). Users: a
 * reader of every level, a reader of level 0 only, a second level-0 reader (whose alerts the
 * first may not see), a person without any KPI read permission. Company B: the same KPI keys.
 */
export async function alertsWorld(options: { clock?: ManualClock } = {}) {
  const { app, services } = await testApp({}, {}, options.clock ? { clock: options.clock } : {});
  const { database, withTenant } = await testDatabase();
  const a = await createTestTenant({ name: "Alerts A" });
  const b = await createTestTenant({ name: `Alerts B ${randomUUID().slice(0, 6)}` });
  await database.system.updateTable("tenants").set({ time_zone: "Europe/Berlin" }).where("id", "in", [a, b]).execute();

  const seed = (tenantId: string) =>
    withTenant(tenantId, system, async ({ db }) => {
      const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Sales", kind: "kpi", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
      const kpi = (key: string, sensitivity: number, unit: "number" | "currency" = "number", formula: string | null = null) =>
        db
          .insertInto("kpis")
          .values({ tenant_id: tenantId, category_id: category, parent_id: null, key, name: key[0]!.toUpperCase() + key.slice(1), unit, aggregation_type: "cum", sensitivity, formula, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
          .returning("id")
          .executeTakeFirstOrThrow()
          .then((row) => row.id);
      const revenue = await kpi("revenue", 0);
      const payroll = await kpi("payroll", 2);
      const margin = await kpi("margin", 0, "number", "revenue * 2");
      return { revenue, payroll, margin };
    });
  const kpis = await seed(a);
  const foreignKpis = await seed(b);
  const all = await createTestUser(a, { groups: [{ name: "Readers of everything", permissions: ["read_super_sensitive"] }] });
  const low = await createTestUser(a, { groups: [{ name: "Level 0 readers", permissions: ["read_non_sensitive"] }] });
  const other = await createTestUser(a, { groups: [{ name: "Level 0 readers", permissions: ["read_non_sensitive"] }] });
  const none = await createTestUser(a, { groups: [{ name: "No KPIs", permissions: [] }] });
  const foreign = await createTestUser(b, { groups: [{ name: "Readers of everything", permissions: ["read_super_sensitive"] }] });
  const headersOf = async (tenantId: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 3600)}` });

  const call = async (headers: Record<string, string>, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, text: response.body, json: response.body ? response.json() : null };
  };
  /** Sets company A's value of a KPI in a month (actual or planning). */
  const setValue = (kpiId: number, month: string, value: number | null, series: "actual" | "planning" = "actual") =>
    withTenant(a, system, async ({ db }) => {
      await db.deleteFrom("kpi_values").where("kpi_id", "=", kpiId).where("month", "=", month).where("series", "=", series).execute();
      if (value !== null) await db.insertInto("kpi_values").values({ tenant_id: a, kpi_id: kpiId, series, month, value }).execute();
    });

  return {
    app,
    services,
    database,
    withTenant,
    companyA: a,
    companyB: b,
    kpis,
    foreignKpis,
    users: { all, low, other, none, foreign },
    headers: { all: await headersOf(a, all.id), low: await headersOf(a, low.id), other: await headersOf(a, other.id), none: await headersOf(a, none.id), foreign: await headersOf(b, foreign.id) },
    call,
    setValue,
  };
}

export type AlertsWorld = Awaited<ReturnType<typeof alertsWorld>>;
