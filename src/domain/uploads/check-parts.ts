import type { UploadProblem } from "../../contracts/uploads";
import { numberCellInput, parseNumberInput, type NumberInput } from "../kpi/number-input";
import type { MonthIndex } from "../months";
import { cellAt, cellText, columnLetter, isBlank, type Sheet, type SheetCell } from "./sheet";
import { uploadDateOf } from "./upload-dates";
import { COLUMN_IGNORED, FORMULA_CELL, MONTH_TWICE, NO_MONTH_COLUMNS, NOT_FIRST_OF_MONTH, UNREADABLE_CELL } from "./upload-texts";

/** What both checks (KPI values, FX rates) produce: every data row with what it would write. */
export interface CheckedUpload {
  readonly layout: "months-as-columns" | "one-value-per-row";
  /** The header row's texts, for choosing columns. */
  readonly columns: readonly string[];
  /** The header that played each role ("" for none found). */
  readonly mapping: { readonly id: string | null; readonly name: string | null; readonly date: string | null; readonly value: string | null };
  /** Sorted by row, then column; the header's problems first. At most MAX_LISTED_PROBLEMS. */
  readonly problems: readonly UploadProblem[];
  /** Every error and warning, also those past the listed ones. */
  readonly errors: number;
  readonly warnings: number;
  readonly rows: readonly CheckedRow[];
}

export interface CheckedRow {
  readonly row: number;
  /** The KPI's or FX rate's id; null when the row names none that exists. */
  readonly target: number | null;
  /** The KPI's or rate's name (or what the row gave when it names none). */
  readonly label: string;
  /** The row's dimension key ("" for a KPI's own value). */
  readonly dimensionKey: string;
  /** No error in the row: it is imported when the person imports valid rows. */
  readonly valid: boolean;
  /** What the row writes: changed values only; null removes the month's value. */
  readonly values: readonly CheckedValue[];
  /** Values equal to what is stored, so not written again. */
  readonly unchanged: number;
  /** An FX rate the company does not have yet: importing the row creates it (target stays null). */
  readonly createsRate?: NewFxRate;
}

/** A named FX rate an FX upload creates: its name as the file writes it and its currency code. */
export interface NewFxRate {
  readonly name: string;
  readonly currency: string;
}

export interface CheckedValue {
  readonly month: MonthIndex;
  readonly value: number | null;
}

/** Problems listed per upload; the counts stay exact beyond it (a file of 10,000 bad rows lists the first ones). */
export const MAX_LISTED_PROBLEMS = 1_000;

/** Collects problems by row and column index; `sorted` gives them as the API lists them. */
export class Problems {
  private readonly items: { problem: UploadProblem; column: number }[] = [];
  private readonly rowsWithErrors = new Set<number | null>();
  errors = 0;
  warnings = 0;

  add(row: number | null, column: number | null, severity: UploadProblem["severity"], message: string) {
    if (severity === "error") {
      this.errors += 1;
      this.rowsWithErrors.add(row);
    } else this.warnings += 1;
    if (this.items.length < MAX_LISTED_PROBLEMS) this.items.push({ problem: { row, column: column === null ? null : columnLetter(column), severity, message }, column: column ?? -1 });
  }

  /** Whether `row` has an error. */
  hasError(row: number) {
    return this.rowsWithErrors.has(row);
  }

  sorted(): UploadProblem[] {
    return [...this.items]
      .map((item, order) => ({ ...item, order }))
      .sort((a, b) => (a.problem.row ?? 0) - (b.problem.row ?? 0) || a.column - b.column || a.order - b.order)
      .map((item) => item.problem);
  }
}

/**
 * The month of each dated column of a months-as-columns sheet. Columns in `skip` (ID, name) are
 * not months. A header that is words is ignored (with a warning); one that looks like a date but
 * is none, or names a month another column has, makes its column unusable (`unusable`): its
 * values have no month, and each one is an error of its row.
 */
export function monthColumns(sheet: Sheet, skip: ReadonlySet<number>, problems: Problems): { months: Map<number, MonthIndex>; unusable: Set<number> } {
  const months = new Map<number, MonthIndex>();
  const unusable = new Set<number>();
  const firstColumnOf = new Map<MonthIndex, number>();
  const headerRow = sheet.header.number;
  const width = Math.max(sheet.header.cells.length, ...sheet.rows.map((row) => row.cells.length));
  for (let column = 0; column < width; column++) {
    if (skip.has(column)) continue;
    const cell = cellAt(sheet.header, column);
    if (isBlank(cell)) {
      unusable.add(column); // a value under no header has no month; only a value there is a problem
      continue;
    }
    const text = cellText(cell);
    if (cell.kind === "text" && !/\d/.test(text)) {
      problems.add(headerRow, column, "warning", COLUMN_IGNORED(text));
      continue;
    }
    const date = uploadDateOf(cell);
    if (date.kind === "invalid") {
      problems.add(headerRow, column, "error", cell.kind === "formula" ? FORMULA_CELL : date.message);
      unusable.add(column);
      continue;
    }
    if (!date.exact) problems.add(headerRow, column, "warning", NOT_FIRST_OF_MONTH(text, date.month));
    const first = firstColumnOf.get(date.month);
    if (first !== undefined) {
      problems.add(headerRow, first, "error", MONTH_TWICE(date.month, columnLetter(column)));
      problems.add(headerRow, column, "error", MONTH_TWICE(date.month, columnLetter(first)));
      months.delete(first);
      unusable.add(first).add(column);
      continue;
    }
    firstColumnOf.set(date.month, column);
    months.set(column, date.month);
  }
  if (months.size === 0 && ![...unusable].some((column) => !isBlank(cellAt(sheet.header, column)))) problems.add(headerRow, null, "error", NO_MONTH_COLUMNS);
  return { months, unusable };
}

/** A value cell under the product's number rules for `unit` (domain/kpi/number-input). Blank is nothing. */
export function valueOf(cell: SheetCell, unit: string): NumberInput | { readonly kind: "blank" } {
  switch (cell.kind) {
    case "empty":
      return { kind: "blank" };
    case "text":
      return cell.text.trim() === "" ? { kind: "blank" } : parseNumberInput(cell.text, unit);
    case "number":
      return numberCellInput(cell.value, unit, cell.percent);
    case "formula":
      return { kind: "invalid", message: FORMULA_CELL };
    case "date":
      return parseNumberInput(cell.date, unit); // a date is no number: the number message
    case "unreadable":
      return { kind: "invalid", message: UNREADABLE_CELL };
  }
}
