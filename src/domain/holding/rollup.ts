import type { AggregationType } from "../kpi/aggregation";
import { monthLabel, type MonthIndex } from "../months";

/**
 * The holding roll-up (issue 14, scope 6): the authorized subsidiaries' KPIs summed in the
 * holding's currency. Rules, in order:
 * - KPIs match across subsidiaries by name (trimmed, any case) and unit. A KPI matches when every
 *   subsidiary has it with the same aggregation type and it adds up across companies: flows (cum,
 *   a P&L-type amount) and balances (dd, a point-in-time stock). Averages (ad) and percentages
 *   never add up across companies; they, and KPIs some subsidiary lacks, are listed as unmatched
 *   with the reason.
 * - Money converts into the holding's currency: a flow month by month at that month's average
 *   rate, a balance at the month-end rate of the month it stands for. Other units do not convert.
 * - A rate that is missing makes the figure null and names itself ("No rate for EUR in Mar 2026"):
 *   never a number converted at some other month's rate.
 */

/** The holding's rate of a currency in a month: units of the holding's currency for one unit of it. */
export interface HoldingRate {
  readonly currency: string;
  readonly month: MonthIndex;
  readonly average: number;
  readonly monthEnd: number;
}

export interface SubsidiaryKpi {
  readonly name: string;
  readonly unit: string;
  readonly aggregation: AggregationType;
  /** Actual values by month; a month without a value is absent. */
  readonly actuals: ReadonlyMap<MonthIndex, number>;
}

export interface SubsidiaryData {
  readonly id: number;
  readonly name: string;
  readonly currency: string;
  readonly kpis: readonly SubsidiaryKpi[];
}

export interface MissingRate {
  readonly currency: string;
  readonly month: MonthIndex;
}

/** One subsidiary's figure of a KPI for the period: in its own currency and in the holding's. */
export interface CompanyFigure {
  readonly subsidiaryId: number;
  readonly company: string;
  readonly currency: string;
  /** Null: no actual in the period. */
  readonly local: number | null;
  /** Null: no actual, or a rate is missing (`missingRates`). */
  readonly converted: number | null;
  readonly missingRates: readonly MissingRate[];
  /** Per month of the period, the month's converted value (flows) or month-end balance; null where there is none. */
  readonly monthly: readonly (number | null)[];
}

export interface RollupLine {
  readonly name: string;
  readonly unit: string;
  readonly aggregation: "cum" | "dd";
  /** The sum of the companies' converted figures; null when one of them lacks a rate. */
  readonly total: number | null;
  readonly companies: readonly CompanyFigure[];
  /** "No rate for EUR in Mar 2026", one per missing rate. */
  readonly problems: readonly string[];
}

export type UnmatchedReason = "missing" | "aggregation" | "not-additive";

export interface UnmatchedKpi {
  readonly name: string;
  readonly unit: string;
  /** The subsidiaries that have it. */
  readonly companies: readonly string[];
  readonly reason: UnmatchedReason;
}

export interface Rollup {
  readonly currency: string;
  readonly months: readonly MonthIndex[];
  readonly lines: readonly RollupLine[];
  readonly unmatched: readonly UnmatchedKpi[];
}

/** What a person reads for an unmatched KPI. */
export const UNMATCHED_TEXTS: Record<UnmatchedReason, string> = {
  missing: "Not reported by every subsidiary",
  aggregation: "Aggregated differently across subsidiaries",
  "not-additive": "Averages, ratios and yes/no values do not add up across companies",
};

export const missingRateText = ({ currency, month }: MissingRate) => `No rate for ${currency} in ${monthLabel(month)}`;

/** The key two subsidiaries' KPIs match by. */
export const matchKey = (name: string, unit: string) => `${name.trim().toLowerCase()}\u0000${unit}`;

/** Whether a KPI of this unit and aggregation adds up across companies. */
export const isAdditive = (unit: string, aggregation: AggregationType) => (aggregation === "cum" || aggregation === "dd") && unit !== "percentage" && unit !== "binary";

/** The holding's rates looked up by currency and month. */
export type RateBook = ReadonlyMap<string, HoldingRate>;
export const rateBook = (rates: readonly HoldingRate[]): RateBook => new Map(rates.map((rate) => [`${rate.currency}/${rate.month}`, rate]));

/**
 * The factor that converts a value of `currency` in `month` into the holding's currency: 1 for
 * its own currency and for units that are not money, the average (flows) or month-end (balances)
 * rate otherwise; null when the holding has no such rate.
 */
export function conversionFactor(book: RateBook, holdingCurrency: string, currency: string, unit: string, aggregation: "cum" | "dd", month: MonthIndex): number | null {
  if (unit !== "currency" || currency === holdingCurrency) return 1;
  const rate = book.get(`${currency}/${month}`);
  if (!rate) return null;
  return aggregation === "cum" ? rate.average : rate.monthEnd;
}

/** One subsidiary's figure of a matched KPI over `months` (in order). */
export function companyFigure(subsidiary: SubsidiaryData, kpi: SubsidiaryKpi, aggregation: "cum" | "dd", months: readonly MonthIndex[], book: RateBook, holdingCurrency: string): CompanyFigure {
  const missingRates: MissingRate[] = [];
  const monthly: (number | null)[] = [];
  for (const month of months) {
    const value = kpi.actuals.get(month);
    if (value === undefined) {
      monthly.push(null);
      continue;
    }
    const factor = conversionFactor(book, holdingCurrency, subsidiary.currency, kpi.unit, aggregation, month);
    if (factor === null) missingRates.push({ currency: subsidiary.currency, month });
    monthly.push(factor === null ? null : value * factor);
  }
  const present = months.filter((month) => kpi.actuals.has(month));
  const base = { subsidiaryId: subsidiary.id, company: subsidiary.name, currency: subsidiary.currency, monthly };
  if (present.length === 0) return { ...base, local: null, converted: null, missingRates: [] };
  if (aggregation === "cum") {
    const local = present.reduce((sum, month) => sum + kpi.actuals.get(month)!, 0);
    const converted = missingRates.length > 0 ? null : monthly.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    return { ...base, local, converted, missingRates };
  }
  // A balance stands at the last month that has one; only that month's rate matters.
  const last = present[present.length - 1]!;
  const local = kpi.actuals.get(last)!;
  const factor = conversionFactor(book, holdingCurrency, subsidiary.currency, kpi.unit, aggregation, last);
  return { ...base, local, converted: factor === null ? null : local * factor, missingRates: factor === null ? [{ currency: subsidiary.currency, month: last }] : [] };
}

/** The roll-up of `subsidiaries` over `months` in `holdingCurrency` (rules above). */
export function rollUp(input: { readonly holdingCurrency: string; readonly subsidiaries: readonly SubsidiaryData[]; readonly rates: readonly HoldingRate[]; readonly months: readonly MonthIndex[] }): Rollup {
  const { holdingCurrency, subsidiaries, months } = input;
  const book = rateBook(input.rates);
  // Each match key, in the order first seen, with every subsidiary's KPI of that key.
  const groups = new Map<string, { name: string; unit: string; entries: { subsidiary: SubsidiaryData; kpi: SubsidiaryKpi }[] }>();
  for (const subsidiary of subsidiaries) {
    const seen = new Set<string>();
    for (const kpi of subsidiary.kpis) {
      const key = matchKey(kpi.name, kpi.unit);
      if (seen.has(key)) continue; // a company's second KPI of the same name and unit: its first stands
      seen.add(key);
      const group = groups.get(key) ?? { name: kpi.name.trim(), unit: kpi.unit, entries: [] };
      group.entries.push({ subsidiary, kpi });
      groups.set(key, group);
    }
  }
  const lines: RollupLine[] = [];
  const unmatched: UnmatchedKpi[] = [];
  for (const group of groups.values()) {
    const companies = group.entries.map((entry) => entry.subsidiary.name);
    const aggregations = new Set(group.entries.map((entry) => entry.kpi.aggregation));
    const aggregation = group.entries[0]!.kpi.aggregation;
    const reason: UnmatchedReason | null =
      group.entries.length < subsidiaries.length ? "missing" : aggregations.size > 1 ? "aggregation" : !isAdditive(group.unit, aggregation) ? "not-additive" : null;
    if (reason !== null) {
      unmatched.push({ name: group.name, unit: group.unit, companies, reason: reason });
      continue;
    }
    const additive = aggregation as "cum" | "dd"; // isAdditive said so
    const figures = group.entries.map(({ subsidiary, kpi }) => companyFigure(subsidiary, kpi, additive, months, book, holdingCurrency));
    const missing = figures.flatMap((figure) => figure.missingRates);
    const reported = figures.filter((figure) => figure.local !== null);
    const total = missing.length > 0 || reported.length === 0 ? null : reported.reduce((sum, figure) => sum + figure.converted!, 0);
    lines.push({ name: group.name, unit: group.unit, aggregation: additive, total, companies: figures, problems: [...new Set(missing.map(missingRateText))] });
  }
  return { currency: holdingCurrency, months, lines, unmatched };
}
