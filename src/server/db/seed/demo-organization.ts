import type { TenantContext } from "../tenancy";

/** The demo company's departments and teams, by the demo people's e-mail prefixes (lead first). */
const DEMO_STRUCTURE = [
  { name: "Management", people: ["admin", "c-level"], teams: [] },
  {
    name: "Sales",
    people: ["head-of-department"],
    teams: [
      { name: "DACH", people: ["employee", "delegate"] },
      { name: "International", people: ["delegate"] },
    ],
  },
] as const;

/**
 * A small organizational structure, so the settings screen and the features that pick units
 * (OKRs, liquidity planning) have something to show in a demo: for the company whose people these
 * are (`userIds`: the company's own users by e-mail); another demo company keeps an empty one.
 */
export async function seedDemoOrganization({ db, tenantId }: TenantContext, userIds: ReadonlyMap<string, number>) {
  const idOf = (prefix: string) => userIds.get(`${prefix}@demo.example`) ?? null;
  if (idOf("admin") === null) return;
  const unit = async (name: string, parentId: number | null, people: readonly string[]) => {
    const members = people.map(idOf).filter((id): id is number => id !== null);
    const row = await db
      .insertInto("org_units")
      .values({ tenant_id: tenantId, kind: parentId === null ? "department" : "team", parent_id: parentId, name, lead_user_id: members[0] ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (members.length > 0) await db.insertInto("org_unit_members").values(members.map((userId) => ({ tenant_id: tenantId, unit_id: row.id, user_id: userId }))).execute();
    return row.id;
  };
  for (const department of DEMO_STRUCTURE) {
    const departmentId = await unit(department.name, null, department.people);
    for (const team of department.teams) await unit(team.name, departmentId, team.people);
  }
}
