/** A linear progression forecast needs at least this many months of data. */
export const LINEAR_PROGRESSION_MIN_MONTHS = 2;

/**
 * Linear progression: the least-squares line through the actuals (x = 0..n-1), extended over
 * the next `horizon` months. Returns null when there are fewer than two actuals, which the
 * forecasting screens report as 'needs at least 2 months of data'.
 */
export function linearProgression(actuals: readonly number[], horizon: number): number[] | null {
  const n = actuals.length;
  if (n < LINEAR_PROGRESSION_MIN_MONTHS) return null;
  const meanX = (n - 1) / 2;
  const meanY = actuals.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  actuals.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  });
  const slope = covariance / variance;
  const intercept = meanY - slope * meanX;
  return Array.from({ length: horizon }, (_, step) => intercept + slope * (n + step));
}
