import { sql } from "kysely";
import { MAX_MILESTONES, MILESTONE_LIMIT, OKR_OBJECTIVE_FORBIDDEN, type Milestone, type MilestoneChangeRequest, type MilestoneCreateRequest } from "../../../contracts/okrs";
import type { OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { fieldChanges, recordChange } from "./okr-changes";
import { requireActiveUsers, writableObjective } from "./okr-checks";
import { objectiveRow, objectivesFor, readable, writable } from "./okr-repository";

/** Milestones of an objective: a title, a due date, a responsible person, done or not. */

async function milestoneFor(context: TenantContext, viewer: OkrViewer, now: Date, objectiveId: number, id: number): Promise<Milestone> {
  const [objective] = await objectivesFor(context, viewer, now, { ids: [objectiveId] });
  return objective!.milestones.find((milestone) => milestone.id === id)!;
}

async function writableMilestone(context: TenantContext, viewer: OkrViewer, id: number) {
  const milestone = await context.db.selectFrom("okr_milestones").selectAll().where("id", "=", id).executeTakeFirst();
  if (!milestone) throw notFound();
  const objective = await objectiveRow(context, milestone.objective_id);
  if (!objective || !readable(viewer, objective)) throw notFound();
  if (!writable(viewer, objective)) throw forbidden(OKR_OBJECTIVE_FORBIDDEN);
  return { milestone, objective };
}

export async function createMilestone(context: TenantContext, viewer: OkrViewer, now: Date, objectiveId: number, input: MilestoneCreateRequest): Promise<Milestone> {
  const objective = await writableObjective(context, viewer, objectiveId);
  const { db } = context;
  const stats = await db
    .selectFrom("okr_milestones")
    .select([sql<number>`count(*)::int`.as("count"), sql<number>`coalesce(max(position) + 1, 0)::int`.as("next")])
    .where("objective_id", "=", objectiveId)
    .executeTakeFirstOrThrow();
  if (stats.count >= MAX_MILESTONES) throw badRequest({ non_field_errors: [MILESTONE_LIMIT] });
  await requireActiveUsers(context, "responsibleUserId", [input.responsibleUserId]);
  const row = await db
    .insertInto("okr_milestones")
    .values({ tenant_id: context.tenantId, objective_id: objectiveId, title: input.title, due_on: input.dueOn, responsible_user_id: input.responsibleUserId, position: stats.next })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordChange(context, objective, { actionType: "created", itemType: "milestone", itemId: row.id, itemTitle: input.title });
  return milestoneFor(context, viewer, now, objectiveId, row.id);
}

/** Title, due date, responsible person; done: true marks it done now (once), false opens it again. */
export async function changeMilestone(context: TenantContext, viewer: OkrViewer, now: Date, id: number, change: MilestoneChangeRequest): Promise<Milestone> {
  const { milestone, objective } = await writableMilestone(context, viewer, id);
  if (change.responsibleUserId !== undefined) await requireActiveUsers(context, "responsibleUserId", [change.responsibleUserId]);
  const doneAt = change.done === undefined ? milestone.done_at : change.done ? (milestone.done_at ?? now) : null;
  const after = {
    title: change.title ?? milestone.title,
    due_on: change.dueOn === undefined ? milestone.due_on : change.dueOn,
    responsible_user_id: change.responsibleUserId === undefined ? milestone.responsible_user_id : change.responsibleUserId,
    done_at: doneAt,
  };
  const details = fieldChanges([
    ["title", milestone.title, after.title],
    ["dueOn", milestone.due_on, after.due_on],
    ["done", milestone.done_at !== null, after.done_at !== null],
    ["responsibleUserId", milestone.responsible_user_id, after.responsible_user_id],
  ]);
  if (details.length > 0) {
    await context.db.updateTable("okr_milestones").set(after).where("id", "=", id).execute();
    await recordChange(context, objective, { actionType: "updated", itemType: "milestone", itemId: id, itemTitle: after.title, details });
  }
  return milestoneFor(context, viewer, now, objective.id, id);
}

export async function deleteMilestone(context: TenantContext, viewer: OkrViewer, id: number): Promise<void> {
  const { milestone, objective } = await writableMilestone(context, viewer, id);
  await context.db.deleteFrom("okr_milestones").where("id", "=", id).execute();
  await recordChange(context, objective, { actionType: "deleted", itemType: "milestone", itemId: id, itemTitle: milestone.title });
}
