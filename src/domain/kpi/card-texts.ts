import { monthIndexOf, monthRange, monthRangeLabel, type MonthIndex } from "../months";
import { aggregate, type AggregationType } from "./aggregation";
import { absentDeviationText, fromPercentChange, percentDeviation } from "./percent-deviation";

/**
 * The words of a KPI card: what its trend compares and what its deviations say when no
 * percentage exists. The API keeps the spec's sentinel for a zero base or a change of sign; a card
 * never prints it ("> +999 %") nor an empty "– –", it names what is absent.
 */

/** A run of months, both ends included. */
export interface MonthSpan {
  readonly first: MonthIndex;
  readonly last: MonthIndex;
}

/**
 * The months a card's trend compares: the `duration` months ending at the shown month (`recent`)
 * against as many months right before them (`before`), as `cardFigures` computes the trend.
 */
export function trendWindows(shown: MonthIndex, duration: number): { recent: MonthSpan; before: MonthSpan } {
  const months = Math.max(1, duration);
  return {
    recent: { first: shown - months + 1, last: shown },
    before: { first: shown - 2 * months + 1, last: shown - months },
  };
}

export const spanLabel = (span: MonthSpan) => monthRangeLabel(span.first, span.last);

/** What a card says about its trend: the change with the period it is measured against, or why there is none. */
export type TrendText = { readonly kind: "percent"; readonly text: string } | { readonly kind: "absent"; readonly text: string };

interface TrendKpi {
  readonly aggregationType: AggregationType;
}

/**
 * The trend of a card in words: "+33.3 % vs Sep 2026" (one month), "−4.0 % vs Jul – Sep 2026"
 * (three months), or what is missing: "No actual for Oct 2026", "No actual for Sep 2026 to
 * compare with", "Sep 2026 was 0", "Sign change since Sep 2026". `namingRecent` also names the
 * months measured ("Oct 2026: +33.3 % vs Sep 2026"), where the card's figure covers another
 * period (a year to date).
 */
export function trendText(
  kpi: TrendKpi,
  months: readonly { readonly date: string; readonly value: number | null }[],
  shown: MonthIndex,
  duration: number,
  { namingRecent = false }: { namingRecent?: boolean } = {},
): TrendText {
  const { recent, before } = trendWindows(shown, duration);
  const actuals = new Map<MonthIndex, number>();
  for (const month of months) if (month.value !== null) actuals.set(monthIndexOf(month.date), month.value);
  const recentValue = aggregate(actuals, monthRange(recent.first, recent.last), kpi.aggregationType);
  const beforeValue = aggregate(actuals, monthRange(before.first, before.last), kpi.aggregationType);
  const deviation = percentDeviation(recentValue, beforeValue);
  switch (deviation.kind) {
    case "percent":
      return { kind: "percent", text: `${namingRecent ? `${spanLabel(recent)}: ` : ""}${deviation.text} vs ${spanLabel(before)}` };
    case "no-value":
      return { kind: "absent", text: `No actual for ${spanLabel(recent)}` };
    case "no-base":
      return { kind: "absent", text: `No actual for ${spanLabel(before)} to compare with` };
    case "zero-base":
      return { kind: "absent", text: `${spanLabel(before)} was 0` };
    case "sign-change":
      return { kind: "absent", text: `Sign change since ${spanLabel(before)}` };
  }
}

/**
 * The deviation of the actual from the plan in words, from the card's figures (whose percentage
 * may compare only the months that have both, see ytd-card.ts): "−20.0 % vs plan", or "No plan",
 * "No actual", "Plan is 0", "Sign change vs plan", "No month with both actual and plan".
 */
export function planDeviationText(figures: { readonly actual: number | null; readonly plan: number | null; readonly deviationPercent: number | null }): TrendText {
  if (figures.actual === null) return { kind: "absent", text: "No actual" };
  if (figures.plan === null) return { kind: "absent", text: "No plan" };
  if (figures.deviationPercent === null) return { kind: "absent", text: "No month with both actual and plan" };
  const deviation = fromPercentChange(figures.deviationPercent, figures.plan);
  if (deviation.kind === "percent") return { kind: "percent", text: `${deviation.text} vs plan` };
  const text = absentDeviationText(deviation, "plan");
  return { kind: "absent", text: text.charAt(0).toUpperCase() + text.slice(1) };
}
