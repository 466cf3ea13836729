import { CANVAS_LOCKED, MAX_CARDS, type CardContent, type CardLayout, type CustomDashboard, type LayoutChange } from "../../../contracts/custom-dashboards";
import { placeBelow } from "../../../domain/custom-dashboards/card-placement";
import {
  CANVAS_FULL,
  CARD_LISTED_TWICE,
  CARD_NOT_ON_DASHBOARD,
  CHART_UNKNOWN,
  DASHBOARD_CHANGED,
  KPI_ALREADY_ON_DASHBOARD,
  KPI_NOT_READABLE,
  POSITION_TWICE,
  TOO_MANY_CARDS,
} from "../../../domain/custom-dashboards/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { loadCharts } from "../charts/chart-repository";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";
import { cardsOf, nextRevision, audienceOf, type DashboardReader } from "./dashboard-repository";
import { dashboardFor, openForChange } from "./dashboard-service";

/**
 * A dashboard's cards: add (any type, or "add KPI"), change, remove, and the layout of all of
 * them at once. Each needs edit rights on the dashboard; a card naming a KPI needs the person
 * adding it to be able to read that KPI (its effective sensitivity), so nobody places a KPI they
 * could not see. Events carry ids and the revision, never a figure.
 */

export async function addCard(context: TenantContext, id: number, body: { title: string; content: CardContent; layout?: CardLayout | undefined }, reader: DashboardReader): Promise<CustomDashboard> {
  await openForChange(context, id, reader, "edit");
  await requireReadableContent(context, body.content, reader, "content.");
  return insertCard(context, id, reader, body.title.trim(), body.content, body.layout);
}

/** Spec "add KPI": a KPI card at the end, titled by the KPI itself (an empty title), once per dashboard. */
export async function addKpi(context: TenantContext, id: number, kpiId: number, reader: DashboardReader): Promise<CustomDashboard> {
  await openForChange(context, id, reader, "edit");
  await requireReadableContent(context, { type: "kpi", kpiId }, reader, "");
  const present = await context.db.selectFrom("custom_dashboard_cards").select("id").where("dashboard_id", "=", id).where("card_type", "=", "kpi").where("kpi_id", "=", kpiId).executeTakeFirst();
  if (present) throw badRequest({ kpiId: [KPI_ALREADY_ON_DASHBOARD] });
  return insertCard(context, id, reader, "", { type: "kpi", kpiId });
}

export async function patchCard(context: TenantContext, id: number, cardId: number, body: { title?: string | undefined; content?: CardContent | undefined }, reader: DashboardReader): Promise<CustomDashboard> {
  await openForChange(context, id, reader, "edit");
  await cardOf(context, id, cardId);
  if (body.content) await requireReadableContent(context, body.content, reader, "content.");
  const change = { ...(body.title !== undefined ? { title: body.title.trim() } : {}), ...(body.content ? { content: JSON.stringify(body.content) } : {}) };
  if (Object.keys(change).length > 0) {
    await context.db.updateTable("custom_dashboard_cards").set(change).where("id", "=", cardId).execute();
    const revision = await nextRevision(context, id);
    await context.appendEvent({ type: "DashboardCardChanged", payload: { dashboardId: id, revision, cardId, audience: await audienceOf(context, id) } });
  }
  return dashboardFor(context, id, reader);
}

/** Removes a card; the cards after it move up, so positions stay 0, 1, 2… */
export async function removeCard(context: TenantContext, id: number, cardId: number, reader: DashboardReader): Promise<CustomDashboard> {
  await openForChange(context, id, reader, "edit");
  const card = await cardOf(context, id, cardId);
  await context.db.deleteFrom("custom_dashboard_cards").where("id", "=", cardId).execute();
  await context.db
    .updateTable("custom_dashboard_cards")
    .set((eb) => ({ position: eb("position", "-", 1) }))
    .where("dashboard_id", "=", id)
    .where("position", ">", card.position)
    .execute();
  const revision = await nextRevision(context, id);
  await context.appendEvent({ type: "DashboardCardRemoved", payload: { dashboardId: id, revision, cardId, audience: await audienceOf(context, id) } });
  return dashboardFor(context, id, reader);
}

/**
 * Moves and resizes cards, all or nothing. Refused: a change made on an older revision (409, the
 * current revision in the body's `revision`), a locked canvas (400 CANVAS_LOCKED), a card of
 * another dashboard or listed twice, two cards given one position. Cards left out keep their
 * layout and follow the listed ones in their old order where positions meet.
 */
export async function changeLayout(context: TenantContext, id: number, body: LayoutChange, reader: DashboardReader): Promise<CustomDashboard> {
  const dashboard = await openForChange(context, id, reader, "edit");
  if (body.revision !== dashboard.revision) throw new HttpError(409, { detail: DASHBOARD_CHANGED, revision: [String(dashboard.revision)] });
  if (dashboard.kind === "canvas" && dashboard.locked) throw new HttpError(400, { detail: CANVAS_LOCKED });
  const cards = await cardsOf(context, id);
  const ours = new Set(cards.map((card) => card.id));
  const problems: Record<string, string[]> = {};
  const listed = new Set<number>();
  const positions = new Set<number>();
  body.cards.forEach((card, index) => {
    if (!ours.has(card.id)) problems[`cards.${index}.id`] = [CARD_NOT_ON_DASHBOARD];
    else if (listed.has(card.id)) problems[`cards.${index}.id`] = [CARD_LISTED_TWICE];
    else if (positions.has(card.position)) problems[`cards.${index}.position`] = [POSITION_TWICE];
    listed.add(card.id);
    positions.add(card.position);
  });
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  const moved = new Map(body.cards.map((card) => [card.id, card] as const));
  // The new order: by the position asked for (or kept), a listed card before an unlisted one at the same place.
  const order = cards
    .map((card) => ({ card, position: moved.get(card.id)?.position ?? card.position, listed: moved.has(card.id) }))
    .sort((a, b) => a.position - b.position || Number(b.listed) - Number(a.listed) || a.card.position - b.card.position);
  for (const [position, { card }] of order.entries()) {
    const layout = moved.get(card.id)?.layout ?? card.layout;
    if (position === card.position && !moved.has(card.id)) continue;
    await context.db
      .updateTable("custom_dashboard_cards")
      .set({ position, layout_x: layout.x, layout_y: layout.y, layout_w: layout.w, layout_h: layout.h })
      .where("id", "=", card.id)
      .execute();
  }
  const revision = await nextRevision(context, id);
  await context.appendEvent({ type: "DashboardLayoutChanged", payload: { dashboardId: id, revision, cardIds: [...moved.keys()], audience: await audienceOf(context, id) } });
  return dashboardFor(context, id, reader);
}

async function insertCard(context: TenantContext, id: number, reader: DashboardReader, title: string, content: CardContent, layout?: CardLayout): Promise<CustomDashboard> {
  const cards = await cardsOf(context, id);
  if (cards.length >= MAX_CARDS) throw badRequest({ non_field_errors: [TOO_MANY_CARDS] });
  const placed = layout ?? placeBelow(cards.map((card) => card.layout), content.type);
  if (!placed) throw badRequest({ layout: [CANVAS_FULL] });
  const card = await context.db
    .insertInto("custom_dashboard_cards")
    .values({ tenant_id: context.tenantId, dashboard_id: id, title, content: JSON.stringify(content), position: cards.length, layout_x: placed.x, layout_y: placed.y, layout_w: placed.w, layout_h: placed.h })
    .returning("id")
    .executeTakeFirstOrThrow();
  const revision = await nextRevision(context, id);
  await context.appendEvent({ type: "DashboardCardAdded", payload: { dashboardId: id, revision, cardId: card.id, audience: await audienceOf(context, id) } });
  return dashboardFor(context, id, reader);
}

/** A card of this dashboard, or 404 (a card id of another dashboard is as unknown as a missing one). */
async function cardOf(context: TenantContext, id: number, cardId: number) {
  const card = await context.db.selectFrom("custom_dashboard_cards").select(["id", "position"]).where("id", "=", cardId).where("dashboard_id", "=", id).executeTakeFirst();
  if (!card) throw notFound();
  return card;
}

/**
 * A KPI or KPI chart card names a KPI the reader may read (by its effective sensitivity; the same
 * answer for a missing one); a chart card a saved chart of the company (charts are the company's:
 * each reader sees the KPIs of it they may read).
 */
async function requireReadableContent(context: TenantContext, content: CardContent, reader: DashboardReader, fieldPrefix: "content." | "") {
  if (content.type === "chart") {
    if ((await loadCharts(context, { id: content.chartId })).length === 0) throw badRequest({ [`${fieldPrefix}chartId`]: [CHART_UNKNOWN] });
    return;
  }
  if (content.type !== "kpi" && content.type !== "kpiChart") return;
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === content.kpiId);
  if (!kpi || !mayRead(reader, kpi)) throw badRequest({ [`${fieldPrefix}kpiId`]: [KPI_NOT_READABLE] });
}
