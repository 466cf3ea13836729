import { readEventsAfter } from "../../../../src/server/db/event-log";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

export const system = { kind: "system", name: "test" } as const;

type Unit = "currency" | "percentage" | "number";

/**
 * A company for the KPI reporting tests, fiscal year from April:
 * - P&L (financial): revenue (level 1), cogs (level 2), gross_profit = revenue - cogs (level 1,
 *   read at level 2 since it reads cogs);
 * - Growth (kpi): gross_margin = gross_profit / revenue * 100 (level 0, a weighted ratio, reads a
 *   calculated KPI and the level-2 cogs through it, so read at level 2), cash (level 3), customers
 *   (level 0).
 * Actuals April-June 2025 and 2026, planning April-September 2026, an active forecast for
 * July-September 2026 (and an inactive one), and a USD rate of 1.5 from January 2025, 2 from
 * January 2026 and 3 from June 2026.
 */
export async function reportingCompany() {
  const { app, services } = await testApp();
  const { database, withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  await database.system.updateTable("tenants").set({ fiscal_year_offset: 3, multi_currency: true }).where("id", "=", tenantId).execute();
  const ids = await withTenant(tenantId, system, async ({ db }) => {
    const category = (name: string, kind: "financial" | "kpi", position: number) =>
      db.insertInto("kpi_categories").values({ tenant_id: tenantId, name, kind, position }).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
    const pl = await category("P&L", "financial", 0);
    const growth = await category("Growth", "kpi", 1);
    let position = 0;
    const kpi = (categoryId: number, key: string, unit: Unit, sensitivity: number, formula: string | null, aggregation: "cum" | "ad" | "dd" = "cum", weightedRatio = false) =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: categoryId, parent_id: null, key, name: key, unit, aggregation_type: aggregation, sensitivity, formula, weighted_ratio: weightedRatio, position: position++, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const revenue = await kpi(pl, "revenue", "currency", 1, null);
    const cogs = await kpi(pl, "cogs", "currency", 2, null);
    const grossProfit = await kpi(pl, "gross_profit", "currency", 1, "revenue - cogs");
    const grossMargin = await kpi(growth, "gross_margin", "percentage", 0, "gross_profit / revenue * 100", "ad", true);
    const cash = await kpi(growth, "cash", "currency", 3, null, "dd");
    const customers = await kpi(growth, "customers", "number", 0, null, "dd");
    const value = (kpiId: number, series: "actual" | "planning", month: string, amount: number) => ({ tenant_id: tenantId, kpi_id: kpiId, series, month, value: amount });
    await db
      .insertInto("kpi_values")
      .values([
        value(revenue, "actual", "2025-04-01", 50),
        value(revenue, "actual", "2025-05-01", 80),
        value(revenue, "actual", "2025-06-01", 120),
        value(cogs, "actual", "2025-04-01", 20),
        value(cogs, "actual", "2025-05-01", 30),
        value(cogs, "actual", "2025-06-01", 40),
        value(revenue, "actual", "2026-04-01", 100),
        value(revenue, "actual", "2026-05-01", 200),
        value(revenue, "actual", "2026-06-01", 300),
        value(cogs, "actual", "2026-04-01", 40),
        value(cogs, "actual", "2026-05-01", 60),
        value(cogs, "actual", "2026-06-01", 100),
        value(cash, "actual", "2026-06-01", 5000),
        value(customers, "actual", "2026-06-01", 42),
        ...["2026-04-01", "2026-05-01", "2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01"].map((month) => value(revenue, "planning", month, 150)),
        ...["2026-04-01", "2026-05-01", "2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01"].map((month) => value(cogs, "planning", month, 50)),
      ])
      .execute();
    const forecast = (name: string, active: boolean) =>
      db
        .insertInto("forecasts")
        .values({ tenant_id: tenantId, category_id: pl, name, source: "meridian", method: "linear_progression", is_active: active, actuals_from: "2025-07-01", actuals_to: "2026-06-01", forecast_from: "2026-07-01", forecast_to: "2026-09-01" })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const active = await forecast("Active", true);
    const inactive = await forecast("Old", false);
    await db
      .insertInto("forecast_values")
      .values([
        { tenant_id: tenantId, forecast_id: active, kpi_id: revenue, month: "2026-07-01", value: 310 },
        { tenant_id: tenantId, forecast_id: active, kpi_id: revenue, month: "2026-08-01", value: 320 },
        { tenant_id: tenantId, forecast_id: active, kpi_id: cogs, month: "2026-07-01", value: 110 },
        { tenant_id: tenantId, forecast_id: inactive, kpi_id: revenue, month: "2026-07-01", value: 999 },
      ])
      .execute();
    const usd = await db.insertInto("fx_rates").values({ tenant_id: tenantId, name: "USD", currency: "USD" }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("fx_rate_values")
      .values([
        { tenant_id: tenantId, fx_rate_id: usd.id, valid_from: "2025-01-01", rate: 1.5 },
        { tenant_id: tenantId, fx_rate_id: usd.id, valid_from: "2026-01-01", rate: 2 },
        { tenant_id: tenantId, fx_rate_id: usd.id, valid_from: "2026-06-01", rate: 3 },
      ])
      .execute();
    return { revenue, cogs, grossProfit, grossMargin, cash, customers, pl, growth, usd: usd.id };
  });
  let groupCount = 0;
  /** A new user holding `permissions` (through a group of their own); their id and auth header. */
  const userWith = async (permissions: string[], options: { isStaff?: boolean } = {}) => {
    const user = await createTestUser(tenantId, { isStaff: options.isStaff ?? false, groups: [{ name: `g${groupCount++}-${permissions.join("-") || "none"}`, permissions }] });
    return { id: user.id, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: user.id }, 300)}` } };
  };
  /** The tenant's events of `type`, oldest first. */
  const events = (type: string) =>
    withTenant(tenantId, system, async ({ db }) => (await readEventsAfter(db, 0, 1000)).filter((event) => event.type === type));
  const call = async (headers: Record<string, string>, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  return { app, services, tenantId, ids, userWith, events, call, withTenant };
}
