import { formatKpiValue } from "./number-format";
import { percentChange, PERCENT_CHANGE_SENTINEL } from "./percent-change";

/**
 * A percent change as a reader should get it. The API keeps the spec's sentinel (±999999999 for a
 * zero base or a change of sign); a view never prints it ("> +999 %") and never prints an empty
 * "– –": it says what is absent or why no percentage exists, and gives the numbers instead.
 */
export type PercentDeviation =
  | { readonly kind: "percent"; readonly percent: number; readonly text: string }
  | { readonly kind: "no-value" }
  | { readonly kind: "no-base" }
  | { readonly kind: "zero-base" }
  | { readonly kind: "sign-change" };

export function percentDeviation(value: number | null | undefined, base: number | null | undefined): PercentDeviation {
  if (value === null || value === undefined || !Number.isFinite(value)) return { kind: "no-value" };
  if (base === null || base === undefined || !Number.isFinite(base)) return { kind: "no-base" };
  return fromPercentChange(percentChange(value, base), base);
}

/** The same for a percent change computed elsewhere (the API, a flexible column): `base` tells a zero base from a sign change. */
export function fromPercentChange(percent: number | null, base?: number | null): PercentDeviation {
  if (percent === null) return base === null ? { kind: "no-base" } : { kind: "no-value" };
  if (Math.abs(percent) === PERCENT_CHANGE_SENTINEL) return base === 0 ? { kind: "zero-base" } : { kind: "sign-change" };
  return { kind: "percent", percent, text: signedPercentText(percent) };
}

/** "+4.5 %", "−20.0 %", "0.0 %": one decimal, a plus for gains, the typographic minus for losses. */
export const signedPercentText = (percent: number) => `${percent > 0 && percent.toFixed(1) !== "0.0" ? "+" : ""}${formatKpiValue(percent, "percentage", { decimals: 1 })}`;

/**
 * Short words for a deviation that has no percentage, naming what it is measured against
 * ("plan", "last year", "the month before"): "no plan", "plan is 0", "sign change vs plan".
 */
export function absentDeviationText(deviation: Exclude<PercentDeviation, { kind: "percent" }>, against: string): string {
  switch (deviation.kind) {
    case "no-value":
      return "no actual";
    case "no-base":
      return `no ${against}`;
    case "zero-base":
      return `${against} is 0`;
    case "sign-change":
      return `sign change vs ${against}`;
  }
}
