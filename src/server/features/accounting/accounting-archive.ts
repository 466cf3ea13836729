import { CsvError, parse } from "csv-parse/sync";
import { ARCHIVE_HAS_ERRORS } from "../../../contracts/accounting";
import { describeProblem, readAccounts, readBookings, readOpenPositions, type Account, type Booking, type CsvProblem, type CsvTable, type OpenPosition } from "../../../domain/accounting/csv-rules";
import { ACCOUNTING_FILES, MISSING_FILES_TEXT, type AccountingFileName } from "../../../domain/integrations/accounting";
import { readZipFiles, ZipMissingFiles, ZipRefused, type ZipLimits } from "../../platform/files/zip-guard";
import { badRequest } from "../../platform/http/errors";

/** The archive as uploaded: at most 20 MB packed (the route's limit). */
export const ARCHIVE_MAX_BYTES = 20 * 1024 * 1024;
/** What its four files may unpack to, and how many entries it may list. */
export const ARCHIVE_LIMITS: ZipLimits = { maxBytes: 64 * 1024 * 1024, maxEntries: 100 };
/** Rows per file: a large company's year of bookings fits; more is a sign of the wrong export. */
export const MAX_ROWS: Readonly<Record<AccountingFileName, number>> = { "accounts.csv": 20_000, "bookings.csv": 250_000, "debtors.csv": 50_000, "creditors.csv": 50_000 };
/** Problems listed in an answer; the rest are counted. */
const PROBLEMS_SHOWN = 100;

export interface Archive {
  readonly accounts: readonly Account[];
  readonly bookings: readonly Booking[];
  readonly debtors: readonly OpenPosition[];
  readonly creditors: readonly OpenPosition[];
}

/**
 * Reads an uploaded archive whole, or refuses it with a 400 that says why: not a ZIP, unsafe or
 * too large (zip-guard.ts), missing files (the spec's text and their names), or the rows that
 * break the rules (domain csv-rules), each by file, row and column. Nothing is written before
 * this has passed, so a refused archive changes nothing.
 */
export async function readArchive(file: Buffer): Promise<Archive> {
  let files: Map<string, Buffer>;
  try {
    files = await readZipFiles(file, ACCOUNTING_FILES.map((spec) => spec.name), ARCHIVE_LIMITS, MISSING_FILES_TEXT);
  } catch (error) {
    if (error instanceof ZipMissingFiles) throw badRequest({ detail: [error.message], missing: [...error.missing] });
    if (error instanceof ZipRefused) throw badRequest({ file: [error.message] });
    throw error;
  }
  const tables = new Map<AccountingFileName, CsvTable>();
  const problems: CsvProblem[] = [];
  for (const spec of ACCOUNTING_FILES) {
    const name = spec.name as AccountingFileName;
    const table = csvTable(name, files.get(name)!, problems);
    if (table) tables.set(name, table);
  }
  const accounts = tables.has("accounts.csv") ? readAccounts(tables.get("accounts.csv")!) : { rows: [], problems: [] };
  // Bookings are checked against the accounts that were read, so a bad account row is reported once, where it is.
  const accountNumbers = new Set(accounts.rows.map((account) => account.number));
  const bookings = tables.has("bookings.csv") ? readBookings(tables.get("bookings.csv")!, accountNumbers) : { rows: [], problems: [] };
  const debtors = tables.has("debtors.csv") ? readOpenPositions("debtors.csv", tables.get("debtors.csv")!) : { rows: [], problems: [] };
  const creditors = tables.has("creditors.csv") ? readOpenPositions("creditors.csv", tables.get("creditors.csv")!) : { rows: [], problems: [] };
  problems.push(...accounts.problems, ...bookings.problems, ...debtors.problems, ...creditors.problems);
  if (problems.length > 0) {
    const rows = problems.slice(0, PROBLEMS_SHOWN).map(describeProblem);
    if (problems.length > PROBLEMS_SHOWN) rows.push(`… and ${problems.length - PROBLEMS_SHOWN} more problems.`);
    throw badRequest({ detail: [ARCHIVE_HAS_ERRORS], rows });
  }
  return { accounts: accounts.rows, bookings: bookings.rows, debtors: debtors.rows, creditors: creditors.rows };
}

/**
 * Splits one file into fields. Text is UTF-8 (a byte order mark is dropped); a file that is not
 * valid UTF-8 is read as Windows-1252, which older German bookkeeping exports use. The delimiter
 * is the header line's: a semicolon, a tab or a comma, whichever it has most of (German exports
 * use semicolons, so that amounts can carry decimal commas). Empty lines are skipped; a file
 * with more rows than MAX_ROWS stops being read there.
 */
function csvTable(file: AccountingFileName, bytes: Buffer, problems: CsvProblem[]): CsvTable | null {
  const text = decodeText(bytes);
  const headerLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [";", "\t", ","].map((candidate) => ({ candidate, count: headerLine.split(candidate).length })).sort((a, b) => b.count - a.count)[0]!.candidate;
  const maxRows = MAX_ROWS[file];
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with the line it ended on.
    parsed = parse(text, { delimiter, info: true, relax_column_count: true, skip_empty_lines: true, to: maxRows + 2 }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      problems.push({ file, row: Number((error as CsvError & { lines?: number }).lines ?? 1), column: null, message: csvErrorText(error.code) });
      return null;
    }
    throw error;
  }
  if (parsed.length === 0) {
    problems.push({ file, row: 1, column: null, message: "the file is empty: it needs a header row" });
    return null;
  }
  if (parsed.length > maxRows + 1) {
    problems.push({ file, row: parsed.at(-1)!.info.lines, column: null, message: `the file has more than ${maxRows.toLocaleString("en")} rows` });
    return null;
  }
  const [header, ...records] = parsed;
  return { header: header!.record, records: records.map((entry) => ({ line: entry.info.lines, values: entry.record })) };
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function csvErrorText(code: string): string {
  switch (code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted field is never closed";
    case "CSV_INVALID_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return "a quote stands inside a field; quote the whole field and double the quotes in it";
    default:
      return "the CSV cannot be read here";
  }
}
