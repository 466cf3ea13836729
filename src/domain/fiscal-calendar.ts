import { calendarMonthOf, type MonthIndex } from "./months";

/**
 * A company's fiscal year starts at calendar month `fiscalYearOffset + 1`: offset 0 is January,
 * 3 is April. Offsets run 0-11.
 */
export function fiscalYearStart(month: MonthIndex, fiscalYearOffset: number): MonthIndex {
  assertOffset(fiscalYearOffset);
  const monthsIntoYear = (calendarMonthOf(month) - 1 - fiscalYearOffset + 12) % 12;
  return month - monthsIntoYear;
}

/** The last month of the fiscal year that contains `month`. */
export const fiscalYearEnd = (month: MonthIndex, fiscalYearOffset: number): MonthIndex =>
  fiscalYearStart(month, fiscalYearOffset) + 11;

function assertOffset(offset: number) {
  if (!Number.isInteger(offset) || offset < 0 || offset > 11) {
    throw new RangeError(`fiscal_year_offset must be a whole number from 0 to 11, got ${offset}`);
  }
}
