import { FIRST_YEAR, LAST_YEAR } from "../../contracts/fields";

/**
 * The result contract of a query-builder query (docs/decisions.md, "Query builder"): a column
 * named `month` and a column named `value` (others may be there and are ignored); one row per
 * month. `month` is a date or timestamp on the first day of a month at midnight (date_trunc
 * ('month', …) gives one); `value` is a finite number or NULL (no value that month).
 */
export interface MonthlyValue {
  /** YYYY-MM-01 */
  readonly month: string;
  readonly value: number;
}

export interface MonthlyValues {
  readonly values: readonly MonthlyValue[];
  /** Why the result is not a KPI's monthly values; empty when it is. */
  readonly problems: readonly string[];
}

type Cell = number | string | boolean | null;

/** Problems listed at most; the count of the rest is said. */
const PROBLEMS_SHOWN = 10;

// A date, or a timestamp at midnight (UTC offset +00 for timestamptz, as the run sets TimeZone UTC).
const MONTH = /^(\d{4})-(\d{2})-(\d{2})(?: 00:00:00(?:\+00)?)?$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function monthlyValuesOf(columns: readonly string[], rows: readonly (readonly Cell[])[]): MonthlyValues {
  const problems: string[] = [];
  const monthColumn = single(columns, "month", problems);
  const valueColumn = single(columns, "value", problems);
  if (monthColumn === null || valueColumn === null) return { values: [], problems };

  const values: MonthlyValue[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const rowNumber = index + 1;
    const month = monthOf(row[monthColumn] ?? null);
    if (typeof month !== "string" || !month.endsWith("-01") || month.length !== 10) {
      problems.push(`Row ${rowNumber}: ${typeof month === "object" ? month.problem : `month ${month} is not the first day of a month; use date_trunc('month', …)`}.`);
      return;
    }
    const earlier = seen.get(month);
    if (earlier !== undefined) {
      problems.push(`Row ${rowNumber}: the month ${month} is also in row ${earlier}; return one row per month.`);
      return;
    }
    seen.set(month, rowNumber);
    const value = valueOf(row[valueColumn] ?? null);
    if (typeof value === "object" && value !== null) problems.push(`Row ${rowNumber}: ${value.problem}.`);
    else if (value !== null) values.push({ month, value });
  });
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  if (problems.length > PROBLEMS_SHOWN) shown.push(`And ${problems.length - PROBLEMS_SHOWN} more.`);
  return { values: problems.length ? [] : values.sort((a, b) => a.month.localeCompare(b.month)), problems: shown };
}

function single(columns: readonly string[], name: string, problems: string[]): number | null {
  const found = columns.flatMap((column, index) => (column === name ? [index] : []));
  if (found.length === 1) return found[0]!;
  problems.push(found.length === 0 ? `The result needs a column named ${name} (write … AS ${name}).` : `The result has ${found.length} columns named ${name}; keep one.`);
  return null;
}

/** YYYY-MM-DD of a month cell, or why it is none. */
function monthOf(cell: Cell): string | { problem: string } {
  if (cell === null) return { problem: "month is empty" };
  if (typeof cell !== "string") return { problem: "month must be a date, not a number or a boolean" };
  const match = MONTH.exec(cell);
  if (!match) return { problem: `month ${quoted(cell)} is not a date (or a timestamp at midnight)` };
  const year = Number(match[1]);
  const monthNumber = Number(match[2]);
  if (monthNumber < 1 || monthNumber > 12) return { problem: `month ${quoted(cell)} is not a date` };
  if (year < FIRST_YEAR || year > LAST_YEAR) return { problem: `month ${match[1]}-${match[2]}-${match[3]} is outside ${FIRST_YEAR}–${LAST_YEAR}` };
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A finite number, null for no value, or why the cell is none. */
function valueOf(cell: Cell): number | null | { problem: string } {
  if (cell === null) return null;
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : { problem: "value must be a finite number" };
  if (typeof cell === "string" && NUMBER.test(cell)) {
    const value = Number(cell);
    return Number.isFinite(value) ? value : { problem: "value is too large" };
  }
  return { problem: `value ${quoted(String(cell))} is not a number` };
}

const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
