import { monthDateOf, type MonthDate, type MonthIndex } from "../months";
import { aggregate, continued, effectiveEnd, fullYearMonths, ltmMonths, shiftYear, ytdMonths, type AggregationType, type MonthlySeries } from "./aggregation";

export interface KpiSeries {
  readonly actual: MonthlySeries;
  readonly planning: MonthlySeries;
  readonly forecast: MonthlySeries;
}

/** The aggregates of one KPI (spec section 3, "KPI aggregates per KPI"). */
export interface KpiAggregates {
  readonly ytd: {
    readonly actualValue: number | null;
    readonly planningValue: number | null;
    readonly lastYearValue: number | null;
    readonly forecastValue: number | null;
    readonly actualPlanningValue: number | null;
    readonly actualForecastValue: number | null;
    readonly closestDate: MonthDate | null;
  };
  readonly ltm: {
    readonly value: number | null;
    readonly fullForecastValue: number | null;
    readonly fullPlanningValue: number | null;
    readonly actualPlanningValue: number | null;
    readonly actualForecastValue: number | null;
  };
  readonly fullyear: {
    readonly forecastProjectedValue: number | null;
    readonly planningValue: number | null;
    readonly lastYearValue: number | null;
    readonly forecastValue: number | null;
    readonly actualPlanningValue: number | null;
    readonly actualForecastValue: number | null;
  };
}

/**
 * Year to date, last twelve months and full fiscal year of one KPI, ending at `end` after
 * leaving out the last `ignoreLastMonths` months. The exact rules are in docs/decisions.md.
 */
export function kpiAggregates(series: KpiSeries, type: AggregationType, options: { end: MonthIndex; fiscalYearOffset: number; ignoreLastMonths?: number }): KpiAggregates {
  const end = effectiveEnd(options.end, options.ignoreLastMonths ?? 0);
  const ytd = ytdMonths(end, options.fiscalYearOffset);
  const ltm = ltmMonths(end);
  const year = fullYearMonths(end, options.fiscalYearOffset);
  const of = (source: MonthlySeries, months: readonly MonthIndex[]) => aggregate(source, months, type);
  // Actuals count only up to the end; after it the year is planning or forecast.
  const actualsToEnd = new Map([...series.actual].filter(([month]) => month <= end));
  const closest = ytd.filter((month) => actualsToEnd.has(month)).at(-1);
  // The forecast's own view of the year: its value for every month it has, actuals elsewhere.
  const projected = new Map<MonthIndex, number>();
  for (const month of year) {
    const value = series.forecast.get(month) ?? actualsToEnd.get(month);
    if (value !== undefined) projected.set(month, value);
  }
  return {
    ytd: {
      actualValue: of(actualsToEnd, ytd),
      planningValue: of(series.planning, ytd),
      lastYearValue: of(series.actual, shiftYear(ytd, -1)),
      forecastValue: of(series.forecast, ytd),
      actualPlanningValue: of(continued(actualsToEnd, series.planning, ytd), ytd),
      actualForecastValue: of(continued(actualsToEnd, series.forecast, ytd), ytd),
      closestDate: closest === undefined ? null : monthDateOf(closest),
    },
    ltm: {
      value: of(actualsToEnd, ltm),
      fullForecastValue: of(series.forecast, ltm),
      fullPlanningValue: of(series.planning, ltm),
      actualPlanningValue: of(continued(actualsToEnd, series.planning, ltm), ltm),
      actualForecastValue: of(continued(actualsToEnd, series.forecast, ltm), ltm),
    },
    fullyear: {
      forecastProjectedValue: of(projected, year),
      planningValue: of(series.planning, year),
      lastYearValue: of(series.actual, shiftYear(year, -1)),
      forecastValue: of(series.forecast, year),
      actualPlanningValue: of(continued(actualsToEnd, series.planning, year), year),
      actualForecastValue: of(continued(actualsToEnd, series.forecast, year), year),
    },
  };
}
