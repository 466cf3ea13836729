import { sql } from "kysely";
import { ACTIONS_PAGE_SIZE, type ActionPatch, type ActionsQuery, type ActionsResponse, type KpiAction, type NewAction } from "../../../contracts/collaboration";
import { isOverdue, mayChangeAction, type ActionState } from "../../../domain/collaboration/actions";
import { ACTION_CHANGE_FORBIDDEN, ALREADY_AN_ACTION, ASSIGNEE_MAY_NOT_READ, ASSIGNEE_UNKNOWN, NOTHING_TO_CHANGE } from "../../../domain/collaboration/texts";
import { companyToday } from "../../platform/company-clock";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, HttpError, notFound } from "../../platform/http/errors";
import { notifyUser } from "../../platform/notifications/notify-user";
import { activePeople, userNames } from "../../platform/people";
import type { KpiRow } from "../kpis/kpi-repository";
import { participantOf, readableKpi, readableKpis, readersOfLevel, type Collaborator } from "./collaboration-access";
import { storedComment, type Outbound } from "./comment-service";

/** The in-app path of an action: the actions screen with it open. */
export const actionLink = (actionId: number) => `/reporting/actions/${actionId}`;

/** A comment becomes an action, once: assigned to someone who may read the KPI, due when said. */
export async function createAction(context: TenantContext, who: Collaborator, kpiId: number, commentId: number, body: NewAction, outbound: Outbound): Promise<KpiAction> {
  const kpi = await readableKpi(context, who, kpiId);
  const comment = await storedComment(context, kpiId, commentId);
  const existing = await context.db.selectFrom("kpi_actions").select("id").where("comment_id", "=", commentId).executeTakeFirst();
  if (existing) throw new HttpError(409, { detail: ALREADY_AN_ACTION });
  await checkAssignee(context, kpi, body.assignedUser);
  const title = (body.title ?? firstLine(comment.text)).slice(0, 300);
  const { id } = await context.db
    .insertInto("kpi_actions")
    .values({ tenant_id: context.tenantId, kpi_id: kpiId, comment_id: commentId, title, assigned_user_id: body.assignedUser, due_date: body.dueDate ?? null, created_by: who.userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  const action = await actionFor(context, who, id, new Date());
  await context.appendEvent({ type: "ActionCreated", payload: { kpiId, action } });
  await tellAssignee(context, who, action, outbound);
  return action;
}

/** GET /api/actions/: the actions on KPIs the reader may read, by assignee, KPI and status, newest first, a page at a time. */
export async function listActions(context: TenantContext, who: Collaborator, query: ActionsQuery, now: Date): Promise<ActionsResponse> {
  const kpis = await readableKpis(context, who);
  const page = query.page ?? 1;
  const kpiIds = query.kpi === undefined ? [...kpis.keys()] : kpis.has(query.kpi) ? [query.kpi] : [];
  if (kpiIds.length === 0) return { count: 0, page, pageSize: ACTIONS_PAGE_SIZE, actions: [] };
  let base = context.db.selectFrom("kpi_actions").where("kpi_actions.kpi_id", "=", sql<number>`any(${kpiIds}::bigint[])`);
  if (query.user !== undefined) base = base.where("kpi_actions.assigned_user_id", "=", query.user);
  if (query.status !== undefined) base = base.where("kpi_actions.status", "=", query.status);
  const { count } = await base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  const ids = await base
    .select("kpi_actions.id")
    // Unfinished first, the soonest due on top; then the rest, newest first.
    .orderBy(sql`kpi_actions.status = 'done'`)
    .orderBy("kpi_actions.due_date", (order) => order.asc().nullsLast())
    .orderBy("kpi_actions.created_at", "desc")
    .orderBy("kpi_actions.id", "desc")
    .limit(ACTIONS_PAGE_SIZE)
    .offset((page - 1) * ACTIONS_PAGE_SIZE)
    .execute();
  return { count: Number(count), page, pageSize: ACTIONS_PAGE_SIZE, actions: await actionsFor(context, who, ids.map((row) => row.id), now, kpis) };
}

/** One action, if its KPI is readable; otherwise 404. */
export async function readableAction(context: TenantContext, who: Collaborator, actionId: number, now: Date): Promise<KpiAction> {
  const row = await context.db.selectFrom("kpi_actions").select("kpi_id").where("id", "=", actionId).executeTakeFirst();
  if (!row) throw notFound();
  await readableKpi(context, who, row.kpi_id);
  return actionFor(context, who, actionId, now);
}

/** PATCH: reassign (the new assignee is told), move on, re-date. */
export async function patchAction(context: TenantContext, who: Collaborator, actionId: number, patch: ActionPatch, outbound: Outbound, now: Date): Promise<KpiAction> {
  const before = await readableAction(context, who, actionId, now);
  if (!before.mayChange) throw forbidden(ACTION_CHANGE_FORBIDDEN);
  if (patch.assignedUser === undefined && patch.status === undefined && patch.dueDate === undefined) throw badRequest({ non_field_errors: [NOTHING_TO_CHANGE] });
  const kpi = await readableKpi(context, who, before.kpiId);
  if (patch.assignedUser !== undefined) await checkAssignee(context, kpi, patch.assignedUser);
  const status: ActionState = patch.status ?? before.status;
  await context.db
    .updateTable("kpi_actions")
    .set({
      ...(patch.assignedUser !== undefined ? { assigned_user_id: patch.assignedUser } : {}),
      ...(patch.dueDate !== undefined ? { due_date: patch.dueDate } : {}),
      status,
      // Done keeps the moment it first became done; reopened, it is not done any more.
      done_at: status !== "done" ? null : before.doneAt ? new Date(before.doneAt) : now,
      updated_at: now,
    })
    .where("id", "=", actionId)
    .execute();
  const action = await actionFor(context, who, actionId, now);
  await context.appendEvent({ type: "ActionChanged", payload: { kpiId: action.kpiId, action } });
  if (action.assignedUser.id !== before.assignedUser.id) await tellAssignee(context, who, action, outbound);
  return action;
}

export async function deleteAction(context: TenantContext, who: Collaborator, actionId: number, now: Date): Promise<void> {
  const action = await readableAction(context, who, actionId, now);
  if (!action.mayChange) throw forbidden(ACTION_CHANGE_FORBIDDEN);
  await context.db.deleteFrom("kpi_actions").where("id", "=", actionId).execute();
  await context.appendEvent({ type: "ActionDeleted", payload: { kpiId: action.kpiId, actionId, commentId: action.commentId } });
}

/** The people an action on this KPI can be for: active, and able to read it. */
export async function assigneesFor(context: TenantContext, who: Collaborator, kpiId: number) {
  const kpi = await readableKpi(context, who, kpiId);
  const readers = await readersOfLevel(context, kpi.effective_sensitivity);
  return (await activePeople(context)).filter((person) => readers.has(person.id));
}

/** Everyone an action on a KPI the reader may read is assigned to, by name. */
export async function actionAssignees(context: TenantContext, who: Collaborator) {
  const kpis = await readableKpis(context, who);
  if (kpis.size === 0) return [];
  const rows = await context.db.selectFrom("kpi_actions").select("assigned_user_id").distinct().where("kpi_id", "=", sql<number>`any(${[...kpis.keys()]}::bigint[])`).execute();
  const names = await userNames(context, rows.map((row) => row.assigned_user_id));
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function actionFor(context: TenantContext, who: Collaborator, actionId: number, now: Date): Promise<KpiAction> {
  const [action] = await actionsFor(context, who, [actionId], now);
  if (!action) throw notFound();
  return action;
}

/** Actions by id, in the order asked, as the reader sees them. */
async function actionsFor(context: TenantContext, who: Collaborator, ids: readonly number[], now: Date, known?: ReadonlyMap<number, KpiRow>): Promise<KpiAction[]> {
  if (ids.length === 0) return [];
  const rows = await context.db
    .selectFrom("kpi_actions")
    .leftJoin("kpi_comments", (join) => join.onRef("kpi_comments.tenant_id", "=", "kpi_actions.tenant_id").onRef("kpi_comments.id", "=", "kpi_actions.comment_id"))
    .selectAll("kpi_actions")
    .select(["kpi_comments.month", (eb) => eb.selectFrom("action_comments").select((inner) => inner.fn.countAll<string>().as("n")).whereRef("action_comments.action_id", "=", "kpi_actions.id").as("comment_count")])
    .where("kpi_actions.id", "=", sql<number>`any(${[...ids]}::bigint[])`)
    .execute();
  const kpis = known ?? (await readableKpis(context, who));
  const names = await userNames(context, rows.flatMap((row) => [row.assigned_user_id, row.created_by]));
  const today = await companyToday(context, now);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const participant = participantOf(who);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const name = (userId: number) => names.get(userId) ?? "A former user";
    return [
      {
        id: row.id,
        kpiId: row.kpi_id,
        kpiName: kpis.get(row.kpi_id)?.name ?? "",
        commentId: row.comment_id,
        month: row.month ?? null,
        title: row.title,
        assignedUser: { id: row.assigned_user_id, name: name(row.assigned_user_id) },
        status: row.status,
        dueDate: row.due_date,
        createdBy: { id: row.created_by, name: name(row.created_by) },
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        doneAt: row.done_at ? row.done_at.toISOString() : null,
        commentCount: Number(row.comment_count ?? 0),
        overdue: isOverdue({ status: row.status, dueDate: row.due_date, doneOn: null }, today),
        mayChange: mayChangeAction(participant, { assignedUserId: row.assigned_user_id, createdBy: row.created_by }),
      },
    ];
  });
}

async function checkAssignee(context: TenantContext, kpi: KpiRow, userId: number) {
  const user = await context.db.selectFrom("users").select("id").where("id", "=", userId).where("is_active", "=", true).executeTakeFirst();
  if (!user) throw badRequest({ assignedUser: [ASSIGNEE_UNKNOWN] });
  if (!(await readersOfLevel(context, kpi.effective_sensitivity)).has(userId)) throw badRequest({ assignedUser: [ASSIGNEE_MAY_NOT_READ] });
}

/** The assignee learns of it in their inbox (live) and by mail, unless they assigned it to themself. */
async function tellAssignee(context: TenantContext, who: Collaborator, action: KpiAction, outbound: Outbound) {
  if (action.assignedUser.id === who.userId) return;
  const assigner = (await userNames(context, [who.userId])).get(who.userId) ?? "Someone";
  const title = `${assigner} assigned you an action on ${action.kpiName}`;
  const due = action.dueDate ? ` Due ${action.dueDate}.` : "";
  const link = actionLink(action.id);
  await notifyUser(context, { userId: action.assignedUser.id, kind: "action_assigned", title, body: `${action.title}${due ? `\n${due.trim()}` : ""}`, link });
  const { email } = await context.db.selectFrom("users").select("email").where("id", "=", action.assignedUser.id).executeTakeFirstOrThrow();
  await outbound.mailer.send(context, { to: email, subject: title, text: `${action.title}\n${due}\n\nOpen the action: ${outbound.publicUrl}${link}\n` });
}

const firstLine = (text: string) => text.split("\n").find((line) => line.trim() !== "")?.trim() ?? text.trim();
