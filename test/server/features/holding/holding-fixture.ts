import { readEventsAfter } from "../../../../src/server/db/event-log";
import { ROLE_PERMISSIONS } from "../../../../src/domain/permissions/roles";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A holding in CHF with rates for EUR in January–March 2026 (average 0.9, 1.0, 1.1; month end
 * 0.95, 1.05, 1.2), its clock in mid-April 2026, and companies made with `company(name, currency)`, each with stored KPIs:
 * Revenue (currency, cum, level 0: 100, 200, 300 in Jan–Mar 2026), Cash (currency, dd, level 1:
 * 1000, 1100, 1200), Salaries (currency, cum, level 2: 777 777 a month, never for a holding),
 * Margin (percentage, ad) and a calculated Double revenue.
 */
export async function holdingWorld(options: { holdingFeatures?: Record<string, boolean> } = {}) {
  // Mid-April 2026: the fiscal year to date of the holding (from January) is January–March.
  const { app, services } = await testApp({}, { now: () => new Date("2026-04-15T10:00:00Z") });
  const { withTenant, database } = await testDatabase();
  const call = async (headers: Record<string, string>, method: Method, url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const ok = (response: { status: number; body: any }, status = 200) => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const login = async (tenantId: string, permissions: readonly string[]) => {
    const user = await createTestUser(tenantId, { groups: [{ name: `g-${permissions.length}`, permissions: [...permissions] }] });
    return { id: user.id, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: user.id }, 600)}` } };
  };
  const admin = (tenantId: string) => login(tenantId, ROLE_PERMISSIONS.Administrator);

  const holdingId = await createTestTenant({ kind: "holding", features: options.holdingFeatures ?? { holding_reporting: true, okr: true } });
  await database.system.updateTable("tenants").set({ local_currency: "CHF" }).where("id", "=", holdingId).execute();
  const holdingAdmin = await admin(holdingId);
  const holdingViewer = await login(holdingId, []);
  await withTenant(holdingId, system, ({ db }) =>
    db
      .insertInto("holding_fx_rates")
      .values([
        { tenant_id: holdingId, currency: "EUR", month: "2026-01-01", average_rate: 0.9, month_end_rate: 0.95 },
        { tenant_id: holdingId, currency: "EUR", month: "2026-02-01", average_rate: 1.0, month_end_rate: 1.05 },
        { tenant_id: holdingId, currency: "EUR", month: "2026-03-01", average_rate: 1.1, month_end_rate: 1.2 },
      ])
      .execute(),
  );

  /** A company in `currency` with the KPIs above, scaled by `scale`; its administrator and a member without manage_company_settings. */
  const company = async (name: string, currency = "EUR", scale = 1) => {
    const tenantId = await createTestTenant({ name: `${name} ${Math.random().toString(36).slice(2, 8)}` });
    await database.system.updateTable("tenants").set({ local_currency: currency }).where("id", "=", tenantId).execute();
    await withTenant(tenantId, system, async ({ db }) => {
      const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "P&L", kind: "financial", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
      const kpi = async (key: string, name: string, unit: "currency" | "percentage", aggregation: "cum" | "dd" | "ad", sensitivity: number, formula: string | null = null) =>
        (
          await db
            .insertInto("kpis")
            .values({ tenant_id: tenantId, category_id: category, parent_id: null, key, name, unit, aggregation_type: aggregation, sensitivity, formula, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      const values = async (kpiId: number, byMonth: Record<string, number>) =>
        db.insertInto("kpi_values").values(Object.entries(byMonth).map(([month, value]) => ({ tenant_id: tenantId, kpi_id: kpiId, series: "actual" as const, month, value: value * scale }))).execute();
      await values(await kpi("revenue", "Revenue", "currency", "cum", 0), { "2026-01-01": 100, "2026-02-01": 200, "2026-03-01": 300, "2026-04-01": 400 });
      await values(await kpi("cash", "Cash", "currency", "dd", 1), { "2026-01-01": 1000, "2026-02-01": 1100, "2026-03-01": 1200 });
      await values(await kpi("salaries", "Salaries", "currency", "cum", 2), { "2026-01-01": 777_777, "2026-02-01": 777_777, "2026-03-01": 777_777 });
      await values(await kpi("margin", "Margin", "percentage", "ad", 0), { "2026-01-01": 40 });
      await kpi("double_revenue", "Double revenue", "currency", "cum", 0, "revenue * 2");
    });
    return { tenantId, admin: await admin(tenantId), member: await login(tenantId, ["read_super_sensitive"]) };
  };

  /** The company's administrator issues a code, the holding's adds the company with it; the holding's subsidiary id and the company's request id. */
  const link = async (target: Awaited<ReturnType<typeof company>>) => {
    const { code } = ok(await call(target.admin.headers, "POST", "/api/company/holdings/link-code/"), 201);
    const added = ok(await call(holdingAdmin.headers, "POST", "/api/holdings/", { code }), 201);
    const requests = ok(await call(target.admin.headers, "GET", "/api/company/holdings/"));
    return { subsidiaryId: added.id as number, requestId: requests[0].id as number };
  };
  const decide = (target: Awaited<ReturnType<typeof company>>, requestId: number, state: "authorized" | "denied") => call(target.admin.headers, "POST", `/api/company/holdings/${requestId}/decision/`, { state });
  const rollup = async (query = "from=2026-01-01&to=2026-03-01") => ok(await call(holdingViewer.headers, "GET", `/api/holdings/rollup/?${query}`));
  const events = (tenantId: string, type: string) => withTenant(tenantId, system, async ({ db }) => (await readEventsAfter(db, 0, 1000)).filter((event) => event.type === type));

  return { app, services, database, withTenant, call, ok, holdingId, holdingAdmin, holdingViewer, company, link, decide, rollup, events, admin, login };
}
