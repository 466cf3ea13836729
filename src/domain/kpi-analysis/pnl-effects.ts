import { attributeChange, type AttributionOutcome } from "./attribution";
import type { PnlStructure } from "./pnl-structure";

/**
 * A profit or margin change split into price, volume and cost effects (or revenue and cost
 * effects when revenue is not price × volume). The result is g(price, volume, costs) =
 * price × volume − costs for a profit and scale × (price × volume − costs) ÷ (price × volume)
 * for a margin; the effects are the Shapley split of its change (attribution.ts), so they add up
 * to the change: for a profit the cost effect is exactly −Δcosts, and price and volume share
 * their joint change half and half; for a margin, volume moves the result only by spreading
 * the costs over more revenue (operating leverage), and price does the same plus its own.
 */
export type PnlFactor = "price" | "volume" | "revenue" | "costs";

export interface PnlFigures {
  /** Period figures of the structure's KPIs by key (null: no value). */
  readonly base: ReadonlyMap<string, number | null>;
  readonly value: ReadonlyMap<string, number | null>;
}

export interface PnlEffects {
  readonly factors: readonly { readonly factor: PnlFactor; readonly base: number | null; readonly value: number | null; readonly effect: number | null }[];
  readonly outcome: AttributionOutcome;
}

export function pnlEffects(structure: PnlStructure, figures: PnlFigures): PnlEffects {
  const sum = (keys: readonly string[], values: ReadonlyMap<string, number | null>) => {
    let total = 0;
    for (const key of keys) {
      const value = values.get(key);
      if (value === null || value === undefined) return null;
      total += value;
    }
    return total;
  };
  const pv = structure.priceVolume;
  const factorsOf = (values: ReadonlyMap<string, number | null>): Map<string, number | null> =>
    pv
      ? new Map([["price", values.get(pv.price) ?? null], ["volume", values.get(pv.volume) ?? null], ["costs", sum(structure.costs, values)]])
      : new Map([["revenue", sum(structure.revenue, values)], ["costs", sum(structure.costs, values)]]);
  const keys = pv ? ["price", "volume", "costs"] : ["revenue", "costs"];
  const evaluate = (valueOf: (key: string) => number | null) => {
    const costs = valueOf("costs");
    const revenue = pv ? product(valueOf("price"), valueOf("volume")) : valueOf("revenue");
    if (revenue === null || costs === null) return null;
    if (structure.kind === "profit") return revenue - costs;
    return revenue === 0 ? null : (structure.scale * (revenue - costs)) / revenue;
  };
  const outcome = attributeChange(keys, factorsOf(figures.base), factorsOf(figures.value), evaluate);
  return {
    outcome,
    factors: outcome.effects.map((effect) => ({ factor: effect.key as PnlFactor, base: effect.base, value: effect.value, effect: effect.effect })),
  };
}

const product = (a: number | null, b: number | null) => (a === null || b === null ? null : a * b);
