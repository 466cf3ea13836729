import { createTestTenant, createTestUser } from "../../../support/database";
import { reportingCompany } from "../kpis/reporting-fixture";

/**
 * The collaboration company: the KPI reporting company (revenue level 1, cogs 2, gross margin
 * level 0 but read at 2, customers 0, cash 3) with
 * - writer and colleague: read up to level 1 (revenue, customers);
 * - junior: level 0 only (customers);
 * - admin: manage_company_settings, level 0 only;
 * - stranger: another company's user who reads everything.
 */
export async function collaborationCompany() {
  const world = await reportingCompany();
  const person = async (permissions: string[]) => {
    const user = await world.userWith(permissions);
    const email = await world.withTenant(world.tenantId, { kind: "system", name: "test" }, async ({ db }) => (await db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email);
    return { ...user, email };
  };
  const writer = await person(["read_sensitive"]);
  const colleague = await person(["read_sensitive"]);
  const junior = await person(["read_non_sensitive"]);
  const admin = await person(["manage_company_settings", "read_non_sensitive"]);
  const strangerTenant = await createTestTenant();
  const strangerUser = await createTestUser(strangerTenant, { groups: [{ name: "All", permissions: ["read_super_sensitive", "manage_company_settings"] }] });
  const stranger = { id: strangerUser.id, headers: { authorization: `Bearer ${await world.services.signer.sign("access", { tenantId: strangerTenant, userId: strangerUser.id }, 300)}` } };
  /** A comment by `by` (the writer unless said) on a KPI (revenue unless said); its id. */
  const comment = async (text: string, options: { by?: { headers: Record<string, string> }; kpiId?: number; month?: string | null } = {}) => {
    const answer = await world.call((options.by ?? writer).headers, "POST", `/api/kpis/${options.kpiId ?? world.ids.revenue}/comments/`, { text, ...(options.month !== undefined ? { month: options.month } : {}) });
    if (answer.status !== 201) throw new Error(`comment: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { comment: { id: number; actionId: number | null }; notified: { id: number; name: string }[]; unnotified: { address: string; reason: string }[] };
  };
  /** The inbox of a user, straight from the table. */
  const inbox = (userId: number) => world.withTenant(world.tenantId, { kind: "system", name: "test" }, ({ db }) => db.selectFrom("user_notifications").selectAll().where("user_id", "=", userId).orderBy("id").execute());
  return { ...world, writer, colleague, junior, admin, stranger, comment, inbox };
}
