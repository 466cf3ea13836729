import type { KpiMeta, KpiMonthValue } from "../../../../contracts/kpis";
import { cardFigures } from "../../../../domain/kpi/dashboard-card";
import { ytdCardFigures, type YearToDate } from "../../../../domain/kpi/ytd-card";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { absentDeviationText, percentDeviation } from "../../../../domain/kpi/percent-deviation";
import { monthIndexOf, monthRange, type MonthIndex } from "../../../../domain/months";

/** Months of actuals a node's sparkline shows, ending with the reporting month. */
export const TREE_SPARKLINE_MONTHS = 12;

export type DeviationTone = "good" | "bad" | "neutral";

/** What one KPI node shows for the reporting month, as text ready to draw. */
export interface TreeNodeFigures {
  readonly actual: string;
  readonly plan: string;
  /** "+4.5 %" against the plan, or what is missing ("no plan", "plan is 0"). */
  readonly deviation: string;
  /** Good when the deviation goes the KPI's good way (higherIsBetter), bad against it. */
  readonly tone: DeviationTone;
  /** The actuals of the last months, oldest first; null where a month has none. */
  readonly sparkline: readonly (number | null)[];
  /** Year to date: what covers less than it seems ("Deviation over the 6 months with both", "Plan for 7 of 10 months"), most telling first. */
  readonly coverage: readonly string[];
}

/** The month's figures, or the fiscal year to date (the aggregates' `ytd`). */
export type TreePeriod = "month" | "ytd";

/**
 * A node's figures: the month's actual and plan and the deviation between them, as the
 * operational dashboard's cards compute them (cardFigures), or with `ytd` the year to date as the
 * strategic dashboard's (ytdCardFigures); and the last months' actuals.
 */
export function treeNodeFigures(kpi: Pick<KpiMeta, "unit" | "higherIsBetter" | "aggregationType" | "benchmarks">, months: readonly KpiMonthValue[], month: MonthIndex, currency: string, ytd?: YearToDate): TreeNodeFigures {
  const filter = { trendDuration: 1, trendOffset: 0, planningAsBenchmark: false };
  // Year to date as the strategic dashboard's cards: the deviation over the months with both.
  const ytdFigures = ytd ? ytdCardFigures(kpi, months, filter, month, ytd) : null;
  const figures = ytdFigures ? ytdFigures.figures : cardFigures(kpi, months, filter, month);
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency });
  const deviation = ytd ? percentDeviation(ytd.actualVsPlanning.actualValue, ytd.actualVsPlanning.planningValue) : percentDeviation(figures.actual, figures.plan);
  const coverage = [ytdFigures?.deviationNote ? `Deviation ${ytdFigures.deviationNote}` : null, ytdFigures?.planNote ? `Plan ${ytdFigures.planNote}` : null].filter((note): note is string => note !== null);
  const byMonth = new Map(months.map((entry) => [monthIndexOf(entry.date), entry.value] as const));
  return {
    actual: figures.actual === null ? "No actual" : format(figures.actual),
    plan: figures.plan === null ? "No plan" : `Plan ${format(figures.plan)}`,
    deviation: deviation.kind === "percent" ? deviation.text : absentDeviationText(deviation, "plan"),
    tone: figures.performance === null || figures.performance === 0 ? "neutral" : figures.performance > 0 ? "good" : "bad",
    sparkline: monthRange(month - TREE_SPARKLINE_MONTHS + 1, month).map((entry) => byMonth.get(entry) ?? null),
    coverage,
  };
}
