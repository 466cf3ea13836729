import { formatKpiValue } from "../kpi/number-format";
import type { DevelopmentShare } from "./sales-mix";
import type { StagePercentages } from "./funnel";
import type { Pipeline } from "./pipeline";
import type { SalesTargetView } from "./sales-target";
import type { DataIssue } from "./data-rules";
import { STAGE_LABEL } from "./stages";

/**
 * Recommendations of the warehouse analytics (spec section 7, "warehouse analytics: …
 * recommendations"): what the figures of a period suggest doing next, each a rule a person can
 * check against the charts beside it, never a guess. Strongest first: the target, the data that
 * blocks the figures, the pipeline's hygiene, the funnel's weakest step, the mix.
 */
export interface Recommendation {
  /** Stable per rule, for tests and keys. */
  readonly rule: "target-gap" | "target-reached" | "excluded-rows" | "overdue-deals" | "weakest-step" | "concentration";
  readonly tone: "warning" | "info" | "good";
  readonly title: string;
  readonly text: string;
  /** Where to act or read more. */
  readonly href: string | null;
}

export interface RecommendationInput {
  readonly currency: string;
  readonly period: string;
  readonly target: SalesTargetView;
  readonly pipeline: Pipeline;
  readonly percentages: StagePercentages;
  readonly development: DevelopmentShare;
  readonly issues: readonly DataIssue[];
}

/** A funnel step needs this many deals before its rate says something. */
export const MIN_STEP_DEALS = 10;
/** One product category above this share of the value won is a concentration worth naming. */
export const CONCENTRATION_SHARE = 60;

export function recommendationsOf(input: RecommendationInput): Recommendation[] {
  const money = (value: number) => formatKpiValue(value, "currency", { currency: input.currency });
  const result: Recommendation[] = [];
  const { target, pipeline } = input;

  if (target.target > 0 && target.won < target.target) {
    const gap = target.target - target.won;
    const covered = pipeline.weighted >= gap;
    result.push({
      rule: "target-gap",
      tone: "warning",
      title: `${money(gap)} short of the sales target`,
      text: `${money(target.won)} won of a ${money(target.target)} target (${formatKpiValue(target.attainment, "percentage")}), ${input.period}. ${covered ? `The weighted pipeline of ${money(pipeline.weighted)} would cover the gap if it closes as usual: keep the late stages moving.` : `The weighted pipeline of ${money(pipeline.weighted)} does not cover it: more leads are needed, or the target needs a second look.`}`,
      href: null,
    });
  } else if (target.target > 0) {
    result.push({ rule: "target-reached", tone: "good", title: "Sales target reached", text: `${money(target.won)} won of a ${money(target.target)} target (${formatKpiValue(target.attainment, "percentage")}), ${input.period}.`, href: null });
  }

  const excluded = input.issues.filter((issue) => issue.excluded).length;
  if (excluded > 0) {
    result.push({
      rule: "excluded-rows",
      tone: "warning",
      title: `${excluded} row${excluded === 1 ? "" : "s"} of the raw data left out of every figure`,
      text: "They break a rule that would make the figures wrong (a deal without stage or amount, a won deal without a closed date, …). Correct them in the source and upload the file again.",
      href: "/warehouse/data-issues",
    });
  }

  const overdue = pipeline.closeMonths.find((bucket) => bucket.key === "overdue");
  if (overdue && overdue.amount > 0) {
    const deals = input.issues.filter((issue) => issue.rule === "overdue").length;
    result.push({
      rule: "overdue-deals",
      tone: "warning",
      title: `${money(overdue.amount)} of open deals are past their expected close`,
      text: `${deals > 0 ? `${deals} deal${deals === 1 ? " is" : "s are"}` : "Some deals are"} still open after the date they were expected to close: update the dates or close them, so the pipeline by expected close can be trusted.`,
      href: "/warehouse/data-issues",
    });
  }

  const steps = input.percentages.stages.slice(1).map((stage, index) => ({ stage, before: input.percentages.stages[index]! })).filter(({ before, stage }) => before.reached >= MIN_STEP_DEALS && stage.percentOfPrevious !== null);
  const weakest = [...steps].sort((a, b) => a.stage.percentOfPrevious! - b.stage.percentOfPrevious!)[0];
  if (weakest) {
    result.push({
      rule: "weakest-step",
      tone: "info",
      title: `The weakest step: ${STAGE_LABEL[weakest.before.stage]} to ${STAGE_LABEL[weakest.stage.stage]}`,
      text: `Only ${formatKpiValue(weakest.stage.percentOfPrevious, "percentage")} of the deals that reached ${STAGE_LABEL[weakest.before.stage]} moved on to ${STAGE_LABEL[weakest.stage.stage]} (${weakest.stage.reached} of ${weakest.before.reached}), ${input.period}. Improving this step moves the most deals towards a win.`,
      href: null,
    });
  }

  const leader = input.development.categories[0];
  if (leader && leader.share !== null && leader.share > CONCENTRATION_SHARE && input.development.categories.length > 1) {
    result.push({
      rule: "concentration",
      tone: "info",
      title: `${formatKpiValue(leader.share, "percentage")} of the value won comes from ${leader.label}`,
      text: `A sales mix this concentrated depends on one line of business; the development share shows whether the others are growing.`,
      href: null,
    });
  }
  return result;
}
