/**
 * What a typed cell value means for a KPI of `unit` (spec section 5): English number format
 * ("1,234.5"), '-' removes the value, binary KPIs take 0 or 1, positions whole numbers; time
 * KPIs take s, m, h, d, mo, y (converted to the KPI's unit), money k and m (thousands, millions).
 */
export type NumberInput = { readonly kind: "value"; readonly value: number } | { readonly kind: "remove" } | { readonly kind: "invalid"; readonly message: string };

/**
 * The one rule for typed numbers, which the hint, the message and the parser all follow: a point
 * separates decimals; commas may separate thousands, but only in groups of three ("1,234,567.5"),
 * so "12,5" (a European decimal comma) is refused rather than read as 125.
 */
export const NUMBER_INPUT_HINT = "English format: 1234.56 or 1,234.56 (commas only between groups of three digits); '-' removes a value.";
export const INVALID_NUMBER = "Enter a number in English format, such as 1234.56 or 1,234.56: a point for decimals, commas only between groups of three digits.";
export const INVALID_BINARY = "This KPI takes only 0 or 1.";
export const INVALID_POSITION = "This KPI takes only whole numbers.";
export const INVALID_SHORTHAND = "This unit shorthand does not fit the KPI's unit.";

/** Seconds in each time shorthand (a month and a year are their calendar averages). */
const SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3_600, d: 86_400, mo: 2_629_800, y: 31_557_600 };
/** Seconds in each time unit a KPI can have. */
const UNIT_SECONDS: Readonly<Record<string, number>> = { seconds: 1, days: 86_400, months: 2_629_800, years: 31_557_600 };
const MONEY: Readonly<Record<string, number>> = { k: 1_000, m: 1_000_000 };

const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/;

export function parseNumberInput(text: string, unit: string): NumberInput {
  const input = text.trim();
  if (input === "-") return { kind: "remove" };
  const match = /^(.*?)\s*(mo|[a-z%])?$/i.exec(input);
  const numberPart = match?.[1] ?? "";
  const suffix = match?.[2]?.toLowerCase();
  if (!numberPart || !NUMBER.test(numberPart) || !/\d/.test(numberPart)) return { kind: "invalid", message: INVALID_NUMBER };
  return applyUnitRules(Number(numberPart.replaceAll(",", "")), suffix, unit);
}

/**
 * A number that arrives as a number (a spreadsheet cell), under the same unit rules as a typed
 * one. A cell formatted as a percentage holds the fraction (12.5 % is 0.125): it means what it
 * shows, like "12.5%" typed, so only percentage KPIs take it.
 */
export function numberCellInput(value: number, unit: string, percentFormatted = false): NumberInput {
  if (!Number.isFinite(value)) return { kind: "invalid", message: INVALID_NUMBER };
  // The shown number: 0.125 as 12.5 without floating-point dust (12.500000000000002).
  return percentFormatted ? applyUnitRules(Number((value * 100).toPrecision(15)), "%", unit) : applyUnitRules(value, undefined, unit);
}

/** The shorthand (converted to the KPI's unit) and the unit's own rules: binary 0/1, whole positions. */
function applyUnitRules(number: number, suffix: string | undefined, unit: string): NumberInput {
  let value = number;
  if (suffix) {
    if (suffix === "%" && unit === "percentage") {
      // "12.5%" is 12.5 percent, as typed.
    } else if (unit === "currency" && MONEY[suffix]) {
      value *= MONEY[suffix];
    } else if (UNIT_SECONDS[unit] && SECONDS[suffix]) {
      value = (value * SECONDS[suffix]) / UNIT_SECONDS[unit]!;
    } else {
      return { kind: "invalid", message: INVALID_SHORTHAND };
    }
  }
  if (unit === "binary" && value !== 0 && value !== 1) return { kind: "invalid", message: INVALID_BINARY };
  if (unit === "positions" && !Number.isInteger(value)) return { kind: "invalid", message: INVALID_POSITION };
  return { kind: "value", value };
}
