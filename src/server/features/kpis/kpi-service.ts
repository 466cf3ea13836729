import { sql } from "kysely";
import type { HistoryBucket, KpiMeta } from "../../../contracts/kpis";
import { effectiveEnd, ytdMonths } from "../../../domain/kpi/aggregation";
import { bucketsOf, type BucketSize } from "../../../domain/kpi/periods";
import { outdatedStatus, type ReportingCadence } from "../../../domain/kpi/cadence";
import { dependenciesOf, evaluationOrder, parseFormula } from "../../../domain/kpi/formula";
import { convert, type DatedRate } from "../../../domain/kpi/fx";
import { kpiAggregates, type KpiAggregates } from "../../../domain/kpi/kpi-aggregates";
import { kpiHistory } from "../../../domain/kpi/kpi-history";
import { addCalculatedKpis, storedPeriodKpi, type PeriodKpi } from "../../../domain/kpi/period-kpis";
import { periodRuleOf } from "../../../domain/kpi/period-rule";
import { monthDateOf, monthRange, type MonthIndex } from "../../../domain/months";
import type { Permission } from "../../../domain/permissions/catalogue";
import { effectiveSensitivities } from "../../../domain/permissions/effective-sensitivity";
import { canReadSensitivity, canWriteSensitivity } from "../../../domain/permissions/sensitivity";
import type { TenantContext } from "../../db/tenancy";
import { loadKpis, loadSeries, newestActuals, type KpiRow } from "./kpi-repository";

export interface Reader {
  readonly isStaff: boolean;
  readonly permissions: ReadonlySet<Permission>;
}

/**
 * Reading goes by the KPI's effective sensitivity (its formula's inputs included, transitively), so
 * no calculated value gives away a KPI the reader may not see. Only stored KPIs are written, and
 * their effective level is their own.
 */
const mayRead = (reader: Reader, kpi: Pick<KpiRow, "effective_sensitivity">) => reader.isStaff || canReadSensitivity(reader.permissions, kpi.effective_sensitivity);
const mayWrite = (reader: Reader, kpi: KpiRow) => reader.isStaff || canWriteSensitivity(reader.permissions, kpi.sensitivity);

/** Where a KPI is placed on the custom dashboards its reader sees (custom-dashboards/kpi-placements.ts). */
export interface KpiPlacements {
  readonly dashboards: readonly number[];
  readonly kpiCards: readonly { readonly dashboard: number; readonly position: number }[];
}

/**
 * The KPIs the reader may see, as GET /api/kpis/meta/ answers them; `favorites` are the user's
 * favorite ids, `placements` the KPIs' places on the custom dashboards the user sees.
 */
export async function kpiMeta(
  context: TenantContext,
  reader: Reader,
  currentMonth: MonthIndex,
  favorites: ReadonlySet<number> = new Set(),
  placements: ReadonlyMap<number, KpiPlacements> = new Map(),
): Promise<KpiMeta[]> {
  const [kpis, newest] = await Promise.all([loadKpis(context), newestActuals(context)]);
  const readable = kpis.filter((kpi) => mayRead(reader, kpi));
  const readableIds = new Set(readable.map((kpi) => kpi.id));
  return readable.map((kpi) => {
    const last = newest.get(kpi.id) ?? null;
    return {
      id: kpi.id,
      key: kpi.key,
      name: kpi.name,
      description: kpi.description,
      category: { id: kpi.category_id, name: kpi.category_name, kind: kpi.category_kind, isComplex: kpi.is_complex, flexibleColumnsConfig: kpi.flexible_columns_config },
      // A parent the reader may not see is not named: the line stands on its own for them.
      parentId: kpi.parent_id !== null && readableIds.has(kpi.parent_id) ? kpi.parent_id : null,
      benchmarks: { valueBottom25: kpi.benchmark_bottom25, valueMedian50: kpi.benchmark_median50, valueTop25: kpi.benchmark_top25, top5: kpi.benchmark_top5 },
      aggregationType: kpi.aggregation_type,
      higherIsBetter: kpi.higher_is_better,
      favorite: favorites.has(kpi.id),
      // The level reading it takes; the formula names only KPIs at that level or below, so only readable ones.
      sensitivity: kpi.effective_sensitivity,
      isCalculated: kpi.formula !== null,
      formula: kpi.formula,
      periodRule: periodRuleOf({ aggregationType: kpi.aggregation_type, isCalculated: kpi.formula !== null, weightedRatio: kpi.weighted_ratio }),
      unit: kpi.unit,
      cadence: kpi.cadence,
      validationState: kpi.validation_state,
      lastActualDate: last === null ? null : monthDateOf(last),
      // A calculated KPI is as current as its inputs; it has no values of its own.
      outdated: kpi.formula === null && outdatedStatus(kpi.cadence as ReportingCadence, last, currentMonth) === "outdated",
      writable: kpi.formula === null && mayWrite(reader, kpi),
      overrideForecasting: kpi.override_forecasting,
      customDashboards: [...(placements.get(kpi.id)?.dashboards ?? [])],
      customDashboardsKpi: [...(placements.get(kpi.id)?.kpiCards ?? [])],
    };
  });
}

/**
 * The aggregates of the readable KPIs (or of `only`), converted to the chosen FX rate before
 * aggregating, each figure made by the KPI's period rule (contracts PERIOD_RULES): calculated
 * KPIs aggregate their monthly formula values by their own type, weighted ratios take the formula
 * over their inputs' figures, so a margin is the ratio of the sums, not the average of monthly ratios.
 */
export async function aggregatesFor(
  context: TenantContext,
  reader: Reader,
  options: { end: MonthIndex; fiscalYearOffset: number; ignoreLastMonths: number; fxRates: DatedRate[] | null; only: ReadonlySet<number> | null },
): Promise<Record<number, KpiAggregates>> {
  const kpis = await neededKpis(context, reader, options.only);
  const end = effectiveEnd(options.end, options.ignoreLastMonths);
  // From the start of last fiscal year (for last-year values) to the end of this one.
  const first = ytdMonths(end, options.fiscalYearOffset)[0]! - 12;
  const periodKpis = await periodKpisOf(context, kpis, first, first + 23, options.fxRates);
  const results: Record<number, KpiAggregates> = {};
  for (const kpi of answered(kpis, options.only)) {
    const { series, measure } = periodKpis.get(kpi.key)!;
    results[kpi.id] = kpiAggregates(series, measure, { end: options.end, fiscalYearOffset: options.fiscalYearOffset, ignoreLastMonths: options.ignoreLastMonths });
  }
  return results;
}

/** What the aggregates and the history read of a KPI. */
export type KpiBasics = Pick<KpiRow, "id" | "key" | "unit" | "aggregation_type" | "sensitivity" | "formula" | "weighted_ratio">;

/**
 * The KPIs an answer about `only` needs: the ones asked for (every KPI without `only`) and, for
 * calculated ones, their formulas' inputs, transitively. `readable` goes by the effective
 * sensitivity, so a readable calculated KPI only ever reads readable inputs; answers hold only
 * readable KPIs asked for (`answered`). With `only` just these rows are read (a dashboard asks for
 * 100 of 500 KPIs), one query per level of formulas; they hold every input of the KPIs asked for,
 * so the effective levels computed over them are complete.
 */
async function neededKpis(context: TenantContext, reader: Reader, only: ReadonlySet<number> | null): Promise<(KpiBasics & { readable: boolean })[]> {
  if (!only) return (await loadKpis(context)).map((kpi) => ({ ...kpi, readable: mayRead(reader, kpi) }));
  const { db } = context;
  const columns = ["id", "key", "unit", "aggregation_type", "sensitivity", "formula", "weighted_ratio"] as const;
  const needed = new Map<string, KpiBasics>();
  const asked = new Set<string>();
  let rows: KpiBasics[] = await db.selectFrom("kpis").select(columns).where("id", "=", sql<number>`any(${[...only]}::bigint[])`).execute();
  while (rows.length > 0) {
    for (const kpi of rows) asked.add(kpi.key);
    const inputs = new Set<string>();
    for (const kpi of rows) {
      if (needed.has(kpi.key)) continue;
      needed.set(kpi.key, kpi);
      if (kpi.formula !== null) for (const key of dependenciesOf(parseFormula(kpi.formula))) if (!asked.has(key)) inputs.add(key);
    }
    // Each key is asked for once, also one that names no KPI.
    for (const key of inputs) asked.add(key);
    rows = inputs.size === 0 ? [] : await db.selectFrom("kpis").select(columns).where("key", "in", [...inputs]).execute();
  }
  const levels = effectiveSensitivities(needed.values());
  return [...needed.values()].map((kpi) => ({ ...kpi, readable: mayRead(reader, { effective_sensitivity: levels.get(kpi.key)! }) }));
}

/** The KPIs an answer holds: readable, and asked for (every readable one without `only`). */
const answered = <K extends { id: number; readable: boolean }>(kpis: readonly K[], only: ReadonlySet<number> | null) =>
  kpis.filter((kpi) => kpi.readable && (!only || only.has(kpi.id)));

/**
 * The KPIs as their period rules read them, for the months from `first` to `last`: stored
 * series (one query) converted to the FX rate month by month, then the calculated KPIs in
 * dependency order.
 */
export async function periodKpisOf(context: TenantContext, kpis: readonly KpiBasics[], first: MonthIndex, last: MonthIndex, fxRates: DatedRate[] | null): Promise<Map<string, PeriodKpi>> {
  const stored = kpis.filter((kpi) => kpi.formula === null);
  const series = await loadSeries(context, stored.map((kpi) => kpi.id), first, last);
  const known = new Map<string, PeriodKpi>();
  for (const kpi of stored) {
    const raw = series.get(kpi.id)!;
    const converted = { actual: convertSeries(raw.actual, kpi.unit, fxRates), planning: convertSeries(raw.planning, kpi.unit, fxRates), forecast: convertSeries(raw.forecast, kpi.unit, fxRates) };
    known.set(kpi.key, storedPeriodKpi(converted, kpi.aggregation_type));
  }
  const calculated = new Map(kpis.filter((kpi) => kpi.formula !== null).map((kpi) => [kpi.key, kpi] as const));
  const parsed = new Map([...calculated].map(([key, kpi]) => [key, parseFormula(kpi.formula!)] as const));
  const inOrder = evaluationOrder(parsed).map((key) => ({ key, formula: parsed.get(key)!, aggregationType: calculated.get(key)!.aggregation_type, weightedRatio: calculated.get(key)!.weighted_ratio }));
  addCalculatedKpis(known, inOrder, monthRange(first, last));
  return known;
}

function convertSeries(series: ReadonlyMap<MonthIndex, number>, unit: string, rates: DatedRate[] | null) {
  if (unit !== "currency" || !rates) return series;
  return new Map([...series].map(([month, value]) => [month, convert(value, unit, month, rates)] as const));
}

export { mayRead, mayWrite };

/**
 * A KPI's history in buckets aligned to the fiscal year (domain kpiHistory): actual, planning,
 * forecast and last year's actuals per bucket, converted to the FX rate month by month, each by the
 * KPI's period rule and counted in months.
 */
export async function historyFor(
  context: TenantContext,
  reader: Reader,
  options: { end: MonthIndex; timeRange: number; bucketSize: BucketSize; fiscalYearOffset: number; fxRates: DatedRate[] | null; only: ReadonlySet<number> | null },
): Promise<Record<number, HistoryBucket[]>> {
  const kpis = await neededKpis(context, reader, options.only);
  const first = options.end - options.timeRange + 1;
  const buckets = bucketsOf(first, options.end, options.bucketSize, options.fiscalYearOffset);
  const periodKpis = await periodKpisOf(context, kpis, first - 12, options.end, options.fxRates);
  const results: Record<number, HistoryBucket[]> = {};
  for (const kpi of answered(kpis, options.only)) {
    const { series, measure } = periodKpis.get(kpi.key)!;
    results[kpi.id] = kpiHistory(series, measure, buckets);
  }
  return results;
}
