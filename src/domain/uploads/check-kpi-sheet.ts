import type { ColumnMapping, UploadType } from "../../contracts/uploads";
import { fromSpreadsheetText } from "../exports/spreadsheet-text";
import { dimensionKeyOf, type Dimensions } from "../kpi/dimension-key";
import type { MonthIndex } from "../months";
import { monthColumns, Problems, valueOf, type CheckedRow, type CheckedUpload, type CheckedValue } from "./check-parts";
import { resolveColumns } from "./column-mapping";
import { cellAt, cellText, isBlank, type Sheet, type SheetCell, type SheetRow } from "./sheet";
import { uploadDateOf } from "./upload-dates";
import {
  DIMENSION_TOO_LONG,
  DIMENSIONS_IGNORED,
  FORMULA_CELL,
  KPI_CALCULATED,
  KPI_LISTED_TWICE,
  KPI_NOT_WRITABLE,
  MONTH_NOT_ENDED,
  NAME_DIFFERS,
  NO_DATE,
  NO_DATE_COLUMN,
  NO_DIMENSION,
  NO_ID_COLUMN,
  NO_KPI_ID,
  NO_SUCH_KPI,
  NO_VALUE,
  NO_VALUE_COLUMN,
  NOT_A_KPI_ID,
  NOT_FIRST_OF_MONTH,
  COLUMN_NOT_DATED,
  VALUE_LISTED_TWICE,
} from "./upload-texts";

/** A KPI as the check needs it: whether the uploader may see it, and whether they may write it. */
export interface UploadKpi {
  readonly id: number;
  readonly name: string;
  readonly unit: string;
  readonly calculated: boolean;
  /** By effective sensitivity: a KPI the uploader may not read is "no such KPI", like another company's. */
  readonly readable: boolean;
  /** By the KPI's own level (write_* permissions), as every value edit decides it. */
  readonly writable: boolean;
}

export type KpiUploadType = Exclude<UploadType, "fx">;

export interface KpiSheetOptions {
  readonly type: KpiUploadType;
  readonly kpis: ReadonlyMap<number, UploadKpi>;
  /** This month: an actual for it or a later one is unusual (a warning). */
  readonly currentMonth: MonthIndex;
  readonly mapping: ColumnMapping;
  /** The value stored now for a KPI, dimension key and month (undefined: none), to leave unchanged values out. */
  readonly stored?: (kpi: number, dimensionKey: string, month: MonthIndex) => number | undefined;
}

/** Dimension values are text of at most this many characters (they become part of the value's key). */
export const MAX_DIMENSION_LENGTH = 100;

/**
 * Checks a sheet of KPI values before anything is written. Two layouts: a row per KPI with a
 * column per month (the templates), or a row per value with ID, Date and Value columns (actuals
 * by dimension, whose other columns are the dimensions; also read for the other types). Every
 * problem is listed by row and column; a row with an error is not valid, and all of it stays out
 * when only valid rows are imported. Empty rows, and template rows with no values, are no rows.
 */
export function checkKpiSheet(sheet: Sheet, options: KpiSheetOptions): CheckedUpload {
  const headers = sheet.header.cells.map((cell) => cellText(cell));
  const columns = resolveColumns(headers, options.mapping);
  const problems = new Problems();
  const byRows = options.type === "dimensions" || (columns.date !== null && columns.value !== null);
  const mapping = {
    id: columns.id === null ? null : headers[columns.id]!,
    name: columns.name === null ? null : headers[columns.name]!,
    date: columns.date === null ? null : headers[columns.date]!,
    value: columns.value === null ? null : headers[columns.value]!,
  };
  const base = { layout: byRows ? ("one-value-per-row" as const) : ("months-as-columns" as const), columns: headers, mapping };

  const missing: string[] = [];
  if (columns.id === null) missing.push(NO_ID_COLUMN);
  if (byRows && columns.date === null) missing.push(NO_DATE_COLUMN);
  if (byRows && columns.value === null) missing.push(NO_VALUE_COLUMN);
  if (missing.length > 0) {
    // Without its columns no row can be read: every row is listed as not valid, under the header's problems.
    for (const message of missing) problems.add(sheet.header.number, null, "error", message);
    const rows = sheet.rows.filter((row) => row.cells.some((cell) => !isBlank(cell)));
    return { ...base, problems: problems.sorted(), errors: problems.errors, warnings: problems.warnings, rows: rows.map((row) => ({ row: row.number, target: null, label: "", dimensionKey: "", valid: false, values: [], unchanged: 0 })) };
  }
  const reader = new RowReader(options, problems, columns.id!, columns.name);
  const checked = byRows ? rowsOfValues(sheet, headers, { date: columns.date!, value: columns.value! }, reader, options, problems) : rowsOfKpis(sheet, reader, options, problems);
  const rows = checked.map((row) => withUnchangedLeftOut({ ...row, valid: !problems.hasError(row.row) }, options));
  return { ...base, problems: problems.sorted(), errors: problems.errors, warnings: problems.warnings, rows };
}

type DraftRow = Omit<CheckedRow, "valid" | "unchanged">;

/** A row per KPI, a column per month (the template). */
function rowsOfKpis(sheet: Sheet, reader: RowReader, options: KpiSheetOptions, problems: Problems): DraftRow[] {
  const { months, unusable } = monthColumns(sheet, new Set([reader.idColumn, reader.nameColumn ?? -1]), problems);
  const rows: DraftRow[] = [];
  for (const row of sheet.rows) {
    const filled = [...months.keys(), ...unusable].filter((column) => !isBlank(cellAt(row, column))).sort((a, b) => a - b);
    // A template row left empty is no row; a row with values must say whose they are.
    if (filled.length === 0) continue;
    const kpi = reader.kpiOf(row);
    const values: CheckedValue[] = [];
    for (const column of filled) {
      const month = months.get(column);
      if (month === undefined) {
        problems.add(row.number, column, "error", COLUMN_NOT_DATED);
        continue;
      }
      const value = reader.valueAt(row, column, kpi, month);
      if (value !== undefined) values.push({ month, value });
    }
    rows.push({ row: row.number, target: kpi?.id ?? null, label: kpi?.name ?? reader.given(row), dimensionKey: "", values });
  }
  // The same KPI in two rows: which one is meant is unknown, so neither is imported.
  const rowsOf = new Map<number, number[]>();
  for (const row of rows) if (row.target !== null) rowsOf.set(row.target, [...(rowsOf.get(row.target) ?? []), row.row]);
  for (const [id, numbers] of rowsOf) {
    if (numbers.length < 2) continue;
    for (const number of numbers) problems.add(number, reader.idColumn, "error", KPI_LISTED_TWICE(id, numbers.filter((other) => other !== number)));
  }
  return rows;
}

/** A row per value: ID, Date, Value and, for actuals by dimension, the dimension columns. */
function rowsOfValues(sheet: Sheet, headers: readonly string[], columns: { date: number; value: number }, reader: RowReader, options: KpiSheetOptions, problems: Problems): DraftRow[] {
  const roleColumns = new Set([reader.idColumn, reader.nameColumn ?? -1, columns.date, columns.value]);
  const others = headers.flatMap((header, column) => (header !== "" && !roleColumns.has(column) ? [column] : []));
  const dimensionColumns = options.type === "dimensions" ? others : [];
  if (options.type !== "dimensions") for (const column of others) problems.add(sheet.header.number, column, "warning", DIMENSIONS_IGNORED(headers[column]!));
  const rows: DraftRow[] = [];
  for (const row of sheet.rows) {
    if (row.cells.every((cell) => isBlank(cell))) continue;
    const kpi = reader.kpiOf(row);
    const dateCell = cellAt(row, columns.date);
    let month: MonthIndex | null = null;
    if (isBlank(dateCell)) problems.add(row.number, columns.date, "error", NO_DATE);
    else {
      const date = uploadDateOf(dateCell);
      if (date.kind === "invalid") problems.add(row.number, columns.date, "error", dateCell.kind === "formula" ? FORMULA_CELL : date.message);
      else {
        month = date.month;
        if (!date.exact) problems.add(row.number, columns.date, "warning", NOT_FIRST_OF_MONTH(cellText(dateCell), date.month));
      }
    }
    const dimensions: Record<string, string> = {};
    let refused = false;
    for (const column of dimensionColumns) {
      const cell = cellAt(row, column);
      const text = fromSpreadsheetText(cellText(cell));
      refused ||= cell.kind === "formula" || text.length > MAX_DIMENSION_LENGTH;
      if (cell.kind === "formula") problems.add(row.number, column, "error", FORMULA_CELL);
      else if (text.length > MAX_DIMENSION_LENGTH) problems.add(row.number, column, "error", DIMENSION_TOO_LONG(MAX_DIMENSION_LENGTH));
      else if (text !== "") dimensions[headers[column]!] = text;
    }
    const dimensionKey = dimensionKeyOf(dimensions as Dimensions);
    if (options.type === "dimensions" && dimensionKey === "" && !refused) problems.add(row.number, null, "error", NO_DIMENSION);
    const values: CheckedValue[] = [];
    if (isBlank(cellAt(row, columns.value))) problems.add(row.number, columns.value, "warning", NO_VALUE);
    else if (month !== null) {
      const value = reader.valueAt(row, columns.value, kpi, month);
      if (value !== undefined) values.push({ month, value });
    } else reader.valueAt(row, columns.value, kpi, null);
    rows.push({ row: row.number, target: kpi?.id ?? null, label: kpi?.name ?? reader.given(row), dimensionKey, values });
  }
  // The same KPI, month and dimensions twice: neither is imported. Rows refused already (a
  // dimension that could not be read makes another key) are left out of the comparison.
  const rowsOf = new Map<string, number[]>();
  for (const row of rows) {
    const month = row.values[0]?.month;
    if (row.target === null || month === undefined || problems.hasError(row.row)) continue;
    const key = `${row.target}/${month}/${row.dimensionKey}`;
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), row.row]);
  }
  for (const numbers of rowsOf.values()) {
    if (numbers.length < 2) continue;
    for (const number of numbers) problems.add(number, null, "error", VALUE_LISTED_TWICE(numbers.filter((other) => other !== number)));
  }
  return rows;
}

/** What every row needs: its KPI from the ID cell (with the name as a cross-check) and its values under the KPI's number rules. */
class RowReader {
  constructor(
    private readonly options: KpiSheetOptions,
    private readonly problems: Problems,
    readonly idColumn: number,
    readonly nameColumn: number | null,
  ) {}

  /** The row's KPI when it exists, is readable and may be written by the uploader; its problems otherwise. */
  kpiOf(row: SheetRow): UploadKpi | null {
    const cell = cellAt(row, this.idColumn);
    const id = this.idOf(row.number, cell);
    if (id === null) return null;
    const kpi = this.options.kpis.get(id);
    if (!kpi || !kpi.readable) {
      this.problems.add(row.number, this.idColumn, "error", NO_SUCH_KPI(id));
      return null;
    }
    const given = this.given(row);
    if (given !== "" && given.toLowerCase() !== kpi.name.trim().toLowerCase()) this.problems.add(row.number, this.nameColumn, "warning", NAME_DIFFERS(given, kpi.name));
    if (kpi.calculated) {
      this.problems.add(row.number, this.idColumn, "error", KPI_CALCULATED(kpi.name));
      return null;
    }
    if (!kpi.writable) {
      this.problems.add(row.number, this.idColumn, "error", KPI_NOT_WRITABLE(kpi.name));
      return null;
    }
    return kpi;
  }

  /** The name the row gives in its name column ("" without one). */
  given(row: SheetRow): string {
    return this.nameColumn === null ? "" : fromSpreadsheetText(cellText(cellAt(row, this.nameColumn)));
  }

  /**
   * A value cell of a usable KPI: the number (null removes the month's value), or undefined with
   * its problem. A KPI the row cannot write has no unit to read by: its row is refused already.
   */
  valueAt(row: SheetRow, column: number, kpi: UploadKpi | null, month: MonthIndex | null): number | null | undefined {
    if (!kpi) return undefined;
    const input = valueOf(cellAt(row, column), kpi.unit);
    if (input.kind === "blank") return undefined;
    if (input.kind === "invalid") {
      this.problems.add(row.number, column, "error", input.message);
      return undefined;
    }
    if (input.kind === "remove") return null;
    if (month !== null && month >= this.options.currentMonth && (this.options.type === "reporting" || this.options.type === "dimensions")) this.problems.add(row.number, column, "warning", MONTH_NOT_ENDED(month));
    return input.value;
  }

  private idOf(row: number, cell: SheetCell): number | null {
    if (isBlank(cell)) {
      this.problems.add(row, this.idColumn, "error", NO_KPI_ID);
      return null;
    }
    if (cell.kind === "formula") {
      this.problems.add(row, this.idColumn, "error", FORMULA_CELL);
      return null;
    }
    const text = cellText(cell);
    const id = cell.kind === "number" ? cell.value : /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1) {
      this.problems.add(row, this.idColumn, "error", NOT_A_KPI_ID(text));
      return null;
    }
    return id;
  }
}

/** A value equal to the stored one (or a removal of nothing) is not written again; it is counted. */
function withUnchangedLeftOut(row: DraftRow & { valid: boolean }, options: KpiSheetOptions): CheckedRow {
  if (!options.stored || row.target === null) return { ...row, unchanged: 0 };
  const target = row.target;
  const changed = row.values.filter((value) => (options.stored!(target, row.dimensionKey, value.month) ?? null) !== value.value);
  return { ...row, values: changed, unchanged: row.values.length - changed.length };
}
