import type { FlexibleColumn } from "../../contracts/kpis";
import { monthIndexOf, monthLabel, monthRange, monthRangeLabel, type MonthIndex } from "../months";
import { byAggregationType, continued, effectiveEnd, figureOf, fullYearMonths, ltmMonths, perMonth, ytdMonths, type AggregationType, type Measure } from "./aggregation";
import { formatKpiValue, formatNumber, withLeadingMinus, type FormatOptions } from "./number-format";
import { percentChange, PERCENT_CHANGE_SENTINEL } from "./percent-change";
import { fiscalBucketLabel, fiscalBucketOf } from "./periods";
import { columnScale, formatInColumn, type ColumnScale } from "./column-scale";

/**
 * The flexible columns of a financial table (spec section 3): one engine computes every column
 * of every KPI row, and the standard "actual comparison" view is a column list like any other.
 *
 * How a value column's months are chosen, step by step:
 * 1. The reporting end E is the selection's end after leaving out the column's last
 *    `ignoreLastMonths` (0-3) months (`effectiveEnd`).
 * 2. The offset moves the column in time by N months: `{type: "period"}` counts fiscal periods
 *    (P1-P12, i.e. months), `{type: "year"}` counts years (12 months each). The window is then
 *    taken as if the selection ended at E + N: YTD, LTM and full year are recomputed from the
 *    moved end (so "YTD, −1 period" in P1 is the whole previous fiscal year, and "FY, −1 period"
 *    in P1 is the previous fiscal year), the current selection and a fixed period move by N
 *    months as they are.
 * 3. Actuals count only up to E, never the moved end: a column shifted into the future shows
 *    planning or forecast, not actuals that lie after the reporting month.
 * 4. The window aggregates by the KPI's aggregation type (cum sums, ad averages, dd the last
 *    value), calculated KPIs included: their monthly values come computed from the server and
 *    a ratio (ad) averages its months like every other average KPI.
 * 5. A current-selection column of a cumulative KPI over more than one month is divided by the
 *    month count (spec section 9, `perMonth`); YTD, LTM, full year and fixed periods are totals.
 */

/**
 * A KPI's four monthly series, already converted to the chosen currency. `E` is what one month
 * holds: a value, or for a weighted ratio its inputs' months (period-kpis.ts).
 */
export interface KpiSeriesSet<E = number> {
  readonly actual: ReadonlyMap<MonthIndex, E>;
  readonly planning: ReadonlyMap<MonthIndex, E>;
  readonly forecast: ReadonlyMap<MonthIndex, E>;
  /** Last year's actual, keyed by the month it is compared with (the value of month M − 12 at M). */
  readonly lastYear: ReadonlyMap<MonthIndex, E>;
}

/** One KPI row of the table, as the columns need it. */
export interface FlexibleKpi<E = number> {
  readonly series: KpiSeriesSet<E>;
  readonly aggregationType: AggregationType;
  /** How a period's figure is made from its months; by the aggregation type when absent (step 4 above). */
  readonly measure?: Measure<E> | undefined;
  readonly unit: string;
  readonly higherIsBetter: boolean;
}

export interface FlexibleContext {
  /** The selected months, both included; `end` is the reporting month. */
  readonly selection: { readonly start: MonthIndex; readonly end: MonthIndex };
  readonly fiscalYearOffset: number;
  /** The currency code money is shown in (a column_unit cell of a currency KPI shows it). */
  readonly currency: string;
}

/** good: the deviation goes the KPI's good direction (higherIsBetter); neutral: none or no data. */
export type Tone = "good" | "bad" | "neutral";

export type ColumnCell =
  /** `months`: how many of the column's months have data behind the value (see columnCoverage). */
  | { readonly kind: "value"; readonly value: number | null; readonly months: number }
  | { readonly kind: "deviation"; readonly displayIn: "absolute" | "percent"; readonly value: number | null; readonly tone: Tone }
  | { readonly kind: "unit"; readonly text: string };

export const EMPTY_SERIES: KpiSeriesSet = { actual: new Map(), planning: new Map(), forecast: new Map(), lastYear: new Map() };

/** The four series of one KPI from the values response's months (`date` is 'YYYY-MM-01'). */
export function seriesFromMonthValues(values: readonly { date: string; value: number | null; planningValue: number | null; lastYearValue: number | null; forecastValue: number | null }[]): KpiSeriesSet {
  const actual = new Map<MonthIndex, number>();
  const planning = new Map<MonthIndex, number>();
  const forecast = new Map<MonthIndex, number>();
  const lastYear = new Map<MonthIndex, number>();
  for (const month of values) {
    const index = monthIndexOf(month.date.slice(0, 10));
    if (month.value !== null) actual.set(index, month.value);
    if (month.planningValue !== null) planning.set(index, month.planningValue);
    if (month.forecastValue !== null) forecast.set(index, month.forecastValue);
    if (month.lastYearValue !== null) lastYear.set(index, month.lastYearValue);
  }
  return { actual, planning, forecast, lastYear };
}

/**
 * Every column's cell for one KPI, by column id. A deviation compares two value columns by id;
 * one that names a missing column or a non-value column (unit, another deviation) has no value.
 */
export function computeColumns<E = number>(columns: readonly FlexibleColumn[], kpi: FlexibleKpi<E>, context: FlexibleContext): Map<string, ColumnCell> {
  const cells = new Map<string, ColumnCell>();
  for (const column of columns) {
    if (column.type === "column_unit") cells.set(column.id, { kind: "unit", text: unitText(kpi.unit, context.currency) });
    else if (column.type !== "deviation") cells.set(column.id, { kind: "value", ...columnFigure(column, kpi, context) });
  }
  for (const column of columns) {
    if (column.type !== "deviation") continue;
    const displayIn = column.deviation?.displayIn ?? "absolute";
    const valueOf = (id: string | undefined) => {
      const cell = id === undefined ? undefined : cells.get(id);
      return cell?.kind === "value" ? cell.value : null;
    };
    const baseline = valueOf(column.deviation?.baseLineColumn);
    const comparison = valueOf(column.deviation?.comparisonColumn);
    const value = displayIn === "percent" ? percentChange(comparison, baseline) : baseline === null || comparison === null ? null : comparison - baseline;
    cells.set(column.id, { kind: "deviation", displayIn, value, tone: toneOf(value, kpi.higherIsBetter) });
  }
  return cells;
}

/** The months a value column aggregates (steps 1 and 2 above); empty when it has none. */
export function columnMonths(column: FlexibleColumn, context: Pick<FlexibleContext, "selection" | "fiscalYearOffset">): MonthIndex[] {
  const end = effectiveEnd(context.selection.end, column.ignoreLastMonths ?? 0);
  const shift = offsetMonths(column);
  const movedEnd = end + shift;
  switch (column.type) {
    case "ytd":
      return ytdMonths(movedEnd, context.fiscalYearOffset);
    case "ltm":
      return ltmMonths(movedEnd);
    case "full_year":
      return fullYearMonths(movedEnd, context.fiscalYearOffset);
    case "current_selection":
      return monthRange(context.selection.start + shift, movedEnd);
    case "fixed_period": {
      if (!column.period) return [];
      return monthRange(monthIndexOf(column.period.range.startDate) + shift, monthIndexOf(column.period.range.endDate) + shift);
    }
    case "deviation":
    case "column_unit":
      return [];
  }
}

/**
 * The months the value columns read, first to last (null without value columns): what a screen
 * asks the values endpoint for. Actuals a year back may instead come as last year's values of
 * the months twelve later (see actualsUpTo).
 */
export function columnsSpan(columns: readonly FlexibleColumn[], context: Pick<FlexibleContext, "selection" | "fiscalYearOffset">): { start: MonthIndex; end: MonthIndex } | null {
  const months = columns.flatMap((column) => columnMonths(column, context));
  if (months.length === 0) return null;
  return { start: Math.min(...months), end: Math.max(...months) };
}

/** The offset in months: N periods (fiscal months) or N years of 12. */
export const offsetMonths = (column: FlexibleColumn) => (column.offset ? column.offset.value * (column.offset.type === "year" ? 12 : 1) : 0);

/** The value of one value column (fixed_period, ytd, ltm, full_year, current_selection). */
export const columnValue = (column: FlexibleColumn, kpi: FlexibleKpi, context: Pick<FlexibleContext, "selection" | "fiscalYearOffset">): number | null => columnFigure(column, kpi, context).value;

/** The value of one value column and how many of its months have data behind it. */
export function columnFigure<E = number>(column: FlexibleColumn, kpi: FlexibleKpi<E>, context: Pick<FlexibleContext, "selection" | "fiscalYearOffset">): { value: number | null; months: number } {
  const months = columnMonths(column, context);
  if (months.length === 0) return { value: null, months: 0 };
  const reportingEnd = effectiveEnd(context.selection.end, column.ignoreLastMonths ?? 0);
  const actuals = actualsUpTo(kpi.series, reportingEnd, months);
  const { planning, forecast } = kpi.series;
  const source = (() => {
    switch (column.dataType ?? "actuals") {
      case "actuals":
        return actuals;
      case "planning":
        return planning;
      case "forecast":
        return forecast;
      case "actuals_planning":
        return continued(actuals, planning, months);
      case "actuals_forecast":
        return continued(actuals, forecast, months);
    }
  })();
  const figure = figureOf(source, months, kpi.measure ?? (byAggregationType(kpi.aggregationType) as Measure<E>));
  return { value: column.type === "current_selection" ? perMonth(figure.value, kpi.aggregationType, months.length) : figure.value, months: figure.months };
}

/**
 * A value column's period: its name, its months as a range (for the tooltip), how many months
 * it spans and how many of them can hold data. Actuals exist only up to the reporting month,
 * so "Actual FY" in the tenth month covers 10 of 12 months and is partial; planning, forecast
 * and "actual + plan/forecast" can cover every month. Null for deviation and unit columns.
 */
export interface ColumnCoverage {
  /** "Oct 2026", "Q3 FY 2026/27", "FY 2026/27", "Apr – Oct 2026" (periodName). */
  readonly label: string;
  /** The months as a range: "Apr 2026 – Mar 2027". */
  readonly rangeLabel: string;
  /** Months the column's period spans. */
  readonly months: number;
  /** Of those, the months that can hold data (actuals: up to the reporting month). */
  readonly covered: number;
}

export function columnCoverage(column: FlexibleColumn, context: Pick<FlexibleContext, "selection" | "fiscalYearOffset">): ColumnCoverage | null {
  const months = columnMonths(column, context);
  if (months.length === 0) return null;
  const first = months[0]!;
  const last = months.at(-1)!;
  const reportingEnd = effectiveEnd(context.selection.end, column.ignoreLastMonths ?? 0);
  const covered = (column.dataType ?? "actuals") === "actuals" ? months.filter((month) => month <= reportingEnd).length : months.length;
  return { label: periodName(first, last, context.fiscalYearOffset), rangeLabel: monthRangeLabel(first, last), months: months.length, covered };
}

/**
 * A column's coverage narrowed to its data: when no KPI of the table has data for more than N of
 * the months the column could cover (last year's full year in the first year of data, a plan
 * entered for seven months), the column as a whole covers N. Without any value it stays as it is.
 */
export function coverageOfData(coverage: ColumnCoverage | null, cells: Iterable<ColumnCell | undefined>): ColumnCoverage | null {
  if (!coverage) return null;
  let most = -1;
  for (const cell of cells) if (cell?.kind === "value" && cell.value !== null) most = Math.max(most, cell.months);
  return most < 0 || most >= coverage.covered ? coverage : { ...coverage, covered: most };
}

/** Whether a column covers only part of its months, and how much: "10 of 12 months"; null when whole. */
export function partialText(covered: number, months: number): string | null {
  return covered < months ? `${covered} of ${months} ${months === 1 ? "month" : "months"}` : null;
}

/**
 * A run of months by the name people use: one month "Oct 2026"; a whole fiscal quarter,
 * half-year or year by its bucket name "Q3 FY 2026/27" (named once, in periods.ts); anything
 * else as the range "Apr – Oct 2026".
 */
export function periodName(first: MonthIndex, last: MonthIndex, fiscalYearOffset: number): string {
  if (first === last) return monthLabel(first);
  const size = last - first + 1;
  if (size === 3 || size === 6 || size === 12) {
    const bucket = fiscalBucketOf(first, size, fiscalYearOffset);
    if (bucket.first === first) return fiscalBucketLabel(first, size, fiscalYearOffset);
  }
  return monthRangeLabel(first, last);
}

/**
 * The actuals of `months` up to the reporting end. A month the actual series does not hold is
 * read from the last-year series twelve months later, so a column a year back works from a
 * values response that covers only the selection (its lastYearValue is that year's actual).
 */
function actualsUpTo<E>(series: KpiSeriesSet<E>, reportingEnd: MonthIndex, months: readonly MonthIndex[]): Map<MonthIndex, E> {
  const actuals = new Map<MonthIndex, E>();
  for (const month of months) {
    if (month > reportingEnd) continue;
    const value = series.actual.get(month) ?? series.lastYear.get(month + 12);
    if (value !== undefined) actuals.set(month, value);
  }
  return actuals;
}

function toneOf(value: number | null, higherIsBetter: boolean): Tone {
  if (value === null || value === 0) return "neutral";
  return value > 0 === higherIsBetter ? "good" : "bad";
}

/** What a column_unit cell shows: the currency code for money, the unit's sign or name otherwise. */
export function unitText(unit: string, currency: string): string {
  if (unit === "currency") return currency;
  if (unit === "percentage") return "%";
  return unit;
}

/**
 * A cell as text: values with the KPI's unit (formatKpiValue); percent deviations as "12.3 %";
 * the sentinel (from a zero base or across a sign change) as "+∞ %" / "−∞ %"; absolute
 * deviations of a percentage KPI in percentage points ("2.0 pp"), of others in the KPI's unit.
 */
export function formatCell(cell: ColumnCell, unit: string, options: FormatOptions = {}): string {
  if (cell.kind === "unit") return cell.text;
  if (cell.kind === "value") return formatKpiValue(cell.value, unit, options);
  if (cell.value === null) return formatKpiValue(null, unit);
  if (cell.displayIn === "percent") {
    if (Math.abs(cell.value) === PERCENT_CHANGE_SENTINEL) return cell.value > 0 ? "+∞ %" : "−∞ %";
    return formatKpiValue(cell.value, "percentage", { decimals: 1 });
  }
  if (unit === "percentage") return withLeadingMinus(cell.value, (size) => `${formatNumber(size, options.decimals ?? 1)} pp`);
  return formatKpiValue(cell.value, unit, options);
}

/**
 * Each column's one scale for money (column-scale.ts), from the money figures of its rows: value
 * cells and absolute deviations of currency KPIs. Percent deviations, unit columns and columns
 * without any amount of money have none.
 */
export function columnScales(columns: readonly FlexibleColumn[], rows: readonly { readonly unit: string; readonly cells: ReadonlyMap<string, ColumnCell> | undefined }[]): Map<string, ColumnScale | null> {
  const scales = new Map<string, ColumnScale | null>();
  for (const column of columns) {
    const money = rows
      .filter((row) => row.unit === "currency")
      .map((row) => row.cells?.get(column.id))
      .map((cell) => (cell && cell.kind !== "unit" ? cell.value : null))
      .filter((value) => value !== null);
    // A column with no amount of money in it names no scale.
    const scaled = column.type !== "column_unit" && column.deviation?.displayIn !== "percent" && money.length > 0;
    scales.set(column.id, scaled ? columnScale(money) : null);
  }
  return scales;
}

/**
 * A cell as text in its column's money scale (formatInColumn: money as the bare scaled number,
 * other units unscaled with their sign); percent deviations and percentage points as formatCell.
 */
export function formatCellInColumn(cell: ColumnCell, unit: string, scale: ColumnScale | null): string {
  if (cell.kind === "unit") return cell.text;
  if (cell.kind === "deviation" && (cell.displayIn === "percent" || unit === "percentage")) return formatCell(cell, unit);
  // A deviation of a yes/no KPI is a difference, not a yes or a no.
  return formatInColumn(cell.value, cell.kind === "deviation" && unit === "binary" ? "number" : unit, scale ?? "none");
}

const DATA_TYPE_TITLE = { actuals: "Actual", planning: "Plan", forecast: "Forecast", actuals_planning: "Actual + Plan", actuals_forecast: "Actual + Forecast" } as const;
const PERIOD_TITLE = { ytd: "YTD", ltm: "LTM", full_year: "FY", current_selection: "" } as const;

/**
 * A column's header: its `title`, or one read from the definition: "Actual YTD", "Plan FY",
 * "Last year" (actuals a year back), "Forecast Jan 2026 – Mar 2026", "Actual LTM (−2 periods)",
 * "Δ % Actual vs Plan" (the comparison against the baseline), "Unit".
 */
export function columnTitle(column: FlexibleColumn, columns: readonly FlexibleColumn[]): string {
  if (column.title) return column.title;
  if (column.type === "column_unit") return "Unit";
  if (column.type === "deviation") {
    const titleOf = (id: string | undefined) => {
      const other = columns.find((candidate) => candidate.id === id);
      return other && other.type !== "deviation" ? columnTitle(other, columns) : "?";
    };
    const percent = column.deviation?.displayIn === "percent" ? " %" : "";
    return `Δ${percent} ${titleOf(column.deviation?.comparisonColumn)} vs ${titleOf(column.deviation?.baseLineColumn)}`;
  }
  const dataType = column.dataType ?? "actuals";
  const lastYear = dataType === "actuals" && column.offset?.type === "year" && column.offset.value === -1;
  const parts = [lastYear ? "Last year" : DATA_TYPE_TITLE[dataType]];
  if (column.type === "fixed_period") {
    if (column.period) parts.push(monthRangeLabel(monthIndexOf(column.period.range.startDate), monthIndexOf(column.period.range.endDate)));
  } else if (PERIOD_TITLE[column.type]) parts.push(PERIOD_TITLE[column.type]);
  let title = parts.join(" ");
  if (column.offset && column.offset.value !== 0 && !lastYear) title += ` (${signed(column.offset.value)} ${column.offset.type}${Math.abs(column.offset.value) === 1 ? "" : "s"})`;
  if (column.ignoreLastMonths) title += `, excl. last ${column.ignoreLastMonths === 1 ? "month" : `${column.ignoreLastMonths} months`}`;
  return title;
}

const signed = (value: number) => (value > 0 ? `+${value}` : `−${Math.abs(value)}`);

/** What the standard financial dashboard compares the actuals with ("Compare with"). */
export const COMPARE_WITH = ["planning", "lastYear", "forecast"] as const;
export type CompareWith = (typeof COMPARE_WITH)[number];

/**
 * The standard financial dashboard as flexible columns: Actual, the comparison, Δ and Δ % for
 * the selection (the comparison is the baseline, so Δ = Actual − comparison); with `fullYear`
 * also the comparison over the full fiscal year: Plan FY, Actual + Forecast FY (the year-end
 * forecast: actuals so far, forecast for the rest) or Last year FY.
 */
export function actualComparisonColumns(compareWith: CompareWith, fullYear: boolean): FlexibleColumn[] {
  const comparison: FlexibleColumn =
    compareWith === "planning"
      ? { id: "comparison", type: "current_selection", dataType: "planning" }
      : compareWith === "forecast"
        ? { id: "comparison", type: "current_selection", dataType: "forecast" }
        : { id: "comparison", type: "current_selection", dataType: "actuals", offset: { value: -1, type: "year" } };
  const columns: FlexibleColumn[] = [
    { id: "actual", type: "current_selection", dataType: "actuals" },
    comparison,
    { id: "deviation", type: "deviation", deviation: { baseLineColumn: "comparison", comparisonColumn: "actual", displayIn: "absolute" } },
    { id: "deviation-percent", type: "deviation", deviation: { baseLineColumn: "comparison", comparisonColumn: "actual", displayIn: "percent" } },
  ];
  if (fullYear) {
    columns.push(
      compareWith === "planning"
        ? { id: "full-year", type: "full_year", dataType: "planning" }
        : compareWith === "forecast"
          ? { id: "full-year", type: "full_year", dataType: "actuals_forecast" }
          : { id: "full-year", type: "full_year", dataType: "actuals", offset: { value: -1, type: "year" } },
    );
  }
  return columns;
}
