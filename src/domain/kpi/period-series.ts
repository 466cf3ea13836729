import type { KpiMeta, ValuesResponse } from "../../contracts/kpis";
import { monthIndexOf, monthRange, type MonthIndex } from "../months";
import { byAggregationType, type Measure } from "./aggregation";
import { seriesFromMonthValues, type KpiSeriesSet } from "./flexible-columns";
import { parseFormula } from "./formula";
import { addCalculatedKpis, storedPeriodKpi, type Observation, type PeriodKpi } from "./period-kpis";

/**
 * A KPI's four series with the rule that makes a period's figure from them (period-kpis.ts): for
 * the tables that aggregate the values answer on the client (the financial table's columns, the
 * list view's quarter, half-year and year rows). Every KPI follows its own aggregation type,
 * except a weighted ratio (a margin), whose quarter is the formula over its inputs' quarter
 * figures (gross profit over the quarter ÷ revenue over the quarter), not the average of its
 * three monthly margins. Its inputs are read from the same values answer; when one is missing
 * (not readable, or not in the list's KPIs) the ratio falls back to its aggregation type.
 */
export interface PeriodSeries {
  readonly actual: ReadonlyMap<MonthIndex, Observation>;
  readonly planning: ReadonlyMap<MonthIndex, Observation>;
  readonly forecast: ReadonlyMap<MonthIndex, Observation>;
  readonly lastYear: ReadonlyMap<MonthIndex, Observation>;
  readonly measure: Measure<Observation>;
}

/** Per KPI id, its period series over `months` (the timeframe). */
export function periodSeriesOf(kpis: readonly KpiMeta[], values: ValuesResponse, months: readonly MonthIndex[]): Map<number, PeriodSeries> {
  const monthly = new Map<number, KpiSeriesSet>(values.kpis.map((entry) => [entry.id, seriesFromMonthValues(entry.values)]));
  const byType = (kpi: KpiMeta, series: KpiSeriesSet): PeriodSeries => ({ ...series, measure: byAggregationType(kpi.aggregationType) as Measure<Observation> });
  const result = new Map<number, PeriodSeries>();
  for (const kpi of kpis) {
    const series = monthly.get(kpi.id);
    if (series) result.set(kpi.id, byType(kpi, series));
  }
  const weighted = kpis.filter((kpi) => kpi.periodRule === "weighted" && kpi.formula !== null && monthly.has(kpi.id));
  if (weighted.length === 0) return result;
  // The inputs as stored KPIs by key: this year's series, and last year's as if they were actuals.
  const thisYear = new Map<string, PeriodKpi>();
  const lastYear = new Map<string, PeriodKpi>();
  for (const kpi of kpis) {
    const series = monthly.get(kpi.id);
    if (!series || kpi.periodRule === "weighted") continue;
    thisYear.set(kpi.key, storedPeriodKpi(series, kpi.aggregationType));
    lastYear.set(kpi.key, storedPeriodKpi({ actual: series.lastYear, planning: new Map(), forecast: new Map() }, kpi.aggregationType));
  }
  for (const kpi of weighted) {
    const formula = safeParse(kpi.formula!);
    if (!formula) continue;
    const calculated = [{ key: kpi.key, formula, aggregationType: kpi.aggregationType, weightedRatio: true }];
    const now = new Map(thisYear);
    const before = new Map(lastYear);
    addCalculatedKpis(now, calculated, months);
    addCalculatedKpis(before, calculated, months);
    const ratio = now.get(kpi.key)!;
    // No months at all means an input is missing: keep the KPI's own monthly values.
    if (ratio.series.actual.size === 0 && ratio.series.planning.size === 0) continue;
    result.set(kpi.id, { ...ratio.series, lastYear: before.get(kpi.key)!.series.actual, measure: ratio.measure });
  }
  return result;
}

function safeParse(text: string) {
  try {
    return parseFormula(text);
  } catch {
    return null;
  }
}

/** Every month from the first to the last one a values answer holds (none when it is empty). */
export function monthsOfValues(values: ValuesResponse): MonthIndex[] {
  let first = Infinity;
  let last = -Infinity;
  for (const entry of values.kpis)
    for (const month of entry.values) {
      const index = monthIndexOf(month.date.slice(0, 10));
      first = Math.min(first, index);
      last = Math.max(last, index);
    }
  return first > last ? [] : monthRange(first, last);
}
