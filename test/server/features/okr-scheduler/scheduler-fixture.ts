import { randomUUID } from "node:crypto";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import type { ManualClock } from "../../../support/manual-clock";

export const system = { kind: "system", name: "test" } as const;

/**
 * Two companies for the scheduler tests, both in Europe/Berlin. Company A: an OKR administrator
 * (manage_okr_scheduler), a company administrator (manage_company_settings), three people who
 * write OKRs (alice, bob, carol), a reader of corporate OKRs, and a staff member. Company B: its
 * own OKR administrator.
 */
export async function schedulerWorld(options: { clock?: ManualClock } = {}) {
  const { app, services } = await testApp({}, {}, options.clock ? { clock: options.clock } : {});
  const { database, withTenant } = await testDatabase();
  const a = await createTestTenant({ name: "Scheduler A" });
  const b = await createTestTenant({ name: `Scheduler B ${randomUUID().slice(0, 6)}` });
  await database.system.updateTable("tenants").set({ time_zone: "Europe/Berlin" }).where("id", "in", [a, b]).execute();
  const writer = { name: "OKR writers", permissions: ["write_employee_okrs"] };
  const admin = await createTestUser(a, { groups: [{ name: "OKR administrators", permissions: ["manage_okr_scheduler"] }] });
  const companyAdmin = await createTestUser(a, { groups: [{ name: "Company administrators", permissions: ["manage_company_settings"] }] });
  const alice = await createTestUser(a, { groups: [writer] });
  const bob = await createTestUser(a, { groups: [writer] });
  const carol = await createTestUser(a, { groups: [writer] });
  const reader = await createTestUser(a, { groups: [{ name: "Corporate readers", permissions: ["read_corporate_okrs"] }] });
  const staff = await createTestUser(a, { isStaff: true });
  const foreign = await createTestUser(b, { groups: [{ name: "OKR administrators", permissions: ["manage_okr_scheduler"] }] });
  const headersOf = async (tenantId: string, userId: number) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 3600)}` });

  const call = async (headers: Record<string, string>, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, text: response.body, json: response.body ? response.json() : null };
  };

  /** A company A objective with key results (each with its responsible, or null for the objective's). */
  const objective = (level: "corporate" | "employee", title: string, period: [string, string], responsibles: number[], keyResults: [string, number | null][], ownerUserId: number | null = null) =>
    withTenant(a, system, async ({ db }) => {
      const row = await db.insertInto("okr_objectives").values({ tenant_id: a, level, title, starts_on: period[0], ends_on: period[1], owner_user_id: ownerUserId }).returning("id").executeTakeFirstOrThrow();
      if (responsibles.length > 0) await db.insertInto("okr_objective_responsibles").values(responsibles.map((user_id) => ({ tenant_id: a, objective_id: row.id, user_id }))).execute();
      const ids: number[] = [];
      for (const [index, [krTitle, responsible]] of keyResults.entries()) {
        const kr = await db.insertInto("okr_key_results").values({ tenant_id: a, objective_id: row.id, title: krTitle, direction: "increasing", start_value: 0, target_value: 100, responsible_user_id: responsible, position: index }).returning("id").executeTakeFirstOrThrow();
        ids.push(kr.id);
      }
      return { id: row.id, keyResults: ids };
    });
  const checkIn = (keyResultId: number, userId: number, at: Date) =>
    withTenant(a, system, ({ db }) => db.insertInto("okr_check_ins").values({ tenant_id: a, key_result_id: keyResultId, author_user_id: userId, confidence: 7, created_at: at }).execute());

  return {
    app,
    services,
    database,
    withTenant,
    companyA: a,
    companyB: b,
    users: { admin, companyAdmin, alice, bob, carol, reader, staff, foreign },
    headers: {
      admin: await headersOf(a, admin.id),
      companyAdmin: await headersOf(a, companyAdmin.id),
      reader: await headersOf(a, reader.id),
      alice: await headersOf(a, alice.id),
      foreign: await headersOf(b, foreign.id),
    },
    call,
    objective,
    checkIn,
  };
}

export type SchedulerWorld = Awaited<ReturnType<typeof schedulerWorld>>;
