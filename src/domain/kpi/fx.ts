import type { MonthIndex } from "../months";

/** One dated rate of a named FX rate: units of its currency for one unit of local currency. */
export interface DatedRate {
  readonly validFrom: MonthIndex;
  readonly rate: number;
}

/**
 * The rate for a month: the latest rate dated at or before it; for months before the earliest
 * date, the earliest rate (so a single column applies to all dates). Null without rates.
 */
export function rateFor(rates: readonly DatedRate[], month: MonthIndex): number | null {
  if (rates.length === 0) return null;
  const sorted = [...rates].sort((a, b) => a.validFrom - b.validFrom);
  let chosen = sorted[0]!;
  for (const rate of sorted) {
    if (rate.validFrom <= month) chosen = rate;
    else break;
  }
  return chosen.rate;
}

/**
 * A value in the selected currency. Only money converts: other units (percent, days, counts)
 * are the same in every currency. No selection (null rates) is local currency.
 */
export function convert(value: number, unit: string, month: MonthIndex, rates: readonly DatedRate[] | null): number {
  if (unit !== "currency" || !rates) return value;
  const rate = rateFor(rates, month);
  return rate === null ? value : value * rate;
}
