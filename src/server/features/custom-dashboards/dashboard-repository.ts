import { sql } from "kysely";
import type { CardContent, DashboardCard, DashboardKind, DashboardShare } from "../../../contracts/custom-dashboards";
import type { TenantContext } from "../../db/tenancy";
import type { Reader } from "../kpis/kpi-service";
import { personName } from "../../platform/people";

/** Who reads a dashboard: the KPI reader (staff, permissions) and which user they are. */
export interface DashboardReader extends Reader {
  readonly userId: number;
}

/** A dashboard's row as the reader sees it, with their share (null: none) and its card count. */
export interface DashboardRow {
  readonly id: number;
  readonly name: string;
  readonly kind: DashboardKind;
  readonly locked: boolean;
  readonly ownerId: number;
  readonly ownerName: string;
  readonly position: number;
  readonly revision: number;
  readonly updatedAt: Date;
  readonly cardCount: number;
  readonly sharedCanEdit: boolean | null;
}

/**
 * The dashboards the reader sees (owner, shared with them, or staff), in the company's order,
 * or only `only`. Staff see every dashboard; nobody else learns of one not theirs or shared.
 */
export async function visibleDashboards({ db }: TenantContext, reader: DashboardReader, only?: number): Promise<DashboardRow[]> {
  let query = db
    .selectFrom("custom_dashboards as d")
    .innerJoin("users as owner", (join) => join.onRef("owner.tenant_id", "=", "d.tenant_id").onRef("owner.id", "=", "d.owner_id"))
    .leftJoin("custom_dashboard_shares as share", (join) =>
      join.onRef("share.tenant_id", "=", "d.tenant_id").onRef("share.dashboard_id", "=", "d.id").on("share.user_id", "=", reader.userId),
    )
    .select(["d.id", "d.name", "d.kind", "d.locked", "d.owner_id", "d.position", "d.revision", "d.updated_at", "owner.first_name", "owner.last_name", "owner.email", "share.can_edit"])
    .select((eb) =>
      eb
        .selectFrom("custom_dashboard_cards as card")
        .select(sql<string>`count(*)`.as("count"))
        .whereRef("card.tenant_id", "=", "d.tenant_id")
        .whereRef("card.dashboard_id", "=", "d.id")
        .as("card_count"),
    )
    .orderBy("d.position")
    .orderBy("d.id");
  if (!reader.isStaff) query = query.where((eb) => eb.or([eb("d.owner_id", "=", reader.userId), eb("share.user_id", "is not", null)]));
  if (only !== undefined) query = query.where("d.id", "=", only);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    locked: row.locked,
    ownerId: row.owner_id,
    ownerName: personName(row),
    position: row.position,
    revision: row.revision,
    updatedAt: new Date(row.updated_at),
    cardCount: Number(row.card_count ?? 0),
    sharedCanEdit: row.can_edit,
  }));
}

/** A dashboard's cards in position order. */
export async function cardsOf({ db }: TenantContext, dashboardId: number): Promise<DashboardCard[]> {
  const rows = await db
    .selectFrom("custom_dashboard_cards")
    .select(["id", "title", "content", "position", "layout_x", "layout_y", "layout_w", "layout_h"])
    .where("dashboard_id", "=", dashboardId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    content: row.content as CardContent,
    position: row.position,
    layout: { x: row.layout_x, y: row.layout_y, w: row.layout_w, h: row.layout_h },
  }));
}

/** Who a dashboard is shared with, by name. */
export async function sharesOf({ db }: TenantContext, dashboardId: number): Promise<DashboardShare[]> {
  const rows = await db
    .selectFrom("custom_dashboard_shares as share")
    .innerJoin("users", (join) => join.onRef("users.tenant_id", "=", "share.tenant_id").onRef("users.id", "=", "share.user_id"))
    .select(["users.id", "users.first_name", "users.last_name", "users.email", "share.can_edit"])
    .where("share.dashboard_id", "=", dashboardId)
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({ user: { id: row.id, name: personName(row) }, canEdit: row.can_edit }));
}

/** The users who may read a dashboard besides staff: its owner and everyone it is shared with. */
export async function audienceOf({ db }: TenantContext, dashboardId: number): Promise<number[]> {
  const owner = await db.selectFrom("custom_dashboards").select("owner_id").where("id", "=", dashboardId).executeTakeFirst();
  const shares = await db.selectFrom("custom_dashboard_shares").select("user_id").where("dashboard_id", "=", dashboardId).execute();
  return [...new Set([...(owner ? [owner.owner_id] : []), ...shares.map((share) => share.user_id)])];
}

/**
 * Locks a dashboard's row for the rest of the transaction (changes of one dashboard queue up, so
 * a revision is read and raised by one request at a time), then raises its revision.
 */
export async function lockDashboard({ db }: TenantContext, dashboardId: number): Promise<{ revision: number; kind: DashboardKind; locked: boolean } | undefined> {
  return db.selectFrom("custom_dashboards").select(["revision", "kind", "locked"]).where("id", "=", dashboardId).forUpdate().executeTakeFirst();
}

/** Raises a dashboard's revision (every change does): the new revision. */
export async function nextRevision({ db }: TenantContext, dashboardId: number): Promise<number> {
  const row = await db
    .updateTable("custom_dashboards")
    .set((eb) => ({ revision: eb("revision", "+", 1), updated_at: new Date() }))
    .where("id", "=", dashboardId)
    .returning("revision")
    .executeTakeFirstOrThrow();
  return row.revision;
}

