import type { ChartSettings } from "../../../contracts/charts";
import { defaultChartSettings } from "../../../domain/charts/chart-settings";
import type { TenantContext } from "../tenancy";

/**
 * Saved charts of the demo company, so the chart builder's list, the KPI details' Charts tabs and
 * dashboard cards have something to show: the operating costs stacked by quarter, and the P&L as
 * a pivot table by fiscal year with the cash balance (a balance: its total is its last value).
 */
const DEMO_CHARTS: readonly { name: string; keys: readonly string[]; settings: Omit<ChartSettings, "kpiIds"> }[] = [
  {
    name: "Operating costs by quarter",
    keys: ["personnel_costs", "marketing_costs", "rent_office", "other_opex"],
    settings: { ...defaultChartSettings(), type: "stacked", period: { months: 24, endMonth: null }, bucket: "Q", series: ["actual"], colourScheme: "meridian" },
  },
  {
    name: "P&L and cash by half year",
    keys: ["revenue", "cogs", "gross_profit", "cash_balance"],
    settings: { ...defaultChartSettings(), type: "pivot", period: { months: 24, endMonth: null }, bucket: "HY", series: ["actual"], pivot: { rows: "kpis", subtotals: true, totals: true, sort: "manual", rowOrder: [] } },
  },
];

export async function seedDemoCharts({ db, tenantId }: TenantContext, adminId: number | undefined) {
  const kpis = new Map((await db.selectFrom("kpis").select(["id", "key"]).execute()).map((kpi) => [kpi.key, Number(kpi.id)]));
  for (const chart of DEMO_CHARTS) {
    const kpiIds = chart.keys.flatMap((key) => (kpis.has(key) ? [kpis.get(key)!] : []));
    if (!kpiIds.length) continue;
    const settings: ChartSettings = { ...chart.settings, kpiIds };
    const { id } = await db.insertInto("charts").values({ tenant_id: tenantId, name: chart.name, settings: JSON.stringify(settings), created_by: adminId ?? null }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("chart_kpis").values(kpiIds.map((kpi_id, position) => ({ tenant_id: tenantId, chart_id: Number(id), kpi_id, position }))).execute();
  }
}
