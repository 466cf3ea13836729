import type { Sheet, SheetCell } from "../../../src/domain/uploads/sheet";

/** What a test writes for a cell: text, a number, null for empty, or a cell itself. */
export type CellInput = string | number | null | SheetCell;

const cellOf = (input: CellInput): SheetCell =>
  input === null ? { kind: "empty" } : typeof input === "string" ? { kind: "text", text: input } : typeof input === "number" ? { kind: "number", value: input, percent: false } : input;

/** A sheet from rows as written in a spreadsheet: the first is the header (row 1). */
export function sheetOf(rows: readonly (readonly CellInput[])[]): Sheet {
  const [header = [], ...data] = rows;
  return { header: { number: 1, cells: header.map(cellOf) }, rows: data.map((cells, index) => ({ number: index + 2, cells: cells.map(cellOf) })) };
}

export const FORMULA: SheetCell = { kind: "formula" };
export const percentCell = (value: number): SheetCell => ({ kind: "number", value, percent: true });
