import type { KpiAggregatesResult } from "../../contracts/kpis";
import { monthDateOf, type MonthIndex } from "../months";
import { continued, effectiveEnd, figureOf, fullYearMonths, likeForLike, ltmMonths, shiftYear, ytdMonths, type Measure } from "./aggregation";

/** A KPI's three series; `E` is what one month holds (a value, unless the KPI is a weighted ratio). */
export interface KpiSeries<E = number> {
  readonly actual: ReadonlyMap<MonthIndex, E>;
  readonly planning: ReadonlyMap<MonthIndex, E>;
  readonly forecast: ReadonlyMap<MonthIndex, E>;
}

/** The aggregates of one KPI (spec section 3, "KPI aggregates per KPI"), with the months behind each figure. */
export type KpiAggregates = KpiAggregatesResult;

/**
 * Year to date, last twelve months and full fiscal year of one KPI, ending at `end` after
 * leaving out the last `ignoreLastMonths` months; each figure made by `measure` (the KPI's period
 * rule) and counted in months. The exact rules are in docs/decisions.md.
 */
export function kpiAggregates<E>(series: KpiSeries<E>, measure: Measure<E>, options: { end: MonthIndex; fiscalYearOffset: number; ignoreLastMonths?: number }): KpiAggregates {
  const end = effectiveEnd(options.end, options.ignoreLastMonths ?? 0);
  const ytd = ytdMonths(end, options.fiscalYearOffset);
  const ltm = ltmMonths(end);
  const year = fullYearMonths(end, options.fiscalYearOffset);
  const of = (source: ReadonlyMap<MonthIndex, E>, months: readonly MonthIndex[]) => figureOf(source, months, measure);
  // Actuals count only up to the end; after it the year is planning or forecast.
  const actualsToEnd = new Map([...series.actual].filter(([month]) => month <= end));
  const closest = ytd.filter((month) => actualsToEnd.has(month)).at(-1);
  // The forecast's own view of the year: its value for every month it has, actuals elsewhere.
  const projected = new Map<MonthIndex, E>();
  for (const month of year) {
    const value = series.forecast.get(month) ?? actualsToEnd.get(month);
    if (value !== undefined) projected.set(month, value);
  }
  const continuedOf = (then: ReadonlyMap<MonthIndex, E>, months: readonly MonthIndex[]) => of(continued(actualsToEnd, then, months), months);
  const ytdActual = of(actualsToEnd, ytd);
  const ytdPlanning = of(series.planning, ytd);
  const ytdLastYear = of(series.actual, shiftYear(ytd, -1));
  const ytdForecast = of(series.forecast, ytd);
  const ytdActualPlanning = continuedOf(series.planning, ytd);
  const ytdActualForecast = continuedOf(series.forecast, ytd);
  const ltmActual = of(actualsToEnd, ltm);
  const ltmForecast = of(series.forecast, ltm);
  const ltmPlanning = of(series.planning, ltm);
  const ltmActualPlanning = continuedOf(series.planning, ltm);
  const ltmActualForecast = continuedOf(series.forecast, ltm);
  const yearProjected = of(projected, year);
  const yearPlanning = of(series.planning, year);
  const yearLastYear = of(series.actual, shiftYear(year, -1));
  const yearForecast = of(series.forecast, year);
  const yearActualPlanning = continuedOf(series.planning, year);
  const yearActualForecast = continuedOf(series.forecast, year);
  const ytdVsPlan = likeForLike(actualsToEnd, series.planning, ytd, measure);
  const ytdVsLastYear = likeForLike(actualsToEnd, series.actual, ytd, measure, (month) => month - 12);
  const ltmVsPlan = likeForLike(actualsToEnd, series.planning, ltm, measure);
  return {
    ytd: {
      actualValue: ytdActual.value,
      planningValue: ytdPlanning.value,
      lastYearValue: ytdLastYear.value,
      forecastValue: ytdForecast.value,
      actualPlanningValue: ytdActualPlanning.value,
      actualForecastValue: ytdActualForecast.value,
      closestDate: closest === undefined ? null : monthDateOf(closest),
      monthCounts: {
        period: ytd.length,
        actualValue: ytdActual.months,
        planningValue: ytdPlanning.months,
        lastYearValue: ytdLastYear.months,
        forecastValue: ytdForecast.months,
        actualPlanningValue: ytdActualPlanning.months,
        actualForecastValue: ytdActualForecast.months,
      },
      actualVsPlanning: { months: ytdVsPlan.months, actualValue: ytdVsPlan.first, planningValue: ytdVsPlan.second },
      actualVsLastYear: { months: ytdVsLastYear.months, actualValue: ytdVsLastYear.first, lastYearValue: ytdVsLastYear.second },
    },
    ltm: {
      value: ltmActual.value,
      fullForecastValue: ltmForecast.value,
      fullPlanningValue: ltmPlanning.value,
      actualPlanningValue: ltmActualPlanning.value,
      actualForecastValue: ltmActualForecast.value,
      monthCounts: {
        period: ltm.length,
        value: ltmActual.months,
        fullForecastValue: ltmForecast.months,
        fullPlanningValue: ltmPlanning.months,
        actualPlanningValue: ltmActualPlanning.months,
        actualForecastValue: ltmActualForecast.months,
      },
      actualVsPlanning: { months: ltmVsPlan.months, actualValue: ltmVsPlan.first, planningValue: ltmVsPlan.second },
    },
    fullyear: {
      forecastProjectedValue: yearProjected.value,
      planningValue: yearPlanning.value,
      lastYearValue: yearLastYear.value,
      forecastValue: yearForecast.value,
      actualPlanningValue: yearActualPlanning.value,
      actualForecastValue: yearActualForecast.value,
      monthCounts: {
        period: year.length,
        forecastProjectedValue: yearProjected.months,
        planningValue: yearPlanning.months,
        lastYearValue: yearLastYear.months,
        forecastValue: yearForecast.months,
        actualPlanningValue: yearActualPlanning.months,
        actualForecastValue: yearActualForecast.months,
      },
    },
  };
}
