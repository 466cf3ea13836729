import { sql } from "kysely";
import {
  DASHBOARD_NAME_BLANK,
  DASHBOARD_NAME_TAKEN,
  type CustomDashboard,
  type DashboardPermissions,
  type DashboardSummary,
  type NewDashboard,
} from "../../../contracts/custom-dashboards";
import {
  DASHBOARD_EDIT_FORBIDDEN,
  DASHBOARD_MANAGE_FORBIDDEN,
  LOCK_NEEDS_CANVAS,
  POSITIONS_INCOMPLETE,
  SHARE_USER_TWICE,
  SHARE_USER_UNKNOWN,
  SHARE_WITH_OWNER,
} from "../../../domain/custom-dashboards/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import type { Reader } from "../kpis/kpi-service";
import { audienceOf, cardsOf, lockDashboard, nextRevision, sharesOf, visibleDashboards, type DashboardReader, type DashboardRow } from "./dashboard-repository";

/**
 * Custom dashboards (issue 13): who sees and changes what, and the dashboard-level changes
 * (create, rename, lock, delete, duplicate, order, sharing). Cards and layout: dashboard-cards.ts.
 * A dashboard is seen by its owner, the users it is shared with and staff; to anyone else its id
 * is unknown (404). Changing its name, cards and layout: owner, shares with canEdit, staff (a
 * viewer is told 403: they know the dashboard). Sharing and deleting: owner or staff.
 * Every change raises the dashboard's revision and records an event for its readers.
 */

export type DashboardRight = "view" | "edit" | "manage";

/**
 * The dashboard as the reader sees it (GET /api/custom-dashboards/{id}/), for the routes and the
 * print pipeline. The reader is the actor of `context` (a user), with their KPI reader rights:
 * anyone who may not see it gets the not-found error every service throws. Cards carry only
 * what they show (KPI and chart ids, texts): figures are read through the KPI routes, which apply
 * each KPI's sensitivity.
 */
export async function readableDashboard(context: TenantContext, id: number, reader: Reader): Promise<CustomDashboard> {
  return dashboardFor(context, id, readerOf(context, reader));
}

/** The reader of a request: the KPI reader and the user the transaction acts for. */
export function readerOf(context: TenantContext, reader: Reader): DashboardReader {
  // Only a user reads dashboards; a system actor (a job) is no one's reader unless staff rights are handed in.
  return { ...reader, userId: context.actor.kind === "user" ? context.actor.userId : 0 };
}

export async function dashboardFor(context: TenantContext, id: number, reader: DashboardReader): Promise<CustomDashboard> {
  const row = (await visibleDashboards(context, reader, id))[0];
  if (!row) throw notFound();
  const summary = summaryOf(row, reader);
  return { ...summary, revision: row.revision, cards: await cardsOf(context, id), shares: summary.canManage ? await sharesOf(context, id) : [] };
}

export async function listDashboards(context: TenantContext, reader: DashboardReader): Promise<DashboardSummary[]> {
  return (await visibleDashboards(context, reader)).map((row) => summaryOf(row, reader));
}

/**
 * Opens a dashboard for a change needing `right`: 404 if the reader may not see it, 403 if they
 * see it without the right. Its row stays locked until the transaction ends.
 */
export async function openForChange(context: TenantContext, id: number, reader: DashboardReader, right: Exclude<DashboardRight, "view">) {
  const row = (await visibleDashboards(context, reader, id))[0];
  if (!row) throw notFound();
  const held = rightOf(row, reader);
  if (right === "edit" && held === "view") throw forbidden(DASHBOARD_EDIT_FORBIDDEN);
  if (right === "manage" && held !== "manage") throw forbidden(DASHBOARD_MANAGE_FORBIDDEN);
  const locked = (await lockDashboard(context, id))!;
  return { ...row, ...locked };
}

export async function createDashboard(context: TenantContext, body: typeof NewDashboard.Type, reader: DashboardReader): Promise<CustomDashboard> {
  const name = await freeName(context, body.name);
  // New dashboards go to the end of the company's order.
  const last = await context.db.selectFrom("custom_dashboards").select(sql<number | null>`max(position)`.as("position")).executeTakeFirst();
  const created = await context.db
    .insertInto("custom_dashboards")
    .values({ tenant_id: context.tenantId, name, kind: body.kind, owner_id: reader.userId, position: (last?.position ?? -1) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
  await context.appendEvent({ type: "CustomDashboardCreated", payload: { dashboardId: created.id, revision: 1, audience: [reader.userId] } });
  return dashboardFor(context, created.id, reader);
}

/** Rename, lock or unlock (a canvas only). */
export async function patchDashboard(context: TenantContext, id: number, body: { name?: string | undefined; locked?: boolean | undefined }, reader: DashboardReader): Promise<CustomDashboard> {
  const dashboard = await openForChange(context, id, reader, "edit");
  const name = body.name === undefined ? undefined : await freeName(context, body.name, id);
  if (body.locked !== undefined && dashboard.kind !== "canvas") throw badRequest({ locked: [LOCK_NEEDS_CANVAS] });
  const change = { ...(name !== undefined ? { name } : {}), ...(body.locked !== undefined ? { locked: body.locked } : {}) };
  if (Object.keys(change).length > 0) {
    await context.db.updateTable("custom_dashboards").set(change).where("id", "=", id).execute().catch(nameTaken);
    const revision = await nextRevision(context, id);
    await context.appendEvent({ type: "CustomDashboardChanged", payload: { dashboardId: id, revision, ...change, audience: await audienceOf(context, id) } });
  }
  return dashboardFor(context, id, reader);
}

export async function deleteDashboard(context: TenantContext, id: number, reader: DashboardReader): Promise<void> {
  await openForChange(context, id, reader, "manage");
  const audience = await audienceOf(context, id);
  await context.db.deleteFrom("custom_dashboards").where("id", "=", id).execute();
  await context.appendEvent({ type: "CustomDashboardDeleted", payload: { dashboardId: id, audience } });
}

/** A copy with every card (content, positions, layout), owned by the reader, shared with nobody, unlocked. */
export async function duplicateDashboard(context: TenantContext, id: number, newName: string, reader: DashboardReader): Promise<CustomDashboard> {
  const source = (await visibleDashboards(context, reader, id))[0];
  if (!source) throw notFound();
  const name = await freeName(context, newName);
  const last = await context.db.selectFrom("custom_dashboards").select(sql<number | null>`max(position)`.as("position")).executeTakeFirst();
  const copy = await context.db
    .insertInto("custom_dashboards")
    .values({ tenant_id: context.tenantId, name, kind: source.kind, owner_id: reader.userId, position: (last?.position ?? -1) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
  await sql`
    insert into custom_dashboard_cards (tenant_id, dashboard_id, title, content, position, layout_x, layout_y, layout_w, layout_h)
    select tenant_id, ${copy.id}, title, content, position, layout_x, layout_y, layout_w, layout_h
    from custom_dashboard_cards where dashboard_id = ${id} order by position, id`.execute(context.db);
  await context.appendEvent({ type: "CustomDashboardCreated", payload: { dashboardId: copy.id, revision: 1, duplicateOf: id, audience: [reader.userId] } });
  return dashboardFor(context, copy.id, reader);
}

/**
 * The company's order of dashboards, as the reader sees it: `ids` must be exactly the dashboards
 * they see. They take the places those dashboards held among all of the company's, in the new
 * order, so dashboards the reader does not see keep theirs.
 */
export async function reorderDashboards(context: TenantContext, ids: readonly number[], reader: DashboardReader): Promise<DashboardSummary[]> {
  const visible = await visibleDashboards(context, reader);
  const seen = new Set(visible.map((row) => row.id));
  if (new Set(ids).size !== ids.length || ids.length !== seen.size || ids.some((id) => !seen.has(id))) throw badRequest({ ids: [POSITIONS_INCOMPLETE] });
  // The rows are locked in one order (by id) so two reorders cannot deadlock.
  await context.db.selectFrom("custom_dashboards").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
  const places = visible.map((row) => row.position).sort((a, b) => a - b);
  // Positions need not be unique; equal ones are spread so the new order is unambiguous.
  for (let index = 1; index < places.length; index += 1) if (places[index]! <= places[index - 1]!) places[index] = places[index - 1]! + 1;
  for (const [index, id] of ids.entries()) {
    await context.db.updateTable("custom_dashboards").set({ position: places[index]! }).where("id", "=", id).execute();
  }
  await context.appendEvent({ type: "CustomDashboardsReordered", payload: { ids } });
  return listDashboards(context, reader);
}

/** Replaces the share list whole. Users taken off it get the event too, so their screens drop the dashboard. */
export async function setPermissions(context: TenantContext, id: number, body: typeof DashboardPermissions.Type, reader: DashboardReader): Promise<CustomDashboard> {
  const dashboard = await openForChange(context, id, reader, "manage");
  const problems: Record<string, string[]> = {};
  const listed = new Set<number>();
  const known = new Set(
    body.shares.length === 0
      ? []
      : (await context.db.selectFrom("users").select("id").where("id", "in", body.shares.map((share) => share.userId)).execute()).map((row) => row.id),
  );
  body.shares.forEach((share, index) => {
    const field = `shares.${index}.userId`;
    if (share.userId === dashboard.ownerId) problems[field] = [SHARE_WITH_OWNER];
    else if (!known.has(share.userId)) problems[field] = [SHARE_USER_UNKNOWN];
    else if (listed.has(share.userId)) problems[field] = [SHARE_USER_TWICE];
    listed.add(share.userId);
  });
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  const before = await audienceOf(context, id);
  await context.db.deleteFrom("custom_dashboard_shares").where("dashboard_id", "=", id).execute();
  if (body.shares.length > 0) {
    await context.db
      .insertInto("custom_dashboard_shares")
      .values(body.shares.map((share) => ({ tenant_id: context.tenantId, dashboard_id: id, user_id: share.userId, can_edit: share.canEdit })))
      .execute();
  }
  const revision = await nextRevision(context, id);
  const audience = [...new Set([...before, ...(await audienceOf(context, id))])];
  await context.appendEvent({ type: "CustomDashboardSharesChanged", payload: { dashboardId: id, revision, audience } });
  return dashboardFor(context, id, reader);
}

function rightOf(row: DashboardRow, reader: DashboardReader): DashboardRight {
  if (reader.isStaff || row.ownerId === reader.userId) return "manage";
  return row.sharedCanEdit ? "edit" : "view";
}

function summaryOf(row: DashboardRow, reader: DashboardReader): DashboardSummary {
  const right = rightOf(row, reader);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    locked: row.locked,
    owner: { id: row.ownerId, name: row.ownerName },
    cardCount: row.cardCount,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
    canEdit: right !== "view",
    canManage: right === "manage",
  };
}

/** The name as kept (trimmed), refused when blank or another dashboard of the company has it in any case. */
async function freeName(context: TenantContext, text: string, except?: number): Promise<string> {
  const name = text.trim();
  if (!name) throw badRequest({ name: [DASHBOARD_NAME_BLANK] });
  let query = context.db.selectFrom("custom_dashboards").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (except !== undefined) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [DASHBOARD_NAME_TAKEN] });
  return name;
}

/** Two requests racing for one name: the loser gets the same field error, not a 500. */
function nameTaken(error: unknown): never {
  if ((error as { code?: string } | null)?.code === "23505") throw badRequest({ name: [DASHBOARD_NAME_TAKEN] });
  throw error;
}
