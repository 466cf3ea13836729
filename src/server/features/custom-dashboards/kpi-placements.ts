import type { TenantContext } from "../../db/tenancy";
import type { KpiPlacements } from "../kpis/kpi-service";
import { visibleDashboards, type DashboardReader } from "./dashboard-repository";

/**
 * The KPI meta's customDashboards and customDashboardsKpi (spec section 3), per KPI id: the
 * dashboards the reader sees that show the KPI (on a KPI or KPI chart card, or in a saved chart
 * on a chart card), and its KPI cards there with their positions. Dashboards the reader does not
 * see are not named.
 */
export async function kpiPlacements(context: TenantContext, reader: DashboardReader): Promise<Map<number, KpiPlacements>> {
  const visible = (await visibleDashboards(context, reader)).map((row) => row.id);
  const placements = new Map<number, { dashboards: number[]; kpiCards: { dashboard: number; position: number }[] }>();
  if (visible.length === 0) return placements;
  const cards = await context.db
    .selectFrom("custom_dashboard_cards")
    .select(["dashboard_id", "kpi_id", "card_type", "content", "position"])
    .where((eb) => eb.or([eb("kpi_id", "is not", null), eb("card_type", "=", "chart")]))
    .where("dashboard_id", "in", visible)
    .orderBy("dashboard_id")
    .orderBy("position")
    .execute();
  const chartIds = [...new Set(cards.filter((card) => card.card_type === "chart").map((card) => (card.content as { chartId: number }).chartId))];
  const chartKpis = new Map<number, number[]>();
  if (chartIds.length > 0) {
    for (const link of await context.db.selectFrom("chart_kpis").select(["chart_id", "kpi_id"]).where("chart_id", "in", chartIds).execute()) {
      chartKpis.set(Number(link.chart_id), [...(chartKpis.get(Number(link.chart_id)) ?? []), Number(link.kpi_id)]);
    }
  }
  const entryOf = (kpiId: number) => {
    const entry = placements.get(kpiId) ?? { dashboards: [], kpiCards: [] };
    placements.set(kpiId, entry);
    return entry;
  };
  for (const card of cards) {
    const kpiIds = card.card_type === "chart" ? (chartKpis.get((card.content as { chartId: number }).chartId) ?? []) : [card.kpi_id!];
    for (const kpiId of kpiIds) {
      const entry = entryOf(kpiId);
      if (!entry.dashboards.includes(card.dashboard_id)) entry.dashboards.push(card.dashboard_id);
      if (card.card_type === "kpi") entry.kpiCards.push({ dashboard: card.dashboard_id, position: card.position });
    }
  }
  return placements;
}
