import { fiscalYearStart } from "../fiscal-calendar";
import { aggregateValues, type AggregationType } from "../kpi/aggregation";
import { percentDeviation, type PercentDeviation } from "../kpi/percent-deviation";
import { fiscalYearLabel } from "../kpi/periods";
import { monthLabel, monthRange, type MonthIndex } from "../months";

/**
 * The KPI comparison (issue 15): two to six KPIs month by month, or one KPI's fiscal year against
 * the two before it, side by side. The choice is the address's query string, so a comparison can
 * be bookmarked and shared: `?kpis=3,7&mode=periods&scale=absolute&months=24`.
 */

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 6;
export const COMPARISON_MODES = ["kpis", "periods"] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];
/** `indexed`: every series as 100 at its first month with a value (indexSeries); `absolute`: its own numbers. */
export const COMPARISON_SCALES = ["indexed", "absolute"] as const;
export type ComparisonScale = (typeof COMPARISON_SCALES)[number];
/** How many months, ending with the reporting month, the KPIs mode shows. */
export const COMPARISON_WINDOWS = [12, 24, 36] as const;
export type ComparisonWindow = (typeof COMPARISON_WINDOWS)[number];
/** The periods mode: this fiscal year and the two before it. */
export const COMPARED_YEARS = 3;

export interface ComparisonChoice {
  readonly mode: ComparisonMode;
  /** The KPIs, in the order chosen: up to MAX_COMPARED, and one in the periods mode. */
  readonly kpiIds: readonly number[];
  readonly scale: ComparisonScale;
  readonly months: ComparisonWindow;
}

export const DEFAULT_CHOICE: ComparisonChoice = { mode: "kpis", kpiIds: [], scale: "indexed", months: 12 };

/**
 * The choice a query string says. Forgiving, as an address may be typed or old: unknown values
 * fall back to the default, ids that are no whole positive numbers and repeats are dropped, and
 * only the first MAX_COMPARED ids (the first one in the periods mode) count.
 */
export function parseComparisonQuery(search: string): ComparisonChoice {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const mode = oneOf(COMPARISON_MODES, params.get("mode"), DEFAULT_CHOICE.mode);
  const ids = (params.get("kpis") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,14}$/.test(part))
    .map(Number);
  const kpiIds = [...new Set(ids)].slice(0, mode === "periods" ? 1 : MAX_COMPARED);
  const scale = oneOf(COMPARISON_SCALES, params.get("scale"), DEFAULT_CHOICE.scale);
  const months = oneOf(COMPARISON_WINDOWS, Number(params.get("months")), DEFAULT_CHOICE.months);
  return { mode, kpiIds, scale, months };
}

/** The query string of a choice ("" for the default), defaults left out so addresses stay short. */
export function comparisonQuery(choice: ComparisonChoice): string {
  const params = new URLSearchParams();
  if (choice.kpiIds.length > 0) params.set("kpis", choice.kpiIds.join(","));
  if (choice.mode !== DEFAULT_CHOICE.mode) params.set("mode", choice.mode);
  if (choice.scale !== DEFAULT_CHOICE.scale) params.set("scale", choice.scale);
  if (choice.months !== DEFAULT_CHOICE.months && choice.mode === "kpis") params.set("months", String(choice.months));
  const text = params.toString().replaceAll("%2C", ",");
  return text ? `?${text}` : "";
}

/** A series as the index shows it, and the month (position) and value that stand for 100. */
export interface IndexedSeries {
  readonly values: readonly (number | null)[];
  readonly base: { readonly at: number; readonly value: number } | null;
}

/**
 * Indexes a series to 100 at its first month with a value: 100 + (value − base) / |base| × 100.
 * For a positive base that is value / base × 100. A negative base (a loss) keeps the direction:
 * a smaller loss rises above 100, a larger one falls below. A zero cannot stand for 100, so the
 * base is the first month with a value other than zero; the zeros before it are indexed against
 * it too (0 for a positive base). A series with no such value has no index (all null, no base).
 */
export function indexSeries(values: readonly (number | null)[]): IndexedSeries {
  const at = values.findIndex((value) => value !== null && Number.isFinite(value) && value !== 0);
  if (at < 0) return { values: values.map(() => null), base: null };
  const base = values[at]!;
  return { values: values.map((value) => (value === null || !Number.isFinite(value) ? null : 100 + ((value - base) / Math.abs(base)) * 100)), base: { at, value: base } };
}

export interface ComparedKpi {
  readonly id: number;
  readonly name: string;
  readonly unit: string;
}

export interface ComparisonSeries {
  /** Unique among the series: the KPI's id, or its id and fiscal year in the periods mode. */
  readonly key: string;
  readonly label: string;
  readonly kpiId: number;
  readonly unit: string;
  /** One per column; null where the month has no actual. */
  readonly values: readonly (number | null)[];
}

export interface ComparisonColumn {
  /** The axis label: "Oct 2026", or "Oct" in the periods mode (the fiscal month of every year). */
  readonly label: string;
  /** The months it stands for: one, or one per series in the periods mode (their years). */
  readonly months: readonly MonthIndex[];
}

export interface ComparisonData {
  readonly columns: readonly ComparisonColumn[];
  readonly series: readonly ComparisonSeries[];
  /** The periods mode: how many fiscal months of the current year have passed (up to the reporting month). */
  readonly elapsed?: number;
}

/** A KPI's actuals by month. */
export type ActualsOf = (kpiId: number) => ReadonlyMap<MonthIndex, number>;

/** The KPIs mode: the `window` months ending with `end`, one series per KPI in the order chosen. */
export function kpiComparison(kpis: readonly ComparedKpi[], actualsOf: ActualsOf, end: MonthIndex, window: number): ComparisonData {
  const months = monthRange(end - window + 1, end);
  return {
    columns: months.map((month) => ({ label: monthLabel(month), months: [month] })),
    series: kpis.map((kpi) => {
      const actuals = actualsOf(kpi.id);
      return { key: String(kpi.id), label: kpi.name, kpiId: kpi.id, unit: kpi.unit, values: months.map((month) => actuals.get(month) ?? null) };
    }),
  };
}

/**
 * The periods mode: the fiscal year that holds `end` and the COMPARED_YEARS − 1 before it, month
 * by month in fiscal order; months of the current year after `end` have no value yet.
 */
export function periodComparison(kpi: ComparedKpi, actualsOf: ActualsOf, end: MonthIndex, fiscalYearOffset: number): ComparisonData {
  const actuals = actualsOf(kpi.id);
  const currentStart = fiscalYearStart(end, fiscalYearOffset);
  const starts = Array.from({ length: COMPARED_YEARS }, (_, back) => currentStart - 12 * back);
  return {
    elapsed: Math.min(12, end - currentStart + 1),
    columns: monthRange(0, 11).map((offset) => ({ label: monthLabel(currentStart + offset).split(" ")[0]!, months: starts.map((start) => start + offset) })),
    series: starts.map((start) => ({
      key: `${kpi.id}/${start}`,
      label: fiscalYearLabel(start, fiscalYearOffset),
      kpiId: kpi.id,
      unit: kpi.unit,
      values: monthRange(start, start + 11).map((month) => (month > end ? null : (actuals.get(month) ?? null))),
    })),
  };
}

/** The months a comparison needs loaded: the first and last month over all columns. */
export function comparedMonths(choice: Pick<ComparisonChoice, "mode" | "months">, end: MonthIndex, fiscalYearOffset: number): { first: MonthIndex; last: MonthIndex } {
  if (choice.mode === "kpis") return { first: end - choice.months + 1, last: end };
  return { first: fiscalYearStart(end, fiscalYearOffset) - 12 * (COMPARED_YEARS - 1), last: end };
}

/**
 * The absolute scale's axes: one per unit, in the order the units first appear, each with its
 * series. A euro amount and a percentage never share an axis; the chart stacks one panel per unit.
 */
export function unitGroups<S extends { readonly unit: string }>(series: readonly S[]): { unit: string; series: S[] }[] {
  const groups = new Map<string, S[]>();
  for (const one of series) groups.set(one.unit, [...(groups.get(one.unit) ?? []), one]);
  return [...groups].map(([unit, members]) => ({ unit, series: members }));
}

function oneOf<const T extends readonly (string | number)[]>(values: T, value: unknown, fallback: T[number]): T[number] {
  return values.includes(value as T[number]) ? (value as T[number]) : fallback;
}

/** A series from its first to its last month with a value: where it started, where it ended, the change. */
export interface SeriesChange {
  readonly key: string;
  readonly label: string;
  readonly first: { readonly at: number; readonly value: number } | null;
  readonly last: { readonly at: number; readonly value: number } | null;
  readonly change: PercentDeviation;
}

export function seriesChanges(data: ComparisonData): SeriesChange[] {
  return data.series.map((series) => {
    const firstAt = series.values.findIndex((value) => value !== null);
    const lastAt = series.values.findLastIndex((value) => value !== null);
    const first = firstAt < 0 ? null : { at: firstAt, value: series.values[firstAt]! };
    const last = lastAt < 0 ? null : { at: lastAt, value: series.values[lastAt]! };
    return { key: series.key, label: series.label, first, last, change: first && last && lastAt > firstAt ? percentDeviation(last.value, first.value) : { kind: "no-value" } };
  });
}

/**
 * The periods mode like for like: each year's first `elapsed` fiscal months aggregated by the
 * KPI's type (a sum, an average, the last value), so this year to date meets the same months of
 * the years before, never a whole year. Each year's change is against the year before it.
 */
export function sameMonthsFigures(data: ComparisonData, type: AggregationType): { key: string; label: string; value: number | null; change: PercentDeviation }[] {
  const elapsed = data.elapsed ?? data.columns.length;
  const values = data.series.map((series) => aggregateValues(series.values.slice(0, elapsed).filter((value): value is number => value !== null), type));
  return data.series.map((series, index) => ({ key: series.key, label: series.label, value: values[index]!, change: index + 1 < values.length ? percentDeviation(values[index], values[index + 1]) : { kind: "no-base" } }));
}
