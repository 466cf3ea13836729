import { sql } from "kysely";
import {
  MAX_TEAM_PARENTS,
  OKR_CATEGORY_NOT_TEAM_LEVEL,
  OKR_CATEGORY_REQUIRED,
  OKR_CATEGORY_UNKNOWN,
  OKR_OBJECTIVE_FORBIDDEN,
  OKR_OWNER_NOT_EMPLOYEE_LEVEL,
  OKR_STATUS_UNKNOWN,
  OKR_USER_UNKNOWN,
  PARENT_NOT_HIGHER,
  PARENT_UNKNOWN,
  PERIOD_ORDER,
  TOO_MANY_PARENTS,
  type OkrLevel,
} from "../../../contracts/okrs";
import { parentProblem, type OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { activeUserIds } from "../organization/org-repository";
import { objectiveRow, objectiveRows, readable, writable, type ObjectiveRow } from "./okr-repository";

/**
 * The checks the OKR services share. Each throws the answer the client shows: 404 for what the
 * caller may not read (as if it did not exist), 403 for what they read but may not change, 400
 * with the field's message for bad input.
 */

/** An objective the viewer may read, else 404. */
export async function readableObjective(context: TenantContext, viewer: OkrViewer, id: number): Promise<ObjectiveRow> {
  const row = await objectiveRow(context, id);
  if (!row || !readable(viewer, row)) throw notFound();
  return row;
}

/** An objective the viewer may change: 404 when they may not read it, 403 when they only read it. */
export async function writableObjective(context: TenantContext, viewer: OkrViewer, id: number): Promise<ObjectiveRow> {
  const row = await readableObjective(context, viewer, id);
  if (!writable(viewer, row)) throw forbidden(OKR_OBJECTIVE_FORBIDDEN);
  return row;
}

/** Every user id must be an active user of this company (another company's id reads as unknown). */
export async function requireActiveUsers(context: TenantContext, field: string, ids: readonly (number | null)[]): Promise<void> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return;
  const known = await activeUserIds(context, wanted);
  if (wanted.some((id) => !known.has(id))) throw badRequest({ [field]: [OKR_USER_UNKNOWN] });
}

export async function requireStatus({ db }: TenantContext, field: string, statusId: number | null): Promise<void> {
  if (statusId === null) return;
  if (!(await db.selectFrom("okr_status_options").select("id").where("id", "=", statusId).executeTakeFirst())) throw badRequest({ [field]: [OKR_STATUS_UNKNOWN] });
}

export function requirePeriodOrder(startsOn: string, endsOn: string): void {
  if (endsOn < startsOn) throw badRequest({ non_field_errors: [PERIOD_ORDER] });
}

/**
 * Where an objective of `level` sits: a team objective in a unit of the structure (required), an
 * employee objective with its owner (an active user; the caller when left out); the other
 * fields must be left out.
 */
export async function placeFor(context: TenantContext, viewer: OkrViewer, level: OkrLevel, categoryId: number | null, ownerUserId: number | null): Promise<{ categoryId: number | null; ownerUserId: number | null }> {
  if (level !== "team" && categoryId !== null) throw badRequest({ categoryId: [OKR_CATEGORY_NOT_TEAM_LEVEL] });
  if (level !== "employee" && ownerUserId !== null) throw badRequest({ ownerUserId: [OKR_OWNER_NOT_EMPLOYEE_LEVEL] });
  if (level === "team") {
    if (categoryId === null) throw badRequest({ categoryId: [OKR_CATEGORY_REQUIRED] });
    if (!(await context.db.selectFrom("org_units").select("id").where("id", "=", categoryId).executeTakeFirst())) throw badRequest({ categoryId: [OKR_CATEGORY_UNKNOWN] });
    return { categoryId, ownerUserId: null };
  }
  if (level === "employee") {
    const owner = ownerUserId ?? viewer.userId;
    await requireActiveUsers(context, "ownerUserId", [owner]);
    return { categoryId: null, ownerUserId: owner };
  }
  return { categoryId: null, ownerUserId: null };
}

/** The parents of an objective of `level` (id `selfId`, null while new): readable objectives of a higher level, at most two for a team objective. */
export async function requireParents(context: TenantContext, viewer: OkrViewer, level: OkrLevel, selfId: number | null, parentIds: readonly number[]): Promise<ObjectiveRow[]> {
  const ids = [...new Set(parentIds)];
  const rows = await objectiveRows(context, { ids });
  if (rows.length !== ids.length || rows.some((row) => !readable(viewer, row))) throw badRequest({ parentIds: [PARENT_UNKNOWN] });
  const problem = parentProblem(level, selfId, rows, MAX_TEAM_PARENTS);
  if (problem === "not_higher") throw badRequest({ parentIds: [PARENT_NOT_HIGHER] });
  if (problem === "too_many") throw badRequest({ parentIds: [TOO_MANY_PARENTS] });
  return ids.map((id) => rows.find((row) => row.id === id)!);
}

/** The next position at the end of an objective's group (level and unit or owner). */
export async function nextObjectivePosition({ db }: TenantContext, place: { level: OkrLevel; categoryId: number | null; ownerUserId: number | null }): Promise<number> {
  let query = db.selectFrom("okr_objectives").select(sql<number>`coalesce(max(position) + 1, 0)::int`.as("next")).where("level", "=", place.level);
  query = place.categoryId === null ? query.where("category_id", "is", null) : query.where("category_id", "=", place.categoryId);
  query = place.ownerUserId === null ? query.where("owner_user_id", "is", null) : query.where("owner_user_id", "=", place.ownerUserId);
  return (await query.executeTakeFirstOrThrow()).next;
}
