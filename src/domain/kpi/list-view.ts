import type { KpiMeta, ValuesResponse } from "../../contracts/kpis";
import { spreadsheetText } from "../exports/spreadsheet-text";
import { monthDateOf, monthIndexOf, monthLabel as monthLabelOf, monthRange, type MonthDate, type MonthIndex } from "../months";
import { figureOf, likeForLike } from "./aggregation";
import { columnScale, formatInColumn, type ColumnScale } from "./column-scale";
import { periodSeriesOf, type PeriodSeries } from "./period-series";
import { formatKpiValue, MAX_DECIMALS, SCALE_OPTIONS, type Decimals, type Scale } from "./number-format";
import { percentChange, PERCENT_CHANGE_SENTINEL } from "./percent-change";
import { bucketsOf, type BucketSize } from "./periods";

/**
 * The list view: one row per KPI and month, with column filters, sorting, per-column number
 * settings and a CSV export (spec sections 2, 8 and 9). Pure: the view keeps the state, this
 * module answers what it shows.
 */

/** Spec section 9: above this many entries the list is not shown; the user narrows or downloads. */
export const LIST_VIEW_MAX_ROWS = 10_000;
/** Spec section 9: a column with more unique values than this cannot be filtered. */
export const FILTER_MAX_UNIQUE = 1_000;

export const LIST_VIEW_TOO_MANY_ROWS = "This list has more than 10,000 entries. Choose a shorter timeframe or download the data.";
export const FILTER_TOO_MANY_VALUES = "This column has more than 1,000 unique values and cannot be filtered.";

/** Column kinds: text (compared as text), month (a MonthDate), value (in the KPI's unit), percent. */
export type ListViewColumnKind = "text" | "month" | "value" | "percent";

export const LIST_VIEW_COLUMNS = [
  { key: "kpi", label: "KPI", kind: "text" },
  { key: "category", label: "Category", kind: "text" },
  { key: "unit", label: "Unit", kind: "text" },
  { key: "month", label: "Period", kind: "month" },
  { key: "actual", label: "Actual", kind: "value" },
  { key: "planning", label: "Planning", kind: "value" },
  { key: "lastYear", label: "Last year", kind: "value" },
  { key: "forecast", label: "Forecast", kind: "value" },
  { key: "deviation", label: "Deviation to plan", kind: "value" },
  { key: "deviationPercent", label: "Deviation to plan %", kind: "percent" },
] as const satisfies readonly { key: string; label: string; kind: ListViewColumnKind }[];

export type ListViewColumn = (typeof LIST_VIEW_COLUMNS)[number];
export type ListViewColumnKey = ListViewColumn["key"];

/**
 * One KPI in one period (a month, or a fiscal quarter, half-year or year). `unit` is the KPI's
 * unit; the unit column shows the currency for money.
 */
export interface ListViewRow {
  readonly kpiId: number;
  readonly kpi: string;
  readonly category: string;
  readonly unit: string;
  /** The period's first month inside the timeframe: what the period column sorts and filters by. */
  readonly month: MonthDate;
  /** The period's name ("Oct 2026", "Q3 FY 2026/27") and its whole months ("Oct – Dec 2026"). */
  readonly period: { readonly label: string; readonly rangeLabel: string; readonly size: BucketSize; readonly monthsInRange: number };
  /** Per series, the months of the period with data behind its figure (a plan for 2 of 3 months). */
  readonly dataMonths: { readonly actual: number; readonly planning: number; readonly lastYear: number; readonly forecast: number };
  readonly actual: number | null;
  readonly planning: number | null;
  readonly lastYear: number | null;
  readonly forecast: number | null;
  /** Actual minus planning, over only the months that have both (like for like). */
  readonly deviation: number | null;
  /** Percent change from planning to actual (domain/kpi/percent-change). */
  readonly deviationPercent: number | null;
}

/** Per-column number settings; scale does not apply to percentages (see number-format). */
export interface ColumnSettings {
  readonly decimals: Decimals;
  readonly scale: Scale;
}
export type ListViewSettings = Partial<Record<ListViewColumnKey, ColumnSettings>>;
export const DEFAULT_COLUMN_SETTINGS: ColumnSettings = { decimals: "auto", scale: "automatic" };
/** Spec section 9: decimals 0 to 5 at most, or auto. */
export const DECIMALS_OPTIONS: readonly Decimals[] = ["auto", ...Array.from({ length: MAX_DECIMALS + 1 }, (_, digits) => digits as Decimals)];
export const SCALE_CHOICES: readonly Scale[] = SCALE_OPTIONS;

/** Per column, the filter keys (see `filterKeyOf`) of the rows to keep; absent or empty keeps all. */
export type ListViewFilters = Partial<Record<ListViewColumnKey, ReadonlySet<string>>>;

export interface ListViewSort {
  readonly column: ListViewColumnKey;
  readonly direction: "ascending" | "descending";
}

/**
 * How the rows group the timeframe's months: per month (1), or per fiscal quarter (3), half-year
 * (6) or year (12) from `first` to `last`. A bucket at the timeframe's edge holds only the months
 * inside it and is partial ("2 of 3 months").
 */
export interface ListViewGrouping {
  readonly bucketSize: BucketSize;
  readonly fiscalYearOffset: number;
  readonly first: MonthIndex;
  readonly last: MonthIndex;
}

/**
 * One row per month (or bucket) with data of each KPI, in the order of `kpis`; values of KPIs
 * without meta are left out. A bucket's figures follow the KPI's aggregation type (sum, average, last month);
 * its deviation to plan compares only the months that have both an actual and a plan.
 */
export function listViewRows(kpis: readonly KpiMeta[], values: ValuesResponse, grouping?: ListViewGrouping): ListViewRow[] {
  const byId = new Map(values.kpis.map((entry) => [entry.id, entry.values]));
  const periodSeries = grouping && grouping.bucketSize !== 1 ? periodSeriesOf(kpis, values, monthRange(grouping.first, grouping.last)) : new Map<number, PeriodSeries>();
  const rows: ListViewRow[] = [];
  for (const meta of kpis) {
    const months = byId.get(meta.id);
    if (!months) continue;
    if (!grouping || grouping.bucketSize === 1) {
      // A month without any figure is no row: no data is not a month of zeros.
      for (const month of months) if (month.value !== null || month.planningValue !== null || month.lastYearValue !== null || month.forecastValue !== null) rows.push(monthRow(meta, month));
      continue;
    }
    const series = periodSeries.get(meta.id);
    if (!series) continue;
    const { measure, lastYear } = series;
    for (const bucket of bucketsOf(grouping.first, grouping.last, grouping.bucketSize, grouping.fiscalYearOffset)) {
      const actual = figureOf(series.actual, bucket.months, measure);
      const planning = figureOf(series.planning, bucket.months, measure);
      // Empty leading or trailing buckets of a KPI are no rows: no data is not a period of zeros.
      if (actual.months === 0 && planning.months === 0 && !bucket.months.some((month) => series.forecast.has(month) || lastYear.has(month))) continue;
      const pair = likeForLike(series.actual, series.planning, bucket.months, measure);
      const lastYearFigure = figureOf(lastYear, bucket.months, measure);
      const forecast = figureOf(series.forecast, bucket.months, measure);
      rows.push({
        ...rowOf(meta),
        month: monthDateOf(bucket.months[0]!),
        period: { label: bucket.label, rangeLabel: bucket.rangeLabel, size: bucket.size, monthsInRange: bucket.months.length },
        actual: actual.value,
        planning: planning.value,
        lastYear: lastYearFigure.value,
        forecast: forecast.value,
        dataMonths: { actual: actual.months, planning: planning.months, lastYear: lastYearFigure.months, forecast: forecast.months },
        deviation: pair.first === null || pair.second === null ? null : pair.first - pair.second,
        deviationPercent: percentChange(pair.first, pair.second),
      });
    }
  }
  return rows;
}

const rowOf = (meta: KpiMeta) => ({ kpiId: meta.id, kpi: meta.name, category: meta.category.name, unit: meta.unit });

function monthRow(meta: KpiMeta, month: ValuesResponse["kpis"][number]["values"][number]): ListViewRow {
  const deviation = month.value === null || month.planningValue === null ? null : month.value - month.planningValue;
  const label = monthLabel(month.date);
  return {
    ...rowOf(meta),
    month: month.date,
    period: { label, rangeLabel: label, size: 1, monthsInRange: 1 },
    dataMonths: { actual: Number(month.value !== null), planning: Number(month.planningValue !== null), lastYear: Number(month.lastYearValue !== null), forecast: Number(month.forecastValue !== null) },
    actual: month.value,
    planning: month.planningValue,
    lastYear: month.lastYearValue,
    forecast: month.forecastValue,
    deviation,
    deviationPercent: percentChange(month.value, month.planningValue),
  };
}

/** The money columns (value kind): each shows its money in one scale (column-scale.ts). */
export type ListViewScales = Partial<Record<ListViewColumnKey, ColumnScale>>;

const VALUE_KEYS = LIST_VIEW_COLUMNS.filter((column) => column.kind === "value").map((column) => column.key as Extract<ListViewColumnKey, "actual" | "planning" | "lastYear" | "forecast" | "deviation">);

/**
 * Per value column, the one scale of its money: chosen from the largest money figure in the
 * column over all rows (so filtering or scrolling never rescales it), or the scale the person set.
 */
export function listViewScales(rows: readonly ListViewRow[], settings: ListViewSettings): ListViewScales {
  const scales: ListViewScales = {};
  for (const key of VALUE_KEYS) {
    const chosen = settings[key]?.scale ?? "automatic";
    if (chosen !== "automatic") {
      scales[key] = chosen;
      continue;
    }
    let largest: number | null = null;
    for (const row of rows) {
      const value = row[key];
      if (row.unit === "currency" && value !== null) largest = Math.max(largest ?? 0, Math.abs(value));
    }
    // A column without any amount of money names no scale.
    if (largest !== null) scales[key] = columnScale([largest]);
  }
  return scales;
}

/** Whether any row of the list is money: only then do the value columns name a money scale. */
export const hasMoney = (rows: readonly ListViewRow[]) => rows.some((row) => row.unit === "currency");

/**
 * Whether a figure of a row has data for fewer of its period's months than the timeframe holds
 * (a plan entered for 2 of a quarter's 3 months): "2 of 3 months". A period cut by the
 * timeframe's edge is marked on the period itself (`period.monthsInRange`). Null when whole or
 * when there is no figure.
 */
export function partialFigure(row: ListViewRow, key: "actual" | "planning" | "lastYear" | "forecast"): string | null {
  if (row[key] === null || row.dataMonths[key] >= row.period.monthsInRange) return null;
  return `${row.dataMonths[key]} of ${row.period.size} ${row.period.size === 1 ? "month" : "months"}`;
}

export const exceedsListViewMax = (rowCount: number) => rowCount > LIST_VIEW_MAX_ROWS;

export const columnByKey = (key: ListViewColumnKey): ListViewColumn => LIST_VIEW_COLUMNS.find((column) => column.key === key)!;

/**
 * What a cell shows: money as the bare number in its column's scale (the header names it), other
 * units with their sign, unscaled (column-scale.ts); the period by its name.
 */
export function cellText(row: ListViewRow, key: ListViewColumnKey, settings: ColumnSettings | undefined, currency: string, scales: ListViewScales = {}): string {
  const decimals = (settings ?? DEFAULT_COLUMN_SETTINGS).decimals;
  switch (key) {
    case "kpi":
    case "category":
      return row[key];
    case "unit":
      return unitLabel(row.unit, currency);
    case "month":
      return row.period.label;
    case "deviationPercent":
      return percentText(row.deviationPercent, settings);
    case "deviation":
      // A deviation of a yes/no KPI is a difference, not a yes or a no.
      return formatInColumn(row.deviation, row.unit === "binary" ? "number" : row.unit, scales.deviation ?? "none", decimals);
    default:
      return formatInColumn(row[key], row.unit, scales[key] ?? "none", decimals);
  }
}

export const unitLabel = (unit: string, currency: string) => (unit === "currency" ? currency : unit === "percentage" ? "%" : unit);

/** "2026-03-01" → "Mar 2026"; anything that is not a month date is shown as it came. */
export function monthLabel(month: MonthDate): string {
  return /^\d{4}-(0[1-9]|1[0-2])-01$/.test(month) ? monthLabelOf(monthIndexOf(month)) : month;
}

/** The sentinel of percent change stands for "infinitely more or less", so it reads as ±∞. */
function percentText(value: number | null, settings: ColumnSettings | undefined): string {
  if (value === PERCENT_CHANGE_SENTINEL) return "+∞ %";
  if (value === -PERCENT_CHANGE_SENTINEL) return "−∞ %";
  const decimals = (settings ?? DEFAULT_COLUMN_SETTINGS).decimals;
  return formatKpiValue(value, "percentage", decimals === "auto" ? {} : { decimals });
}

/**
 * The key a filter matches a cell by: the text for text columns, the month date, and for numbers
 * the unit with the raw value, so a filter survives a change of the column's decimals or scale
 * and "5 %" never matches "€ 5". An empty value is "".
 */
export function filterKeyOf(row: ListViewRow, key: ListViewColumnKey): string {
  switch (key) {
    case "kpi":
    case "category":
    case "month":
      return row[key];
    case "unit":
      return row.unit;
    default: {
      const value = row[key];
      return value === null ? "" : `${key === "deviationPercent" ? "percentage" : row.unit}:${value}`;
    }
  }
}

/** One choice of a column filter: the text shown and the filter keys it stands for. */
export interface FilterOption {
  readonly label: string;
  readonly keys: readonly string[];
}

export type ColumnFilterChoices = { readonly filterable: true; readonly options: readonly FilterOption[] } | { readonly filterable: false; readonly reason: string };

/** Whether a column has at most FILTER_MAX_UNIQUE unique values; stops counting past the limit. */
export function isFilterable(rows: readonly ListViewRow[], key: ListViewColumnKey): boolean {
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(filterKeyOf(row, key));
    if (seen.size > FILTER_MAX_UNIQUE) return false;
  }
  return true;
}

/**
 * The distinct values of a column as filter choices, in the column's sort order. Values that read
 * the same with the current settings ("€ 1.2M" twice) are one choice.
 */
export function filterChoices(rows: readonly ListViewRow[], key: ListViewColumnKey, settings: ColumnSettings | undefined, currency: string, scales: ListViewScales = {}): ColumnFilterChoices {
  const firstRowOf = new Map<string, ListViewRow>();
  for (const row of rows) {
    const filterKey = filterKeyOf(row, key);
    if (!firstRowOf.has(filterKey)) {
      firstRowOf.set(filterKey, row);
      if (firstRowOf.size > FILTER_MAX_UNIQUE) return { filterable: false, reason: FILTER_TOO_MANY_VALUES };
    }
  }
  const ordered = [...firstRowOf.values()].sort(compareBy(key, "ascending"));
  const byLabel = new Map<string, string[]>();
  for (const row of ordered) {
    const label = cellText(row, key, settings, currency, scales);
    const keys = byLabel.get(label);
    if (keys) keys.push(filterKeyOf(row, key));
    else byLabel.set(label, [filterKeyOf(row, key)]);
  }
  return { filterable: true, options: [...byLabel].map(([label, keys]) => ({ label, keys })) };
}

/** The rows every active column filter keeps. */
export function applyFilters(rows: readonly ListViewRow[], filters: ListViewFilters): readonly ListViewRow[] {
  const active = (Object.entries(filters) as [ListViewColumnKey, ReadonlySet<string> | undefined][]).filter((entry): entry is [ListViewColumnKey, ReadonlySet<string>] => !!entry[1] && entry[1].size > 0);
  if (active.length === 0) return rows;
  return rows.filter((row) => active.every(([key, keys]) => keys.has(filterKeyOf(row, key))));
}

/** Rows in the sort's order (stable); empty values last in either direction. */
export function sortRows(rows: readonly ListViewRow[], sort: ListViewSort | null): readonly ListViewRow[] {
  if (!sort) return rows;
  return [...rows].sort(compareBy(sort.column, sort.direction));
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function compareBy(key: ListViewColumnKey, direction: ListViewSort["direction"]): (a: ListViewRow, b: ListViewRow) => number {
  const sign = direction === "ascending" ? 1 : -1;
  if (key === "kpi" || key === "category" || key === "unit") return (a, b) => sign * collator.compare(a[key], b[key]);
  if (key === "month") return (a, b) => sign * (a.month < b.month ? -1 : a.month > b.month ? 1 : 0);
  return (a, b) => {
    const left = a[key];
    const right = b[key];
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return sign * (left - right);
  };
}

/**
 * The rows as CSV (RFC 4180, CRLF): the column labels, then raw numbers with a decimal point
 * (empty when there is no value) so a spreadsheet reads them as numbers, months as YYYY-MM (a
 * quarter, half-year or year by its name), the
 * unit column with the currency. Text that a spreadsheet would run as a formula is quoted with '.
 */
export function listViewCsv(rows: readonly ListViewRow[], currency: string): string {
  const lines = [LIST_VIEW_COLUMNS.map((column) => csvField(column.label))];
  for (const row of rows) {
    lines.push([
      csvText(row.kpi),
      csvText(row.category),
      csvText(unitLabel(row.unit, currency)),
      row.period.size === 1 ? row.month.slice(0, 7) : csvField(row.period.label),
      csvNumber(row.actual),
      csvNumber(row.planning),
      csvNumber(row.lastYear),
      csvNumber(row.forecast),
      csvNumber(row.deviation),
      csvNumber(row.deviationPercent),
    ]);
  }
  return lines.map((fields) => fields.join(",")).join("\r\n") + "\r\n";
}

const csvNumber = (value: number | null) => (value === null ? "" : String(value));
const csvText = (text: string) => csvField(spreadsheetText(text));
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
