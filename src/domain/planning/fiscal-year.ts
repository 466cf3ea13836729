import { aggregateValues, type AggregationType } from "../kpi/aggregation";
import { fiscalYearStart } from "../fiscal-calendar";
import { fiscalYearLabel } from "../kpi/periods";
import { monthDateOf, monthLabel, monthRange, type MonthDate, type MonthIndex } from "../months";

/** One column of a planning grid: a month of the fiscal year with its period name (P1-P12). */
export interface PlanningMonth {
  readonly month: MonthIndex;
  readonly date: MonthDate;
  /** "P1" … "P12": the month's place in the fiscal year. */
  readonly period: string;
  /** "Apr 2026": how every screen names a month. */
  readonly label: string;
}

/**
 * The fiscal year a planning grid shows, named by the calendar year it starts in (FY 2026/27 of
 * an April company is 2026): its twelve months from the company's fiscal year start.
 */
export function planningYear(startYear: number, fiscalYearOffset: number): { readonly label: string; readonly months: readonly PlanningMonth[] } {
  const first = fiscalYearStart(startYear * 12 + fiscalYearOffset, fiscalYearOffset);
  return {
    label: fiscalYearLabel(first, fiscalYearOffset),
    months: monthRange(first, first + 11).map((month, index) => ({ month, date: monthDateOf(month), period: `P${index + 1}`, label: monthLabel(month) })),
  };
}

/** The calendar year the fiscal year containing `month` starts in (the key of planningYear). */
export const planningYearOf = (month: MonthIndex, fiscalYearOffset: number) => Math.floor(fiscalYearStart(month, fiscalYearOffset) / 12);

/**
 * The FY figure of a row of months by the KPI's aggregation type, as every period figure is made
 * (kpi/aggregation.ts): cum sums, ad averages the months that have a value, dd takes the last
 * month with a value. A year without any value has no total (null), never 0.
 */
export function fiscalYearTotal(values: readonly (number | null | undefined)[], type: AggregationType): number | null {
  return aggregateValues(values.filter((value): value is number => typeof value === "number"), type);
}

/** What the FY column means per aggregation type, for its header's tooltip and the row's name. */
export const FY_TOTAL_RULE: Readonly<Record<AggregationType, string>> = {
  cum: "FY: sum of the months",
  ad: "FY: average of the months",
  dd: "FY: last month with a value",
};
