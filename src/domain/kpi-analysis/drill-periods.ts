import { ltmMonths, ytdMonths } from "../kpi/aggregation";
import { fiscalBucketOf } from "../kpi/periods";
import { monthRange, monthRangeLabel, type MonthIndex } from "../months";

/**
 * The periods a deep drill compares: whole periods ending at the reporting month. A custom date
 * range has no natural period to compare it with, so deep drills are unavailable for one (spec
 * section 8); the API refuses a start date with CUSTOM_RANGE_UNAVAILABLE.
 */
export const DRILL_PERIODS = ["month", "quarter", "ytd", "ltm"] as const;
export type DrillPeriod = (typeof DRILL_PERIODS)[number];

/** What the drill compares the period with: the period before, the plan of the same months, or the same months last year. */
export const DRILL_COMPARISONS = ["previous", "plan", "lastYear"] as const;
export type DrillComparison = (typeof DRILL_COMPARISONS)[number];

export const CUSTOM_RANGE_UNAVAILABLE = "Deep drills are unavailable for custom date ranges: choose a month, quarter, year to date or the last twelve months.";

export const PERIOD_LABELS: Readonly<Record<DrillPeriod, string>> = { month: "Month", quarter: "Quarter to date", ytd: "Year to date", ltm: "Last 12 months" };
export const COMPARISON_LABELS: Readonly<Record<DrillComparison, string>> = { previous: "Previous period", plan: "Plan", lastYear: "Last year" };

export interface DrillWindow {
  /** The months of the period (actuals). */
  readonly months: readonly MonthIndex[];
  /** The months compared with, and which series they are read from. */
  readonly baseMonths: readonly MonthIndex[];
  readonly baseSeries: "actual" | "planning";
  readonly label: string;
  readonly baseLabel: string;
}

/** The months of `period` ending at `end`, and what they are compared with. */
export function drillWindow(period: DrillPeriod, comparison: DrillComparison, end: MonthIndex, fiscalYearOffset: number): DrillWindow {
  const months = monthsOf(period, end, fiscalYearOffset);
  const first = months[0]!;
  const label = monthRangeLabel(first, end);
  if (comparison === "plan") return { months, baseMonths: months, baseSeries: "planning", label, baseLabel: `Plan ${label}` };
  // The period before: the month or the last twelve months before; for a quarter or year to date,
  // the same run of months one quarter or one year earlier, so like is compared with like.
  const shift = comparison === "lastYear" ? 12 : period === "month" ? 1 : period === "quarter" ? 3 : 12;
  const baseMonths = months.map((month) => month - shift);
  return { months, baseMonths, baseSeries: "actual", label, baseLabel: monthRangeLabel(baseMonths[0]!, baseMonths.at(-1)!) };
}

function monthsOf(period: DrillPeriod, end: MonthIndex, fiscalYearOffset: number): MonthIndex[] {
  switch (period) {
    case "month":
      return [end];
    case "quarter":
      return monthRange(fiscalBucketOf(end, 3, fiscalYearOffset).first, end);
    case "ytd":
      return ytdMonths(end, fiscalYearOffset);
    case "ltm":
      return ltmMonths(end);
  }
}
