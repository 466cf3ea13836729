import type { AggregationType } from "../../../domain/kpi/aggregation";
import { monthValue } from "../../../domain/kpi/period-kpis";
import { monthIndexOf, type MonthIndex } from "../../../domain/months";
import { kpiFedActual } from "../../../domain/okrs/progress";
import type { TenantContext } from "../../db/tenancy";
import { companyToday } from "../../platform/company-clock";
import { loadKpis, loadSeries, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, periodKpisOf, type Reader } from "../kpis/kpi-service";

/**
 * The KPIs behind key results: which the reader may read (by effective sensitivity, as every KPI
 * answer decides it), and their monthly actuals and plans as numbers. A calculated KPI's months
 * come from its formula (kpi-service periodKpisOf), each month's value by its own rule.
 */

export interface NumericSeries {
  readonly actual: ReadonlyMap<MonthIndex, number>;
  readonly planning: ReadonlyMap<MonthIndex, number>;
}

/** The company's KPIs by id, each with whether the reader may read it. */
export async function kpisFor(context: TenantContext, reader: Reader): Promise<Map<number, KpiRow & { readable: boolean }>> {
  return new Map((await loadKpis(context)).map((kpi) => [kpi.id, { ...kpi, readable: mayRead(reader, kpi) }] as const));
}

/** Monthly actuals and planning of `kpis` from `first` to `last`. */
export async function numericSeries(context: TenantContext, kpis: readonly KpiRow[], allKpis: readonly KpiRow[], first: MonthIndex, last: MonthIndex): Promise<Map<number, NumericSeries>> {
  const result = new Map<number, NumericSeries>();
  if (kpis.length === 0) return result;
  const stored = kpis.filter((kpi) => kpi.formula === null);
  for (const [id, series] of await loadSeries(context, stored.map((kpi) => kpi.id), first, last)) result.set(id, { actual: series.actual, planning: series.planning });
  const calculated = kpis.filter((kpi) => kpi.formula !== null);
  if (calculated.length > 0) {
    const periodKpis = await periodKpisOf(context, allKpis, first, last, null);
    for (const kpi of calculated) {
      const periodKpi = periodKpis.get(kpi.key);
      const numbers = (series: ReadonlyMap<MonthIndex, unknown> | undefined) => {
        const values = new Map<MonthIndex, number>();
        for (const [month, observation] of series ?? []) {
          const value = periodKpi ? monthValue(periodKpi, observation as never) : null;
          if (value !== null && Number.isFinite(value)) values.set(month, value);
        }
        return values;
      };
      result.set(kpi.id, { actual: numbers(periodKpi?.series.actual), planning: numbers(periodKpi?.series.planning) });
    }
  }
  return result;
}

/** The company's current month in its time zone. */
export async function currentMonthOf(context: TenantContext, now: Date): Promise<MonthIndex> {
  return monthIndexOf(`${(await companyToday(context, now)).slice(0, 7)}-01`);
}

/** The months of a period of dates. */
export const periodMonths = (startsOn: string, endsOn: string) => ({ first: monthIndexOf(`${startsOn.slice(0, 7)}-01`), last: monthIndexOf(`${endsOn.slice(0, 7)}-01`) });

/**
 * The actual of each KPI-fed key result (by its key result id): its KPI's actuals over its
 * objective's period up to the current month (domain kpiFedActual). Only KPIs the reader may read
 * are asked for; the others have no entry.
 */
export async function kpiFedActuals(
  context: TenantContext,
  kpis: ReadonlyMap<number, KpiRow & { readable: boolean }>,
  keyResults: readonly { id: number; kpiId: number; startsOn: string; endsOn: string }[],
  currentMonth: MonthIndex,
): Promise<Map<number, number | null>> {
  const result = new Map<number, number | null>();
  const fed = keyResults.filter((keyResult) => kpis.get(keyResult.kpiId)?.readable);
  if (fed.length === 0) return result;
  const periods = fed.map((keyResult) => periodMonths(keyResult.startsOn, keyResult.endsOn));
  const first = Math.min(...periods.map((period) => period.first));
  const last = Math.min(currentMonth, Math.max(...periods.map((period) => period.last)));
  const needed = [...new Set(fed.map((keyResult) => keyResult.kpiId))].map((id) => kpis.get(id)!);
  const series = last < first ? new Map<number, NumericSeries>() : await numericSeries(context, needed, [...kpis.values()], first, last);
  fed.forEach((keyResult, index) => {
    const kpi = kpis.get(keyResult.kpiId)!;
    const actuals = series.get(kpi.id)?.actual ?? new Map();
    result.set(keyResult.id, kpiFedActual(actuals, kpi.aggregation_type as AggregationType, periods[index]!, currentMonth));
  });
  return result;
}
