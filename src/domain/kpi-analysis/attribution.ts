/**
 * Root cause: which input moved a formula's result most between two periods. The change of
 * f(inputs) from the base period to the compared one is split over the inputs by their Shapley
 * values: each input's effect is its average marginal contribution (switching it from the base
 * value to the new one) over every order in which the inputs can be switched. The effects always
 * add up to the whole change, treat the inputs symmetrically (no "first input takes the
 * interaction" bias of sequential substitution), and equal the plain differences for sums and
 * differences; for products and ratios they share the interaction term fairly.
 */

/** Fewer inputs than this are attributed exactly (2^n formula evaluations). */
export const MAX_ATTRIBUTED_INPUTS = 16;

export interface InputEffect {
  readonly key: string;
  /** The input's value in the base and in the compared period. */
  readonly base: number | null;
  readonly value: number | null;
  /** Its share of the change in the result (null when the change cannot be attributed). */
  readonly effect: number | null;
}

export type AttributionOutcome =
  | { readonly kind: "attributed"; readonly base: number; readonly value: number; readonly change: number; readonly effects: readonly InputEffect[]; readonly method: "shapley" | "shapley-orders" }
  | { readonly kind: "unattributed"; readonly base: number | null; readonly value: number | null; readonly reason: string; readonly effects: readonly InputEffect[] };

export const NO_BASE_VALUE = "The result has no value in the base period, so there is no change to explain.";
export const NO_VALUE = "The result has no value in the compared period, so there is no change to explain.";
export const MIXED_UNDEFINED = "Every order of switching the inputs passes through a division by zero, so the change cannot be split over the inputs.";
export const TOO_MANY_INPUTS = `The formula reads more than ${MAX_ATTRIBUTED_INPUTS} inputs; the change is not split over them.`;

/**
 * The Shapley split of `evaluate(after) − evaluate(before)` over `keys`. `evaluate` gets the value
 * of each key (null: missing) and answers null where the formula has no value (a missing input,
 * a division by zero). When some mix of base and new values has no value (a ratio whose
 * denominator crosses zero only in a mixed state), only the orders of switching that never pass
 * through such a mix are averaged; each of them adds up to the change, so their average does too.
 */
export function attributeChange(
  keys: readonly string[],
  before: ReadonlyMap<string, number | null>,
  after: ReadonlyMap<string, number | null>,
  evaluate: (valueOf: (key: string) => number | null) => number | null,
): AttributionOutcome {
  const valueAt = (mask: number) => evaluate((key) => {
    const index = keys.indexOf(key);
    if (index < 0) return null;
    return (mask & (1 << index) ? after.get(key) : before.get(key)) ?? null;
  });
  const full = (1 << keys.length) - 1;
  const base = keys.length > MAX_ATTRIBUTED_INPUTS ? evaluate((key) => before.get(key) ?? null) : valueAt(0);
  const value = keys.length > MAX_ATTRIBUTED_INPUTS ? evaluate((key) => after.get(key) ?? null) : valueAt(full);
  const unattributed = (reason: string): AttributionOutcome => ({
    kind: "unattributed",
    base,
    value,
    reason,
    effects: keys.map((key) => ({ key, base: before.get(key) ?? null, value: after.get(key) ?? null, effect: null })),
  });
  if (base === null) return unattributed(NO_BASE_VALUE);
  if (value === null) return unattributed(NO_VALUE);
  if (keys.length > MAX_ATTRIBUTED_INPUTS) return unattributed(TOO_MANY_INPUTS);

  const values: (number | null)[] = [];
  for (let mask = 0; mask <= full; mask++) values.push(valueAt(mask));
  const effectOf = values.every((each) => each !== null) ? shapleyBySubsets(keys.length, values as number[]) : shapleyByOrders(keys.length, values);
  if (!effectOf) return unattributed(MIXED_UNDEFINED);
  return {
    kind: "attributed",
    base,
    value,
    change: value - base,
    effects: keys.map((key, index) => ({ key, base: before.get(key) ?? null, value: after.get(key) ?? null, effect: effectOf[index]! })),
    method: values.every((each) => each !== null) ? "shapley" : "shapley-orders",
  };
}

/** φ_i = Σ over subsets S without i of |S|!(n−|S|−1)!/n! · (v(S ∪ i) − v(S)). */
function shapleyBySubsets(n: number, values: readonly number[]): number[] {
  const factorial = [1];
  for (let k = 1; k <= n; k++) factorial.push(factorial[k - 1]! * k);
  const effects = new Array<number>(n).fill(0);
  for (let mask = 0; mask < values.length; mask++) {
    const size = popCount(mask);
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) continue;
      const weight = (factorial[size]! * factorial[n - size - 1]!) / factorial[n]!;
      effects[i]! += weight * (values[mask | (1 << i)]! - values[mask]!);
    }
  }
  return effects;
}

/**
 * The average over the orders whose every step has a value; null when there is none. The count
 * of orders through a subset is |S|!(n−|S|)!, so this walks subsets, not the n! orders: paths[mask]
 * counts the valid orders reaching `mask` from the empty set, rest[mask] those from `mask` to all.
 */
function shapleyByOrders(n: number, values: readonly (number | null)[]): number[] | null {
  const full = values.length - 1;
  const paths = new Array<number>(values.length).fill(0);
  const rest = new Array<number>(values.length).fill(0);
  paths[0] = values[0] === null ? 0 : 1;
  for (let mask = 0; mask <= full; mask++) {
    if (paths[mask] === 0) continue;
    for (let i = 0; i < n; i++) if (!(mask & (1 << i)) && values[mask | (1 << i)] !== null) paths[mask | (1 << i)]! += paths[mask]!;
  }
  rest[full] = values[full] === null ? 0 : 1;
  for (let mask = full; mask >= 0; mask--) {
    if (values[mask] === null) continue;
    for (let i = 0; i < n; i++) if (!(mask & (1 << i)) && values[mask | (1 << i)] !== null) rest[mask]! += rest[mask | (1 << i)]!;
  }
  const orders = paths[full]!;
  if (orders === 0) return null;
  const effects = new Array<number>(n).fill(0);
  for (let mask = 0; mask <= full; mask++) {
    if (paths[mask] === 0) continue;
    for (let i = 0; i < n; i++) {
      const next = mask | (1 << i);
      if (mask & (1 << i) || values[next] === null) continue;
      effects[i]! += (paths[mask]! * rest[next]! * (values[next]! - values[mask]!)) / orders;
    }
  }
  return effects;
}

function popCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest; rest &= rest - 1) count++;
  return count;
}

/** The input that moved the result most (largest absolute effect), or null. */
export function largestEffect(effects: readonly InputEffect[]): InputEffect | null {
  let largest: InputEffect | null = null;
  for (const effect of effects) if (effect.effect !== null && (largest === null || Math.abs(effect.effect) > Math.abs(largest.effect!))) largest = effect;
  return largest;
}
