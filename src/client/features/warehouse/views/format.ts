import type { DataTableColumn } from "../../../ui/data-table";
import type { Palette } from "../../../ui/theme";
import { columnScale, columnScaleCaption, formatInColumn } from "../../../../domain/kpi/column-scale";
import { chartPalette } from "../../../ui/chart-palette";
import { formatKpiValue, formatNumber } from "../../../../domain/kpi/number-format";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import type { ColumnKind, ListCell } from "../../../../domain/warehouse/list-views";
import type { DealStage } from "../../../../domain/warehouse/stages";

/** Warehouse amounts: in the company's currency, scaled like every money figure ("€ 24.5k"). */
export const money = (value: number | null | undefined, currency: string) => formatKpiValue(value, "currency", { currency });
export const percent = (value: number | null | undefined) => formatKpiValue(value, "percentage");
export const count = (value: number | null | undefined) => (value === null || value === undefined ? "–" : formatNumber(value, 0));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Oct 2026" for a month date (YYYY-MM-01). */
export const monthName = (monthDate: string) => monthLabel(monthIndexOf(`${monthDate.slice(0, 7)}-01`));

/** "21 Nov 2026" for a date (YYYY-MM-DD): the day is not left to the browser's locale. */
export function dayName(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return match ? `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]} ${match[1]}` : "–";
}

/** A list view cell as its column's kind says. */
export function cellText(value: ListCell, kind: ColumnKind, currency: string): string {
  if (value === null) return "–";
  if (typeof value === "string") return kind === "month" ? monthName(value) : kind === "date" ? dayName(value) : value;
  switch (kind) {
    case "money":
      return money(value, currency);
    case "percent":
      return percent(value);
    case "count":
      return count(value);
    default:
      return formatNumber(value, "auto");
  }
}

/**
 * One colour per stage, from the theme's own roles (each at least 3:1 against the surface in both
 * themes, as text colours are 4.5:1): neighbouring open stages differ in hue, not only in shade,
 * and stacked segments are also parted by a hairline and named in the legend and tooltip.
 */
export function stageColours(theme: Palette): Readonly<Record<DealStage, string>> {
  return {
    lead: theme.textMuted,
    mql: theme.info,
    sql: chartPalette(theme).forecast,
    proposal: theme.warning,
    negotiation: theme.success,
    won: theme.accent,
    lost: theme.danger,
  };
}

/**
 * Colours for a list of series without a meaning of their own (size bands, product categories):
 * the theme's roles in an order whose neighbours differ in hue; segments are also parted by a
 * hairline and named in the legend, the tooltip and the table.
 */
export function seriesColours(theme: Palette, count: number): string[] {
  const roles = [theme.accent, theme.warning, theme.success, chartPalette(theme).forecast, theme.info, theme.danger, theme.textMuted];
  return Array.from({ length: count }, (_, index) => roles[index % roles.length]!);
}

/**
 * A money column of a table in one scale chosen from its largest amount, named once in the
 * header ("Amount (€ k)"), with bare figures in the cells, as every table of the product does
 * (domain/kpi/column-scale.ts).
 */
export function moneyColumn<Row>(key: string, header: string, rows: readonly Row[], value: (row: Row) => number | null, currency: string): DataTableColumn<Row> {
  const scale = columnScale(rows.map(value));
  return {
    key,
    header: `${header} (${columnScaleCaption(scale, currency)})`,
    numeric: true,
    cell: (row) => formatInColumn(value(row), "currency", scale),
    sortValue: value,
  };
}
