import type { AtRiskObjective, TeamFigures, WeekCount } from "../../contracts/okr-insights";
import type { OkrLevel } from "../../contracts/okrs";
import { AT_RISK_CONFIDENCE, AT_RISK_GAP, expectedProgress, isAtRisk, objectiveProgress } from "../okrs/progress";
import { addDays } from "./change-log-query";

/**
 * Team analytics (issue 16, scope 4): per unit (corporate, each department and team) over a
 * period, the mean progress against the even line, the mean latest confidence, objectives at risk
 * (domain/okrs isAtRisk), check-ins per week and the share of key results checked in lately.
 * Pure: the server gathers the rows and the company's today.
 */

/** A key result checked in within this many days (today included) counts as recently checked in. */
export const RECENT_CHECK_IN_DAYS = 14;

export interface AnalyticsUnit {
  readonly key: string;
  readonly kind: "corporate" | "department" | "team";
  readonly unitId: number | null;
  readonly name: string;
}

export interface AnalyticsKeyResult {
  readonly id: number;
  /** 0–100 or null (domain/okrs keyResultProgress). */
  readonly progress: number | null;
  /** The latest check-in's confidence, null before the first. */
  readonly confidence: number | null;
}

export interface AnalyticsObjective {
  readonly id: number;
  readonly title: string;
  readonly level: OkrLevel;
  /** The unit's key (AnalyticsUnit.key). */
  readonly unitKey: string;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly keyResults: readonly AnalyticsKeyResult[];
}

/** A check-in: its key result and the calendar day (company time zone) it was made. */
export interface AnalyticsCheckIn {
  readonly keyResultId: number;
  readonly date: string;
}

export interface TeamAnalytics {
  readonly teams: TeamFigures[];
  readonly total: TeamFigures;
  readonly atRisk: AtRiskObjective[];
}

/** The Monday of the week `date` falls in. */
export function weekStartOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The weeks (their Mondays) from the week of `from` to the week of `to`; none when to is before from. */
export function weeksBetween(from: string, to: string): string[] {
  if (to < from) return [];
  const weeks: string[] = [];
  for (let week = weekStartOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);

interface Judged {
  readonly objective: AnalyticsObjective;
  readonly progress: number | null;
  readonly expected: number;
  readonly lowestConfidence: number | null;
  readonly atRisk: boolean;
}

function judge(objective: AnalyticsObjective, today: string): Judged {
  const progress = objectiveProgress(objective.keyResults.map((keyResult) => keyResult.progress));
  const expected = expectedProgress(objective, today);
  const confidences = objective.keyResults.map((keyResult) => keyResult.confidence).filter((value): value is number => value !== null);
  const lowestConfidence = confidences.length === 0 ? null : Math.min(...confidences);
  return { objective, progress, expected, lowestConfidence, atRisk: isAtRisk({ progress, lowestConfidence, expected }) };
}

/**
 * The figures of each unit (in the order given; units without objectives included, with zeros),
 * of all of them together, and the objectives at risk (the furthest behind first). Check-ins
 * count in the weeks of the period up to today; "recently" is the RECENT_CHECK_IN_DAYS up to today.
 */
export function teamAnalytics(input: { units: readonly AnalyticsUnit[]; objectives: readonly AnalyticsObjective[]; checkIns: readonly AnalyticsCheckIn[]; from: string; to: string; today: string }): TeamAnalytics {
  const { from, to, today } = input;
  const judged = input.objectives.map((objective) => judge(objective, today));
  const lastDay = to < today ? to : today;
  const weeks = weeksBetween(from, lastDay);
  const recentFrom = addDays(today, -(RECENT_CHECK_IN_DAYS - 1));
  const checkInsByKeyResult = new Map<number, string[]>();
  for (const checkIn of input.checkIns) {
    const dates = checkInsByKeyResult.get(checkIn.keyResultId) ?? [];
    dates.push(checkIn.date);
    checkInsByKeyResult.set(checkIn.keyResultId, dates);
  }

  const figures = (unit: { key: string; kind: TeamFigures["kind"]; unitId: number | null; name: string }, members: readonly Judged[]): TeamFigures => {
    const keyResults = members.flatMap((member) => member.objective.keyResults);
    const perWeek = new Map<string, number>(weeks.map((week) => [week, 0]));
    let checkIns = 0;
    let recent = 0;
    for (const keyResult of keyResults) {
      const dates = checkInsByKeyResult.get(keyResult.id) ?? [];
      if (dates.some((date) => date >= recentFrom && date <= today)) recent += 1;
      for (const date of dates) {
        if (date < from || date > lastDay) continue;
        checkIns += 1;
        const week = weekStartOf(date);
        perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
      }
    }
    const progresses = members.map((member) => member.progress).filter((value): value is number => value !== null);
    const confidences = keyResults.map((keyResult) => keyResult.confidence).filter((value): value is number => value !== null);
    return {
      ...unit,
      objectives: members.length,
      keyResults: keyResults.length,
      atRisk: members.filter((member) => member.atRisk).length,
      averageProgress: mean(progresses),
      expectedProgress: mean(members.map((member) => member.expected)),
      averageConfidence: mean(confidences),
      checkIns,
      recentCheckInShare: keyResults.length === 0 ? null : recent / keyResults.length,
      weeks: [...perWeek].map(([weekStart, count]): WeekCount => ({ weekStart, checkIns: count })),
    };
  };

  const teams = input.units.map((unit) => figures(unit, judged.filter((member) => member.objective.unitKey === unit.key)));
  const known = new Set(input.units.map((unit) => unit.key));
  const total = figures({ key: "all", kind: "all", unitId: null, name: "All units" }, judged.filter((member) => known.has(member.objective.unitKey)));
  const unitNames = new Map(input.units.map((unit) => [unit.key, unit.name]));
  const atRisk = judged
    .filter((member) => member.atRisk && known.has(member.objective.unitKey))
    .sort((a, b) => gap(b) - gap(a) || a.objective.title.localeCompare(b.objective.title))
    .map(
      (member): AtRiskObjective => ({
        id: member.objective.id,
        title: member.objective.title,
        level: member.objective.level,
        unitName: unitNames.get(member.objective.unitKey) ?? "",
        progress: member.progress,
        expected: member.expected,
        lowestConfidence: member.lowestConfidence,
        reasons: [
          ...(member.lowestConfidence !== null && member.lowestConfidence <= AT_RISK_CONFIDENCE ? (["low_confidence"] as const) : []),
          ...(member.progress !== null && member.expected - member.progress > AT_RISK_GAP ? (["behind"] as const) : []),
        ],
      }),
    );
  return { teams, total, atRisk };
}

/** How far behind the even line (progress unknown counts as not behind). */
const gap = (member: Judged) => (member.progress === null ? 0 : member.expected - member.progress);

/** The calendar quarter `date` falls in, as its first and last day. */
export function quarterOf(date: string): { from: string; to: string } {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const from = `${year}-${String(first).padStart(2, "0")}-01`;
  const next = first + 3 > 12 ? `${year + 1}-01-01` : `${year}-${String(first + 3).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

/** A quarter's label, like "Q2 2026". */
export const quarterLabel = (from: string) => `Q${Math.floor((Number(from.slice(5, 7)) - 1) / 3) + 1} ${from.slice(0, 4)}`;
