import { BUCKET_MONTHS, type ChartSeries, type ChartSettings } from "../../../contracts/charts";
import type { CustomDashboard, DashboardCard } from "../../../contracts/custom-dashboards";
import type { HistoryBucket, KpiAggregatesResult } from "../../../contracts/kpis";
import { effectiveEnd } from "../../../domain/kpi/aggregation";
import type { BucketSize } from "../../../domain/kpi/periods";
import { monthIndexAt, monthIndexOf, type MonthIndex } from "../../../domain/months";
import { CHART_GONE } from "../../../domain/custom-dashboards/texts";
import type { TenantContext } from "../../db/tenancy";
import { loadCharts } from "../charts/chart-repository";
import { loadKpis } from "../kpis/kpi-repository";
import { aggregatesFor, historyFor, mayRead } from "../kpis/kpi-service";
import type { DashboardReader } from "./dashboard-repository";
import { dashboardFor } from "./dashboard-service";

/**
 * What an Excel export of a dashboard holds, read in the reader's transaction: every card with
 * its data as the dashboards show it, at the reader's reporting month (their saved date range,
 * else last month), in the company's local currency (no FX rate). A KPI the reader may not read
 * is named as unavailable, without its name or figures, as the KPI routes would answer.
 */
export interface ExportKpi {
  readonly id: number;
  readonly name: string;
  readonly unit: string;
}

export type ExportCard =
  | { readonly card: DashboardCard; readonly kind: "text"; readonly text: string }
  | { readonly card: DashboardCard; readonly kind: "unavailable"; readonly message: string }
  | { readonly card: DashboardCard; readonly kind: "kpi"; readonly kpi: ExportKpi; readonly month: HistoryBucket | null; readonly aggregates: KpiAggregatesResult | null }
  | { readonly card: DashboardCard; readonly kind: "history"; readonly series: readonly ChartSeries[]; readonly kpis: readonly { readonly kpi: ExportKpi; readonly buckets: readonly HistoryBucket[] }[]; readonly chartName: string | null };

export interface DashboardExport {
  readonly dashboard: CustomDashboard;
  readonly reportingMonth: MonthIndex;
  readonly currency: string;
  readonly cards: readonly ExportCard[];
}

export const KPI_UNAVAILABLE = "This KPI is not available to you.";
const KPI_CHART_SERIES: readonly ChartSeries[] = ["actual", "planning", "forecast", "lastYear"];

export async function dashboardExport(context: TenantContext, id: number, reader: DashboardReader, userId: number, now = new Date()): Promise<DashboardExport> {
  const dashboard = await dashboardFor(context, id, reader);
  const tenant = await context.db.selectFrom("tenants").select(["fiscal_year_offset", "local_currency"]).executeTakeFirstOrThrow();
  const period = await reportingPeriodOf(context, userId, now);
  const readable = new Map<number, ExportKpi>((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => [kpi.id, { id: kpi.id, name: kpi.name, unit: kpi.unit }]));
  const fiscalYearOffset = tenant.fiscal_year_offset;
  const end = effectiveEnd(period.end, period.ignoreLastMonths);
  const history = async (kpiIds: readonly number[], timeRange: number, bucketSize: BucketSize, last: MonthIndex) =>
    historyFor(context, reader, { end: last, timeRange, bucketSize, fiscalYearOffset, fxRates: null, only: new Set(kpiIds) });

  const cards: ExportCard[] = [];
  for (const card of dashboard.cards) {
    const content = card.content;
    if (content.type === "text") {
      cards.push({ card, kind: "text", text: content.text });
    } else if (content.type === "kpi" || content.type === "kpiChart") {
      const kpi = readable.get(content.kpiId);
      if (!kpi) cards.push({ card, kind: "unavailable", message: KPI_UNAVAILABLE });
      else if (content.type === "kpi") {
        const aggregates = await aggregatesFor(context, reader, { end: period.end, fiscalYearOffset, ignoreLastMonths: period.ignoreLastMonths, fxRates: null, only: new Set([kpi.id]) });
        const month = (await history([kpi.id], 1, 1, end))[kpi.id]?.[0] ?? null;
        cards.push({ card, kind: "kpi", kpi, month, aggregates: aggregates[kpi.id] ?? null });
      } else {
        const buckets = (await history([kpi.id], content.timeRange, content.bucketSize, end))[kpi.id] ?? [];
        cards.push({ card, kind: "history", series: KPI_CHART_SERIES, kpis: [{ kpi, buckets }], chartName: null });
      }
    } else {
      const chart = await savedChart(context, content.chartId);
      if (!chart) {
        cards.push({ card, kind: "unavailable", message: CHART_GONE });
        continue;
      }
      const { settings } = chart;
      const kpis = settings.kpiIds.map((kpiId) => readable.get(kpiId)).filter((kpi): kpi is ExportKpi => kpi !== undefined);
      const last = settings.period.endMonth ? monthIndexOf(settings.period.endMonth) : end;
      const results = kpis.length ? await history(kpis.map((kpi) => kpi.id), settings.period.months, BUCKET_MONTHS[settings.bucket], last) : {};
      cards.push({ card, kind: "history", series: settings.series, kpis: kpis.map((kpi) => ({ kpi, buckets: results[kpi.id] ?? [] })), chartName: chart.name });
    }
  }
  return { dashboard, reportingMonth: end, currency: tenant.local_currency, cards };
}

/** The reader's reporting month as their dashboards use it: their saved date range, else last month. */
async function reportingPeriodOf({ db }: TenantContext, userId: number, now: Date): Promise<{ end: MonthIndex; ignoreLastMonths: number }> {
  const row = await db.selectFrom("user_settings").select("settings").where("user_id", "=", userId).executeTakeFirst();
  const range = (row?.settings as { daterangeFilter?: { endDate?: string | null; ignoreLastMonths?: number } } | undefined)?.daterangeFilter;
  const end = typeof range?.endDate === "string" && /^\d{4}-\d{2}-01$/.test(range.endDate) ? monthIndexOf(range.endDate) : monthIndexAt(now) - 1;
  const ignoreLastMonths = Number.isInteger(range?.ignoreLastMonths) ? Math.max(0, range!.ignoreLastMonths!) : 0;
  return { end, ignoreLastMonths };
}

/** A saved chart's name and settings (its KPIs those still there), or null when it was deleted. */
async function savedChart(context: TenantContext, chartId: number): Promise<{ name: string; settings: ChartSettings } | null> {
  return (await loadCharts(context, { id: chartId }))[0] ?? null;
}
