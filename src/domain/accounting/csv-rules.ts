import { ACCOUNT_TYPES, ACCOUNTING_FILES, type AccountingFileName, type AccountType } from "../integrations/accounting";

/**
 * The rules every row of an accounting archive must meet, one function per file. The CSV text is
 * split into fields by the server (csv-parse); these functions get the header and the records
 * with their line numbers and answer the rows they read and every problem, each named by file,
 * line and column, so a person can fix the file in one pass. Numbers and dates follow one rule
 * each (below), tested as tables in test/domain/accounting/csv-rules.test.ts.
 */

/** One CSV file as fields: its header and its records, each with its line (the header is line 1; a record whose quoted field spans lines counts as its last line). */
export interface CsvTable {
  readonly header: readonly string[];
  readonly records: readonly { readonly line: number; readonly values: readonly string[] }[];
}

export interface CsvProblem {
  readonly file: AccountingFileName;
  /** The line in the file (the header is 1). */
  readonly row: number;
  /** The column's header name; null when the problem is the row or the file as a whole. */
  readonly column: string | null;
  readonly message: string;
}

export const describeProblem = (problem: CsvProblem) =>
  `${problem.file}, row ${problem.row}${problem.column ? `, ${problem.column}` : ""}: ${problem.message}`;

export interface Account {
  readonly number: string;
  readonly name: string;
  readonly type: AccountType;
}

export interface Booking {
  readonly line: number;
  /** YYYY-MM-DD */
  readonly date: string;
  readonly debitAccount: string;
  readonly creditAccount: string;
  /** In cents, always positive: exact sums, whatever the number of bookings. */
  readonly amountCents: number;
  readonly documentNumber: string;
  readonly text: string;
}

export interface OpenPosition {
  readonly line: number;
  readonly number: string;
  readonly name: string;
  readonly documentNumber: string;
  readonly documentDate: string;
  readonly dueDate: string | null;
  /** In cents; negative for a credit note, never zero. */
  readonly amountCents: number;
}

export interface Read<T> {
  readonly rows: readonly T[];
  readonly problems: readonly CsvProblem[];
}

/** Text columns are bounded like the database columns they go to. */
export const MAX_NAME_LENGTH = 200;
export const MAX_TEXT_LENGTH = 500;
const ACCOUNT_NUMBER = /^[0-9A-Za-z][0-9A-Za-z._-]{0,19}$/;
/** The largest amount a row may carry (ten billion): beyond any booking, and cents stay exact. */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;

// ── single values ───────────────────────────────────────────────────────────

/**
 * An amount: digits with at most two decimals after a point or a comma ("1234.56", "1234,56"),
 * no thousands separators (so "1,234" is refused rather than read as 1.234 or 1234), an optional
 * leading minus where `allowNegative`. Answers cents, or the message.
 */
export function parseAmount(text: string, options: { allowNegative: boolean }): number | string {
  const match = /^(-)?(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  const hint = options.allowNegative ? "must be an amount like 1234.56 or -1234,56 (at most two decimals, no thousands separators)" : "must be a positive amount like 1234.56 or 1234,56 (at most two decimals, no thousands separators)";
  if (!match) return hint;
  if (match[1] && !options.allowNegative) return hint;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  if (cents === 0) return "must not be 0";
  if (cents > MAX_AMOUNT_CENTS) return "is larger than 10,000,000,000";
  return match[1] ? -cents : cents;
}

/** A calendar date as YYYY-MM-DD (ISO) or DD.MM.YYYY (German bookkeeping exports), 1900–2200. Answers YYYY-MM-DD or the message. */
export function parseBookingDate(text: string): { date: string } | string {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const german = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : german ? [german[3], german[2], german[1]] : null;
  if (!parts) return "must be a date like 2026-04-30 or 30.04.2026";
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return "is not a real calendar date";
  if (year < 1900 || year > 2200) return "must be a date from 1900 to 2200";
  return { date: `${parts[0]}-${parts[1]}-${parts[2]}` };
}

// ── the files ───────────────────────────────────────────────────────────────

export function readAccounts(table: CsvTable): Read<Account> {
  return readFile("accounts.csv", table, (cell, problems) => {
    const number = cell("account_number");
    const name = cell("name");
    const type = cell("type").toLowerCase();
    if (!ACCOUNT_NUMBER.test(number)) problems.push(["account_number", "must be 1 to 20 letters, digits, '.', '_' or '-', starting with a letter or digit"]);
    checkText(name, "name", MAX_NAME_LENGTH, problems);
    if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) problems.push(["type", `must be one of ${ACCOUNT_TYPES.join(", ")}`]);
    return { number, name, type: type as AccountType };
  }, { key: (account) => account.number, column: "account_number", twice: (number) => `account ${number} is listed twice` });
}

/** Bookings name accounts by number; each must be in accounts.csv (`accounts`), and the two must differ. */
export function readBookings(table: CsvTable, accounts: ReadonlySet<string>): Read<Booking> {
  return readFile("bookings.csv", table, (cell, problems, line) => {
    const date = parseBookingDate(cell("date"));
    if (typeof date === "string") problems.push(["date", date]);
    const debitAccount = cell("debit_account");
    const creditAccount = cell("credit_account");
    for (const [column, number] of [["debit_account", debitAccount], ["credit_account", creditAccount]] as const) {
      if (number !== "" && !accounts.has(number)) problems.push([column, `account ${clip(number)} is not in accounts.csv`]);
    }
    if (debitAccount !== "" && debitAccount === creditAccount) problems.push(["credit_account", "must differ from debit_account"]);
    const amount = parseAmount(cell("amount"), { allowNegative: false });
    if (typeof amount === "string") problems.push(["amount", amount]);
    const documentNumber = cell("document_number");
    const text = cell("text");
    checkText(documentNumber, "document_number", MAX_NAME_LENGTH, problems, { optional: true });
    checkText(text, "text", MAX_TEXT_LENGTH, problems, { optional: true });
    return { line, date: typeof date === "string" ? "" : date.date, debitAccount, creditAccount, amountCents: typeof amount === "string" ? 0 : amount, documentNumber, text };
  });
}

/** debtors.csv and creditors.csv: one open invoice or credit note per row. */
export function readOpenPositions(file: "debtors.csv" | "creditors.csv", table: CsvTable): Read<OpenPosition> {
  return readFile(file, table, (cell, problems, line) => {
    const number = cell("number");
    const name = cell("name");
    const documentNumber = cell("document_number");
    checkText(number, "number", 50, problems);
    checkText(name, "name", MAX_NAME_LENGTH, problems);
    checkText(documentNumber, "document_number", MAX_NAME_LENGTH, problems);
    const documentDate = parseBookingDate(cell("document_date"));
    if (typeof documentDate === "string") problems.push(["document_date", documentDate]);
    const dueText = cell("due_date");
    const dueDate = dueText === "" ? null : parseBookingDate(dueText);
    if (typeof dueDate === "string") problems.push(["due_date", dueDate]);
    const amount = parseAmount(cell("amount"), { allowNegative: true });
    if (typeof amount === "string") problems.push(["amount", amount]);
    return {
      line,
      number,
      name,
      documentNumber,
      documentDate: typeof documentDate === "string" ? "" : documentDate.date,
      dueDate: dueDate === null || typeof dueDate === "string" ? null : dueDate.date,
      amountCents: typeof amount === "string" ? 0 : amount,
    };
  });
}

// ── shared walk ─────────────────────────────────────────────────────────────

type RowProblems = [column: string | null, message: string][];
type CellOf = (column: string) => string;

/**
 * The common part of every file: the header must name every required column of the file (any
 * order, any case, extra columns ignored, each at most once); a row whose field count differs from the
 * header's is reported as a whole; required cells must not be empty. `read` checks the values.
 */
function readFile<T>(
  file: AccountingFileName,
  table: CsvTable,
  read: (cell: CellOf, problems: RowProblems, line: number) => T,
  unique?: { readonly key: (row: T) => string; readonly column: string; readonly twice: (key: string) => string },
): Read<T> {
  const spec = ACCOUNTING_FILES.find((candidate) => candidate.name === file)!;
  const header = table.header.map((name) => name.trim().toLowerCase());
  const problems: CsvProblem[] = [];
  const positions = new Map<string, number>();
  for (const [index, name] of header.entries()) {
    if (positions.has(name) && spec.columns.some((column) => column.name === name)) problems.push({ file, row: 1, column: name, message: "is in the header twice" });
    if (!positions.has(name)) positions.set(name, index);
  }
  const missing = spec.columns.filter((column) => column.required && !positions.has(column.name)).map((column) => column.name);
  if (missing.length > 0) problems.push({ file, row: 1, column: null, message: `the header lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` });
  if (problems.length > 0) return { rows: [], problems };

  const rows: T[] = [];
  const seen = new Map<string, number>();
  for (const record of table.records) {
    if (record.values.length !== header.length) {
      problems.push({ file, row: record.line, column: null, message: `has ${record.values.length} fields, the header ${header.length}` });
      continue;
    }
    // An optional column may be left out of the header: its cells are empty.
    const cell: CellOf = (name) => {
      const position = positions.get(name);
      return position === undefined ? "" : (record.values[position] ?? "").trim();
    };
    // An empty required cell is said once ("is empty"), not again by its format check.
    const empty = spec.columns.filter((column) => column.required && cell(column.name) === "").map((column) => column.name);
    const checks: RowProblems = [];
    const row = read(cell, checks, record.line);
    const reported: RowProblems = [...empty.map((column): [string, string] => [column, "is empty"]), ...checks.filter(([column]) => column === null || !empty.includes(column))];
    for (const [column, message] of reported) problems.push({ file, row: record.line, column, message });
    if (reported.length > 0) continue;
    if (unique) {
      const value = unique.key(row);
      const first = seen.get(value);
      if (first !== undefined) {
        problems.push({ file, row: record.line, column: unique.column, message: `${unique.twice(clip(value))} (first in row ${first})` });
        continue;
      }
      seen.set(value, record.line);
    }
    rows.push(row);
  }
  return { rows, problems };
}

function checkText(text: string, column: string, max: number, problems: RowProblems, options: { optional?: boolean } = {}) {
  if (text === "" && options.optional) return;
  if (text.length > max) problems.push([column, `must be at most ${max} characters`]);
}

/** Input quoted in a message is cut short: a message never carries a whole cell back. */
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
