import type { MonthIndex } from "../months";
import { daysBetween, inMonths, type IsoDate } from "./dates";
import { percentOf, sumOf } from "./money";
import type { Deal } from "./records";
import { DEAL_STAGES, FUNNEL_STAGES, funnelIndex, isOpenStage, STAGE_LABEL, type DealStage, type FunnelStage } from "./stages";

/** The deals whose lead came in during the months `from` to `to`: the cohort the stage views describe. */
export const createdIn = (deals: readonly Deal[], from: MonthIndex, to: MonthIndex) => deals.filter((deal) => inMonths(deal.createdOn, from, to));

export interface StageRow {
  readonly stage: DealStage;
  readonly label: string;
  readonly count: number;
  readonly amount: number;
  /** The stage's share of the cohort's deals, in percent. */
  readonly share: number | null;
  /** Days from the lead to closing (won, lost) or to today (open), on average; null without deals. */
  readonly averageDays: number | null;
}

/** The cohort by its deals' current stage: how many, how much, how long they have been at it. */
export function stagesOf(deals: readonly Deal[], from: MonthIndex, to: MonthIndex, today: IsoDate): { readonly count: number; readonly amount: number; readonly stages: readonly StageRow[] } {
  const cohort = createdIn(deals, from, to);
  const stages = DEAL_STAGES.map((stage): StageRow => {
    const inStage = cohort.filter((deal) => deal.stage === stage);
    const ages = inStage.map((deal) => daysBetween(deal.createdOn, isOpenStage(deal.stage) ? today : (deal.closedOn ?? today)));
    return {
      stage,
      label: STAGE_LABEL[stage],
      count: inStage.length,
      amount: sumOf(inStage.map((deal) => deal.amount ?? 0)),
      share: percentOf(inStage.length, cohort.length),
      averageDays: ages.length === 0 ? null : Math.round(ages.reduce((total, days) => total + days, 0) / ages.length),
    };
  });
  return { count: cohort.length, amount: sumOf(cohort.map((deal) => deal.amount ?? 0)), stages };
}

/**
 * The furthest funnel stage a deal reached: won for a won deal; for an open deal its stage or a
 * later one it has a date for; for a lost deal the last stage it has a date for (lead without any).
 * A deal that skipped a stage still passed it: reaching a proposal counts as having been an SQL.
 */
export function furthestStage(deal: Deal): FunnelStage {
  if (deal.stage === "won") return "won";
  const dated: [FunnelStage, IsoDate | null][] = [
    ["mql", deal.mqlOn],
    ["sql", deal.sqlOn],
    ["proposal", deal.proposalOn],
    ["negotiation", deal.negotiationOn],
  ];
  const byDate = dated.reduce((furthest, [stage, on]) => (on !== null ? Math.max(furthest, funnelIndex(stage)) : furthest), 0);
  const current = isOpenStage(deal.stage) ? funnelIndex(deal.stage) : 0;
  return FUNNEL_STAGES[Math.max(byDate, current)]!;
}

export interface ConversionRow {
  readonly stage: FunnelStage;
  readonly label: string;
  /** Deals of the cohort that reached this stage or a later one. */
  readonly reached: number;
  /** Of the cohort's leads, in percent. */
  readonly percentOfLeads: number | null;
  /** Of the deals that reached the stage before, in percent (null for the first stage). */
  readonly percentOfPrevious: number | null;
}

export interface StagePercentages {
  readonly count: number;
  readonly won: number;
  readonly lost: number;
  readonly open: number;
  /** Won of the closed (won + lost), in percent. */
  readonly winRate: number | null;
  readonly stages: readonly ConversionRow[];
}

/** How the cohort converted from stage to stage. */
export function stagePercentages(deals: readonly Deal[], from: MonthIndex, to: MonthIndex): StagePercentages {
  const cohort = createdIn(deals, from, to);
  const furthest = cohort.map((deal) => funnelIndex(furthestStage(deal)));
  const reached = FUNNEL_STAGES.map((_, index) => furthest.filter((value) => value >= index).length);
  const won = cohort.filter((deal) => deal.stage === "won").length;
  const lost = cohort.filter((deal) => deal.stage === "lost").length;
  return {
    count: cohort.length,
    won,
    lost,
    open: cohort.length - won - lost,
    winRate: percentOf(won, won + lost),
    stages: FUNNEL_STAGES.map((stage, index) => ({
      stage,
      label: STAGE_LABEL[stage],
      reached: reached[index]!,
      percentOfLeads: percentOf(reached[index]!, reached[0]!),
      percentOfPrevious: index === 0 ? null : percentOf(reached[index]!, reached[index - 1]!),
    })),
  };
}
