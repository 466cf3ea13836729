import type { RecommendationsResponse, RecommendationTypeName } from "../../../contracts/kpi-analysis";
import type { ReportingCadence } from "../../../domain/kpi/cadence";
import { formatKpiValue } from "../../../domain/kpi/number-format";
import { formatKpiChange } from "../../../domain/kpi-analysis/change-format";
import { monthValue } from "../../../domain/kpi/period-kpis";
import { BEHIND_PLAN_MONTHS, outdated, recommendationsFor, SLOPE_MONTHS } from "../../../domain/kpi-analysis/recommendations";
import { monthRange, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { periodFigures, type AnalysisFrame } from "./analysis-data";

/**
 * The KPI's recommendations at the reporting month `end` (domain recommendations.ts), the rules
 * that could not be checked with why, optionally only those of one rule. Reads the twelve months
 * up to `end` and, for the cadence, up to the current month.
 */
export async function recommendationsOf(context: TenantContext, frame: AnalysisFrame, end: MonthIndex, currentMonth: MonthIndex, only: RecommendationTypeName | undefined): Promise<RecommendationsResponse> {
  const { kpi } = frame;
  const last = Math.max(end, currentMonth);
  const first = Math.min(end, currentMonth) - 24;
  const { kpis } = await periodFigures(context, frame, [kpi.key], first, last);
  const own = kpis.get(kpi.key);
  const monthly = (series: "actual" | "planning") => {
    const values = new Map<MonthIndex, number>();
    if (!own) return values;
    for (const month of monthRange(first, last)) {
      const value = monthValue(own, own.series[series].get(month));
      if (value !== null) values.set(month, value);
    }
    return values;
  };
  // Up to the reporting month for the rules on values; the cadence looks at everything reported so far.
  const everything = monthly("actual");
  const actual = new Map([...everything].filter(([month]) => month <= end));
  const planning = monthly("planning");
  const format = (value: number) => formatKpiValue(value, kpi.unit, { currency: frame.currency });
  // A change of a percentage is in percentage points, never read as a relative change.
  const formatChange = (value: number) => formatKpiChange(value, kpi.unit, frame.currency);
  const input = {
    name: kpi.name,
    higherIsBetter: kpi.higher_is_better,
    isCalculated: kpi.formula !== null,
    cadence: kpi.cadence as ReportingCadence,
    benchmarkMedian: kpi.benchmark_median50,
    actual,
    planning,
    end,
    currentMonth,
    format,
    formatChange,
  };
  // The outdated rule reads every actual reported so far, not only those up to the reporting month.
  const stale = outdated({ ...input, actual: everything });
  const recommendations = [...recommendationsFor(input).filter((each) => each.type !== "outdated"), ...(stale ? [stale] : [])];

  const notChecked: { type: RecommendationTypeName; reason: string }[] = [];
  const window = (count: number) => monthRange(end - count + 1, end);
  if (window(BEHIND_PLAN_MONTHS).some((month) => !actual.has(month) || !planning.has(month))) notChecked.push({ type: "behind-plan", reason: `Needs an actual and a plan in each of the last ${BEHIND_PLAN_MONTHS} months.` });
  if (kpi.benchmark_median50 === null) notChecked.push({ type: "below-benchmark", reason: "No benchmark median is set for this KPI." });
  else if (!actual.has(end)) notChecked.push({ type: "below-benchmark", reason: "There is no actual for the reporting month." });
  if (window(2 * SLOPE_MONTHS).some((month) => !actual.has(month))) notChecked.push({ type: "trend-reversal", reason: `Needs an actual in each of the last ${2 * SLOPE_MONTHS} months.` });
  if (kpi.formula !== null) notChecked.push({ type: "outdated", reason: "A calculated KPI is as current as its inputs; check them." });

  const wanted = <T extends { type: RecommendationTypeName }>(list: readonly T[]) => (only ? list.filter((each) => each.type === only) : [...list]);
  return { kpiId: kpi.id, recommendations: wanted(recommendations), notChecked: wanted(notChecked) };
}
