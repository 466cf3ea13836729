/**
 * Money and FTE are shown to two decimals. The liquidity rules compute in full floats and round
 * only what they hand out, through this one function.
 */

/**
 * Rounds half away from zero to two decimals. The nudge by a few ulps makes values that are
 * "x.xx5" in decimal but a hair below it in binary (1.005, 0.285) round up as a person expects.
 */
export function roundTo2(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value === 0 ? 0 : value;
  const scaled = Math.abs(value) * 100;
  const rounded = Math.round(scaled * (1 + 4 * Number.EPSILON)) / 100;
  return value < 0 ? (rounded === 0 ? 0 : -rounded) : rounded;
}
