import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { Sheet, SheetCell, SheetRow } from "../../../domain/uploads/sheet";
import { CSV_UNREADABLE, EMPTY_FILE, TOO_MANY_CELLS, TOO_MANY_COLUMNS, TOO_MANY_ROWS, UNSUPPORTED_FILE } from "../../../domain/uploads/upload-texts";
import { openWorkbook, rowsOfFirstSheet } from "../../platform/files/workbook";
import { checkXlsx, XlsxRefused } from "../../platform/files/xlsx-guard";
import type { UploadedFile } from "../../platform/http/route";

/** The largest file an upload takes: a year of every KPI is well under 1 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows of one file; more is a mistake, or an attack on the check's time. */
export const MAX_UPLOAD_ROWS = 10_000;
export const MAX_UPLOAD_COLUMNS = 200;
/**
 * Filled cells of one file: a year of 2,000 KPIs is 28,000. It bounds the check's time, the stored
 * rows and the events an import writes (every value is in one), whatever the rows and columns.
 */
export const MAX_UPLOAD_CELLS = 100_000;

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV = "text/csv";

/** The file cannot be read as a table: the whole upload is refused (400), nothing is stored. */
export class FileRefused extends Error {}

/**
 * The uploaded table: the first sheet of an Excel workbook, or a CSV file. What a file is comes
 * from its bytes (a zip is a workbook), then its name. A workbook is checked by what it really
 * unpacks to before the spreadsheet reader sees it (xlsx-guard); cells are read as values,
 * formulas as formulas (never their cached results).
 */
export async function readUploadedSheet(file: UploadedFile): Promise<Sheet> {
  const name = file.filename.toLowerCase();
  const zip = file.bytes.length >= 4 && file.bytes.readUInt32LE(0) === 0x04034b50;
  if (zip || name.endsWith(".xlsx")) {
    try {
      await checkXlsx(file.bytes);
    } catch (error) {
      if (error instanceof XlsxRefused) throw new FileRefused(error.message);
      throw error;
    }
    return readWorkbook(file.bytes);
  }
  if (name.endsWith(".csv") || name.endsWith(".txt") || file.mediaType === CSV) return readCsv(file.bytes);
  throw new FileRefused(UNSUPPORTED_FILE);
}

async function readWorkbook(bytes: Buffer): Promise<Sheet> {
  const rows: SheetRow[] = [];
  let filled = 0;
  try {
    // The first sheet is the data; later ones (read me, KPI list) are help. Styles matter for two
    // things only: which numbers are dates, and which are percentages.
    for (const row of rowsOfFirstSheet(await openWorkbook(bytes))) {
      const cells: SheetCell[] = [];
      let tooWide = false;
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        if (column > MAX_UPLOAD_COLUMNS) tooWide = true;
        else cells[column - 1] = cellOf(cell);
      });
      if (tooWide) throw new FileRefused(TOO_MANY_COLUMNS(MAX_UPLOAD_COLUMNS));
      if (cells.length === 0) continue;
      filled += cells.filter(Boolean).length;
      if (filled > MAX_UPLOAD_CELLS) throw new FileRefused(TOO_MANY_CELLS(MAX_UPLOAD_CELLS));
      rows.push({ number: row.number, cells: Array.from(cells, (cell) => cell ?? EMPTY) });
      if (rows.length > MAX_UPLOAD_ROWS + 1) throw new FileRefused(TOO_MANY_ROWS(MAX_UPLOAD_ROWS));
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused("The file is not a valid Excel workbook (.xlsx).");
  }
  return sheetOf(rows);
}

const EMPTY: SheetCell = { kind: "empty" };

function cellOf(cell: ExcelJS.Cell): SheetCell {
  const value = cell.value;
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === "number") return { kind: "number", value, percent: typeof cell.numFmt === "string" && cell.numFmt.includes("%") };
  if (typeof value === "string") return textCell(value);
  if (typeof value === "boolean") return textCell(value ? "TRUE" : "FALSE");
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { kind: "unreadable" } : { kind: "date", date: value.toISOString().slice(0, 10) };
  if ("formula" in value || "sharedFormula" in value) return { kind: "formula" };
  if ("richText" in value) return textCell(value.richText.map((part) => part.text).join(""));
  if ("text" in value && typeof value.text === "string") return textCell(value.text);
  return { kind: "unreadable" };
}

/**
 * Text as the checks may quote it: without NUL (a workbook can encode one as _x0000_, and
 * PostgreSQL stores none, in text or jsonb).
 */
const textCell = (value: string): SheetCell => ({ kind: "text", text: value.replaceAll("\u0000", "") });

/** A file's name as the history shows it: no control characters, at most 255 characters. */
export const cleanFileName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255) || "upload";

/**
 * A CSV file: UTF-8 (with or without a byte order mark), else Windows-1252 as older Excel
 * versions save it. The separator is the one the header line uses most: a comma, a semicolon
 * (Excel in many European locales) or a tab. Every field is text; the checks apply the number rules.
 */
function readCsv(bytes: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  text = text.replace(/^\uFEFF/, "");
  if (text.includes("\u0000")) throw new FileRefused(UNSUPPORTED_FILE);
  let records: string[][];
  try {
    records = parse(text, { delimiter: separatorOf(text), relax_column_count: true, relax_quotes: false, skip_empty_lines: false, to: MAX_UPLOAD_ROWS + 2 }) as string[][];
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === "number" ? ((error as { lines: number }).lines) : null;
    throw new FileRefused(CSV_UNREADABLE(line));
  }
  if (records.length > MAX_UPLOAD_ROWS + 1) throw new FileRefused(TOO_MANY_ROWS(MAX_UPLOAD_ROWS));
  if (records.some((record) => record.length > MAX_UPLOAD_COLUMNS)) throw new FileRefused(TOO_MANY_COLUMNS(MAX_UPLOAD_COLUMNS));
  if (records.reduce((sum, record) => sum + record.filter((field) => field !== "").length, 0) > MAX_UPLOAD_CELLS) throw new FileRefused(TOO_MANY_CELLS(MAX_UPLOAD_CELLS));
  const rows = records
    .map((record, index): SheetRow => ({ number: index + 1, cells: record.map((field): SheetCell => (field === "" ? EMPTY : { kind: "text", text: field })) }))
    .filter((row) => row.cells.some((cell) => cell.kind !== "empty"));
  return sheetOf(rows);
}

function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((separator) => [separator, outsideQuotes.split(separator).length - 1] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
}

/** The first row with anything in it is the header; the rest are data. */
function sheetOf(rows: readonly SheetRow[]): Sheet {
  const [header, ...data] = rows;
  if (!header) throw new FileRefused(EMPTY_FILE);
  return { header, rows: data };
}
