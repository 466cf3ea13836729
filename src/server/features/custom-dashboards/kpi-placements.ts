import type { TenantContext } from "../../db/tenancy";
import type { KpiPlacements } from "../kpis/kpi-service";
import { visibleDashboards, type DashboardReader } from "./dashboard-repository";

/**
 * The KPI meta's customDashboards and customDashboardsKpi (spec section 3), per KPI id: the
 * dashboards the reader sees that show the KPI (on a KPI or a KPI chart card), and its KPI cards
 * there with their positions. Dashboards the reader does not see are not named.
 */
export async function kpiPlacements(context: TenantContext, reader: DashboardReader): Promise<Map<number, KpiPlacements>> {
  const visible = (await visibleDashboards(context, reader)).map((row) => row.id);
  const placements = new Map<number, { dashboards: number[]; kpiCards: { dashboard: number; position: number }[] }>();
  if (visible.length === 0) return placements;
  const cards = await context.db
    .selectFrom("custom_dashboard_cards")
    .select(["dashboard_id", "kpi_id", "card_type", "position"])
    .where("kpi_id", "is not", null)
    .where("dashboard_id", "in", visible)
    .orderBy("dashboard_id")
    .orderBy("position")
    .execute();
  for (const card of cards) {
    const entry = placements.get(card.kpi_id!) ?? { dashboards: [], kpiCards: [] };
    if (!entry.dashboards.includes(card.dashboard_id)) entry.dashboards.push(card.dashboard_id);
    if (card.card_type === "kpi") entry.kpiCards.push({ dashboard: card.dashboard_id, position: card.position });
    placements.set(card.kpi_id!, entry);
  }
  return placements;
}
