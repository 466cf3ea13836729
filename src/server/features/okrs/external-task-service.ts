import {
  EXTERNAL_TASK_TAKEN,
  EXTERNAL_TASK_TARGET,
  EXTERNAL_TASK_TARGET_UNKNOWN,
  OKR_OBJECTIVE_FORBIDDEN,
  type ExternalTask,
  type ExternalTaskChangeRequest,
  type ExternalTaskCreateRequest,
  type ExternalTaskMeta,
} from "../../../contracts/okrs";
import type { OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { fieldChanges, recordChange } from "./okr-changes";
import { objectiveRows, readable, writable, type ObjectiveRow } from "./okr-repository";

/**
 * External tasks: work tracked in another tool (an issue tracker's ticket), by origin and
 * project, attached to an objective or to one of its key results. A task is seen by whoever reads
 * that objective and changed by whoever may change it; its changes are logged as changes of the
 * objective or key result it is attached to.
 */

type TaskRow = Awaited<ReturnType<typeof taskRows>>[number];

function taskRows({ db }: TenantContext, filter: { id?: number | undefined; origin?: string | undefined; project?: string | undefined; objectiveId?: number | undefined; keyResultId?: number | undefined } = {}) {
  let query = db
    .selectFrom("okr_external_tasks as t")
    .leftJoin("okr_key_results as k", (join) => join.onRef("k.tenant_id", "=", "t.tenant_id").onRef("k.id", "=", "t.key_result_id"))
    .select(["t.id", "t.origin", "t.project", "t.external_id", "t.title", "t.url", "t.status", "t.meta", "t.objective_id", "t.key_result_id", "t.updated_at", "k.objective_id as key_result_objective_id", "k.title as key_result_title"]);
  if (filter.id !== undefined) query = query.where("t.id", "=", filter.id);
  if (filter.origin !== undefined) query = query.where("t.origin", "=", filter.origin);
  if (filter.project !== undefined) query = query.where("t.project", "=", filter.project);
  if (filter.objectiveId !== undefined) query = query.where("t.objective_id", "=", filter.objectiveId);
  if (filter.keyResultId !== undefined) query = query.where("t.key_result_id", "=", filter.keyResultId);
  return query.orderBy("t.origin").orderBy("t.project").orderBy("t.external_id").execute();
}

/** The objective a task belongs to (directly, or through its key result). */
const ownerObjectiveId = (row: Pick<TaskRow, "objective_id" | "key_result_objective_id">) => row.objective_id ?? row.key_result_objective_id!;

/** The tasks whose objectives the viewer may read, each with that objective. */
async function visibleTasks(context: TenantContext, viewer: OkrViewer, filter: Parameters<typeof taskRows>[1] = {}) {
  const rows = await taskRows(context, filter);
  const objectives = new Map((await objectiveRows(context, { ids: [...new Set(rows.map(ownerObjectiveId))] })).map((row) => [row.id, row] as const));
  return rows.flatMap((row) => {
    const objective = objectives.get(ownerObjectiveId(row));
    return objective && readable(viewer, objective) ? [{ row, objective }] : [];
  });
}

const answer = (row: TaskRow): ExternalTask => ({
  id: row.id,
  origin: row.origin,
  project: row.project,
  externalId: row.external_id,
  title: row.title,
  url: row.url,
  status: row.status,
  meta: (row.meta ?? {}) as ExternalTask["meta"],
  objectiveId: row.objective_id,
  keyResultId: row.key_result_id,
  updatedAt: row.updated_at.toISOString(),
});

export async function listExternalTasks(context: TenantContext, viewer: OkrViewer, filter: Parameters<typeof taskRows>[1]): Promise<ExternalTask[]> {
  return (await visibleTasks(context, viewer, filter)).map(({ row }) => answer(row));
}

/** The origins of the tasks the viewer sees, each with its projects and how many tasks each has. */
export async function externalTaskMeta(context: TenantContext, viewer: OkrViewer): Promise<ExternalTaskMeta> {
  const origins = new Map<string, Map<string, number>>();
  for (const { row } of await visibleTasks(context, viewer)) {
    const projects = origins.get(row.origin) ?? new Map<string, number>();
    projects.set(row.project, (projects.get(row.project) ?? 0) + 1);
    origins.set(row.origin, projects);
  }
  return {
    origins: [...origins].map(([origin, projects]) => ({
      origin,
      count: [...projects.values()].reduce((sum, count) => sum + count, 0),
      projects: [...projects].map(([project, count]) => ({ project, count })),
    })),
  };
}

/** Where a task is attached: exactly one of an objective or a key result, which the viewer may change. */
async function target(context: TenantContext, viewer: OkrViewer, objectiveId: number | null, keyResultId: number | null): Promise<{ objective: ObjectiveRow; item: { type: "objective" | "key_result"; id: number; title: string } }> {
  if ((objectiveId === null) === (keyResultId === null)) throw badRequest({ non_field_errors: [EXTERNAL_TASK_TARGET] });
  let id = objectiveId;
  let item: { type: "objective" | "key_result"; id: number; title: string } | null = null;
  if (keyResultId !== null) {
    const keyResult = await context.db.selectFrom("okr_key_results").select(["objective_id", "title"]).where("id", "=", keyResultId).executeTakeFirst();
    if (!keyResult) throw badRequest({ keyResultId: [EXTERNAL_TASK_TARGET_UNKNOWN] });
    id = keyResult.objective_id;
    item = { type: "key_result", id: keyResultId, title: keyResult.title };
  }
  const [objective] = await objectiveRows(context, { ids: [id!] });
  const field = keyResultId !== null ? "keyResultId" : "objectiveId";
  if (!objective || !readable(viewer, objective) || !writable(viewer, objective)) throw badRequest({ [field]: [EXTERNAL_TASK_TARGET_UNKNOWN] });
  return { objective, item: item ?? { type: "objective", id: objective.id, title: objective.title } };
}

export async function createExternalTask(context: TenantContext, viewer: OkrViewer, now: Date, input: ExternalTaskCreateRequest): Promise<ExternalTask> {
  const { objective, item } = await target(context, viewer, input.objectiveId, input.keyResultId);
  const taken = await context.db.selectFrom("okr_external_tasks").select("id").where("origin", "=", input.origin).where("project", "=", input.project).where("external_id", "=", input.externalId).executeTakeFirst();
  if (taken) throw badRequest({ externalId: [EXTERNAL_TASK_TAKEN] });
  const row = await unique(() =>
    context.db
      .insertInto("okr_external_tasks")
      .values({
        tenant_id: context.tenantId,
        origin: input.origin,
        project: input.project,
        external_id: input.externalId,
        title: input.title,
        url: input.url,
        status: input.status,
        meta: JSON.stringify(input.meta),
        objective_id: input.objectiveId,
        key_result_id: input.keyResultId,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  await recordChange(context, objective, { actionType: "updated", itemType: item.type, itemId: item.id, itemTitle: item.title, details: [{ field: "externalTask", from: null, to: `${input.origin}/${input.project}/${input.externalId}` }] });
  return answer((await taskRows(context, { id: row.id }))[0]!);
}

/** A task the viewer may change (404 when they may not read its objective, 403 when they only read it). */
async function writableTask(context: TenantContext, viewer: OkrViewer, id: number) {
  const [found] = await visibleTasks(context, viewer, { id });
  if (!found) throw notFound();
  if (!writable(viewer, found.objective)) throw forbidden(OKR_OBJECTIVE_FORBIDDEN);
  return found;
}

const taskKey = (row: Pick<TaskRow, "origin" | "project" | "external_id">) => `${row.origin}/${row.project}/${row.external_id}`;

export async function changeExternalTask(context: TenantContext, viewer: OkrViewer, now: Date, id: number, change: ExternalTaskChangeRequest): Promise<ExternalTask> {
  const { row } = await writableTask(context, viewer, id);
  const moving = change.objectiveId !== undefined || change.keyResultId !== undefined;
  const objectiveId = moving ? (change.objectiveId ?? null) : row.objective_id;
  const keyResultId = moving ? (change.keyResultId ?? null) : row.key_result_id;
  const { objective, item } = await target(context, viewer, objectiveId, keyResultId);
  const after = {
    title: change.title ?? row.title,
    url: change.url === undefined ? row.url : change.url,
    status: change.status ?? row.status,
    meta: change.meta ?? row.meta,
    objective_id: objectiveId,
    key_result_id: keyResultId,
  };
  const details = fieldChanges([
    ["externalTask", null, taskKey(row)],
    ["taskTitle", row.title, after.title],
    ["taskUrl", row.url, after.url],
    ["taskStatus", row.status, after.status],
    ["taskMeta", row.meta, after.meta],
    ["taskObjectiveId", row.objective_id, after.objective_id],
    ["taskKeyResultId", row.key_result_id, after.key_result_id],
  ]);
  if (details.length > 1) {
    await context.db.updateTable("okr_external_tasks").set({ ...after, meta: JSON.stringify(after.meta), updated_at: now }).where("id", "=", id).execute();
    await recordChange(context, objective, { actionType: "updated", itemType: item.type, itemId: item.id, itemTitle: item.title, details });
  }
  return answer((await taskRows(context, { id }))[0]!);
}

export async function deleteExternalTask(context: TenantContext, viewer: OkrViewer, id: number): Promise<void> {
  const { row, objective } = await writableTask(context, viewer, id);
  await context.db.deleteFrom("okr_external_tasks").where("id", "=", id).execute();
  const item = row.key_result_id !== null ? { type: "key_result" as const, id: row.key_result_id, title: row.key_result_title ?? "" } : { type: "objective" as const, id: objective.id, title: objective.title };
  await recordChange(context, objective, { actionType: "updated", itemType: item.type, itemId: item.id, itemTitle: item.title, details: [{ field: "externalTask", from: taskKey(row), to: null }] });
}

async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (typeof error === "object" && error !== null && (error as { code?: string }).code === "23505") throw badRequest({ externalId: [EXTERNAL_TASK_TAKEN] });
    throw error;
  }
}

