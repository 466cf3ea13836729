import { randomUUID } from "node:crypto";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

export const system = { kind: "system", name: "test" } as const;
type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** The tests' today: 15 June 2026; new scenarios start in July. */
export const NOW = new Date("2026-06-15T10:00:00Z");

/**
 * A company for the liquidity tests: a liquidity administrator, a planner (write), an approver,
 * a reader (read permission, to be put on read lists), an outsider (write, on no list), someone
 * without liquidity planning, a person holding it only by the per-user grant; departments Sales
 * and R&D (the planner also reads basic KPIs); a cash KPI (actuals May 2026 90,000 and June 100,000), a revenue KPI (no values); an FX rate to USD at 1.25.
 * And a stranger: another company's administrator.
 */
export async function liquidityWorld() {
  const { app, services } = await testApp({}, { now: () => NOW });
  const { withTenant, database } = await testDatabase();
  const tenantId = await createTestTenant({ name: `Liquidity ${randomUUID().slice(0, 6)}` });
  const tokenOf = async (tenant: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId: tenant, userId }, 600)}` });
  const userIn = async (tenant: string, permissions: readonly string[]) => {
    const user = await createTestUser(tenant, { groups: [{ name: `liq-${randomUUID().slice(0, 8)}`, permissions: [...permissions] }] });
    return { id: user.id, headers: await tokenOf(tenant, user.id) };
  };
  const admin = await userIn(tenantId, ["access_liquidity_planning_admin"]);
  const planner = await userIn(tenantId, ["access_liquidity_planning", "write_liquidity_scenarios", "read_non_sensitive"]);
  const approver = await userIn(tenantId, ["access_liquidity_planning", "approve_liquidity_scenarios"]);
  const reader = await userIn(tenantId, ["access_liquidity_planning", "read_liquidity_scenarios"]);
  const outsider = await userIn(tenantId, ["access_liquidity_planning", "write_liquidity_scenarios"]);
  const noAccess = await userIn(tenantId, ["access_financial_planning", "read_most_sensitive"]);
  const granted = await userIn(tenantId, []);
  const strangerTenant = await createTestTenant();
  const stranger = await userIn(strangerTenant, ["access_liquidity_planning_admin"]);
  const seeded = await withTenant(tenantId, system, async ({ db }) => {
    // The per-user grant (spec section 6): held by the user, no group.
    await db.insertInto("user_permissions").values([{ tenant_id: tenantId, user_id: granted.id, permission: "access_liquidity_planning" }, { tenant_id: tenantId, user_id: granted.id, permission: "write_liquidity_scenarios" }]).execute();
    const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Finance", kind: "financial", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
    const kpi = (key: string, name: string, aggregation: "cum" | "dd") =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: category, parent_id: null, key, name, unit: "currency", aggregation_type: aggregation, sensitivity: 0, formula: null, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const cash = await kpi("cash_balance", "Cash balance", "dd");
    const revenue = await kpi("revenue", "Revenue", "cum");
    await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: cash, series: "actual", month: "2026-05-01", value: 90_000 }).execute();
    await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: cash, series: "actual", month: "2026-06-01", value: 100_000 }).execute();
    const fxRate = (await db.insertInto("fx_rates").values({ tenant_id: tenantId, name: "US dollar", currency: "USD" }).returning("id").executeTakeFirstOrThrow()).id;
    await db.insertInto("fx_rate_values").values({ tenant_id: tenantId, fx_rate_id: fxRate, valid_from: "2026-01-01", rate: 1.25 }).execute();
    const department = (name: string) => db.insertInto("org_units").values({ tenant_id: tenantId, kind: "department", parent_id: null, name, lead_user_id: null }).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
    return { cash, revenue, fxRate, sales: await department("Sales"), rnd: await department("R&D") };
  });
  const call = async (who: { headers: Record<string, string> }, method: Method, url: string, payload?: unknown) => {
    const response = await app.inject({ method, url: `/api/liquidity${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body && response.headers["content-type"]?.toString().includes("json") ? response.json() : response.body, raw: response.rawPayload, headers: response.headers };
  };
  /** Creates a scenario as `who` (201 or throws). */
  const scenario = async (who: { headers: Record<string, string> }, name: string, body: Record<string, unknown> = {}) => {
    const answer = await call(who, "POST", "/scenarios/", { name, ...body });
    if (answer.status !== 201) throw new Error(`scenario ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const employee = (overrides: Record<string, unknown> = {}) => ({
    employeeId: null,
    fullName: "Jane Doe",
    employmentType: "full_time",
    departmentId: null,
    role: "Engineer",
    weeklyHours: 40,
    fixSalary: 120_000,
    hireDate: null,
    terminationDate: null,
    costCenter: "CC-1",
    openPosition: false,
    salaryIncreases: [],
    employerCostRate: null,
    ...overrides,
  });
  const contract = (overrides: Record<string, unknown> = {}) => ({ kind: "contract", account: "6300 Rent", vendor: "Landlord", costDriver: "Office", startDate: "2026-07-01", endDate: null, amount: 1000, costCenter: "CC-1", frequency: "monthly", vatRate: 0, ...overrides });
  const events = (type?: string) => withTenant(tenantId, system, ({ db }) => {
    let query = db.selectFrom("events").select(["type", "payload"]).where("type", "like", "Liquidity%");
    if (type) query = query.where("type", "=", type);
    return query.orderBy("seq").execute();
  });
  return { app, services, database, withTenant, tenantId, strangerTenant, admin, planner, approver, reader, outsider, noAccess, granted, stranger, ...seeded, call, scenario, employee, contract, events };
}

export type LiquidityWorld = Awaited<ReturnType<typeof liquidityWorld>>;
