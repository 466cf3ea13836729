/**
 * Full-time equivalents (issue 17, headcount): an employee's weekly hours over the scenario's
 * full-time hours (40 unless the scenario says otherwise). The headcount list stores hours and
 * shows the FTE; the form lets a person type either, so both directions live here and round the
 * same way: FTE to two decimals (0.75, 0.33), hours to two decimals (a 0.33 FTE of 40 h is 13.2 h).
 */

/** weeklyHours / fullTimeHours, two decimals; 0 when no full-time hours are set. */
export function fteOf(weeklyHours: number, fullTimeHours: number): number {
  if (!(fullTimeHours > 0)) return 0;
  return roundTo2(weeklyHours / fullTimeHours);
}

/** fte × fullTimeHours, two decimals: the hours a typed-in FTE stands for. */
export function weeklyHoursOf(fte: number, fullTimeHours: number): number {
  return roundTo2(fte * fullTimeHours);
}

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
