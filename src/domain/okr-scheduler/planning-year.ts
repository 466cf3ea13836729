import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { PERIOD_SPLITS } from "../../contracts/okr-scheduler";
import { fiscalYearLabel } from "../kpi/periods";

dayjs.extend(utc);

/**
 * A company's OKR planning year: its fiscal year (named, as planning names it, by the calendar
 * year it starts in: FY 2026/27 of an April company is 2026) split into OKR periods — quarters by
 * default, or trimesters (four months) or halves — each with its planning phases:
 *
 * - draft: drafting opens `draftLeadDays` before the period starts ("set your objectives");
 * - set: objectives are final `setDays` into the period;
 * - review: the review and retrospective open `reviewLeadDays` before the period ends.
 */
export { PERIOD_SPLITS };
export type PeriodSplit = (typeof PERIOD_SPLITS)[number];

/** Months per period of each split. */
export const MONTHS_PER_PERIOD: Readonly<Record<PeriodSplit, number>> = { quarters: 3, trimesters: 4, halves: 6 };
const PREFIX: Readonly<Record<PeriodSplit, string>> = { quarters: "Q", trimesters: "T", halves: "H" };

/** How the phase dates of a new year's periods are set (the company's OKR settings). */
export interface PhaseDefaults {
  readonly draftLeadDays: number;
  readonly setDays: number;
  readonly reviewLeadDays: number;
}
export const DEFAULT_PHASES: PhaseDefaults = { draftLeadDays: 14, setDays: 14, reviewLeadDays: 7 };

export interface PlannedPeriod {
  /** 1-based place in the year. */
  readonly number: number;
  /** "Q1 FY 2026/27", "T2 FY 2026", "H1 FY 2026". */
  readonly name: string;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly draftOn: string;
  readonly setOn: string;
  readonly reviewOn: string;
}

/** The first day of the fiscal year `year` (the calendar year it starts in) for an offset 0-11. */
export function fiscalYearStartsOn(year: number, fiscalYearOffset: number): string {
  return dayjs.utc(Date.UTC(year, fiscalYearOffset, 1)).format("YYYY-MM-DD");
}

/** "FY 2026" (calendar year) or "FY 2026/27" (a year starting in another month). */
export const planningYearLabel = (year: number, fiscalYearOffset: number) => fiscalYearLabel(year * 12 + fiscalYearOffset, fiscalYearOffset);

/** The periods of a fiscal year with their default phase dates. */
export function planningPeriods(year: number, fiscalYearOffset: number, split: PeriodSplit, phases: PhaseDefaults = DEFAULT_PHASES): PlannedPeriod[] {
  const size = MONTHS_PER_PERIOD[split];
  const first = dayjs.utc(fiscalYearStartsOn(year, fiscalYearOffset));
  const label = planningYearLabel(year, fiscalYearOffset);
  return Array.from({ length: 12 / size }, (_, index) => {
    const start = first.add(index * size, "month");
    const end = start.add(size, "month").subtract(1, "day");
    const days = end.diff(start, "day");
    return {
      number: index + 1,
      name: `${PREFIX[split]}${index + 1} ${label}`,
      startsOn: start.format("YYYY-MM-DD"),
      endsOn: end.format("YYYY-MM-DD"),
      draftOn: start.subtract(phases.draftLeadDays, "day").format("YYYY-MM-DD"),
      setOn: start.add(Math.min(phases.setDays, days), "day").format("YYYY-MM-DD"),
      reviewOn: end.subtract(Math.min(phases.reviewLeadDays, days), "day").format("YYYY-MM-DD"),
    };
  });
}

/** The planning year (start year) holding a calendar day for an offset. */
export function planningYearOfDay(day: string, fiscalYearOffset: number): number {
  const date = dayjs.utc(day);
  return date.month() >= fiscalYearOffset ? date.year() : date.year() - 1;
}

export const PHASE_ORDER = "Dates run draft, then set, then review: drafting opens on or before the period's first day, objectives are set within the period, the review follows.";

/**
 * What is wrong with a period's phase dates, by field: draft on or before the start, set within
 * the period and not before draft, review after set and at most 31 days past the end.
 */
export function phaseProblems(period: Pick<PlannedPeriod, "startsOn" | "endsOn" | "draftOn" | "setOn" | "reviewOn">): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (period.draftOn > period.startsOn) problems["draftOn"] = ["Drafting opens on or before the period's first day."];
  else if (dayjs.utc(period.startsOn).diff(dayjs.utc(period.draftOn), "day") > 92) problems["draftOn"] = ["Drafting opens at most 92 days before the period starts."];
  if (period.setOn < period.startsOn || period.setOn > period.endsOn) problems["setOn"] = ["Objectives are set within the period."];
  if (period.reviewOn < period.setOn) problems["reviewOn"] = ["The review follows the day objectives are set."];
  else if (dayjs.utc(period.reviewOn).diff(dayjs.utc(period.endsOn), "day") > 31) problems["reviewOn"] = ["The review opens at most 31 days after the period ends."];
  return problems;
}
