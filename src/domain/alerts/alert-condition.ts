import { percentChange, PERCENT_CHANGE_SENTINEL } from "../kpi/percent-change";

/**
 * What an alert watches in a KPI's monthly value (spec section 3: lower and upper boundary,
 * empty meaning none; beyond the spec, a percentage change against the month before or against
 * plan, with a minimum baseline so a move from 0.01 to 0.02 is not "+100 %").
 *
 * Boundaries are the edges of the healthy range and belong to it: a value exactly on a boundary
 * does not trigger; only a value strictly below the lower or strictly above the upper one does.
 * A change triggers from its threshold on ("changes by 10 % or more"): exactly 10 % triggers.
 */
export type AlertCondition = BoundaryCondition | ChangeCondition;

export interface BoundaryCondition {
  readonly kind: "boundary";
  readonly lower: number | null;
  readonly upper: number | null;
}

/** previous_period: the month before the watched one; plan: the watched month's planning value. */
export type ChangeBasis = "previous_period" | "plan";
export type ChangeDirection = "up" | "down" | "either";

export interface ChangeCondition {
  readonly kind: "change";
  readonly basis: ChangeBasis;
  readonly direction: ChangeDirection;
  /** The threshold in percent, above 0. */
  readonly percent: number;
  /** The baseline's smallest size (absolute value) for a percentage to mean anything; 0 for any non-zero baseline. */
  readonly minimumBaseline: number;
}

/** The figures a condition is checked against: the watched month's actual and, for a change, its baseline. */
export interface AlertFigures {
  readonly value: number | null;
  /** The month before's actual (previous_period) or the month's plan (plan). */
  readonly baseline: number | null;
}

export type AlertOutcome =
  /** Checked and outside what the alert allows: `reason` says how, for the mail and the history. */
  | { readonly state: "triggered"; readonly reason: string; readonly changePercent: number | null }
  /** Checked and fine. */
  | { readonly state: "quiet"; readonly reason: string }
  /** Not checkable (a missing value, a baseline too small to compare): nothing is sent. */
  | { readonly state: "unchecked"; readonly reason: string };

const BASIS_NAMES: Record<ChangeBasis, string> = { previous_period: "the month before", plan: "plan" };

/** Checks one condition against the watched month's figures. `format` writes a value in the KPI's unit. */
export function evaluateAlert(condition: AlertCondition, figures: AlertFigures, format: (value: number) => string = String): AlertOutcome {
  const { value } = figures;
  if (value === null || !Number.isFinite(value)) return { state: "unchecked", reason: "The KPI has no value for this month yet." };
  if (condition.kind === "boundary") {
    if (condition.lower !== null && value < condition.lower) return { state: "triggered", reason: `${format(value)} is below the lower boundary of ${format(condition.lower)}.`, changePercent: null };
    if (condition.upper !== null && value > condition.upper) return { state: "triggered", reason: `${format(value)} is above the upper boundary of ${format(condition.upper)}.`, changePercent: null };
    return { state: "quiet", reason: `${format(value)} is within the boundaries.` };
  }
  const basis = BASIS_NAMES[condition.basis];
  const baseline = figures.baseline;
  if (baseline === null || !Number.isFinite(baseline)) return { state: "unchecked", reason: `There is no value for ${basis} to compare with.` };
  if (baseline === 0 || Math.abs(baseline) < condition.minimumBaseline) {
    return { state: "unchecked", reason: `The value of ${basis} (${format(baseline)}) is below the minimum baseline of ${format(condition.minimumBaseline)}; a percentage would mislead.` };
  }
  const change = percentChange(value, baseline);
  // Across a sign change a percentage means nothing (the shared rule answers the sentinel).
  if (change === null || Math.abs(change) === PERCENT_CHANGE_SENTINEL) return { state: "unchecked", reason: `${format(value)} and ${format(baseline)} (${basis}) have opposite signs; a percentage would mislead.` };
  const rose = change >= condition.percent;
  const fell = change <= -condition.percent;
  const hit = condition.direction === "up" ? rose : condition.direction === "down" ? fell : rose || fell;
  const described = `${format(value)} is ${formatChange(change)} against ${basis} (${format(baseline)})`;
  return hit ? { state: "triggered", reason: `${described}.`, changePercent: change } : { state: "quiet", reason: `${described}, within ${condition.percent} %.` };
}

/** "+12.5 %", "−3 %": a change as the mails and screens write it. */
export const formatChange = (percent: number) => `${percent > 0 ? "+" : percent < 0 ? "−" : "±"}${Math.abs(percent)} %`;

/** One line naming a condition: "below 100 or above 200", "changes by 10 % or more (either way) against plan". */
export function describeCondition(condition: AlertCondition, format: (value: number) => string = String): string {
  if (condition.kind === "boundary") {
    const parts = [condition.lower !== null ? `below ${format(condition.lower)}` : null, condition.upper !== null ? `above ${format(condition.upper)}` : null].filter(Boolean);
    return parts.join(" or ");
  }
  const way = condition.direction === "up" ? "rises" : condition.direction === "down" ? "falls" : "moves";
  const baseline = condition.minimumBaseline > 0 ? `, baseline at least ${format(condition.minimumBaseline)}` : "";
  return `${way} by ${condition.percent} % or more against ${BASIS_NAMES[condition.basis]}${baseline}`;
}

/** Field texts of a condition that cannot work; empty when it can. */
export function conditionProblems(condition: AlertCondition): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (condition.kind === "boundary") {
    if (condition.lower === null && condition.upper === null) problems["lower"] = ["Enter a lower boundary, an upper boundary or both."];
    else if (condition.lower !== null && condition.upper !== null && condition.lower > condition.upper) problems["upper"] = ["The upper boundary must not be below the lower boundary."];
    return problems;
  }
  if (!(condition.percent > 0)) problems["percent"] = ["Enter a change above 0 %."];
  else if (condition.percent > 100_000) problems["percent"] = ["Enter a change of at most 100000 %."];
  if (!(condition.minimumBaseline >= 0)) problems["minimumBaseline"] = ["The minimum baseline must not be negative."];
  return problems;
}
