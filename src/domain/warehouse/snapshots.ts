import { SNAPSHOT_OUTCOMES } from "../../contracts/warehouse";
import { cents, sumOf } from "./money";
import type { OpenDeal } from "./pipeline";
import type { Deal } from "./records";
import { funnelIndex, isOpenStage, OPEN_STAGES, STAGE_LABEL, type DealStage, type OpenStage } from "./stages";

/**
 * What became of a snapshot's deals: a snapshot keeps the open deals of a day as they were then
 * (a later upload may change or drop them), so a later pipeline can be compared with it.
 */
export { SNAPSHOT_OUTCOMES };
export type SnapshotOutcome = (typeof SNAPSHOT_OUTCOMES)[number];

export interface SnapshotDealChange {
  readonly key: string;
  readonly name: string;
  /** Null for a deal that was not open at the snapshot. */
  readonly thenStage: OpenStage | null;
  /** Null for a deal no longer in the data. */
  readonly nowStage: DealStage | null;
  readonly thenAmount: number | null;
  readonly nowAmount: number | null;
  readonly outcome: SnapshotOutcome;
}

export interface SnapshotComparison {
  /** Each open stage then (the snapshot) and now (the current pipeline). */
  readonly stages: readonly { readonly stage: OpenStage; readonly label: string; readonly thenCount: number; readonly thenAmount: number; readonly nowCount: number; readonly nowAmount: number }[];
  /** Deals and their amount (now, or then for removed ones) per outcome. */
  readonly outcomes: readonly { readonly outcome: SnapshotOutcome; readonly count: number; readonly amount: number }[];
  readonly deals: readonly SnapshotDealChange[];
}

/**
 * Compares a snapshot's open deals with the deals now: each of them won, lost, advanced, moved
 * back, unchanged or removed (no longer uploaded); deals open now that were not open then are new.
 */
export function compareSnapshot(then: readonly OpenDeal[], now: readonly Deal[]): SnapshotComparison {
  const current = new Map(now.map((deal) => [deal.key, deal] as const));
  const before = new Set(then.map((deal) => deal.key));
  const changes: SnapshotDealChange[] = then.map((deal) => {
    const later = current.get(deal.key);
    return {
      key: deal.key,
      name: deal.name,
      thenStage: deal.stage,
      nowStage: later?.stage ?? null,
      thenAmount: deal.amount,
      nowAmount: later ? (later.amount ?? 0) : null,
      outcome: outcomeOf(deal.stage, later),
    };
  });
  for (const deal of now) {
    if (isOpenStage(deal.stage) && !before.has(deal.key)) {
      changes.push({ key: deal.key, name: deal.name, thenStage: null, nowStage: deal.stage, thenAmount: null, nowAmount: deal.amount ?? 0, outcome: "new" });
    }
  }
  const openNow = now.filter((deal) => isOpenStage(deal.stage));
  return {
    stages: OPEN_STAGES.map((stage) => {
      const thenIn = then.filter((deal) => deal.stage === stage);
      const nowIn = openNow.filter((deal) => deal.stage === stage);
      return { stage, label: STAGE_LABEL[stage], thenCount: thenIn.length, thenAmount: sumOf(thenIn.map((deal) => deal.amount)), nowCount: nowIn.length, nowAmount: sumOf(nowIn.map((deal) => deal.amount ?? 0)) };
    }),
    outcomes: SNAPSHOT_OUTCOMES.map((outcome) => {
      const inOutcome = changes.filter((change) => change.outcome === outcome);
      return { outcome, count: inOutcome.length, amount: cents(sumOf(inOutcome.map((change) => change.nowAmount ?? change.thenAmount ?? 0))) };
    }),
    deals: changes,
  };
}

function outcomeOf(thenStage: OpenStage, later: Deal | undefined): SnapshotOutcome {
  if (!later) return "removed";
  if (later.stage === "won" || later.stage === "lost") return later.stage;
  if (!isOpenStage(later.stage)) return "unchanged";
  const step = funnelIndex(later.stage) - funnelIndex(thenStage);
  return step > 0 ? "advanced" : step < 0 ? "moved back" : "unchanged";
}
