import type jsep from "jsep";
import { parseFormula, type Formula } from "../kpi/formula";

/**
 * Whether a KPI's formulas make it a profit (revenue − costs) or a margin (profit ÷ revenue,
 * possibly × 100), and, when its revenue is a KPI calculated as price × volume, which those are:
 * what a P&L analysis needs to split a change into price, volume and cost effects. Decided from
 * the formulas in the KPI catalogue only, never from names, so it holds for any company's KPIs.
 */
export interface CatalogueKpi {
  readonly key: string;
  readonly formula: string | null;
  readonly unit: string;
}

export interface PnlStructure {
  readonly kind: "profit" | "margin";
  /** A margin's factor (100 for a percentage), 1 for a profit. */
  readonly scale: number;
  /** The KPIs whose sum is revenue, and those whose sum is the costs. */
  readonly revenue: readonly string[];
  readonly costs: readonly string[];
  /** Revenue as price × volume, when revenue is one KPI calculated so. */
  readonly priceVolume: { readonly revenue: string; readonly price: string; readonly volume: string } | null;
  /** Why there is no price and volume split, in words; null when there is one. */
  readonly noPriceVolume: string | null;
}

export type PnlVerdict = { readonly applies: true; readonly structure: PnlStructure } | { readonly applies: false; readonly reason: string };

export const NOT_PNL = "A P&L analysis explains a profit (revenue minus costs) or a margin (profit divided by revenue); this KPI's formula is neither.";

/** Leaves of a linear combination and their coefficients. */
type Linear = Map<string, number>;

export function pnlStructure(kpiKey: string, catalogue: readonly CatalogueKpi[], nameOf: (key: string) => string = (key) => key): PnlVerdict {
  const byKey = new Map(catalogue.map((kpi) => [kpi.key, kpi] as const));
  const formulaOf = (key: string): Formula | null => {
    const text = byKey.get(key)?.formula;
    if (!text) return null;
    try {
      return parseFormula(text);
    } catch {
      return null;
    }
  };
  const own = formulaOf(kpiKey);
  if (!own) return { applies: false, reason: NOT_PNL };

  const ratio = asRatio(own);
  let revenue: Linear;
  let costs: Linear;
  let kind: PnlStructure["kind"];
  let scale = 1;
  if (ratio) {
    const numerator = expand(ratio.numerator, formulaOf, new Set([kpiKey]));
    const denominator = expand(ratio.denominator, formulaOf, new Set([kpiKey]));
    if (!numerator || !denominator || denominator.size === 0 || [...denominator.values()].some((coefficient) => coefficient !== 1)) return { applies: false, reason: NOT_PNL };
    const rest = new Map(numerator);
    for (const [key, coefficient] of denominator) rest.set(key, (rest.get(key) ?? 0) - coefficient);
    for (const [key, coefficient] of rest) if (coefficient === 0) rest.delete(key);
    if (rest.size === 0 || [...rest.values()].some((coefficient) => coefficient !== -1)) return { applies: false, reason: NOT_PNL };
    revenue = denominator;
    costs = new Map([...rest].map(([key]) => [key, 1]));
    kind = "margin";
    scale = ratio.scale;
  } else {
    const linear = expand(own, formulaOf, new Set([kpiKey]));
    if (!linear) return { applies: false, reason: NOT_PNL };
    const positive = [...linear].filter(([, coefficient]) => coefficient === 1);
    const negative = [...linear].filter(([, coefficient]) => coefficient === -1);
    if (positive.length === 0 || negative.length === 0 || positive.length + negative.length !== linear.size) return { applies: false, reason: NOT_PNL };
    revenue = new Map(positive);
    costs = new Map(negative.map(([key]) => [key, 1]));
    kind = "profit";
  }

  const revenueKeys = [...revenue.keys()];
  const { priceVolume, noPriceVolume } = priceAndVolume(revenueKeys, byKey, formulaOf, nameOf);
  return { applies: true, structure: { kind, scale, revenue: revenueKeys, costs: [...costs.keys()], priceVolume, noPriceVolume } };
}

function priceAndVolume(
  revenueKeys: readonly string[],
  byKey: ReadonlyMap<string, CatalogueKpi>,
  formulaOf: (key: string) => Formula | null,
  nameOf: (key: string) => string,
): Pick<PnlStructure, "priceVolume" | "noPriceVolume"> {
  const named = revenueKeys.map(nameOf).join(" + ");
  if (revenueKeys.length !== 1) return { priceVolume: null, noPriceVolume: `Revenue here is ${named}, not one KPI calculated as price × volume, so price and volume cannot be told apart.` };
  const revenue = revenueKeys[0]!;
  const formula = formulaOf(revenue);
  const product = formula && formula.type === "BinaryExpression" && formula["operator"] === "*" ? ([formula["left"], formula["right"]] as jsep.Expression[]) : null;
  if (!product || product.some((side) => side.type !== "Identifier")) {
    return { priceVolume: null, noPriceVolume: `${named} is not calculated as price × volume in the KPI catalogue, so price and volume cannot be told apart: the change splits into revenue and cost effects.` };
  }
  const [left, right] = product.map((side) => side["name"] as string) as [string, string];
  const inCurrency = [left, right].filter((key) => byKey.get(key)?.unit === "currency");
  if (inCurrency.length !== 1) {
    return { priceVolume: null, noPriceVolume: `${named} is ${nameOf(left)} × ${nameOf(right)}, but not exactly one of them is in currency, so which is the price is unclear.` };
  }
  const price = inCurrency[0]!;
  return { priceVolume: { revenue, price, volume: price === left ? right : left }, noPriceVolume: null };
}

/** `a / b`, `a / b * k`, `k * a / b`, `a * k / b`: the numerator, denominator and constant factor. */
function asRatio(formula: Formula): { numerator: Formula; denominator: Formula; scale: number } | null {
  if (formula.type !== "BinaryExpression") return null;
  const operator = formula["operator"];
  const left = formula["left"] as Formula;
  const right = formula["right"] as Formula;
  if (operator === "/") {
    const inner = constantTimes(left);
    return inner ? { numerator: inner.rest, denominator: right, scale: inner.factor } : { numerator: left, denominator: right, scale: 1 };
  }
  if (operator === "*") {
    if (isNumber(right)) {
      const inner = asRatio(left);
      return inner ? { ...inner, scale: inner.scale * (right["value"] as number) } : null;
    }
    if (isNumber(left)) {
      const inner = asRatio(right);
      return inner ? { ...inner, scale: inner.scale * (left["value"] as number) } : null;
    }
  }
  return null;
}

const isNumber = (node: Formula) => node.type === "Literal" && typeof node["value"] === "number";

function constantTimes(node: Formula): { factor: number; rest: Formula } | null {
  if (node.type !== "BinaryExpression" || node["operator"] !== "*") return null;
  const [left, right] = [node["left"] as Formula, node["right"] as Formula];
  if (isNumber(right)) return { factor: right["value"] as number, rest: left };
  if (isNumber(left)) return { factor: left["value"] as number, rest: right };
  return null;
}

/**
 * A formula as a sum of KPIs with coefficients, calculated KPIs opened where their own formula is
 * linear (a KPI whose formula is not, like price × volume, stays one term); null when the formula
 * itself is not linear in KPIs (it multiplies two KPIs or holds a constant term).
 */
function expand(node: Formula, formulaOf: (key: string) => Formula | null, opening: ReadonlySet<string>): Linear | null {
  switch (node.type) {
    case "Identifier": {
      const key = node["name"] as string;
      const formula = opening.has(key) ? null : formulaOf(key);
      const inner = formula ? expand(formula, formulaOf, new Set([...opening, key])) : null;
      return inner ?? new Map([[key, 1]]);
    }
    case "UnaryExpression": {
      const inner = expand(node["argument"] as Formula, formulaOf, opening);
      return inner && (node["operator"] === "-" ? scaled(inner, -1) : inner);
    }
    case "BinaryExpression": {
      const operator = node["operator"];
      const [left, right] = [node["left"] as Formula, node["right"] as Formula];
      if (operator === "+" || operator === "-") {
        const a = expand(left, formulaOf, opening);
        const b = expand(right, formulaOf, opening);
        if (!a || !b) return null;
        const sum = new Map(a);
        for (const [key, coefficient] of b) sum.set(key, (sum.get(key) ?? 0) + (operator === "-" ? -coefficient : coefficient));
        for (const [key, coefficient] of sum) if (coefficient === 0) sum.delete(key);
        return sum;
      }
      return null;
    }
    default:
      return null;
  }
}

const scaled = (linear: Linear, factor: number): Linear => new Map([...linear].map(([key, coefficient]) => [key, coefficient * factor]));
