import type { OrgDepartment, OrgPerson, OrgStructure, OrgTeam, OrgUnit } from "../../../contracts/organization";
import type { TenantContext } from "../../db/tenancy";
import { userNames } from "../../platform/people";

/** A unit's row as stored. */
export interface UnitRow {
  readonly id: number;
  readonly kind: "department" | "team";
  readonly parent_id: number | null;
  readonly name: string;
  readonly lead_user_id: number | null;
}

/** The whole structure in three queries: units, memberships, and the people they name. */
export async function loadStructure(context: TenantContext): Promise<OrgStructure> {
  const { db } = context;
  const [units, memberships] = await Promise.all([
    db.selectFrom("org_units").select(["id", "kind", "parent_id", "name", "lead_user_id"]).orderBy("name").orderBy("id").execute(),
    db.selectFrom("org_unit_members").select(["unit_id", "user_id"]).execute(),
  ]);
  const names = await userNames(context, [...units.map((unit) => unit.lead_user_id), ...memberships.map((membership) => membership.user_id)]);
  const people = new Map([...names].map(([id, name]): [number, OrgPerson] => [id, { id, name }]));
  const membersOf = new Map<number, OrgPerson[]>();
  for (const membership of memberships) {
    const person = people.get(membership.user_id);
    if (person) membersOf.set(membership.unit_id, [...(membersOf.get(membership.unit_id) ?? []), person]);
  }
  const describe = (unit: UnitRow) => ({
    id: unit.id,
    name: unit.name,
    lead: unit.lead_user_id === null ? null : (people.get(unit.lead_user_id) ?? null),
    members: (membersOf.get(unit.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
  });
  const teams = units.filter((unit) => unit.kind === "team").map((unit): OrgTeam => ({ ...describe(unit), kind: "team", departmentId: unit.parent_id! }));
  const departments = units
    .filter((unit) => unit.kind === "department")
    .map((unit): OrgDepartment => ({ ...describe(unit), kind: "department", teams: teams.filter((team) => team.departmentId === unit.id) }));
  return { departments };
}

/** One unit as the API answers it (after a create or change). */
export async function loadUnit(context: TenantContext, id: number): Promise<OrgUnit | null> {
  const { departments } = await loadStructure(context);
  for (const department of departments) {
    if (department.id === id) return department;
    const team = department.teams.find((candidate) => candidate.id === id);
    if (team) return team;
  }
  return null;
}

export async function findUnit({ db }: TenantContext, id: number): Promise<UnitRow | undefined> {
  return db.selectFrom("org_units").select(["id", "kind", "parent_id", "name", "lead_user_id"]).where("id", "=", id).executeTakeFirst();
}

/** Of these user ids, the ones that are active users of the company. */
export async function activeUserIds({ db }: TenantContext, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("users").select("id").where("id", "in", [...new Set(ids)]).where("is_active", "=", true).execute();
  return new Set(rows.map((row) => row.id));
}

export async function replaceMembers({ db, tenantId }: TenantContext, unitId: number, userIds: readonly number[]) {
  await db.deleteFrom("org_unit_members").where("unit_id", "=", unitId).execute();
  if (userIds.length > 0) await db.insertInto("org_unit_members").values(userIds.map((userId) => ({ tenant_id: tenantId, unit_id: unitId, user_id: userId }))).execute();
}
