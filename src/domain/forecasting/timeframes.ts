import type { MonthIndex } from "../months";
import { ACTUALS_IN_FUTURE, ACTUALS_ORDER, ACTUALS_TOO_SHORT, FORECAST_AFTER_ACTUALS, FORECAST_ORDER, MAX_TIMEFRAME_MONTHS, TIMEFRAME_TOO_LONG } from "./texts";

export interface Timeframes {
  readonly actualsFrom: MonthIndex;
  readonly actualsTo: MonthIndex;
  readonly forecastFrom: MonthIndex;
  readonly forecastTo: MonthIndex;
}

/**
 * The wizard's timeframe rules, as field messages: each timeframe runs forwards and spans at most
 * 120 months; the actuals timeframe has at least 2 months (a line needs two points) and ends by
 * last month (`currentMonth` − 1: the current month has no closed actual); the forecast starts
 * after the actuals end. Spreadsheet forecasts take no actuals, so only the forecast rules apply.
 */
export function timeframeProblems(timeframes: Timeframes, currentMonth: MonthIndex, source: "meridian" | "spreadsheet"): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  const { actualsFrom, actualsTo, forecastFrom, forecastTo } = timeframes;
  if (source === "meridian") {
    if (actualsTo < actualsFrom) add("actualsTo", ACTUALS_ORDER);
    else if (actualsTo - actualsFrom + 1 < 2) add("actualsFrom", ACTUALS_TOO_SHORT);
    else if (actualsTo - actualsFrom + 1 > MAX_TIMEFRAME_MONTHS) add("actualsFrom", TIMEFRAME_TOO_LONG);
    if (actualsTo >= currentMonth) add("actualsTo", ACTUALS_IN_FUTURE);
    if (forecastFrom <= actualsTo) add("forecastFrom", FORECAST_AFTER_ACTUALS);
  }
  if (forecastTo < forecastFrom) add("forecastTo", FORECAST_ORDER);
  else if (forecastTo - forecastFrom + 1 > MAX_TIMEFRAME_MONTHS) add("forecastTo", TIMEFRAME_TOO_LONG);
  return problems;
}
