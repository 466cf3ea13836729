import type { ColumnMapping } from "../../contracts/uploads";

/**
 * Which column of a file is which. The templates head their columns ID, KPI, Date and Value
 * (and FX rate for rates); files from elsewhere often use other words, so a person can name
 * the header of each column (the mapping), and it is remembered for their next upload of the
 * type. A header matches regardless of case and surrounding spaces; the person's choice goes
 * before the usual names, and each column plays one role at most.
 */
export type ColumnRole = keyof ColumnMapping;

export const NO_MAPPING: ColumnMapping = { id: null, name: null, date: null, value: null };

/** The usual header names of each role, lower case. */
const USUAL_NAMES: Readonly<Record<ColumnRole, readonly string[]>> = {
  id: ["id", "kpi id", "kpi_id", "kpi-id", "kpiid"],
  name: ["kpi", "name", "kpi name", "kpi_name"],
  date: ["date", "month"],
  value: ["value", "amount"],
};

/** The FX upload's name column: the template's "FX rate", or the usual words for it. */
export const FX_NAME_HEADERS: readonly string[] = ["fx rate", "name", "fx rate name", "rate"];
/** The FX template's currency code, shown for reference and not read. */
export const FX_CURRENCY_HEADERS: readonly string[] = ["currency", "code", "currency code"];

const normal = (header: string) => header.trim().toLowerCase();

/** The column index of each role (null: none), from the headers, the chosen names first. */
export function resolveColumns(headers: readonly string[], chosen: ColumnMapping): Record<ColumnRole, number | null> {
  const taken = new Set<number>();
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const index = headers.findIndex((header, column) => !taken.has(column) && header !== "" && normal(header) === normal(name));
      if (index >= 0) return index;
    }
    return null;
  };
  const roles: ColumnRole[] = ["id", "name", "date", "value"];
  const result: Record<ColumnRole, number | null> = { id: null, name: null, date: null, value: null };
  // Chosen names first for every role, so a usual name never takes a column the person chose for another role.
  for (const role of roles) {
    const name = chosen[role];
    const index = name ? find([name]) : null;
    if (index !== null) taken.add(index);
    result[role] = index;
  }
  for (const role of roles) {
    if (result[role] !== null) continue;
    const index = find(USUAL_NAMES[role]);
    if (index !== null) taken.add(index);
    result[role] = index;
  }
  return result;
}

/** Whether `header` is one of `names` (regardless of case and spaces). */
export const isHeaderOneOf = (header: string, names: readonly string[]) => names.includes(normal(header));
