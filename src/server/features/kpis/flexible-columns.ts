import { MAX_FLEXIBLE_COLUMNS, type FlexibleColumn } from "../../../contracts/kpis";

export const TOO_MANY_COLUMNS = `Use at most ${MAX_FLEXIBLE_COLUMNS} columns.`;
export const COLUMN_ID_TAKEN = "Column ids must be unique.";
export const COLUMN_ID_EMPTY = "Enter a column id.";
export const DATA_TYPE_REQUIRED = "Choose which data the column shows.";
export const PERIOD_REQUIRED = "A fixed period needs a start and an end date.";
export const PERIOD_REVERSED = "The start date must not be after the end date.";
export const DEVIATION_REQUIRED = "A deviation column needs a baseline and a comparison column.";
export const DEVIATION_COLUMN_UNKNOWN = "Choose another column of this table that is not a deviation.";

/**
 * What a category's columns config must satisfy beyond its schema, as field errors keyed like
 * decodeInput's (`flexibleColumnsConfig.2.deviation.baseLineColumn`); empty when it is fine.
 * A deviation compares two other value columns: never itself or another deviation, so deviations
 * can never form a circle.
 */
export function flexibleColumnsProblems(columns: readonly FlexibleColumn[], field = "flexibleColumnsConfig"): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (path: string, message: string) => void (problems[path] ??= []).push(message);
  if (columns.length > MAX_FLEXIBLE_COLUMNS) add(field, TOO_MANY_COLUMNS);
  const valueColumns = new Set(columns.filter((column) => column.type !== "deviation").map((column) => column.id));
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    const at = `${field}.${index}`;
    if (column.id.trim() === "") add(`${at}.id`, COLUMN_ID_EMPTY);
    else if (seen.has(column.id)) add(`${at}.id`, COLUMN_ID_TAKEN);
    seen.add(column.id);
    if (column.type === "deviation") {
      if (!column.deviation) return add(`${at}.deviation`, DEVIATION_REQUIRED);
      for (const side of ["baseLineColumn", "comparisonColumn"] as const) {
        const target = column.deviation[side];
        if (target === column.id || !valueColumns.has(target)) add(`${at}.deviation.${side}`, DEVIATION_COLUMN_UNKNOWN);
      }
      return;
    }
    if (!column.dataType) add(`${at}.dataType`, DATA_TYPE_REQUIRED);
    if (column.type === "fixed_period") {
      const range = column.period?.range;
      if (!range) add(`${at}.period`, PERIOD_REQUIRED);
      else if (range.startDate > range.endDate) add(`${at}.period.range.startDate`, PERIOD_REVERSED);
    }
  });
  return problems;
}
