import { BUCKET_MONTHS } from "../../../contracts/charts";
import { KPI_VARIANTS, type ReportAttachment, type ReportData, type ReportSection, type SectionData, EMPTY_TEXT } from "../../../contracts/investor-reporting";
import type { HistoryBucket, KpiAggregatesResult } from "../../../contracts/kpis";
import { BUCKET_OF_VIEW, sectionRanges, type MonthSpan } from "../../../domain/investor-reporting/section-settings";
import { dataSourceOf } from "../../../domain/investor-reporting/status";
import { monthDateOf, monthIndexOf } from "../../../domain/months";
import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import type { TenantContext } from "../../db/tenancy";
import { loadCharts } from "../charts/chart-repository";
import { loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { aggregatesFor, historyFor, type Reader } from "../kpis/kpi-service";
import type { ReportReader } from "./report-access";
import { attachmentsOf, reportFor, sectionsOf, type ReportRow } from "./report-repository";

/**
 * A report's data per section slug (spec section 3). Figures are read through the KPI services
 * (period rules, formulas, effective sensitivity) in the company's local currency: the spec resets
 * the FX selection to local currency on investor routes, and frozen figures must not move with
 * later rates.
 *
 * The data are computed with every KPI in reach (a staff reader) and each KPI keeps the level of
 * its effective sensitivity; what a person is served is then cut to the KPIs they may read. So the
 * figures frozen at approval serve every later reader, each seeing only what they may, and a
 * draft recalculated on load is cut the same way.
 */

/** A KPI's figures as stored: with the sensitivity level that reading them takes. */
type StoredKpi = SectionKpi & { readonly level: number };
type SectionKpi = Extract<SectionData, { kind: "kpis" }>["kpis"][number];
type ChartKpi = Extract<SectionData, { kind: "chart" }>["kpis"][number];
type StoredChartKpi = ChartKpi & { readonly level: number };
/** Section data as stored (frozen) or computed before the reader's cut. */
export type StoredSectionData =
  | (Omit<Extract<SectionData, { kind: "kpis" }>, "kpis"> & { readonly kpis: readonly StoredKpi[] })
  | (Omit<Extract<SectionData, { kind: "chart" }>, "kpis"> & { readonly kpis: readonly StoredChartKpi[] })
  | Extract<SectionData, { kind: "text" | "attachments" }>;

export interface FrozenData {
  readonly computedAt: string;
  readonly currency: string;
  readonly sections: Readonly<Record<string, StoredSectionData>>;
}

const EVERY_KPI: Reader = { isStaff: true, permissions: new Set() };

/** GET /investor-reporting/reports/{id}/data/: frozen figures of an approved or sent report, a draft's computed now. */
export async function reportData(context: TenantContext, id: number, reader: ReportReader, now = new Date()): Promise<ReportData> {
  const report = await reportFor(context, id, reader);
  const stored = dataSourceOf(report.status) === "frozen" ? (report.frozenData as FrozenData) : await computeReportData(context, report, now);
  return {
    status: report.status,
    source: dataSourceOf(report.status),
    computedAt: stored.computedAt,
    currency: stored.currency,
    data: Object.fromEntries(Object.entries(stored.sections).map(([slug, data]) => [slug, cutForReader(data, reader)])),
  };
}

/** Every section's data of a report now: what approval freezes and a draft shows. */
export async function computeReportData(context: TenantContext, report: Pick<ReportRow, "id" | "endDate">, now: Date): Promise<FrozenData> {
  const tenant = await context.db.selectFrom("tenants").select(["fiscal_year_offset", "local_currency"]).executeTakeFirstOrThrow();
  const sections = await sectionsOf(context, report.id);
  const kpis = new Map((await loadKpis(context)).map((kpi) => [kpi.id, kpi]));
  const attachments = await attachmentsOf(context, report.id);
  const result: Record<string, StoredSectionData> = {};
  for (const section of sections) {
    const data = await sectionData(context, section, { reportEnd: monthIndexOf(report.endDate), fiscalYearOffset: tenant.fiscal_year_offset, kpis, attachments });
    if (data) result[section.slug] = data;
  }
  return { computedAt: now.toISOString(), currency: tenant.local_currency, sections: result };
}

interface Inputs {
  readonly reportEnd: number;
  readonly fiscalYearOffset: number;
  readonly kpis: ReadonlyMap<number, KpiRow>;
  readonly attachments: readonly ReportAttachment[];
}

async function sectionData(context: TenantContext, section: ReportSection, inputs: Inputs): Promise<StoredSectionData | null> {
  if (KPI_VARIANTS.includes(section.variant)) return kpiSectionData(context, section, inputs);
  switch (section.variant) {
    case "text":
      return { kind: "text", content: section.content ?? EMPTY_TEXT };
    case "attachments":
      return { kind: "attachments", attachments: inputs.attachments };
    case "chart":
      return chartSectionData(context, section, inputs);
    default:
      // deepdrill and chartgenius: no section of them can be made yet.
      return null;
  }
}

/**
 * A KPI section: its KPIs (the chosen ones, else every KPI of its category) with their history
 * over the reported range in columns of the view type, the same over the comparison range, and
 * their aggregates (year to date, last twelve months…) at the reported range's end.
 */
async function kpiSectionData(context: TenantContext, section: ReportSection, inputs: Inputs): Promise<StoredSectionData> {
  const settings = section.settings;
  const { to, from } = sectionRanges(settings, inputs.reportEnd);
  const chosen = settings.kpiIds?.length ? settings.kpiIds : [...inputs.kpis.values()].filter((kpi) => kpi.category_id === settings.categoryId).map((kpi) => kpi.id);
  const kpis = chosen.map((id) => inputs.kpis.get(id)).filter((kpi): kpi is KpiRow => kpi !== undefined);
  const only = new Set(kpis.map((kpi) => kpi.id));
  const bucketSize = BUCKET_OF_VIEW[settings.viewType ?? "month"];
  const history = (span: MonthSpan) =>
    only.size === 0 ? Promise.resolve({} as Record<number, HistoryBucket[]>) : historyFor(context, EVERY_KPI, { end: span.last, timeRange: monthsIn(span), bucketSize, fiscalYearOffset: inputs.fiscalYearOffset, fxRates: null, only });
  const [reported, compared] = [await history(to), await history(from)];
  const aggregates: Record<number, KpiAggregatesResult> = only.size === 0 ? {} : await aggregatesFor(context, EVERY_KPI, { end: to.last, fiscalYearOffset: inputs.fiscalYearOffset, ignoreLastMonths: 0, fxRates: null, only });
  return {
    kind: "kpis",
    categoryId: settings.categoryId ?? null,
    viewType: settings.viewType ?? "month",
    to: spanOf(to),
    from: spanOf(from),
    compareWithPlanning: settings.compareWithPlanning ?? true,
    showComments: settings.showComments ?? true,
    percentDeviation: settings.percentDeviation ?? true,
    deviation: settings.deviation ?? true,
    kpis: kpis.map((kpi) => ({ id: kpi.id, name: kpi.name, unit: kpi.unit, higherIsBetter: kpi.higher_is_better, level: kpi.effective_sensitivity, history: reported[kpi.id] ?? [], comparison: compared[kpi.id] ?? [], aggregates: aggregates[kpi.id] ?? null })),
  };
}

/** A chart section: the saved chart's KPIs and series over its period, as the chart builder draws them. */
async function chartSectionData(context: TenantContext, section: ReportSection, inputs: Inputs): Promise<StoredSectionData> {
  const chartId = section.settings.chartId ?? null;
  const chart = chartId === null ? undefined : (await loadCharts(context, { id: chartId }))[0];
  if (!chart) return { kind: "chart", chartId, name: null, series: [], kpis: [] };
  const { settings } = chart;
  const kpis = settings.kpiIds.map((id) => inputs.kpis.get(id)).filter((kpi): kpi is KpiRow => kpi !== undefined);
  const last = settings.period.endMonth ? monthIndexOf(settings.period.endMonth) : inputs.reportEnd;
  const results = kpis.length
    ? await historyFor(context, EVERY_KPI, { end: last, timeRange: settings.period.months, bucketSize: BUCKET_MONTHS[settings.bucket], fiscalYearOffset: inputs.fiscalYearOffset, fxRates: null, only: new Set(kpis.map((kpi) => kpi.id)) })
    : {};
  return { kind: "chart", chartId, name: chart.name, series: [...settings.series], kpis: kpis.map((kpi) => ({ id: kpi.id, name: kpi.name, unit: kpi.unit, level: kpi.effective_sensitivity, buckets: results[kpi.id] ?? [] })) };
}

/** What one reader is served: the KPIs whose level they may read, without the level itself. */
export function cutForReader(data: StoredSectionData, reader: Reader): SectionData {
  const readable = (level: number) => reader.isStaff || canReadSensitivity(reader.permissions, level);
  if (data.kind === "kpis") return { ...data, kpis: data.kpis.filter((kpi) => readable(kpi.level)).map(({ level: _level, ...kpi }) => kpi) };
  if (data.kind === "chart") return { ...data, kpis: data.kpis.filter((kpi) => readable(kpi.level)).map(({ level: _level, ...kpi }) => kpi) };
  return data;
}

const monthsIn = (span: MonthSpan) => Math.max(1, span.last - span.first + 1);
const spanOf = (span: MonthSpan) => ({ startDate: monthDateOf(span.first), endDate: monthDateOf(span.last) });
