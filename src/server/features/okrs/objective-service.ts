import { sql } from "kysely";
import {
  MAX_TEAM_PARENTS,
  OKR_LEVEL_FORBIDDEN,
  POSITIONS_DUPLICATE,
  POSITIONS_MIXED,
  PARENT_UNKNOWN,
  type Objective,
  type ObjectiveChangeRequest,
  type ObjectiveCopyRequest,
  type ObjectiveCreateRequest,
  type ObjectiveMoveRequest,
} from "../../../contracts/okrs";
import { isHigherLevel, mayWriteObjective, parentsKeptOnMove, positionsProblem, reorderedGroup, sameGroup, type OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden } from "../../platform/http/errors";
import { fieldChanges, recordChange } from "./okr-changes";
import { nextObjectivePosition, placeFor, readableObjective, requireActiveUsers, requireParents, requirePeriodOrder, requireStatus, writableObjective } from "./okr-checks";
import { objectiveRows, objectivesFor, readable, writable, type ObjectiveFilter } from "./okr-repository";

/** Objectives: list, read, create, change, delete, copy, move, order (spec section 7). */

export const listObjectives = (context: TenantContext, viewer: OkrViewer, now: Date, filter: ObjectiveFilter) => objectivesFor(context, viewer, now, filter);

export async function objectiveFor(context: TenantContext, viewer: OkrViewer, now: Date, id: number): Promise<Objective> {
  await readableObjective(context, viewer, id);
  return (await objectivesFor(context, viewer, now, { ids: [id] }))[0]!;
}

const parentIdsOf = async ({ db }: TenantContext, id: number) =>
  (await db.selectFrom("okr_objective_links").select("parent_id").where("objective_id", "=", id).orderBy("parent_id").execute()).map((row) => row.parent_id);
const responsibleIdsOf = async ({ db }: TenantContext, id: number) =>
  (await db.selectFrom("okr_objective_responsibles").select("user_id").where("objective_id", "=", id).orderBy("user_id").execute()).map((row) => row.user_id);

async function replaceLinks(context: TenantContext, id: number, parentIds: readonly number[]) {
  await context.db.deleteFrom("okr_objective_links").where("objective_id", "=", id).execute();
  if (parentIds.length > 0) await context.db.insertInto("okr_objective_links").values(parentIds.map((parent_id) => ({ tenant_id: context.tenantId, objective_id: id, parent_id }))).execute();
}

async function replaceResponsibles(context: TenantContext, id: number, userIds: readonly number[]) {
  await context.db.deleteFrom("okr_objective_responsibles").where("objective_id", "=", id).execute();
  const unique = [...new Set(userIds)];
  if (unique.length > 0) await context.db.insertInto("okr_objective_responsibles").values(unique.map((user_id) => ({ tenant_id: context.tenantId, objective_id: id, user_id }))).execute();
}

export async function createObjective(context: TenantContext, viewer: OkrViewer, now: Date, input: ObjectiveCreateRequest): Promise<Objective> {
  const place = await placeFor(context, viewer, input.level, input.categoryId, input.ownerUserId);
  if (!mayWriteObjective(viewer, { level: input.level, ownerUserId: place.ownerUserId })) throw forbidden(OKR_LEVEL_FORBIDDEN);
  requirePeriodOrder(input.startsOn, input.endsOn);
  await requireStatus(context, "statusId", input.statusId);
  await requireActiveUsers(context, "responsibleIds", input.responsibleIds);
  const parents = await requireParents(context, viewer, input.level, null, input.parentIds);
  const row = await context.db
    .insertInto("okr_objectives")
    .values({
      tenant_id: context.tenantId,
      level: input.level,
      category_id: place.categoryId,
      owner_user_id: place.ownerUserId,
      title: input.title,
      description: input.description,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      position: await nextObjectivePosition(context, { level: input.level, ...place }),
      status_id: input.statusId,
      created_by: viewer.userId,
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "level", "category_id", "owner_user_id"])
    .executeTakeFirstOrThrow();
  await replaceLinks(context, row.id, parents.map((parent) => parent.id));
  await replaceResponsibles(context, row.id, input.responsibleIds);
  await recordChange(context, row, { actionType: "created", itemType: "objective", itemId: row.id, itemTitle: input.title });
  return objectiveFor(context, viewer, now, row.id);
}

export async function changeObjective(context: TenantContext, viewer: OkrViewer, now: Date, id: number, change: ObjectiveChangeRequest): Promise<Objective> {
  const row = await writableObjective(context, viewer, id);
  const startsOn = change.startsOn ?? row.starts_on;
  const endsOn = change.endsOn ?? row.ends_on;
  requirePeriodOrder(startsOn, endsOn);
  if (change.statusId !== undefined) await requireStatus(context, "statusId", change.statusId);
  if (change.responsibleIds !== undefined) await requireActiveUsers(context, "responsibleIds", change.responsibleIds);
  const [parentsBefore, responsiblesBefore] = await Promise.all([parentIdsOf(context, id), responsibleIdsOf(context, id)]);
  // Links to parents the viewer may not read stay as they are: the viewer neither sees nor sends them.
  const hiddenParents = parentsBefore.length === 0 ? [] : (await objectiveRows(context, { ids: parentsBefore })).filter((parent) => !readable(viewer, parent)).map((parent) => parent.id);
  const parentsAfter = change.parentIds === undefined ? parentsBefore : [...new Set([...hiddenParents, ...(await requireParents(context, viewer, row.level, id, change.parentIds)).map((parent) => parent.id)])].sort((a, b) => a - b);
  if (change.parentIds !== undefined) await requireParents(context, { ...viewer, isStaff: true }, row.level, id, parentsAfter);
  const responsiblesAfter = change.responsibleIds === undefined ? responsiblesBefore : [...new Set(change.responsibleIds)].sort((a, b) => a - b);
  const details = fieldChanges([
    ["title", row.title, change.title ?? row.title],
    ["description", row.description, change.description ?? row.description],
    ["startsOn", row.starts_on, startsOn],
    ["endsOn", row.ends_on, endsOn],
    ["statusId", row.status_id, change.statusId === undefined ? row.status_id : change.statusId],
    ["parentIds", parentsBefore, parentsAfter],
    ["responsibleIds", responsiblesBefore, responsiblesAfter],
  ]);
  if (details.length === 0) return objectiveFor(context, viewer, now, id);
  await context.db
    .updateTable("okr_objectives")
    .set({
      title: change.title ?? row.title,
      description: change.description ?? row.description,
      starts_on: startsOn,
      ends_on: endsOn,
      status_id: change.statusId === undefined ? row.status_id : change.statusId,
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
  if (change.parentIds !== undefined) await replaceLinks(context, id, parentsAfter);
  if (change.responsibleIds !== undefined) await replaceResponsibles(context, id, responsiblesAfter);
  await recordChange(context, row, { actionType: "updated", itemType: "objective", itemId: id, itemTitle: change.title ?? row.title, details });
  return objectiveFor(context, viewer, now, id);
}

/** Deletes an objective with its key results, milestones, check-ins and tasks; its children lose the link. */
export async function deleteObjective(context: TenantContext, viewer: OkrViewer, id: number): Promise<void> {
  const row = await writableObjective(context, viewer, id);
  await context.db.deleteFrom("okr_objectives").where("id", "=", id).execute();
  await recordChange(context, row, { actionType: "deleted", itemType: "objective", itemId: id, itemTitle: row.title });
}

const DAY = 86_400_000;
const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const isMonthEnd = (date: string) => shiftDate(date, 1).endsWith("-01");

/**
 * The end of a copied period: a period of whole months (first to last day) copied to start on a
 * first of a month keeps its number of months (Q1 copied to April ends on 30 June); another keeps
 * its number of days.
 */
function shiftedEnd(startsOn: string, endsOn: string, newStart: string, shiftDays: number): string {
  if (!(startsOn.endsWith("-01") && isMonthEnd(endsOn) && newStart.endsWith("-01"))) return shiftDate(endsOn, shiftDays);
  const months = (Number(endsOn.slice(0, 4)) - Number(startsOn.slice(0, 4))) * 12 + Number(endsOn.slice(5, 7)) - Number(startsOn.slice(5, 7)) + 1;
  const start = new Date(`${newStart}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 0)).toISOString().slice(0, 10);
}

/**
 * A copy in the same level and unit (or owner), at the end of its group: title (or the one
 * given), description, period (or the one given: a new start alone keeps the length), parents,
 * responsibles, key results (figures and KPI links, without actual values, check-ins or status)
 * and milestones (not done, due dates moved with the period).
 */
export async function copyObjective(context: TenantContext, viewer: OkrViewer, now: Date, id: number, input: ObjectiveCopyRequest): Promise<Objective> {
  const source = await readableObjective(context, viewer, id);
  if (!writable(viewer, source)) throw forbidden(OKR_LEVEL_FORBIDDEN);
  const shift = input.startsOn === undefined ? 0 : Math.round((Date.parse(`${input.startsOn}T00:00:00Z`) - Date.parse(`${source.starts_on}T00:00:00Z`)) / DAY);
  const startsOn = input.startsOn ?? source.starts_on;
  const endsOn = input.endsOn ?? shiftedEnd(source.starts_on, source.ends_on, startsOn, shift);
  requirePeriodOrder(startsOn, endsOn);
  const title = input.title ?? (input.startsOn === undefined && input.endsOn === undefined ? `${source.title} (copy)`.slice(0, 200) : source.title);
  const { db, tenantId } = context;
  const created = await db
    .insertInto("okr_objectives")
    .values({
      tenant_id: tenantId,
      level: source.level,
      category_id: source.category_id,
      owner_user_id: source.owner_user_id,
      title,
      description: source.description,
      starts_on: startsOn,
      ends_on: endsOn,
      position: await nextObjectivePosition(context, { level: source.level, categoryId: source.category_id, ownerUserId: source.owner_user_id }),
      status_id: null,
      created_by: viewer.userId,
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "level", "category_id", "owner_user_id"])
    .executeTakeFirstOrThrow();
  await replaceLinks(context, created.id, await parentIdsOf(context, id));
  await replaceResponsibles(context, created.id, await responsibleIdsOf(context, id));
  const keyResults = await db.selectFrom("okr_key_results").selectAll().where("objective_id", "=", id).orderBy("position").orderBy("id").execute();
  if (keyResults.length > 0) {
    await db
      .insertInto("okr_key_results")
      .values(
        keyResults.map((kr) => ({
          tenant_id: tenantId,
          objective_id: created.id,
          title: kr.title,
          direction: kr.direction,
          unit: kr.unit,
          start_value: kr.start_value,
          target_value: kr.target_value,
          actual_value: null,
          kpi_id: kr.kpi_id,
          responsible_user_id: kr.responsible_user_id,
          status_id: null,
          position: kr.position,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const milestones = await db.selectFrom("okr_milestones").selectAll().where("objective_id", "=", id).orderBy("position").orderBy("id").execute();
  if (milestones.length > 0) {
    await db
      .insertInto("okr_milestones")
      .values(milestones.map((m) => ({ tenant_id: tenantId, objective_id: created.id, title: m.title, due_on: m.due_on === null ? null : shiftDate(m.due_on, shift), done_at: null, responsible_user_id: m.responsible_user_id, position: m.position })))
      .execute();
  }
  await recordChange(context, created, { actionType: "copied", itemType: "objective", itemId: created.id, itemTitle: title, details: [{ field: "copiedFrom", from: id, to: created.id }] });
  return objectiveFor(context, viewer, now, created.id);
}

/**
 * Moves an objective to another level, unit or owner (the caller must be allowed to write it
 * where it is and where it goes). Parent links that no longer point to a higher level are dropped
 * (a team objective keeps at most two), and so are links of children that no longer rank below it.
 */
export async function moveObjective(context: TenantContext, viewer: OkrViewer, now: Date, id: number, input: ObjectiveMoveRequest): Promise<Objective> {
  const row = await writableObjective(context, viewer, id);
  const place = await placeFor(context, viewer, input.level, input.categoryId, input.ownerUserId ?? (input.level === "employee" ? row.owner_user_id : null));
  if (!mayWriteObjective(viewer, { level: input.level, ownerUserId: place.ownerUserId })) throw forbidden(OKR_LEVEL_FORBIDDEN);
  const moved = { ...row, level: input.level, category_id: place.categoryId, owner_user_id: place.ownerUserId };
  if (sameGroup({ level: row.level, categoryId: row.category_id, ownerUserId: row.owner_user_id }, { level: moved.level, categoryId: moved.category_id, ownerUserId: moved.owner_user_id })) {
    return objectiveFor(context, viewer, now, id);
  }
  const { db } = context;
  const parentsBefore = await objectiveRows(context, { ids: await parentIdsOf(context, id) });
  const kept = parentsKeptOnMove(moved.level, parentsBefore, MAX_TEAM_PARENTS).map((parent) => parent.id).sort((a, b) => a - b);
  const children = await db.selectFrom("okr_objective_links").select("objective_id").where("parent_id", "=", id).execute();
  const childRows = await objectiveRows(context, { ids: children.map((child) => child.objective_id) });
  const droppedChildren = childRows.filter((child) => !isHigherLevel(moved.level, child.level)).map((child) => child.id).sort((a, b) => a - b);
  await db
    .updateTable("okr_objectives")
    .set({ level: moved.level, category_id: moved.category_id, owner_user_id: moved.owner_user_id, position: await nextObjectivePosition(context, { level: moved.level, categoryId: moved.category_id, ownerUserId: moved.owner_user_id }), updated_at: now })
    .where("id", "=", id)
    .execute();
  await replaceLinks(context, id, kept);
  if (droppedChildren.length > 0) await db.deleteFrom("okr_objective_links").where("parent_id", "=", id).where("objective_id", "=", sql<number>`any(${droppedChildren}::bigint[])`).execute();
  const details = fieldChanges([
    ["level", row.level, moved.level],
    ["categoryId", row.category_id, moved.category_id],
    ["ownerUserId", row.owner_user_id, moved.owner_user_id],
    ["parentIds", parentsBefore.map((parent) => parent.id).sort((a, b) => a - b), kept],
    ["childIds", childRows.map((child) => child.id).sort((a, b) => a - b), childRows.map((child) => child.id).filter((childId) => !droppedChildren.includes(childId)).sort((a, b) => a - b)],
  ]);
  await recordChange(context, moved, { actionType: "moved", itemType: "objective", itemId: id, itemTitle: row.title, details });
  return objectiveFor(context, viewer, now, id);
}

/**
 * A new order of objectives of one level and unit (or owner): those named first, in order, the
 * rest of the group after them as they were. Each moved objective writes a change ("position").
 */
export async function orderObjectives(context: TenantContext, viewer: OkrViewer, now: Date, ids: readonly number[]): Promise<Objective[]> {
  const rows = (await objectiveRows(context, { ids })).filter((row) => readable(viewer, row));
  const known = new Map(rows.map((row) => [row.id, { id: row.id, level: row.level, categoryId: row.category_id, ownerUserId: row.owner_user_id }] as const));
  const problem = positionsProblem(ids, known);
  if (problem === "duplicate") throw badRequest({ ids: [POSITIONS_DUPLICATE] });
  if (problem === "unknown") throw badRequest({ ids: [PARENT_UNKNOWN] });
  if (problem === "mixed") throw badRequest({ ids: [POSITIONS_MIXED] });
  if (rows.some((row) => !writable(viewer, row))) throw forbidden(OKR_LEVEL_FORBIDDEN);
  const first = rows[0]!;
  const group = await objectiveRows(context, { level: first.level, ...(first.category_id !== null ? { categoryId: first.category_id } : {}), ...(first.owner_user_id !== null ? { ownerUserId: first.owner_user_id } : {}) });
  const inGroup = group.filter((row) => row.category_id === first.category_id && row.owner_user_id === first.owner_user_id);
  const order = reorderedGroup(ids, inGroup.map((row) => row.id));
  for (const [position, id] of order.entries()) {
    const row = inGroup.find((candidate) => candidate.id === id)!;
    if (row.position === position) continue;
    await context.db.updateTable("okr_objectives").set({ position }).where("id", "=", id).execute();
    await recordChange(context, row, { actionType: "updated", itemType: "objective", itemId: id, itemTitle: row.title, details: [{ field: "position", from: row.position, to: position }] });
  }
  return objectivesFor(context, viewer, now, { ids: order });
}

