import type { OkrLevel } from "../../../../src/contracts/okrs";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The fixed "now" of these tests: Wednesday 13 May 2026, noon UTC (the company is on UTC). */
export const NOW = new Date("2026-05-13T12:00:00Z");
export const TODAY = "2026-05-13";

/**
 * A company with an OKR administrator (write_corporate_okrs, so every level; KPIs of the lowest
 * sensitivity), an employee
 * (read_team_okrs and write_employee_okrs: no corporate), a person who may read only employee
 * objectives, someone without OKR permissions, staff, and a stranger in another company. OKR rows
 * are written straight into the tables (the objective API is another feature's).
 */
export async function okrCompany(options: { features?: Record<string, boolean> } = {}) {
  const { app, services } = await testApp({}, { now: () => NOW });
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant(options.features ? { name: "Okr GmbH", features: options.features } : { name: "Okr GmbH" });
  await withTenant(tenantId, system, ({ db }) => db.updateTable("tenants").set({ time_zone: "UTC" }).where("id", "=", tenantId).execute());
  let groups = 0;
  const headersOf = async (tenant: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId: tenant, userId }, 300)}` });
  const userWith = async (permissions: string[], name: string, options: { isStaff?: boolean; tenant?: string } = {}) => {
    const tenant = options.tenant ?? tenantId;
    const user = await createTestUser(tenant, { isStaff: options.isStaff ?? false, groups: [{ name: `g${groups++}`, permissions }] });
    const [first, last] = name.split(" ");
    await withTenant(tenant, system, ({ db }) => db.updateTable("users").set({ first_name: first ?? name, last_name: last ?? "" }).where("id", "=", user.id).execute());
    return { id: user.id, name, headers: await headersOf(tenant, user.id) };
  };
  const admin = await userWith(["write_corporate_okrs", "read_non_sensitive"], "Ada Admin");
  const employee = await userWith(["read_team_okrs", "write_employee_okrs"], "Emil Employee");
  const personal = await userWith(["read_employee_okrs"], "Pia Personal");
  const nobody = await userWith(["read_non_sensitive"], "Nora Nobody");
  const staff = await userWith([], "Sam Staff", { isStaff: true });
  const strangerTenant = await createTestTenant({ name: "Other AG" });
  const stranger = await userWith(["write_corporate_okrs"], "Stan Stranger", { tenant: strangerTenant });

  const call = async (headers: Record<string, string>, method: Method, url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const json = response.headers["content-type"]?.toString().startsWith("application/json");
    return { status: response.statusCode, body: json && response.body ? response.json() : null };
  };
  const db = <T>(work: (db: Parameters<Parameters<typeof withTenant>[2]>[0]["db"]) => Promise<T>, tenant = tenantId) => withTenant(tenant, system, ({ db }) => work(db));

  const unit = (name: string, kind: "department" | "team" = "department", parentId: number | null = null, tenant = tenantId) =>
    db((db) => db.insertInto("org_units").values({ tenant_id: tenant, kind, parent_id: parentId, name, lead_user_id: null }).returning("id").executeTakeFirstOrThrow(), tenant).then((row) => row.id);
  const status = (name: string, color = "#2f855a", tenant = tenantId) => db((db) => db.insertInto("okr_status_options").values({ tenant_id: tenant, name, color }).returning("id").executeTakeFirstOrThrow(), tenant).then((row) => row.id);

  interface ObjectiveSpec {
    title: string;
    level?: OkrLevel;
    categoryId?: number | null;
    ownerUserId?: number | null;
    startsOn?: string;
    endsOn?: string;
    statusId?: number | null;
    position?: number;
    responsibleIds?: number[];
    tenant?: string;
  }
  const objective = async (spec: ObjectiveSpec) => {
    const tenant = spec.tenant ?? tenantId;
    return db(async (db) => {
      const row = await db
        .insertInto("okr_objectives")
        .values({
          tenant_id: tenant,
          level: spec.level ?? "corporate",
          category_id: spec.categoryId ?? null,
          owner_user_id: spec.ownerUserId ?? null,
          title: spec.title,
          starts_on: spec.startsOn ?? "2026-04-01",
          ends_on: spec.endsOn ?? "2026-06-30",
          status_id: spec.statusId ?? null,
          position: spec.position ?? 0,
          created_at: "2026-04-01T08:00:00Z",
          updated_at: "2026-04-02T08:00:00Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const userId of spec.responsibleIds ?? []) await db.insertInto("okr_objective_responsibles").values({ tenant_id: tenant, objective_id: row.id, user_id: userId }).execute();
      return row.id;
    }, tenant);
  };
  interface KeyResultSpec {
    title: string;
    direction?: "increasing" | "decreasing" | "binary";
    start?: number;
    target?: number;
    actual?: number | null;
    kpiId?: number | null;
    responsibleUserId?: number | null;
    statusId?: number | null;
    position?: number;
  }
  const keyResult = (objectiveId: number, spec: KeyResultSpec) =>
    db((db) =>
      db
        .insertInto("okr_key_results")
        .values({
          tenant_id: tenantId,
          objective_id: objectiveId,
          title: spec.title,
          direction: spec.direction ?? "increasing",
          start_value: spec.start ?? 0,
          target_value: spec.target ?? 100,
          actual_value: spec.actual ?? null,
          kpi_id: spec.kpiId ?? null,
          responsible_user_id: spec.responsibleUserId ?? null,
          status_id: spec.statusId ?? null,
          position: spec.position ?? 0,
          updated_at: "2026-04-03T08:00:00Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow(),
    ).then((row) => row.id);
  const checkIn = (keyResultId: number, confidence: number, at: string) =>
    db((db) => db.insertInto("okr_check_ins").values({ tenant_id: tenantId, key_result_id: keyResultId, author_user_id: admin.id, confidence, created_at: at }).execute());
  interface ChangeSpec {
    at: string;
    action?: "created" | "updated" | "deleted" | "moved" | "copied" | "checked_in";
    item?: "objective" | "key_result" | "milestone";
    itemId?: number;
    title?: string;
    objectiveId: number;
    level?: OkrLevel;
    ownerUserId?: number | null;
    userId?: number | null;
    details?: unknown;
    tenant?: string;
  }
  const change = (spec: ChangeSpec) => {
    const tenant = spec.tenant ?? tenantId;
    return db(
      (db) =>
        db
          .insertInto("okr_changes")
          .values({
            tenant_id: tenant,
            at: spec.at,
            user_id: spec.userId === undefined ? admin.id : spec.userId,
            action_type: spec.action ?? "updated",
            item_type: spec.item ?? "objective",
            item_id: spec.itemId ?? spec.objectiveId,
            item_title: spec.title ?? "Item",
            objective_id: spec.objectiveId,
            level: spec.level ?? "corporate",
            owner_user_id: spec.ownerUserId ?? null,
            details: JSON.stringify(spec.details ?? []),
          })
          .returning("id")
          .executeTakeFirstOrThrow(),
      tenant,
    ).then((row) => row.id);
  };
  const kpi = async (name: string, aggregation: "cum" | "ad" | "dd", values: Record<string, number>, sensitivity = 0) =>
    db(async (db) => {
      const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: `Category ${name}`, kind: "kpi", position: 0 }).returning("id").executeTakeFirstOrThrow()).id;
      const id = (
        await db
          .insertInto("kpis")
          .values({ tenant_id: tenantId, category_id: category, parent_id: null, key: name.toLowerCase().replaceAll(" ", "_"), name, unit: "number", aggregation_type: aggregation, sensitivity, formula: null, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      for (const [month, value] of Object.entries(values)) await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: id, series: "actual", month, value }).execute();
      return id;
    });

  return { tenantId, strangerTenant, admin, employee, personal, nobody, staff, stranger, userWith, call, db, unit, status, objective, keyResult, checkIn, change, kpi };
}
