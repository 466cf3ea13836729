import type { DashboardCard } from "../../../../contracts/custom-dashboards";
import { useKpiMeta } from "../../kpis/views/hooks";

/**
 * What names a card without a title of its own: its KPI's name (KPI and KPI chart cards; the
 * spec's "add KPI" adds untitled KPI cards). Empty for other cards, and while the KPIs load.
 */
export function useKpiNameOf(): (card: Pick<DashboardCard, "content">) => string {
  const meta = useKpiMeta();
  return (card) => {
    const content = card.content as { readonly kpiId?: unknown };
    return typeof content.kpiId === "number" ? (meta.kpis.find((kpi) => kpi.id === content.kpiId)?.name ?? "") : "";
  };
}
