import {
  DEPARTMENT_CANNOT_MOVE,
  DEPARTMENT_NAME_TAKEN,
  ORG_PARENT_NOT_DEPARTMENT,
  ORG_USER_UNKNOWN,
  TEAM_NAME_TAKEN,
  type OrgUnit,
  type OrgUnitChangeRequest,
  type OrgUnitCreateRequest,
} from "../../../contracts/organization";
import { deletionRefusal } from "../../../domain/organization/unit-deletion";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { sql } from "kysely";
import { activeUserIds, findUnit, loadUnit, replaceMembers } from "./org-repository";
import { unitReferences } from "./org-references";

/** A department (no departmentId) or a team of a department, with its lead and members. */
export async function createUnit(context: TenantContext, input: OrgUnitCreateRequest): Promise<OrgUnit> {
  const parent = input.departmentId === null ? null : await requireDepartment(context, input.departmentId);
  await requirePeople(context, input.leadUserId, input.memberIds);
  await requireFreeName(context, input.name, parent?.id ?? null, null);
  const row = await uniqueName(parent !== null, () =>
    context.db
      .insertInto("org_units")
      .values({ tenant_id: context.tenantId, kind: parent ? "team" : "department", parent_id: parent?.id ?? null, name: input.name, lead_user_id: input.leadUserId })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  await replaceMembers(context, row.id, input.memberIds);
  const unit = (await loadUnit(context, row.id))!;
  await context.appendEvent({ type: "OrgUnitCreated", payload: eventPayload(unit) });
  return unit;
}

/** Renames, changes lead or members, or moves a team to another department; all or nothing. */
export async function changeUnit(context: TenantContext, id: number, change: OrgUnitChangeRequest): Promise<OrgUnit> {
  const unit = await findUnit(context, id);
  if (!unit) throw notFound();
  if (change.departmentId !== undefined && unit.kind === "department") throw badRequest({ departmentId: [DEPARTMENT_CANNOT_MOVE] });
  const parentId = change.departmentId !== undefined ? (await requireDepartment(context, change.departmentId)).id : unit.parent_id;
  await requirePeople(context, change.leadUserId ?? null, change.memberIds ?? []);
  const name = change.name ?? unit.name;
  if (change.name !== undefined || parentId !== unit.parent_id) await requireFreeName(context, name, parentId, id);
  const set = {
    ...(change.name !== undefined ? { name } : {}),
    ...(parentId !== unit.parent_id ? { parent_id: parentId } : {}),
    ...(change.leadUserId !== undefined ? { lead_user_id: change.leadUserId } : {}),
  };
  if (Object.keys(set).length > 0) await uniqueName(unit.kind === "team", () => context.db.updateTable("org_units").set(set).where("id", "=", id).execute());
  if (change.memberIds !== undefined) await replaceMembers(context, id, change.memberIds);
  const changed = (await loadUnit(context, id))!;
  await context.appendEvent({ type: "OrgUnitChanged", payload: eventPayload(changed) });
  return changed;
}

/** Deletes a unit nothing refers to (409 naming what still does); its memberships go with it. */
export async function deleteUnit(context: TenantContext, id: number): Promise<void> {
  const unit = await findUnit(context, id);
  if (!unit) throw notFound();
  const refusal = deletionRefusal(unit.kind, unit.name, await unitReferences(context, id));
  if (refusal) throw new HttpError(409, { detail: refusal });
  await context.db.deleteFrom("org_units").where("id", "=", id).execute();
  await context.appendEvent({ type: "OrgUnitDeleted", payload: { id, kind: unit.kind, name: unit.name } });
}

/** Ids and names only: the stream reaches every user, and they read the rest from GET /organization/. */
const eventPayload = (unit: OrgUnit) => ({
  id: unit.id,
  kind: unit.kind,
  name: unit.name,
  departmentId: unit.kind === "team" ? unit.departmentId : null,
  leadUserId: unit.lead?.id ?? null,
  memberIds: unit.members.map((member) => member.id),
});

async function requireDepartment(context: TenantContext, id: number) {
  const parent = await findUnit(context, id);
  if (!parent || parent.kind !== "department") throw badRequest({ departmentId: [ORG_PARENT_NOT_DEPARTMENT] });
  return parent;
}

/** The lead and members must be active users of this company (another company's id reads as unknown). */
async function requirePeople(context: TenantContext, leadUserId: number | null, memberIds: readonly number[]) {
  const known = await activeUserIds(context, [...memberIds, ...(leadUserId === null ? [] : [leadUserId])]);
  if (leadUserId !== null && !known.has(leadUserId)) throw badRequest({ leadUserId: [ORG_USER_UNKNOWN] });
  if (memberIds.some((userId) => !known.has(userId))) throw badRequest({ memberIds: [ORG_USER_UNKNOWN] });
}

/** Names are unique among siblings regardless of case. */
async function requireFreeName({ db }: TenantContext, name: string, parentId: number | null, except: number | null) {
  let query = db.selectFrom("org_units").select("id").where(sql<boolean>`lower(name) = lower(${name})`);
  query = parentId === null ? query.where("parent_id", "is", null) : query.where("parent_id", "=", parentId);
  if (except !== null) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [parentId === null ? DEPARTMENT_NAME_TAKEN : TEAM_NAME_TAKEN] });
}

/** Two requests racing for one name: the loser's unique violation is the same field error, not a 500. */
async function uniqueName<T>(team: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (typeof error === "object" && error !== null && (error as { code?: string }).code === "23505") throw badRequest({ name: [team ? TEAM_NAME_TAKEN : DEPARTMENT_NAME_TAKEN] });
    throw error;
  }
}
