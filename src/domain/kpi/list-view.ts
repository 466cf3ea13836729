import type { KpiMeta, ValuesResponse } from "../../contracts/kpis";
import { monthIndexOf, monthLabel as monthLabelOf, type MonthDate } from "../months";
import { formatKpiValue, MAX_DECIMALS, SCALE_OPTIONS, type Decimals, type FormatOptions, type Scale } from "./number-format";
import { percentChange, PERCENT_CHANGE_SENTINEL } from "./percent-change";

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
  { key: "month", label: "Month", kind: "month" },
  { key: "actual", label: "Actual", kind: "value" },
  { key: "planning", label: "Planning", kind: "value" },
  { key: "lastYear", label: "Last year", kind: "value" },
  { key: "forecast", label: "Forecast", kind: "value" },
  { key: "deviation", label: "Deviation to plan", kind: "value" },
  { key: "deviationPercent", label: "Deviation to plan %", kind: "percent" },
] as const satisfies readonly { key: string; label: string; kind: ListViewColumnKind }[];

export type ListViewColumn = (typeof LIST_VIEW_COLUMNS)[number];
export type ListViewColumnKey = ListViewColumn["key"];

/** One KPI in one month. `unit` is the KPI's unit; the unit column shows the currency for money. */
export interface ListViewRow {
  readonly kpiId: number;
  readonly kpi: string;
  readonly category: string;
  readonly unit: string;
  readonly month: MonthDate;
  readonly actual: number | null;
  readonly planning: number | null;
  readonly lastYear: number | null;
  readonly forecast: number | null;
  /** Actual minus planning. */
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

/** One row per month of each KPI, in the order of `kpis`; values of KPIs without meta are left out. */
export function listViewRows(kpis: readonly KpiMeta[], values: ValuesResponse): ListViewRow[] {
  const byId = new Map(values.kpis.map((entry) => [entry.id, entry.values]));
  const rows: ListViewRow[] = [];
  for (const meta of kpis) {
    for (const month of byId.get(meta.id) ?? []) {
      const deviation = month.value === null || month.planningValue === null ? null : month.value - month.planningValue;
      rows.push({
        kpiId: meta.id,
        kpi: meta.name,
        category: meta.category.name,
        unit: meta.unit,
        month: month.date,
        actual: month.value,
        planning: month.planningValue,
        lastYear: month.lastYearValue,
        forecast: month.forecastValue,
        deviation,
        deviationPercent: percentChange(month.value, month.planningValue),
      });
    }
  }
  return rows;
}

export const exceedsListViewMax = (rowCount: number) => rowCount > LIST_VIEW_MAX_ROWS;

export const columnByKey = (key: ListViewColumnKey): ListViewColumn => LIST_VIEW_COLUMNS.find((column) => column.key === key)!;

/** What a cell shows: values through the one KPI number formatter with the column's settings. */
export function cellText(row: ListViewRow, key: ListViewColumnKey, settings: ColumnSettings | undefined, currency: string): string {
  switch (key) {
    case "kpi":
    case "category":
      return row[key];
    case "unit":
      return unitLabel(row.unit, currency);
    case "month":
      return monthLabel(row.month);
    case "deviationPercent":
      return percentText(row.deviationPercent, settings);
    case "deviation":
      // A deviation of a yes/no KPI is a difference, not a yes or a no.
      return formatKpiValue(row.deviation, row.unit === "binary" ? "number" : row.unit, formatOptions(settings, currency));
    default:
      return formatKpiValue(row[key], row.unit, formatOptions(settings, currency));
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
  return formatKpiValue(value, "percentage", formatOptions(settings, ""));
}

/** Auto decimals leave the choice to the formatter, which knows each unit's default (1 for %, 0 for positions). */
function formatOptions(settings: ColumnSettings | undefined, currency: string): FormatOptions {
  const { decimals, scale } = settings ?? DEFAULT_COLUMN_SETTINGS;
  return decimals === "auto" ? { scale, currency } : { scale, decimals, currency };
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
export function filterChoices(rows: readonly ListViewRow[], key: ListViewColumnKey, settings: ColumnSettings | undefined, currency: string): ColumnFilterChoices {
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
    const label = cellText(row, key, settings, currency);
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
 * (empty when there is no value) so a spreadsheet reads them as numbers, months as YYYY-MM, the
 * unit column with the currency. Text that a spreadsheet would run as a formula is quoted with '.
 */
export function listViewCsv(rows: readonly ListViewRow[], currency: string): string {
  const lines = [LIST_VIEW_COLUMNS.map((column) => csvField(column.label))];
  for (const row of rows) {
    lines.push([
      csvText(row.kpi),
      csvText(row.category),
      csvText(unitLabel(row.unit, currency)),
      row.month.slice(0, 7),
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
const csvText = (text: string) => csvField(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
