import { monthRange, type MonthIndex } from "../months";

/** A linear progression forecast needs at least this many months of data. */
export const LINEAR_PROGRESSION_MIN_MONTHS = 2;

/** The least-squares line y = intercept + slope · x; null with fewer than two distinct x. */
export function leastSquares(points: readonly (readonly [x: number, y: number])[]): { slope: number; intercept: number } | null {
  const n = points.length;
  if (n < LINEAR_PROGRESSION_MIN_MONTHS) return null;
  let sumX = 0;
  let sumY = 0;
  for (const [x, y] of points) {
    sumX += x;
    sumY += y;
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  if (variance === 0) return null;
  const slope = covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}

/**
 * Linear progression over consecutive actuals (x = 0..n-1), extended over the next `horizon`
 * months. Null with fewer than two actuals ('needs at least 2 months of data').
 */
export function linearProgression(actuals: readonly number[], horizon: number): number[] | null {
  const line = leastSquares(actuals.map((y, x) => [x, y] as const));
  if (!line) return null;
  const n = actuals.length;
  return Array.from({ length: horizon }, (_, step) => line.intercept + line.slope * (n + step));
}

export type Projection =
  | { readonly kind: "projected"; readonly basisMonths: number; readonly values: ReadonlyMap<MonthIndex, number> }
  | { readonly kind: "too-few-months"; readonly basisMonths: number };

/**
 * The linear progression of one KPI: the least-squares line through the actuals that exist in
 * the actuals timeframe, each at its own month (a gap is a missing point, never a zero, so the
 * line keeps its slope across it), evaluated at every month of the forecast timeframe. Negative
 * actuals are ordinary points and negative projections are kept (a loss stays a loss). Fewer than
 * two months with actuals: no projection, and the KPI says so.
 */
export function projectLinear(
  actuals: ReadonlyMap<MonthIndex, number>,
  actualsTimeframe: readonly [first: MonthIndex, last: MonthIndex],
  forecastTimeframe: readonly [first: MonthIndex, last: MonthIndex],
): Projection {
  const points: [number, number][] = [];
  for (const month of monthRange(actualsTimeframe[0], actualsTimeframe[1])) {
    const value = actuals.get(month);
    if (value !== undefined && Number.isFinite(value)) points.push([month, value]);
  }
  const line = leastSquares(points);
  if (!line) return { kind: "too-few-months", basisMonths: points.length };
  const values = new Map<MonthIndex, number>();
  for (const month of monthRange(forecastTimeframe[0], forecastTimeframe[1])) values.set(month, round(line.intercept + line.slope * month));
  return { kind: "projected", basisMonths: points.length, values };
}

/** Stored forecast values keep 6 decimals: enough for every unit, and stable in tests. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
