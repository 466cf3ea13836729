/** Stands for "infinitely more or less": the change from a zero base or across a sign change. */
export const PERCENT_CHANGE_SENTINEL = 999999999;

/**
 * Percent change from `base` to `value` (spec section 5): null when either is missing; from a
 * zero base or between values of opposite signs, ± the sentinel (0 when the value is 0);
 * otherwise rounded to one decimal.
 */
export function percentChange(value: number | null | undefined, base: number | null | undefined): number | null {
  if (value === null || value === undefined || base === null || base === undefined || Number.isNaN(value) || Number.isNaN(base)) return null;
  if (base === 0 || Math.sign(value) * Math.sign(base) < 0) {
    if (value === 0) return 0;
    return value > base ? PERCENT_CHANGE_SENTINEL : -PERCENT_CHANGE_SENTINEL;
  }
  return Math.round(((value - base) / Math.abs(base)) * 1000) / 10;
}
