import type { MonthIndex } from "../months";

export interface Accuracy {
  /** Mean absolute percentage error in percent, rounded to one decimal; null when no month can count. */
  readonly mape: number | null;
  /** Months with both a forecast value and an actual, and a non-zero actual: the ones that count. */
  readonly months: number;
  /** Months with a forecast value and an actual of exactly 0: left out (a percentage of 0 is undefined). */
  readonly zeroActualMonths: number;
}

/**
 * How far a forecast was off: MAPE = mean over months of |actual − forecast| / |actual| × 100,
 * over the months from `from` on (the months after the forecast was made) that have both a
 * forecast value and an actual. A month whose actual is 0 is left out and counted apart, so the
 * screen can say so; a month without an actual has not arrived and does not count.
 */
export function forecastAccuracy(forecast: ReadonlyMap<MonthIndex, number>, actuals: ReadonlyMap<MonthIndex, number>, from: MonthIndex): Accuracy {
  let sum = 0;
  let months = 0;
  let zeroActualMonths = 0;
  for (const [month, predicted] of forecast) {
    if (month < from) continue;
    const actual = actuals.get(month);
    if (actual === undefined) continue;
    if (actual === 0) {
      zeroActualMonths++;
      continue;
    }
    sum += Math.abs(actual - predicted) / Math.abs(actual);
    months++;
  }
  return { mape: months === 0 ? null : Math.round((sum / months) * 1000) / 10, months, zeroActualMonths };
}
