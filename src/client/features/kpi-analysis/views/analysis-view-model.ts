import { DEEP_DRILL_TYPES, RECOMMENDATION_TYPES, type DeepDrillType, type DrillInput, type KpiRecommendation, type RecommendationTypeName, type RootCauseDrill, type PnlDrill } from "../../../../contracts/kpi-analysis";
import { formatKpiChange } from "../../../../domain/kpi-analysis/change-format";
import { largestEffect } from "../../../../domain/kpi-analysis/attribution";
import { RECOMMENDATION_LABELS } from "../../../../domain/kpi-analysis/recommendations";
import { bridgeRows, type SpanKind, type SpanRow } from "../../../charts/span-bars";

/**
 * What the Deep drill and Recommendations tabs read from their address and answers, apart from
 * drawing: /reporting/kpi-detail/{kpiId}/drill/{deepdrillId?}/{inputId…} (the root cause's trail
 * of inputs opened in turn) and …/recommendations/{recommendationsType?}.
 */
export const detailPath = (kpiId: number) => `/reporting/kpi-detail/${kpiId}`;

export interface DrillRoute {
  /** The drill in the address; null when it names none (or one that does not exist). */
  readonly type: DeepDrillType | null;
  /** Root cause: the inputs opened in turn, outermost first. */
  readonly trail: readonly number[];
}

export function drillRoute(rest: readonly string[]): DrillRoute {
  const type = (DEEP_DRILL_TYPES as readonly string[]).includes(rest[0] ?? "") ? (rest[0] as DeepDrillType) : null;
  const trail = type === "root-cause" ? rest.slice(1).filter((part) => /^\d+$/.test(part)).map(Number) : [];
  return { type, trail };
}

export const drillHref = (kpiId: number, type: DeepDrillType, trail: readonly number[] = []) => [`${detailPath(kpiId)}/drill/${type}`, ...trail].join("/");

/** The KPI whose root cause is shown: the last input opened, else the KPI itself. */
export const drilledKpi = (kpiId: number, route: DrillRoute) => route.trail.at(-1) ?? kpiId;

/** Whether an effect helped: a rise is good for a KPI where higher is better, a fall otherwise. */
export function effectKind(effect: number | null, higherIsBetter: boolean): SpanKind {
  if (effect === null || effect === 0) return "neutral";
  return effect > 0 === higherIsBetter ? "good" : "bad";
}

/** The bridge of a root cause: the base, each input's effect (hidden ones left out), the aggregation effect, the value. */
/** How a change of a KPI is written (percentage points for a percentage): domain formatKpiChange. */
export const changeFormatter =
  (unit: string, currency: string) =>
  (value: number): string =>
    formatKpiChange(value, unit, currency);

export interface Formats {
  readonly value: (value: number) => string;
  readonly change: (value: number) => string;
}

export function rootCauseBridge(drill: RootCauseDrill, higherIsBetter: boolean, { value: format, change }: Formats): SpanRow[] | null {
  if (drill.base === null || drill.value === null || drill.unattributed !== null) return null;
  const effects = drill.inputs
    .filter((input): input is DrillInput & { effect: number } => input.effect !== null)
    .map((input) => ({ label: input.name, effect: input.effect, text: signed(input.effect, change), kind: effectKind(input.effect, higherIsBetter) }));
  if (drill.aggregationEffect !== null) effects.push({ label: "Period averaging", effect: drill.aggregationEffect, text: signed(drill.aggregationEffect, change), kind: effectKind(drill.aggregationEffect, higherIsBetter) });
  return bridgeRows({ label: drill.baseLabel, value: drill.base, text: format(drill.base) }, effects, { label: drill.periodLabel, value: drill.value, text: format(drill.value) });
}

export function pnlBridge(drill: PnlDrill, higherIsBetter: boolean, { value: format, change }: Formats): SpanRow[] | null {
  if (drill.base === null || drill.value === null || drill.unattributed !== null || drill.factors.some((factor) => factor.effect === null)) return null;
  const effects = drill.factors.map((factor) => ({ label: factor.label, effect: factor.effect!, text: signed(factor.effect!, change), kind: effectKind(factor.effect, higherIsBetter) }));
  return bridgeRows({ label: drill.baseLabel, value: drill.base, text: format(drill.base) }, effects, { label: drill.periodLabel, value: drill.value, text: format(drill.value) });
}

/** "+1.2 %", "−€ 3.4k": a change with its sign always written. */
export function signed(value: number, format: (value: number) => string): string {
  if (value === 0) return format(0);
  const text = format(Math.abs(value));
  return `${value > 0 ? "+" : "−"}${text}`;
}

/** One sentence on a root cause: from where to where, and what moved it most. */
export function rootCauseHeadline(drill: RootCauseDrill, kpiName: string, { value: format, change }: Formats): string {
  if (drill.base === null || drill.value === null) return `${kpiName} has no value in ${drill.base === null ? drill.baseLabel : drill.periodLabel}, so there is no change to explain.`;
  const moved = `${kpiName} moved from ${format(drill.base)} (${drill.baseLabel}) to ${format(drill.value)} (${drill.periodLabel}), ${signed(drill.value - drill.base, change)}.`;
  const largest = largestEffect(drill.inputs.filter((input) => !input.hidden));
  if (drill.unattributed !== null || !largest || largest.effect === 0) return moved;
  const input = drill.inputs.find((candidate) => candidate.key === largest.key)!;
  return `${moved} ${input.name} moved it most (${signed(largest.effect!, change)}).`;
}

/** The recommendations of one rule (all when the address names none), and how many each rule has. */
export function recommendationsView(all: readonly KpiRecommendation[], typePart: string | undefined) {
  const type = (RECOMMENDATION_TYPES as readonly string[]).includes(typePart ?? "") ? (typePart as RecommendationTypeName) : null;
  const counts = Object.fromEntries(RECOMMENDATION_TYPES.map((each) => [each, all.filter((item) => item.type === each).length])) as Record<RecommendationTypeName, number>;
  return { type, shown: type ? all.filter((item) => item.type === type) : [...all], counts };
}

/** The tabs of the recommendations: all, then each rule with its count. */
export function recommendationTabs(kpiId: number, counts: Readonly<Record<RecommendationTypeName, number>>) {
  const base = `${detailPath(kpiId)}/recommendations`;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return [{ href: base, label: `All (${total})` }, ...RECOMMENDATION_TYPES.map((type) => ({ href: `${base}/${type}`, label: `${RECOMMENDATION_LABELS[type]} (${counts[type]})` }))];
}
