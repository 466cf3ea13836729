import { test } from "uvu";
import * as assert from "uvu/assert";
import { evaluateFormula, parseFormula } from "../../../src/domain/kpi/formula";
import { attributeChange, largestEffect, MIXED_UNDEFINED, NO_BASE_VALUE, NO_VALUE } from "../../../src/domain/kpi-analysis/attribution";

const close = (actual: number | null, expected: number, message: string) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${message}: ${actual} ≠ ${expected}`);

/** The formula's Shapley split from `before` to `after` (inputs in the order given). */
function split(formula: string, before: Record<string, number | null>, after: Record<string, number | null>) {
  const parsed = parseFormula(formula);
  const keys = Object.keys(before);
  return attributeChange(keys, new Map(Object.entries(before)), new Map(Object.entries(after)), (valueOf) => evaluateFormula(parsed, valueOf));
}

test("the effects add up to the change, and are the known Shapley values, as a table", () => {
  const table: [string, string, Record<string, number>, Record<string, number>, Record<string, number>][] = [
    // Sums and differences: each input's own change (with its sign).
    ["sum", "a + b", { a: 100, b: 50 }, { a: 130, b: 40 }, { a: 30, b: -10 }],
    ["difference", "revenue - cogs", { revenue: 200, cogs: 60 }, { revenue: 300, cogs: 100 }, { revenue: 100, cogs: -40 }],
    ["constant factor", "mrr * 12", { mrr: 10 }, { mrr: 12 }, { mrr: 24 }],
    // Product: the interaction (Δp·Δv = 2·5) shared half and half: p: 2·(10+15)/2, v: 5·(4+6)/2.
    ["product", "p * v", { p: 4, v: 10 }, { p: 6, v: 15 }, { p: 25, v: 25 }],
    // Ratio 70 % → 66.67 %: profit 140 → 200 at revenue 200 / 300.
    ["ratio", "gross_profit / revenue * 100", { gross_profit: 140, revenue: 200 }, { gross_profit: 200, revenue: 300 }, { gross_profit: ((200 - 140) / 200 + (200 - 140) / 300) * 50, revenue: ((140 / 300 - 140 / 200) + (200 / 300 - 200 / 200)) * 50 }],
    // Zero baseline of an input: no trouble where nothing divides by it.
    ["zero baseline", "a * b", { a: 0, b: 10 }, { a: 5, b: 10 }, { a: 50, b: 0 }],
    ["three inputs", "a + b * c", { a: 1, b: 2, c: 3 }, { a: 2, b: 4, c: 5 }, { a: 1, b: 2 * (3 + 5) / 2, c: 2 * (2 + 4) / 2 }],
  ];
  for (const [name, formula, before, after, expected] of table) {
    const outcome = split(formula, before, after);
    assert.is(outcome.kind, "attributed", name);
    if (outcome.kind !== "attributed") continue;
    const sum = outcome.effects.reduce((total, effect) => total + effect.effect!, 0);
    close(sum, outcome.change, `${name}: the effects add up`);
    for (const effect of outcome.effects) close(effect.effect, expected[effect.key]!, `${name}: ${effect.key}`);
    assert.is(outcome.method, "shapley", name);
  }
});

test("an input that appears twice is one input", () => {
  const outcome = split("a * a", { a: 2 }, { a: 3 });
  assert.is(outcome.kind, "attributed");
  if (outcome.kind === "attributed") close(outcome.effects[0]!.effect, 5, "a");
});

test("no base or no new value: nothing to attribute, and why", () => {
  assert.is(split("a / b", { a: 1, b: 0 }, { a: 1, b: 2 }).kind, "unattributed");
  const noBase = split("a / b", { a: 1, b: 0 }, { a: 1, b: 2 });
  if (noBase.kind === "unattributed") assert.is(noBase.reason, NO_BASE_VALUE);
  const noValue = split("a + b", { a: 1, b: 2 }, { a: null, b: 2 });
  assert.is(noValue.kind === "unattributed" && noValue.reason, NO_VALUE);
});

test("a mixed state dividing by zero: only the orders that avoid it, still adding up", () => {
  // a / (b - c): from b=2,c=1 to b=3,c=2; switching c first gives 2-2 = 0 (undefined), so only b first counts.
  const outcome = split("a / (b - c)", { a: 10, b: 2, c: 1 }, { a: 10, b: 3, c: 2 });
  assert.is(outcome.kind, "attributed");
  if (outcome.kind !== "attributed") return;
  assert.is(outcome.method, "shapley-orders");
  close(outcome.effects.reduce((total, effect) => total + effect.effect!, 0), outcome.change, "adds up");
  close(outcome.change, 0, "10/1 → 10/1");
  // b first: 10/1 → 10/2 (−5), then c: 10/2 → 10/1 (+5).
  close(outcome.effects.find((effect) => effect.key === "b")!.effect, -5, "b");
  close(outcome.effects.find((effect) => effect.key === "c")!.effect, 5, "c");
});

test("every order through a division by zero: not attributed", () => {
  // (a - b) / (a - b + c - d) … simpler: 1 / (a - b) with a and b swapping: both one-step states are 0.
  const outcome = split("1 / (a - b)", { a: 2, b: 1 }, { a: 3, b: 2 });
  // a first: 3-1 = 2 fine; b first: 2-2 = 0: one valid order remains.
  assert.is(outcome.kind, "attributed");
  const blocked = split("1 / (a - b) + 1 / (a + b - 4)", { a: 2, b: 1 }, { a: 3, b: 2 });
  // a first: 1/(3-1) + 1/(3+1-4) = undefined; b first: 1/(2-2) undefined.
  assert.is(blocked.kind === "unattributed" && blocked.reason, MIXED_UNDEFINED);
});

test("the largest effect by size, whatever its sign", () => {
  assert.equal(largestEffect([{ key: "a", base: 1, value: 2, effect: 10 }, { key: "b", base: 1, value: 2, effect: -30 }, { key: "c", base: null, value: null, effect: null }])?.key, "b");
  assert.is(largestEffect([]), null);
});

test.run();
