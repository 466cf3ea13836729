import { sql } from "kysely";
import type { KpiMeta } from "../../../contracts/kpis";
import { aggregate, effectiveEnd, ytdMonths } from "../../../domain/kpi/aggregation";
import { bucketsOf, type BucketSize } from "../../../domain/kpi/periods";
import { outdatedStatus, type ReportingCadence } from "../../../domain/kpi/cadence";
import { dependenciesOf, evaluateFormula, evaluationOrder, parseFormula, type Formula } from "../../../domain/kpi/formula";
import { convert, type DatedRate } from "../../../domain/kpi/fx";
import { kpiAggregates, type KpiAggregates, type KpiSeries } from "../../../domain/kpi/kpi-aggregates";
import { monthDateOf, type MonthIndex } from "../../../domain/months";
import type { Permission } from "../../../domain/permissions/catalogue";
import { canReadSensitivity, canWriteSensitivity } from "../../../domain/permissions/sensitivity";
import type { TenantContext } from "../../db/tenancy";
import { loadKpis, loadSeries, newestActuals, type KpiRow } from "./kpi-repository";

export interface Reader {
  readonly isStaff: boolean;
  readonly permissions: ReadonlySet<Permission>;
}

const mayRead = (reader: Reader, kpi: Pick<KpiRow, "sensitivity">) => reader.isStaff || canReadSensitivity(reader.permissions, kpi.sensitivity);
const mayWrite = (reader: Reader, kpi: KpiRow) => reader.isStaff || canWriteSensitivity(reader.permissions, kpi.sensitivity);

/** The KPIs the reader may see, as GET /api/kpis/meta/ answers them; `favorites` are the user's favorite ids. */
export async function kpiMeta(context: TenantContext, reader: Reader, currentMonth: MonthIndex, favorites: ReadonlySet<number> = new Set()): Promise<KpiMeta[]> {
  const [kpis, newest] = await Promise.all([loadKpis(context), newestActuals(context)]);
  return kpis.filter((kpi) => mayRead(reader, kpi)).map((kpi) => {
    const last = newest.get(kpi.id) ?? null;
    return {
      id: kpi.id,
      key: kpi.key,
      name: kpi.name,
      description: kpi.description,
      category: { id: kpi.category_id, name: kpi.category_name, kind: kpi.category_kind, isComplex: kpi.is_complex, flexibleColumnsConfig: kpi.flexible_columns_config },
      parentId: kpi.parent_id,
      benchmarks: { valueBottom25: kpi.benchmark_bottom25, valueMedian50: kpi.benchmark_median50, valueTop25: kpi.benchmark_top25, top5: kpi.benchmark_top5 },
      aggregationType: kpi.aggregation_type,
      higherIsBetter: kpi.higher_is_better,
      favorite: favorites.has(kpi.id),
      sensitivity: kpi.sensitivity,
      isCalculated: kpi.formula !== null,
      formula: kpi.formula,
      unit: kpi.unit,
      cadence: kpi.cadence,
      validationState: kpi.validation_state,
      lastActualDate: last === null ? null : monthDateOf(last),
      // A calculated KPI is as current as its inputs; it has no values of its own.
      outdated: kpi.formula === null && outdatedStatus(kpi.cadence as ReportingCadence, last, currentMonth) === "outdated",
      writable: kpi.formula === null && mayWrite(reader, kpi),
    };
  });
}

/**
 * The aggregates of the readable KPIs (or of `only`), converted to the chosen FX rate before
 * aggregating. Calculated KPIs apply their formula to their inputs' aggregates, field by field, so
 * a margin is the ratio of the sums, not the sum of monthly ratios.
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
  const last = first + 23;
  const stored = kpis.filter((kpi) => kpi.formula === null);
  const series = await loadSeries(context, stored.map((kpi) => kpi.id), first, last);
  const byKey = new Map<string, KpiAggregates>();
  for (const kpi of stored) {
    const raw = series.get(kpi.id)!;
    const converted: KpiSeries = {
      actual: convertSeries(raw.actual, kpi.unit, options.fxRates),
      planning: convertSeries(raw.planning, kpi.unit, options.fxRates),
      forecast: convertSeries(raw.forecast, kpi.unit, options.fxRates),
    };
    byKey.set(kpi.key, kpiAggregates(converted, kpi.aggregation_type, { end: options.end, fiscalYearOffset: options.fiscalYearOffset, ignoreLastMonths: options.ignoreLastMonths }));
  }
  const calculated = kpis.filter((kpi) => kpi.formula !== null);
  const parsed = new Map(calculated.map((kpi) => [kpi.key, parseFormula(kpi.formula!)] as const));
  for (const key of evaluationOrder(parsed)) byKey.set(key, calculatedAggregates(parsed.get(key)!, byKey));
  const results: Record<number, KpiAggregates> = {};
  for (const kpi of kpis) {
    if (!kpi.readable || (options.only && !options.only.has(kpi.id))) continue;
    const aggregates = byKey.get(kpi.key);
    if (aggregates) results[kpi.id] = aggregates;
  }
  return results;
}

/** What the aggregates and the history read of a KPI. */
type KpiBasics = Pick<KpiRow, "id" | "key" | "unit" | "aggregation_type" | "sensitivity" | "formula">;

/**
 * The KPIs an answer about `only` needs: the readable ones asked for (every readable KPI without
 * `only`) and, for calculated ones, their formulas' inputs, transitively. Inputs count whether or
 * not the reader may see them (a KPI's own sensitivity decides who sees it, as in
 * POST /api/kpis/values/); answers hold only readable KPIs (`readable`). With `only` just these
 * rows are read (a dashboard asks for 100 of 500 KPIs), one query per level of formulas.
 */
async function neededKpis(context: TenantContext, reader: Reader, only: ReadonlySet<number> | null): Promise<(KpiBasics & { readable: boolean })[]> {
  if (!only) return (await loadKpis(context)).map((kpi) => ({ ...kpi, readable: mayRead(reader, kpi) }));
  const { db } = context;
  const columns = ["id", "key", "unit", "aggregation_type", "sensitivity", "formula"] as const;
  const needed = new Map<string, KpiBasics & { readable: boolean }>();
  const asked = new Set<string>();
  let firstLevel = true;
  let rows: KpiBasics[] = await db.selectFrom("kpis").select(columns).where("id", "=", sql<number>`any(${[...only]}::bigint[])`).execute();
  while (rows.length > 0) {
    for (const kpi of rows) asked.add(kpi.key);
    const inputs = new Set<string>();
    for (const kpi of rows) {
      if (needed.has(kpi.key)) continue;
      // Only the KPIs asked for are answered, and only when readable; inputs just compute them.
      needed.set(kpi.key, { ...kpi, readable: firstLevel && mayRead(reader, kpi) });
      if (kpi.formula !== null) for (const key of dependenciesOf(parseFormula(kpi.formula))) if (!asked.has(key)) inputs.add(key);
    }
    // Each key is asked for once, also one that names no KPI or one the reader may not see.
    for (const key of inputs) asked.add(key);
    firstLevel = false;
    rows = inputs.size === 0 ? [] : await db.selectFrom("kpis").select(columns).where("key", "in", [...inputs]).execute();
  }
  return [...needed.values()];
}

const YTD = ["actualValue", "planningValue", "lastYearValue", "forecastValue", "actualPlanningValue", "actualForecastValue"] as const;
const LTM = ["value", "fullForecastValue", "fullPlanningValue", "actualPlanningValue", "actualForecastValue"] as const;
const FULL_YEAR = ["forecastProjectedValue", "planningValue", "lastYearValue", "forecastValue", "actualPlanningValue", "actualForecastValue"] as const;

/** A calculated KPI's aggregates: its formula over its inputs' aggregates, field by field. */
function calculatedAggregates(formula: Formula, known: ReadonlyMap<string, KpiAggregates>): KpiAggregates {
  const inputs = [...dependenciesOf(formula)].map((key) => known.get(key));
  const over = <W extends keyof KpiAggregates>(window: W, fields: readonly string[]) =>
    Object.fromEntries(fields.map((field) => [field, evaluateFormula(formula, (key) => (known.get(key)?.[window] as Record<string, number | null> | undefined)?.[field] ?? null)]));
  // As current as its least current input.
  const dates = inputs.map((input) => input?.ytd.closestDate ?? null);
  const closestDate = dates.includes(null) ? null : ([...dates].sort()[0] ?? null);
  return {
    ytd: { ...(over("ytd", YTD) as Omit<KpiAggregates["ytd"], "closestDate">), closestDate },
    ltm: over("ltm", LTM) as KpiAggregates["ltm"],
    fullyear: over("fullyear", FULL_YEAR) as KpiAggregates["fullyear"],
  };
}

function convertSeries(series: ReadonlyMap<MonthIndex, number>, unit: string, rates: DatedRate[] | null) {
  if (unit !== "currency" || !rates) return series;
  return new Map([...series].map(([month, value]) => [month, convert(value, unit, month, rates)] as const));
}

export { mayRead, mayWrite };

/**
 * A KPI's history in buckets aligned to the fiscal year: actual, planning, forecast and last
 * year's actuals per bucket, converted to the FX rate month by month. Calculated KPIs apply their
 * formula to their inputs' bucket values.
 */
export async function historyFor(
  context: TenantContext,
  reader: Reader,
  options: { end: MonthIndex; timeRange: number; bucketSize: BucketSize; fiscalYearOffset: number; fxRates: DatedRate[] | null; only: ReadonlySet<number> | null },
) {
  const kpis = await neededKpis(context, reader, options.only);
  const first = options.end - options.timeRange + 1;
  const buckets = bucketsOf(first, options.end, options.bucketSize, options.fiscalYearOffset);
  const stored = kpis.filter((kpi) => kpi.formula === null);
  const series = await loadSeries(context, stored.map((kpi) => kpi.id), first - 12, options.end);
  type Row = { actual: number | null; planning: number | null; forecast: number | null; lastYear: number | null };
  const byKey = new Map<string, Row[]>();
  for (const kpi of stored) {
    const raw = series.get(kpi.id)!;
    const of = (source: ReadonlyMap<MonthIndex, number>, months: readonly MonthIndex[]) => aggregate(convertSeries(source, kpi.unit, options.fxRates), months, kpi.aggregation_type);
    byKey.set(
      kpi.key,
      buckets.map((bucket) => ({ actual: of(raw.actual, bucket.months), planning: of(raw.planning, bucket.months), forecast: of(raw.forecast, bucket.months), lastYear: of(raw.actual, bucket.months.map((month) => month - 12)) })),
    );
  }
  const calculated = kpis.filter((kpi) => kpi.formula !== null);
  const parsed = new Map(calculated.map((kpi) => [kpi.key, parseFormula(kpi.formula!)] as const));
  for (const key of evaluationOrder(parsed)) {
    const formula = parsed.get(key)!;
    byKey.set(
      key,
      buckets.map((_, index) => {
        const field = (name: keyof Row) => evaluateFormula(formula, (input) => byKey.get(input)?.[index]?.[name] ?? null);
        return { actual: field("actual"), planning: field("planning"), forecast: field("forecast"), lastYear: field("lastYear") };
      }),
    );
  }
  const results: Record<number, unknown[]> = {};
  for (const kpi of kpis) {
    if (!kpi.readable || (options.only && !options.only.has(kpi.id))) continue;
    results[kpi.id] = buckets.map((bucket, index) => ({
      label: bucket.label,
      startDate: monthDateOf(bucket.months[0]!),
      endDate: monthDateOf(bucket.months.at(-1)!),
      ...byKey.get(kpi.key)![index]!,
    }));
  }
  return results;
}
