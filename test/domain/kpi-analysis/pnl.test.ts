import { test } from "uvu";
import * as assert from "uvu/assert";
import { pnlEffects } from "../../../src/domain/kpi-analysis/pnl-effects";
import { NOT_PNL, pnlStructure, type CatalogueKpi } from "../../../src/domain/kpi-analysis/pnl-structure";

const close = (actual: number | null | undefined, expected: number, message: string) => assert.ok(actual != null && Math.abs(actual - expected) < 1e-9, `${message}: ${actual} ≠ ${expected}`);

const kpi = (key: string, formula: string | null = null, unit = "currency"): CatalogueKpi => ({ key, formula, unit });

/** The demo's P&L: revenue stored, so no price and volume. */
const demo = [
  kpi("revenue"),
  kpi("cogs"),
  kpi("gross_profit", "revenue - cogs"),
  kpi("personnel"),
  kpi("marketing"),
  kpi("total_opex", "personnel + marketing"),
  kpi("ebitda", "gross_profit - total_opex"),
  kpi("gross_margin", "gross_profit / revenue * 100", "percentage"),
  kpi("ebitda_margin", "ebitda / revenue * 100", "percentage"),
  kpi("arpa", "mrr / customers"),
  kpi("arr", "mrr * 12"),
];
/** Revenue as price × volume. */
const priced = [kpi("price"), kpi("units", null, "number"), kpi("revenue", "price * units"), kpi("costs"), kpi("profit", "revenue - costs"), kpi("margin", "100 * profit / revenue", "percentage")];

test("which KPIs are a profit or a margin, and what makes them, as a table", () => {
  const table: [readonly CatalogueKpi[], string, "profit" | "margin" | null, number, string[], string[], boolean][] = [
    [demo, "gross_profit", "profit", 1, ["revenue"], ["cogs"], false],
    [demo, "ebitda", "profit", 1, ["revenue"], ["cogs", "personnel", "marketing"], false],
    [demo, "gross_margin", "margin", 100, ["revenue"], ["cogs"], false],
    [demo, "ebitda_margin", "margin", 100, ["revenue"], ["cogs", "personnel", "marketing"], false],
    [demo, "arpa", null, 0, [], [], false], // a ratio whose numerator does not contain its denominator
    [demo, "arr", null, 0, [], [], false], // a product
    [demo, "total_opex", null, 0, [], [], false], // only additions
    [demo, "revenue", null, 0, [], [], false], // stored
    [priced, "profit", "profit", 1, ["revenue"], ["costs"], true],
    [priced, "margin", "margin", 100, ["revenue"], ["costs"], true],
  ];
  for (const [catalogue, key, kind, scale, revenue, costs, priceVolume] of table) {
    const verdict = pnlStructure(key, catalogue);
    if (kind === null) {
      assert.equal(verdict, { applies: false, reason: NOT_PNL }, key);
      continue;
    }
    assert.ok(verdict.applies, key);
    if (!verdict.applies) continue;
    assert.is(verdict.structure.kind, kind, key);
    assert.is(verdict.structure.scale, scale, key);
    assert.equal(verdict.structure.revenue, revenue, key);
    assert.equal(verdict.structure.costs, costs, key);
    assert.is(verdict.structure.priceVolume !== null, priceVolume, key);
    assert.is(verdict.structure.noPriceVolume === null, priceVolume, key);
  }
  const margin = pnlStructure("margin", priced);
  assert.equal(margin.applies && margin.structure.priceVolume, { revenue: "revenue", price: "price", volume: "units" });
  const stored = pnlStructure("gross_margin", demo, (key) => (key === "revenue" ? "Revenue" : key));
  assert.match(stored.applies ? stored.structure.noPriceVolume! : "", /^Revenue is not calculated as price × volume/);
});

test("a profit's change: price, volume and cost effects adding up, cost effect exactly −Δcosts", () => {
  const verdict = pnlStructure("profit", priced);
  if (!verdict.applies) throw new Error("not a profit");
  // 10 × 100 − 600 = 400 → 11 × 120 − 800 = 520.
  const { factors, outcome } = pnlEffects(verdict.structure, { base: new Map([["price", 10], ["units", 100], ["costs", 600]]), value: new Map([["price", 11], ["units", 120], ["costs", 800]]) });
  assert.is(outcome.kind, "attributed");
  const of = (factor: string) => factors.find((each) => each.factor === factor)!.effect;
  close(of("costs"), -200, "cost effect");
  close(of("price"), 1 * (100 + 120) / 2, "price effect"); // 110
  close(of("volume"), 20 * (10 + 11) / 2, "volume effect"); // 210
  close(of("price")! + of("volume")! + of("costs")!, 120, "adds up to 520 − 400");
});

test("a margin's change: revenue and cost effects when revenue is not price × volume", () => {
  const verdict = pnlStructure("gross_margin", demo);
  if (!verdict.applies) throw new Error("not a margin");
  // 70 % (200 − 60 of 200) → 66.67 % (300 − 100 of 300).
  const { factors, outcome } = pnlEffects(verdict.structure, { base: new Map([["revenue", 200], ["cogs", 60]]), value: new Map([["revenue", 300], ["cogs", 100]]) });
  assert.is(outcome.kind, "attributed");
  if (outcome.kind !== "attributed") return;
  close(outcome.change, 200 / 3 - 70, "change");
  const of = (factor: string) => factors.find((each) => each.factor === factor)!.effect!;
  assert.equal(factors.map((each) => each.factor), ["revenue", "costs"]);
  assert.ok(of("revenue") > 0, "more revenue over the same costs raises the margin");
  assert.ok(of("costs") < 0, "higher costs lower it");
  close(of("revenue") + of("costs"), outcome.change, "adds up");
  // Shapley of 100·(1 − C/R): revenue ½[(60/200 − 60/300) + (100/200 − 100/300)]·100.
  close(of("revenue"), 50 * (60 / 200 - 60 / 300 + 100 / 200 - 100 / 300), "revenue effect");
});

test("a margin with price and volume: volume moves it only through the costs it spreads", () => {
  const verdict = pnlStructure("margin", priced);
  if (!verdict.applies) throw new Error("not a margin");
  // Unchanged costs and price, more units: only the volume effect, positive.
  const { factors } = pnlEffects(verdict.structure, { base: new Map([["price", 10], ["units", 100], ["costs", 600]]), value: new Map([["price", 10], ["units", 200], ["costs", 600]]) });
  const of = (factor: string) => factors.find((each) => each.factor === factor)!.effect!;
  close(of("price"), 0, "price");
  close(of("costs"), 0, "costs");
  close(of("volume"), 100 * (1 - 600 / 2000) - 100 * (1 - 600 / 1000), "volume"); // 40 → 70 %
});

test("zero revenue in the base: a margin has no base value, so nothing is split", () => {
  const verdict = pnlStructure("gross_margin", demo);
  if (!verdict.applies) throw new Error("not a margin");
  const { outcome, factors } = pnlEffects(verdict.structure, { base: new Map([["revenue", 0], ["cogs", 0]]), value: new Map([["revenue", 100], ["cogs", 40]]) });
  assert.is(outcome.kind, "unattributed");
  assert.ok(factors.every((factor) => factor.effect === null));
  // A profit from zero is fine: 0 → 60.
  const profit = pnlStructure("gross_profit", demo);
  if (!profit.applies) throw new Error("not a profit");
  const fromZero = pnlEffects(profit.structure, { base: new Map([["revenue", 0], ["cogs", 0]]), value: new Map([["revenue", 100], ["cogs", 40]]) });
  assert.equal(fromZero.factors.map((factor) => factor.effect), [100, -40]);
});

test.run();
