import type { HistoryBucket } from "../../../../contracts/kpis";
import type { CopilotPeriod } from "../../../../domain/copilot/periods";
import { relativeChange } from "../../../../domain/copilot/ranking";
import type { KpiAggregates } from "../../../../domain/kpi/kpi-aggregates";
import type { MonthIndex } from "../../../../domain/months";
import type { TenantContext } from "../../../db/tenancy";
import type { KpiRow } from "../../kpis/kpi-repository";
import { aggregatesFor, historyFor, type Reader } from "../../kpis/kpi-service";

/**
 * The figures the tools speak about, read through the aggregates and history services (the
 * numbers of GET /api/kpis/aggregates/ and /history/ for the same KPI and month), in the local
 * currency.
 */
export interface VersusPlan {
  /** Months with both an actual and a plan (like for like). */
  readonly months: number;
  readonly actual: number | null;
  readonly plan: number | null;
  readonly deviation: number | null;
  /** The deviation relative to the plan, in percent. */
  readonly deviationPercent: number | null;
}

const versus = (months: number, actual: number | null, plan: number | null): VersusPlan => {
  const relative = relativeChange(actual, plan);
  return { months, actual, plan, deviation: actual !== null && plan !== null ? actual - plan : null, deviationPercent: relative === null ? null : relative * 100 };
};

/** One KPI's aggregates as the tools answer them. */
export function aggregateSummary(aggregates: KpiAggregates) {
  const { ytd, ltm, fullyear } = aggregates;
  return {
    ytd: {
      actual: ytd.actualValue,
      plan: ytd.planningValue,
      lastYear: ytd.lastYearValue,
      forecast: ytd.forecastValue,
      closestMonth: ytd.closestDate,
      vsPlan: versus(ytd.actualVsPlanning.months, ytd.actualVsPlanning.actualValue, ytd.actualVsPlanning.planningValue),
      vsLastYear: versus(ytd.actualVsLastYear.months, ytd.actualVsLastYear.actualValue, ytd.actualVsLastYear.lastYearValue),
    },
    ltm: {
      actual: ltm.value,
      plan: ltm.fullPlanningValue,
      forecast: ltm.fullForecastValue,
      vsPlan: versus(ltm.actualVsPlanning.months, ltm.actualVsPlanning.actualValue, ltm.actualVsPlanning.planningValue),
    },
    fullYear: {
      /** The forecast's view of the year: forecast where it has months, actuals elsewhere. */
      projected: fullyear.forecastProjectedValue,
      plan: fullyear.planningValue,
      lastYear: fullyear.lastYearValue,
      actualThenPlan: fullyear.actualPlanningValue,
      actualThenForecast: fullyear.actualForecastValue,
      vsPlan: versus(fullyear.monthCounts.forecastProjectedValue, fullyear.forecastProjectedValue, fullyear.planningValue),
    },
  };
}
export type AggregateSummary = ReturnType<typeof aggregateSummary>;

/** The aggregates at `end` of the readable KPIs among `only` (every readable KPI when null). */
export async function aggregatesAt(context: TenantContext, reader: Reader, end: MonthIndex, fiscalYearOffset: number, only: ReadonlySet<number> | null) {
  const results = await aggregatesFor(context, reader, { end, fiscalYearOffset, ignoreLastMonths: 0, fxRates: null, only });
  return new Map(Object.entries(results).map(([id, aggregates]) => [Number(id), aggregateSummary(aggregates)] as const));
}

/** The monthly buckets of the readable KPIs among `only` over `months` months ending at `end`. */
export async function monthlyHistory(context: TenantContext, reader: Reader, end: MonthIndex, months: number, fiscalYearOffset: number, only: ReadonlySet<number> | null, bucketSize: 1 | 3 | 6 | 12 = 1) {
  const results = await historyFor(context, reader, { end, timeRange: months, bucketSize, fiscalYearOffset, fxRates: null, only });
  return new Map(Object.entries(results).map(([id, buckets]) => [Number(id), buckets] as const));
}

/** A KPI's actual against plan over a copilot period (a month from the history; YTD, LTM, FY from the aggregates). */
export function versusPlanOver(period: CopilotPeriod, summary: AggregateSummary | undefined, month: HistoryBucket | undefined): VersusPlan | null {
  switch (period.kind) {
    case "month":
      return month ? versus(month.actualVsPlanning.months, month.actualVsPlanning.actual, month.actualVsPlanning.planning) : null;
    case "ytd":
      return summary?.ytd.vsPlan ?? null;
    case "ltm":
      return summary?.ltm.vsPlan ?? null;
    case "fy":
      return summary?.fullYear.vsPlan ?? null;
    case "quarter":
      return null;
  }
}

/** What a citation calls the figures of a period. */
export const PLAN_MEASURES = { actual: "actual", plan: "plan", deviation: "deviation from plan" } as const;

export type { KpiRow };
