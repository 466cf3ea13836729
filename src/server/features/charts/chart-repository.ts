import type { ChartSettings } from "../../../contracts/charts";
import type { TenantContext } from "../../db/tenancy";

/** A saved chart as stored: its settings with the KPIs still there (chart_kpis, in the chart's order). */
export interface StoredChart {
  readonly id: number;
  readonly name: string;
  readonly settings: ChartSettings;
  readonly createdBy: { readonly id: number; readonly name: string } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The company's charts (or one, or those drawing one KPI), newest change first. */
export async function loadCharts({ db }: TenantContext, filter: { id?: number; kpiId?: number } = {}): Promise<StoredChart[]> {
  let query = db
    .selectFrom("charts")
    .leftJoin("users", (join) => join.onRef("users.tenant_id", "=", "charts.tenant_id").onRef("users.id", "=", "charts.created_by"))
    .select(["charts.id", "charts.name", "charts.settings", "charts.created_by", "charts.created_at", "charts.updated_at", "users.first_name", "users.last_name", "users.email"])
    .orderBy("charts.updated_at", "desc")
    .orderBy("charts.id", "desc");
  if (filter.id !== undefined) query = query.where("charts.id", "=", filter.id);
  if (filter.kpiId !== undefined) {
    const kpiId = filter.kpiId;
    query = query.where((eb) => eb.exists(eb.selectFrom("chart_kpis").select("chart_kpis.chart_id").whereRef("chart_kpis.chart_id", "=", "charts.id").where("chart_kpis.kpi_id", "=", kpiId)));
  }
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("chart_kpis")
    .select(["chart_id", "kpi_id"])
    .where("chart_id", "in", rows.map((row) => row.id))
    .orderBy("chart_id")
    .orderBy("position")
    .execute();
  const kpisOf = new Map<number, number[]>();
  for (const link of links) {
    const chartId = Number(link.chart_id);
    kpisOf.set(chartId, [...(kpisOf.get(chartId) ?? []), Number(link.kpi_id)]);
  }
  return rows.map((row) => {
    const id = Number(row.id);
    // The stored settings' KPI list is what chart_kpis says now: a deleted KPI has left it.
    const kpiIds = kpisOf.get(id) ?? [];
    const stored = row.settings as ChartSettings;
    const present = new Set(kpiIds);
    const settings: ChartSettings = { ...stored, kpiIds, pivot: { ...stored.pivot, rowOrder: stored.pivot.rowOrder.filter((kpi) => present.has(kpi)) } };
    return {
      id,
      name: row.name,
      settings,
      createdBy: row.created_by === null || row.email === null ? null : { id: Number(row.created_by), name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.email },
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
}

export async function insertChart(context: TenantContext, chart: { name: string; settings: ChartSettings; createdBy: number }): Promise<number> {
  const { id } = await context.db
    .insertInto("charts")
    .values({ tenant_id: context.tenantId, name: chart.name, settings: JSON.stringify(chart.settings), created_by: chart.createdBy })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeChartKpis(context, Number(id), chart.settings.kpiIds);
  return Number(id);
}

/** Replaces a chart's name and settings; false when there is no such chart. */
export async function updateChart(context: TenantContext, id: number, chart: { name: string; settings: ChartSettings }): Promise<boolean> {
  const updated = await context.db
    .updateTable("charts")
    .set({ name: chart.name, settings: JSON.stringify(chart.settings), updated_at: new Date() })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
  if (!updated) return false;
  await context.db.deleteFrom("chart_kpis").where("chart_id", "=", id).execute();
  await writeChartKpis(context, id, chart.settings.kpiIds);
  return true;
}

export async function deleteChart({ db }: TenantContext, id: number): Promise<boolean> {
  return (await db.deleteFrom("charts").where("id", "=", id).returning("id").executeTakeFirst()) !== undefined;
}

async function writeChartKpis({ db, tenantId }: TenantContext, chartId: number, kpiIds: readonly number[]) {
  await db
    .insertInto("chart_kpis")
    .values(kpiIds.map((kpi_id, position) => ({ tenant_id: tenantId, chart_id: chartId, kpi_id, position })))
    .execute();
}
