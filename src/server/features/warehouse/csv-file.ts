import { CsvError, parse } from "csv-parse/sync";

/** The most data rows one file may hold: a decade of a large CRM's deals. */
export const MAX_CSV_ROWS = 50_000;
/** The most characters one row may hold: anything longer is not a row of ours but a broken file. */
const MAX_ROW_CHARACTERS = 64 * 1024;

export class CsvUnreadable extends Error {}

/**
 * A CSV file as rows of cells, with each row's number as a spreadsheet shows it (the header is 1;
 * blank rows keep their number and are dropped). Comma, semicolon (what a spreadsheet in a
 * European locale writes) or tab, chosen by what the header row holds most of. UTF-8, with or
 * without a byte-order mark; a file that is not valid UTF-8 is read as Windows-1252, what older
 * spreadsheet versions write. Throws CsvUnreadable with a sentence for the person.
 */
export function readCsv(bytes: Buffer): { lines: string[][]; rowNumbers: number[] } {
  if (bytes.includes(0)) throw new CsvUnreadable("The file is not a CSV text file.");
  const text = decode(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: MAX_ROW_CHARACTERS,
      // One more than allowed: enough to tell the file is too long without reading all of it.
      to: MAX_CSV_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new CsvUnreadable(`The file could not be read as CSV near line ${(error as CsvError & { lines?: number }).lines ?? 1}: check its quotes.`);
    throw error;
  }
  if (records.length > MAX_CSV_ROWS + 1) throw new CsvUnreadable(`The file has more than ${MAX_CSV_ROWS} rows; that is more than one upload takes.`);
  const lines: string[][] = [];
  const rowNumbers: number[] = [];
  records.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === "")) return;
    lines.push(record);
    rowNumbers.push(index + 1);
  });
  if (lines.length === 0) throw new CsvUnreadable("The file is empty.");
  return { lines, rowNumbers };
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The delimiter the first line uses most: comma, semicolon or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, Math.min(text.length, 8192)).split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((delimiter) => [delimiter, firstLine.split(delimiter).length - 1] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
}
