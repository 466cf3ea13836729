import type { FlexibleColumn } from "../../contracts/kpis";
import { monthIndexOf, monthRange, monthRangeLabel, type MonthIndex } from "../months";
import { aggregate, continued, effectiveEnd, fullYearMonths, ltmMonths, perMonth, ytdMonths, type AggregationType, type MonthlySeries } from "./aggregation";
import { formatKpiValue, formatNumber, withLeadingMinus, type FormatOptions } from "./number-format";
import { percentChange, PERCENT_CHANGE_SENTINEL } from "./percent-change";

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

/** A KPI's four monthly series, already converted to the chosen currency. */
export interface KpiSeriesSet {
  readonly actual: MonthlySeries;
  readonly planning: MonthlySeries;
  readonly forecast: MonthlySeries;
  /** Last year's actual, keyed by the month it is compared with (the value of month M − 12 at M). */
  readonly lastYear: MonthlySeries;
}

/** One KPI row of the table, as the columns need it. */
export interface FlexibleKpi {
  readonly series: KpiSeriesSet;
  readonly aggregationType: AggregationType;
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
  | { readonly kind: "value"; readonly value: number | null }
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
export function computeColumns(columns: readonly FlexibleColumn[], kpi: FlexibleKpi, context: FlexibleContext): Map<string, ColumnCell> {
  const cells = new Map<string, ColumnCell>();
  for (const column of columns) {
    if (column.type === "column_unit") cells.set(column.id, { kind: "unit", text: unitText(kpi.unit, context.currency) });
    else if (column.type !== "deviation") cells.set(column.id, { kind: "value", value: columnValue(column, kpi, context) });
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
export function columnValue(column: FlexibleColumn, kpi: FlexibleKpi, context: Pick<FlexibleContext, "selection" | "fiscalYearOffset">): number | null {
  const months = columnMonths(column, context);
  if (months.length === 0) return null;
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
  const value = aggregate(source, months, kpi.aggregationType);
  return column.type === "current_selection" ? perMonth(value, kpi.aggregationType, months.length) : value;
}

/**
 * The actuals of `months` up to the reporting end. A month the actual series does not hold is
 * read from the last-year series twelve months later, so a column a year back works from a
 * values response that covers only the selection (its lastYearValue is that year's actual).
 */
function actualsUpTo(series: KpiSeriesSet, reportingEnd: MonthIndex, months: readonly MonthIndex[]): MonthlySeries {
  const actuals = new Map<MonthIndex, number>();
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
