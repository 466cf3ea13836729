/**
 * How the copilot ranks KPIs against plan and over time. A deviation is read in the KPI's good
 * direction: for a cost (higher is not better) being above plan is being behind it.
 */
export interface PlanComparison {
  readonly actual: number | null;
  readonly plan: number | null;
  readonly higherIsBetter: boolean;
}

/**
 * The deviation from plan relative to the plan's size, signed so that negative is worse than
 * plan: (actual − plan) / |plan|, negated when lower is better. Null without both numbers or with
 * a plan of zero (no relative size to speak of).
 */
export function performanceAgainstPlan({ actual, plan, higherIsBetter }: PlanComparison): number | null {
  if (actual === null || plan === null || plan === 0) return null;
  const relative = (actual - plan) / Math.abs(plan);
  return higherIsBetter ? relative : -relative;
}

/**
 * The KPIs behind plan, furthest first (most negative performance), ties by name; KPIs on or
 * ahead of plan, or without a comparable plan, are left out.
 */
export function furthestBehindPlan<K extends PlanComparison & { readonly name: string }>(kpis: readonly K[]): (K & { readonly performance: number })[] {
  return kpis
    .map((kpi) => ({ ...kpi, performance: performanceAgainstPlan(kpi) }))
    .filter((kpi): kpi is K & { performance: number } => kpi.performance !== null && kpi.performance < 0)
    .sort((a, b) => a.performance - b.performance || a.name.localeCompare(b.name));
}

export interface Movement {
  readonly name: string;
  readonly value: number | null;
  readonly base: number | null;
  readonly higherIsBetter: boolean;
}

/** The change from `base` to `value` relative to the base's size; null without both or on a zero base. */
export const relativeChange = (value: number | null, base: number | null): number | null => (value === null || base === null || base === 0 ? null : (value - base) / Math.abs(base));

/** The KPIs that moved most, by the size of their relative change, ties by name. */
export function topMovers<K extends Movement>(kpis: readonly K[]): (K & { readonly change: number; readonly good: boolean })[] {
  return kpis
    .map((kpi) => ({ ...kpi, change: relativeChange(kpi.value, kpi.base) }))
    .filter((kpi): kpi is K & { change: number } => kpi.change !== null && kpi.change !== 0)
    .map((kpi) => ({ ...kpi, good: kpi.higherIsBetter ? kpi.change > 0 : kpi.change < 0 }))
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.name.localeCompare(b.name));
}
