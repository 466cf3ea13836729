import { parseNumberInput } from "../kpi/number-input";
import { rateFor } from "../kpi/fx";
import { monthDateOf, monthIndexOf, type MonthDate } from "../months";

/** A named FX rate's dated value as the API carries it: units of its currency per unit of corporate currency from validFrom on. */
export interface DatedRateValue {
  readonly validFrom: MonthDate;
  readonly rate: number;
}

/** One month of the FX grid: the rate dated in that month (null: none) and the one in force (carried from an earlier date). */
export interface FxCell {
  readonly month: MonthDate;
  readonly stored: number | null;
  readonly effective: number | null;
}

export const FX_RATE_NOT_POSITIVE = "Enter a rate above 0.";
export const FX_RATES_EMPTY = "Keep at least one rate: a named FX rate needs one.";

/** The twelve months of a calendar year, each with its stored and effective rate (the earliest rate applies before it, as conversions do). */
export function fxCellsForYear(rates: readonly DatedRateValue[], year: number): FxCell[] {
  const dated = rates.map((rate) => ({ validFrom: monthIndexOf(rate.validFrom), rate: rate.rate }));
  return Array.from({ length: 12 }, (_, offset) => {
    const index = year * 12 + offset;
    const month = monthDateOf(index);
    return { month, stored: rates.find((rate) => rate.validFrom === month)?.rate ?? null, effective: rateFor(dated, index) };
  });
}

/** The column header of a month, as the spec writes rate dates: dd.mm.yyyy. */
export const fxDateHeader = (month: MonthDate) => `${month.slice(8, 10)}.${month.slice(5, 7)}.${month.slice(0, 4)}`;

/**
 * The rates after the person's edits (month → typed text): a number sets that month's rate,
 * empty or '-' removes it; other months keep theirs. Errors by month, or the whole list by date.
 */
export function applyFxEdits(rates: readonly DatedRateValue[], edits: Readonly<Record<MonthDate, string>>): { readonly rates: DatedRateValue[] } | { readonly errors: Record<string, string> } {
  const byMonth = new Map(rates.map((rate) => [rate.validFrom, rate.rate]));
  const errors: Record<string, string> = {};
  for (const [month, text] of Object.entries(edits)) {
    if (text.trim() === "" || text.trim() === "-") {
      byMonth.delete(month);
      continue;
    }
    const parsed = parseNumberInput(text, "number");
    if (parsed.kind === "invalid") errors[month] = parsed.message;
    else if (parsed.kind === "value" && parsed.value <= 0) errors[month] = FX_RATE_NOT_POSITIVE;
    else if (parsed.kind === "value") byMonth.set(month, parsed.value);
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (byMonth.size === 0) return { errors: { rates: FX_RATES_EMPTY } };
  return { rates: [...byMonth].map(([validFrom, rate]) => ({ validFrom, rate })).sort((a, b) => a.validFrom.localeCompare(b.validFrom)) };
}
