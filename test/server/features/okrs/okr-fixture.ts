import { readEventsAfter } from "../../../../src/server/db/event-log";
import { ROLE_PERMISSIONS } from "../../../../src/domain/permissions/roles";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

export const system = { kind: "system", name: "test" } as const;
type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** The tests' today: mid June 2026 (the current month is June). */
export const NOW = new Date("2026-06-15T10:00:00Z");

/**
 * A company for the OKR tests: users of the product's roles (Administrator, C-Level, Head of
 * department, two Employees, External), a KPI `revenue` (level 0, cumulative, actuals January to
 * May 2026 of 10 each, plans of 20 a month) and `payroll` (level 3, which the Employee may not
 * read); a department Sales with a team Field; and a stranger: another company's administrator.
 */
export async function okrWorld() {
  const { app, services } = await testApp({}, { now: () => NOW });
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant({ name: "OKR GmbH" });
  let groups = 0;
  const userIn = async (tenant: string, permissions: readonly string[]) => {
    const user = await createTestUser(tenant, { groups: [{ name: `okr-group-${groups++}`, permissions: [...permissions] }] });
    return { id: user.id, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId: tenant, userId: user.id }, 600)}` } };
  };
  const admin = await userIn(tenantId, ROLE_PERMISSIONS.Administrator);
  const clevel = await userIn(tenantId, ROLE_PERMISSIONS["C-Level"]);
  const head = await userIn(tenantId, ROLE_PERMISSIONS["Head of department"]);
  const employee = await userIn(tenantId, ROLE_PERMISSIONS.Employee);
  const colleague = await userIn(tenantId, ROLE_PERMISSIONS.Employee);
  const external = await userIn(tenantId, ROLE_PERMISSIONS.External);
  const strangerTenant = await createTestTenant();
  const stranger = await userIn(strangerTenant, ROLE_PERMISSIONS.Administrator);
  const seeded = await withTenant(tenantId, system, async ({ db }) => {
    const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Sales", kind: "kpi", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
    const kpi = (key: string, sensitivity: number, aggregation: "cum" | "dd") =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: category, parent_id: null, key, name: key[0]!.toUpperCase() + key.slice(1), unit: "number", aggregation_type: aggregation, sensitivity, formula: null, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const revenue = await kpi("revenue", 0, "cum");
    const payroll = await kpi("payroll", 3, "cum");
    const headcount = await kpi("headcount", 0, "dd");
    for (let month = 1; month <= 12; month++) {
      const date = `2026-${String(month).padStart(2, "0")}-01`;
      if (month <= 5) await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: revenue, series: "actual", month: date, value: 10 }).execute();
      await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: revenue, series: "planning", month: date, value: 20 }).execute();
      await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: headcount, series: "planning", month: date, value: 40 + month }).execute();
    }
    await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: headcount, series: "actual", month: "2025-12-01", value: 38 }).execute();
    await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: payroll, series: "actual", month: "2026-02-01", value: 99 }).execute();
    const sales = (await db.insertInto("org_units").values({ tenant_id: tenantId, kind: "department", parent_id: null, name: "Sales", lead_user_id: null }).returning("id").executeTakeFirstOrThrow()).id;
    const field = (await db.insertInto("org_units").values({ tenant_id: tenantId, kind: "team", parent_id: sales, name: "Field", lead_user_id: null }).returning("id").executeTakeFirstOrThrow()).id;
    return { revenue, payroll, headcount, sales, field };
  });

  const call = async (who: { headers: Record<string, string> }, method: Method, url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const okrEvents = async () => withTenant(tenantId, system, async ({ db }) => (await readEventsAfter(db, 0, 10_000)).filter((event) => event.type === "OkrChanged"));
  const changes = () => withTenant(tenantId, system, ({ db }) => db.selectFrom("okr_changes").select(["action_type", "item_type", "item_id", "item_title", "objective_id", "level", "category_id", "owner_user_id", "details", "user_id"]).orderBy("id").execute());
  const corporate = async (title = "Grow revenue", extra: Record<string, unknown> = {}) => {
    const answer = await call(admin, "POST", "/api/okrs/objectives/", { level: "corporate", title, startsOn: "2026-01-01", endsOn: "2026-12-31", ...extra });
    if (answer.status !== 201) throw new Error(`corporate objective: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return { app, tenantId, withTenant, admin, clevel, head, employee, colleague, external, stranger, strangerTenant, ...seeded, call, okrEvents, changes, corporate };
}
