import { monthDateOf, monthRange, type MonthIndex } from "../months";
import { inMonths, monthOfDate } from "./dates";
import { niceStep } from "./deal-size";
import { percentOf, sumOf } from "./money";
import type { Deal, Product } from "./records";
import { DEAL_STAGES, STAGE_LABEL, type DealStage } from "./stages";

/**
 * Two views of the sales mix (spec section 7, "sales charts: … marimekko, … development share").
 *
 * The marimekko: the deals that came in during a period (the cohort of the stages chart) by their
 * current stage and their size. Each stage is a column as wide as its share of the cohort's value;
 * within it, the size bands stack by their share of the stage's value. So one picture says where
 * the money sits and whether the big deals stall in a stage or get through.
 *
 * The development share: month by month, how the value of the deals won splits over the product
 * categories (in percent of the month), so a shift of the mix shows as it develops.
 */

export interface SizeBand {
  readonly key: string;
  /** Deal sizes from `from` (included) to `to` (excluded); `to` null for the last band. */
  readonly from: number;
  readonly to: number | null;
}

export interface StageSizeMix {
  readonly count: number;
  readonly amount: number;
  readonly bands: readonly SizeBand[];
  readonly stages: readonly {
    readonly stage: DealStage;
    readonly label: string;
    readonly count: number;
    readonly amount: number;
    /** Of the cohort's value: the column's width. */
    readonly share: number | null;
    /** Per band, in the order of `bands`: its deals and value, and its share of the stage's value. */
    readonly segments: readonly { readonly band: string; readonly count: number; readonly amount: number; readonly share: number | null }[];
  }[];
}

/** Size bands: four, split at the cohort's quartiles rounded up to round numbers (fewer when they coincide). */
export function sizeBandsOf(amounts: readonly number[]): SizeBand[] {
  const sorted = [...amounts].filter((amount) => amount > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return [{ key: "all", from: 0, to: null }];
  const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const cuts = [...new Set([0.25, 0.5, 0.75].map((q) => niceStep(quantile(q))))].filter((cut) => cut > 0).sort((a, b) => a - b);
  const edges = [0, ...cuts];
  return edges.map((from, index) => ({ key: `band-${index + 1}`, from, to: edges[index + 1] ?? null }));
}

const bandOf = (bands: readonly SizeBand[], amount: number) => bands.find((band) => amount >= band.from && (band.to === null || amount < band.to)) ?? bands[0]!;

/** The period's deals (created from `from` to `to`) by current stage and size band. Deals without an amount count as 0. */
export function stageSizeMix(deals: readonly Deal[], from: MonthIndex, to: MonthIndex): StageSizeMix {
  const cohort = deals.filter((deal) => deal.stage !== null && inMonths(deal.createdOn, from, to));
  const bands = sizeBandsOf(cohort.map((deal) => deal.amount ?? 0));
  const amount = sumOf(cohort.map((deal) => deal.amount ?? 0));
  return {
    count: cohort.length,
    amount,
    bands,
    stages: DEAL_STAGES.map((stage) => {
      const inStage = cohort.filter((deal) => deal.stage === stage);
      const stageAmount = sumOf(inStage.map((deal) => deal.amount ?? 0));
      return {
        stage,
        label: STAGE_LABEL[stage],
        count: inStage.length,
        amount: stageAmount,
        share: percentOf(stageAmount, amount),
        segments: bands.map((band) => {
          const inBand = inStage.filter((deal) => bandOf(bands, deal.amount ?? 0) === band);
          const bandAmount = sumOf(inBand.map((deal) => deal.amount ?? 0));
          return { band: band.key, count: inBand.length, amount: bandAmount, share: percentOf(bandAmount, stageAmount) };
        }),
      };
    }),
  };
}

/** Categories shown by name; the rest are summed up as "Other categories". */
export const SHOWN_CATEGORIES = 6;
export const NO_PRODUCT = "No product";
export const NO_CATEGORY = "No category";
export const OTHER_CATEGORIES = "Other categories";

export interface DevelopmentShare {
  readonly won: number;
  /** The categories, largest won value over the period first. */
  readonly categories: readonly { readonly key: string; readonly label: string; readonly amount: number; readonly share: number | null }[];
  readonly months: readonly {
    readonly month: string;
    readonly won: number;
    /** Per category, in the order of `categories`: the value won and its share of the month (null in a month without wins). */
    readonly values: readonly { readonly amount: number; readonly share: number | null }[];
  }[];
}

/** Won deal value by product category, month by month from `from` to `to`, as shares of each month. */
export function developmentShare(deals: readonly Deal[], products: readonly Product[], from: MonthIndex, to: MonthIndex): DevelopmentShare {
  const productOf = new Map(products.map((product) => [product.key, product] as const));
  const categoryOf = (deal: Deal) => {
    if (deal.productKey === null) return NO_PRODUCT;
    const product = productOf.get(deal.productKey);
    return product?.category ?? (product ? NO_CATEGORY : NO_PRODUCT);
  };
  const won = deals.filter((deal) => deal.stage === "won" && inMonths(deal.closedOn, from, to));
  const totals = new Map<string, number>();
  for (const deal of won) totals.set(categoryOf(deal), sumOf([totals.get(categoryOf(deal)) ?? 0, deal.amount ?? 0]));
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = ranked.length > SHOWN_CATEGORIES + 1 ? ranked.slice(0, SHOWN_CATEGORIES).map(([name]) => name) : ranked.map(([name]) => name);
  const keyOf = (deal: Deal) => (named.includes(categoryOf(deal)) ? categoryOf(deal) : OTHER_CATEGORIES);
  const keys = ranked.length > named.length ? [...named, OTHER_CATEGORIES] : named;
  const total = sumOf(won.map((deal) => deal.amount ?? 0));
  return {
    won: total,
    categories: keys.map((key) => {
      const amount = sumOf(won.filter((deal) => keyOf(deal) === key).map((deal) => deal.amount ?? 0));
      return { key, label: key, amount, share: percentOf(amount, total) };
    }),
    months: monthRange(from, to).map((month) => {
      const inMonth = won.filter((deal) => monthOfDate(deal.closedOn!) === month);
      const monthWon = sumOf(inMonth.map((deal) => deal.amount ?? 0));
      return {
        month: monthDateOf(month),
        won: monthWon,
        values: keys.map((key) => {
          const amount = sumOf(inMonth.filter((deal) => keyOf(deal) === key).map((deal) => deal.amount ?? 0));
          return { amount, share: percentOf(amount, monthWon) };
        }),
      };
    }),
  };
}
