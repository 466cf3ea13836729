import { parseNumberInput, type NumberInput } from "../kpi/number-input";

/**
 * Pasting a block from a spreadsheet into a planning grid. Excel and Google Sheets copy a range as
 * text: rows end with a newline (CRLF from Excel), cells are separated by tabs, and a cell that
 * holds a tab, a newline or a quote is wrapped in double quotes with its quotes doubled.
 */
export function parseClipboardBlock(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === "\t") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A row of the grid a block can land on: its KPI, the unit its numbers follow, whether the person may write it. */
export interface PasteRow {
  readonly kpi: number;
  readonly unit: string;
  readonly editable: boolean;
}

export interface CellEdit {
  readonly kpi: number;
  readonly date: string;
  /** What was pasted, kept as typed so a refused cell shows it. */
  readonly text: string;
  readonly input: NumberInput;
}

export interface PasteResult {
  readonly edits: readonly CellEdit[];
  /** Cells of the block that fell on read-only rows. */
  readonly readOnly: number;
  /** Cells of the block beyond the grid's last row or month. */
  readonly outside: number;
}

/**
 * The cell edits of a pasted block with its top-left cell at (`row`, `column`): each cell read by
 * the number input rules of its KPI's unit ('-' removes, unit shorthands, the same messages). An
 * empty cell of the block leaves the grid's cell as it is (a spreadsheet's empty cell is not a
 * removal); cells on read-only rows or past the grid are counted, not written.
 */
export function pasteBlock(block: readonly (readonly string[])[], at: { row: number; column: number }, rows: readonly PasteRow[], dates: readonly string[]): PasteResult {
  const edits: CellEdit[] = [];
  let readOnly = 0;
  let outside = 0;
  block.forEach((cells, rowOffset) => {
    const target = rows[at.row + rowOffset];
    cells.forEach((raw, columnOffset) => {
      const text = raw.trim();
      if (text === "") return;
      const date = dates[at.column + columnOffset];
      if (!target || date === undefined) return void outside++;
      if (!target.editable) return void readOnly++;
      edits.push({ kpi: target.kpi, date, text, input: parseNumberInput(text, target.unit) });
    });
  });
  return { edits, readOnly, outside };
}

/**
 * Fill right: the text of the month at `from` copied into every later month of the row, as a
 * spreadsheet's fill right does (the months before it are left alone).
 */
export function fillRight(row: PasteRow, text: string, from: number, dates: readonly string[]): CellEdit[] {
  if (!row.editable || text.trim() === "") return [];
  const input = parseNumberInput(text, row.unit);
  return dates.slice(from + 1).map((date) => ({ kpi: row.kpi, date, text: text.trim(), input }));
}

/** "3 cells were not pasted: 2 on read-only rows, 1 outside the grid." or null when all landed. */
export function pasteSummary(result: PasteResult): string | null {
  const missed = result.readOnly + result.outside;
  if (missed === 0) return null;
  const parts = [result.readOnly > 0 ? `${result.readOnly} on read-only rows` : null, result.outside > 0 ? `${result.outside} outside the grid` : null].filter(Boolean);
  return `${missed === 1 ? "1 cell was" : `${missed} cells were`} not pasted: ${parts.join(", ")}.`;
}
