import { monthDateOf, monthLabel } from "../months";
import { monthOfDate, type IsoDate } from "./dates";
import { cents, sumOf } from "./money";
import type { Deal } from "./records";
import { isOpenStage, OPEN_STAGES, STAGE_LABEL, STAGE_PROBABILITY, type DealStage, type OpenStage } from "./stages";

/** Months of expected closing the pipeline shows one by one, from the pipeline's own month. */
export const PIPELINE_MONTHS = 6;

/**
 * The stage a deal was in on `date`, or null when it did not exist yet. From today on it is the
 * deal's stage as uploaded. For a past day the stage dates tell: won or lost once closed, else the
 * furthest stage reached by then (a stage without a date counts from today only, so such a deal
 * shows in an earlier stage for past days).
 */
export function stageAt(deal: Deal, date: IsoDate, today: IsoDate): DealStage | null {
  if (deal.createdOn > date) return null;
  if (date >= today) return deal.stage;
  if ((deal.stage === "won" || deal.stage === "lost") && deal.closedOn !== null && deal.closedOn <= date) return deal.stage;
  const reached: [OpenStage, IsoDate | null][] = [
    ["negotiation", deal.negotiationOn],
    ["proposal", deal.proposalOn],
    ["sql", deal.sqlOn],
    ["mql", deal.mqlOn],
  ];
  return reached.find(([, on]) => on !== null && on <= date)?.[0] ?? "lead";
}

/** An open deal on a day, as a snapshot keeps it. */
export interface OpenDeal {
  readonly key: string;
  readonly name: string;
  readonly stage: OpenStage;
  readonly amount: number;
  readonly expectedCloseOn: IsoDate | null;
}

/** The deals open on `date`, each in the stage it had then (amounts as uploaded now). */
export function openDealsAt(deals: readonly Deal[], date: IsoDate, today: IsoDate): OpenDeal[] {
  return deals.flatMap((deal) => {
    const stage = stageAt(deal, date, today);
    return isOpenStage(stage) ? [{ key: deal.key, name: deal.name, stage, amount: deal.amount ?? 0, expectedCloseOn: deal.expectedCloseOn }] : [];
  });
}

export interface StageFigures {
  readonly stage: OpenStage;
  readonly label: string;
  readonly count: number;
  readonly amount: number;
  /** The amount times the stage's probability to be won. */
  readonly weighted: number;
}

export interface CloseMonthBucket {
  /** "overdue", a month (YYYY-MM-01), "later" or "none". */
  readonly key: string;
  readonly label: string;
  readonly amount: number;
  readonly byStage: Readonly<Record<OpenStage, number>>;
}

export interface Pipeline {
  readonly date: IsoDate;
  readonly count: number;
  readonly amount: number;
  readonly weighted: number;
  readonly stages: readonly StageFigures[];
  /**
   * The open amount by expected close: overdue, each of the next PIPELINE_MONTHS months from the
   * pipeline's month, later, and without a date (those three only when they hold a deal).
   */
  readonly closeMonths: readonly CloseMonthBucket[];
}

/** The pipeline of `date`: its open deals by stage and by expected close. */
export function pipelineAt(deals: readonly Deal[], date: IsoDate, today: IsoDate): Pipeline {
  return pipelineOf(openDealsAt(deals, date, today), date);
}

/** The pipeline figures of a list of open deals (also of a stored snapshot). */
export function pipelineOf(open: readonly OpenDeal[], date: IsoDate): Pipeline {
  const stages = OPEN_STAGES.map((stage): StageFigures => {
    const inStage = open.filter((deal) => deal.stage === stage);
    const amount = sumOf(inStage.map((deal) => deal.amount));
    return { stage, label: STAGE_LABEL[stage], count: inStage.length, amount, weighted: cents(amount * STAGE_PROBABILITY[stage]) };
  });
  const first = monthOfDate(date);
  const bucketOf = (deal: OpenDeal) => {
    if (deal.expectedCloseOn === null) return "none";
    if (deal.expectedCloseOn < date) return "overdue";
    const month = monthOfDate(deal.expectedCloseOn);
    return month < first + PIPELINE_MONTHS ? monthDateOf(month) : "later";
  };
  const keys = ["overdue", ...Array.from({ length: PIPELINE_MONTHS }, (_, step) => monthDateOf(first + step)), "later", "none"];
  const closeMonths = keys.flatMap((key): CloseMonthBucket[] => {
    const inBucket = open.filter((deal) => bucketOf(deal) === key);
    // Every month shows, even empty; overdue, later and no date only when they hold a deal.
    if (inBucket.length === 0 && !/^\d/.test(key)) return [];
    const byStage = Object.fromEntries(OPEN_STAGES.map((stage) => [stage, sumOf(inBucket.filter((deal) => deal.stage === stage).map((deal) => deal.amount))])) as Record<OpenStage, number>;
    return [{ key, label: bucketLabel(key), amount: sumOf(inBucket.map((deal) => deal.amount)), byStage }];
  });
  return {
    date,
    count: open.length,
    amount: sumOf(stages.map((stage) => stage.amount)),
    weighted: sumOf(stages.map((stage) => stage.weighted)),
    stages,
    closeMonths,
  };
}

function bucketLabel(key: string): string {
  if (key === "overdue") return "Overdue";
  if (key === "later") return "Later";
  if (key === "none") return "No close date";
  return monthLabel(monthOfDate(key));
}
