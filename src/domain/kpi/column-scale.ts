import { automaticScale, currencySymbol, formatKpiValue, formatNumber, withLeadingMinus, type Decimals, type Scale } from "./number-format";

/**
 * One scale per table column: every money figure of a column is shown in the same scale (all in
 * units, all in thousands or all in millions), stated once in the column's header ("€ k"), so a
 * column never mixes "1.2M" with "950k" and its figures line up digit under digit.
 *
 * - The scale is chosen from the column's largest money magnitude (the thresholds of
 *   `automaticScale`: millions from 1 M, thousands from 10 k), unless the person chose one.
 * - Money cells then show the bare number in that scale, with as many decimals as the scale
 *   needs to keep three significant digits for the largest figures (M: 2, k: 1, units: 0).
 * - Only money scales. Other units keep their sign and are never scaled ("42.0 %", "3.50 d",
 *   "120,000" customers): a count shown as "0.35 k" helps nobody, and a column that mixes a
 *   KPI in € M with one counted in people cannot share one scale for both.
 */
export type ColumnScale = "none" | "thousands" | "millions";

/** Decimals of a money figure in a column of this scale, when the person left decimals on auto. */
export const COLUMN_SCALE_DECIMALS: Readonly<Record<ColumnScale, 0 | 1 | 2>> = { none: 0, thousands: 1, millions: 2 };

const FACTOR: Readonly<Record<ColumnScale, number>> = { none: 1, thousands: 1_000, millions: 1_000_000 };
const SUFFIX: Readonly<Record<ColumnScale, string>> = { none: "", thousands: "k", millions: "M" };

/** A column's money figures (null where there is none) → the one scale they are shown in. */
export function columnScale(moneyValues: Iterable<number | null | undefined>, chosen: Scale = "automatic"): ColumnScale {
  if (chosen !== "automatic") return chosen;
  let largest = 0;
  for (const value of moneyValues) if (value !== null && value !== undefined && Number.isFinite(value)) largest = Math.max(largest, Math.abs(value));
  return automaticScale(largest);
}

/** What the header says once for the column's money: "€ k", "$ M", "€" (unscaled). */
export function columnScaleCaption(scale: ColumnScale, currency: string): string {
  const symbol = currencySymbol(currency);
  return scale === "none" ? symbol : `${symbol} ${SUFFIX[scale]}`;
}

/** The same, spelled out for screen readers and tooltips: "in thousands of EUR". */
export function columnScaleDescription(scale: ColumnScale, currency: string): string {
  return scale === "none" ? `in ${currency}` : `in ${scale} of ${currency}`;
}

/**
 * A cell of a column shown in `scale`: money as the bare scaled number ("1,234.5", "−950.0"; the
 * unit is in the header), every other unit as formatKpiValue writes it, unscaled. "–" for none.
 */
export function formatInColumn(value: number | null | undefined, unit: string, scale: ColumnScale, decimals: Decimals = "auto"): string {
  if (unit !== "currency") return formatKpiValue(value, unit, { scale: "none", ...(decimals === "auto" ? {} : { decimals }) });
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  const digits = decimals === "auto" ? COLUMN_SCALE_DECIMALS[scale] : decimals;
  return withLeadingMinus(value, (size) => formatNumber(size / FACTOR[scale], digits));
}
