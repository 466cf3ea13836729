import { FIRST_YEAR, LAST_YEAR } from "../../contracts/fields";
import { parseNumberInput } from "../kpi/number-input";

/**
 * How a source's result becomes KPI values: the columns `month` and `value`, and optionally `kpi`
 * with a KPI's key for results that fill several KPIs. Without a `kpi` column every row goes to
 * the KPI chosen when connecting. Column names are matched without regard to case; other columns
 * are ignored. Every row that cannot become a value is named with its reason; the rest are used.
 */
export interface SourceTable {
  readonly columns: readonly string[];
  /** Cells as the source gave them: text, numbers, null. */
  readonly rows: readonly (readonly unknown[])[];
}

/** A KPI values may be written to: one the person who set the integration up may write. */
export interface TargetKpi {
  readonly id: number;
  readonly key: string;
  readonly unit: string;
}

export interface MappedValue {
  readonly kpiId: number;
  /** YYYY-MM-01 */
  readonly month: string;
  readonly value: number;
}

export interface RowProblem {
  /** 1 for the first row of the result. */
  readonly row: number;
  readonly message: string;
}

export type MappingResult =
  | { readonly ok: true; readonly byKey: boolean; readonly values: readonly MappedValue[]; readonly problems: readonly RowProblem[]; readonly rowKpis: readonly (number | null)[] }
  | { readonly ok: false; readonly message: string };

export const MISSING_COLUMNS = "The result needs the columns month and value (and kpi with a KPI's key to fill several KPIs).";
export const CHOOSE_KPI = "Choose the KPI the values go to, or return a kpi column with KPI keys.";
export const NOT_A_MONTH = "The month is not a date such as 2026-04-01, 2026-04 or 01.04.2026.";
export const NOT_A_NUMBER = "The value is not a number.";
export const DUPLICATE_MONTH = "The same KPI and month came earlier in the result; only the first is used.";
export const unknownKpiKey = (key: string) => `No KPI you may write has the key "${key.slice(0, 80)}".`;

/**
 * Maps a source's rows to values. `targets` are the KPIs that may be written (by key), `chosen` the
 * KPI for results without a kpi column. `rowKpis` says which KPI each row went to (null: none).
 */
export function mapSourceRows(table: SourceTable, targets: readonly TargetKpi[], chosen: number | null): MappingResult {
  const index = (name: string) => table.columns.findIndex((column) => column.trim().toLowerCase() === name);
  const [monthAt, valueAt, kpiAt] = [index("month"), index("value"), index("kpi")];
  if (monthAt < 0 || valueAt < 0) return { ok: false, message: MISSING_COLUMNS };
  const byKey = kpiAt >= 0;
  const chosenKpi = byKey ? null : (targets.find((kpi) => kpi.id === chosen) ?? null);
  if (!byKey && !chosenKpi) return { ok: false, message: CHOOSE_KPI };
  const byKeys = new Map(targets.map((kpi) => [kpi.key.toLowerCase(), kpi] as const));

  const values: MappedValue[] = [];
  const problems: RowProblem[] = [];
  const rowKpis: (number | null)[] = [];
  const seen = new Set<string>();
  table.rows.forEach((cells, position) => {
    const row = position + 1;
    const fail = (message: string) => {
      problems.push({ row, message });
      rowKpis.push(null);
    };
    let kpi = chosenKpi;
    if (byKey) {
      const key = textOf(cells[kpiAt]);
      kpi = byKeys.get(key.toLowerCase()) ?? null;
      if (!kpi) return fail(unknownKpiKey(key));
    }
    const month = monthOf(cells[monthAt]);
    if (!month) return fail(NOT_A_MONTH);
    const value = numberOf(cells[valueAt], kpi!.unit);
    if (typeof value === "string") return fail(value);
    const slot = `${kpi!.id}/${month}`;
    if (seen.has(slot)) return fail(DUPLICATE_MONTH);
    seen.add(slot);
    values.push({ kpiId: kpi!.id, month, value });
    rowKpis.push(kpi!.id);
  });
  return { ok: true, byKey, values, problems, rowKpis };
}

const textOf = (cell: unknown) => (cell === null || cell === undefined ? "" : String(cell).trim());

/**
 * The month of a cell as YYYY-MM-01: a date or timestamp (2026-04-15, 2026-04-15 10:00:00+02 — the
 * written date counts, not an instant in a time zone), a month (2026-04) or dd.mm.yyyy.
 */
export function monthOf(cell: unknown): string | null {
  const text = cell instanceof Date ? (Number.isNaN(cell.getTime()) ? "" : cell.toISOString()) : textOf(cell);
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[ T].*)?$/.exec(text);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [Number(iso[1]), Number(iso[2]), iso[3] === undefined ? 1 : Number(iso[3])] : dotted ? [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])] : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
}

/** A cell's number by the one rule for typed numbers (English format) and the KPI's unit; a message if it is none. */
function numberOf(cell: unknown, unit: string): number | string {
  const text = textOf(cell);
  // Databases send numbers as numbers or plain numeric text ("1234.50", "-3e-2"): those are read
  // exactly and written out in full for the unit's rules (binary 0/1, whole positions).
  const exact = typeof cell === "number" ? cell : /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? Number(text) : null;
  if (exact !== null && !Number.isFinite(exact)) return NOT_A_NUMBER;
  const written = exact === null ? text : exact.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
  const input = parseNumberInput(written, unit);
  if (input.kind === "value") return exact ?? input.value;
  return input.kind === "invalid" ? input.message : NOT_A_NUMBER;
}
