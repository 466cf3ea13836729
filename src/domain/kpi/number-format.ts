/**
 * How a KPI value is shown (spec section 9: scale options automatic, none, thousands, millions;
 * decimals 0 to 5 or auto; units). One formatter for cards, grids, tables and charts, so a
 * number reads the same everywhere. English format: comma thousands, decimal point.
 */
export const SCALE_OPTIONS = ["automatic", "none", "thousands", "millions"] as const;
export type Scale = (typeof SCALE_OPTIONS)[number];
export const MAX_DECIMALS = 5;
export type Decimals = 0 | 1 | 2 | 3 | 4 | 5 | "auto";

export interface FormatOptions {
  readonly scale?: Scale;
  readonly decimals?: Decimals;
  /** The currency code money is shown in (the FX selection, or the local currency). */
  readonly currency?: string;
}

const SCALE_FACTOR = { thousands: 1_000, millions: 1_000_000 } as const;
const SCALE_SUFFIX = { thousands: "k", millions: "M" } as const;

/** Automatic scale: millions from 1 M, thousands from 10 k (so 4,200 stays readable as is). */
export function automaticScale(value: number): "none" | "thousands" | "millions" {
  const size = Math.abs(value);
  return size >= 1_000_000 ? "millions" : size >= 10_000 ? "thousands" : "none";
}

/** Auto decimals: none for large numbers, one below 100, two below 10 (after scaling). */
const autoDecimals = (value: number) => (Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2);

// One Intl formatter per number of decimals: building one per value dominates long lists.
const FORMATTERS = Array.from({ length: MAX_DECIMALS + 1 }, (_, digits) => new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));

export function formatNumber(value: number, decimals: Decimals = "auto"): string {
  const digits = decimals === "auto" ? autoDecimals(value) : Math.min(Math.max(decimals, 0), MAX_DECIMALS);
  return FORMATTERS[digits]!.format(value);
}

/** The typographic minus sign: as wide as a plus, and never broken from its number. */
export const MINUS = "\u2212";

/**
 * A KPI value with its unit: "€ 1.2M", "−€ 1.2M", "12.5 %", "−3.0 d", "–" for no value. The
 * minus leads the whole figure, before a currency symbol, as finance reports write it.
 */
export function formatKpiValue(value: number | null | undefined, unit: string, options: FormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  if (unit === "binary") return value === 1 ? "Yes" : value === 0 ? "No" : withLeadingMinus(value, (size) => formatNumber(size, options.decimals));
  if (unit === "percentage") return withLeadingMinus(value, (size) => `${formatNumber(size, options.decimals ?? 1)} %`);
  if (unit === "positions") return withLeadingMinus(value, (size) => formatNumber(size, options.decimals ?? 0));
  const scale = options.scale ?? "automatic";
  const chosen = scale === "automatic" ? automaticScale(value) : scale;
  return withLeadingMinus(value, (size) => {
    const scaled = chosen === "none" ? size : size / SCALE_FACTOR[chosen];
    const number = `${formatNumber(scaled, options.decimals)}${chosen === "none" ? "" : SCALE_SUFFIX[chosen]}`;
    if (unit === "currency") return `${currencySymbol(options.currency ?? "EUR")} ${number}`;
    const suffix = UNIT_SUFFIX[unit];
    return suffix ? `${number} ${suffix}` : number;
  });
}

/** Formats the size of `value` and puts the minus in front of everything, unless it rounds to zero. */
export function withLeadingMinus(value: number, format: (size: number) => string): string {
  const text = format(Math.abs(value));
  return value < 0 && /[1-9]/.test(text) ? `${MINUS}${text}` : text;
}

const UNIT_SUFFIX: Readonly<Record<string, string>> = { seconds: "s", days: "d", months: "mo", years: "y" };
const SYMBOLS: Readonly<Record<string, string>> = { EUR: "€", USD: "$", GBP: "£", CHF: "CHF", NOK: "kr" };
export const currencySymbol = (code: string) => SYMBOLS[code] ?? code;
