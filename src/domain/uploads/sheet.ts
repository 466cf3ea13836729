/**
 * An uploaded table as the checks see it, whatever file it came from (an Excel workbook's first
 * sheet, or a CSV file): a header row and data rows of cells. The server's readers turn ExcelJS
 * cells and CSV fields into these; the checks in this folder never see a file.
 */
export type SheetCell =
  | { readonly kind: "empty" }
  | { readonly kind: "text"; readonly text: string }
  /** `percent`: the cell is formatted as a percentage, so it holds the fraction (12.5 % is 0.125). */
  | { readonly kind: "number"; readonly value: number; readonly percent: boolean }
  /** A date cell, as its calendar date YYYY-MM-DD. */
  | { readonly kind: "date"; readonly date: string }
  /** A formula: never read for its cached result, which is whatever the file's author made it say. */
  | { readonly kind: "formula" }
  /** An error value (#DIV/0!) or anything else a value cannot be read from. */
  | { readonly kind: "unreadable" };

export interface SheetRow {
  /** The row's number in the file, as the person sees it in the spreadsheet (the header is 1). */
  readonly number: number;
  readonly cells: readonly SheetCell[];
}

export interface Sheet {
  readonly header: SheetRow;
  readonly rows: readonly SheetRow[];
}

export const EMPTY: SheetCell = { kind: "empty" };

export const cellAt = (row: SheetRow, column: number): SheetCell => row.cells[column] ?? EMPTY;

/** Whether a cell holds nothing (text of spaces is nothing, too). */
export const isBlank = (cell: SheetCell) => cell.kind === "empty" || (cell.kind === "text" && cell.text.trim() === "");

/** A cell as text for names and ids: numbers as written, dates as YYYY-MM-DD; formulas and errors as "". */
export function cellText(cell: SheetCell): string {
  switch (cell.kind) {
    case "text":
      return cell.text.trim();
    case "number":
      return String(cell.value);
    case "date":
      return cell.date;
    default:
      return "";
  }
}

/** The spreadsheet's name of a column: 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetter(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
