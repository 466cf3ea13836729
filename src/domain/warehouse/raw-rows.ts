import { fromSpreadsheetText } from "../exports/spreadsheet-text";
import { INVALID_NUMBER, parseNumberInput } from "../kpi/number-input";
import type { IsoDate } from "./dates";
import type { Deal, Employee, Product, RawDataKind, SalesTarget } from "./records";
import { DEAL_STAGES, STAGE_LABEL, stageFromText } from "./stages";

/**
 * Reading an uploaded file's rows into raw data records, one kind per file. The first row names
 * the columns (any order, any case; unknown columns are ignored). What cannot be read is a
 * problem of its row and column, and an upload with any problem writes nothing. What can be read
 * but breaks a business rule (a negative amount, dates out of order) is kept and shown among the
 * data issues instead (data-rules.ts).
 */

/** The columns of each kind, in the template's order; `required` ones must be in the first row and filled in. */
export const RAW_DATA_COLUMNS: Readonly<Record<RawDataKind, readonly { readonly name: string; readonly required: boolean; readonly help: string }[]>> = {
  deals: [
    { name: "Deal ID", required: true, help: "The CRM's id of the deal, unique in the file" },
    { name: "Name", required: false, help: "The deal's name" },
    { name: "Customer", required: false, help: "The customer's name" },
    { name: "Owner ID", required: false, help: "The Employee ID of the deal's owner" },
    { name: "Product ID", required: false, help: "The Product ID of what is sold" },
    { name: "Stage", required: false, help: DEAL_STAGES.map((stage) => STAGE_LABEL[stage]).join(", ") },
    { name: "Amount", required: false, help: "The deal size in the company's currency; a recurring deal's whole contract value" },
    { name: "Cost", required: false, help: "What delivering it costs" },
    { name: "Recurring months", required: false, help: "A recurring contract's length in months; empty for a one-off deal" },
    { name: "Created", required: true, help: "When the lead came in" },
    { name: "MQL date", required: false, help: "When it became a marketing qualified lead" },
    { name: "SQL date", required: false, help: "When it became a sales qualified lead" },
    { name: "Proposal date", required: false, help: "When the proposal went out" },
    { name: "Negotiation date", required: false, help: "When negotiation began" },
    { name: "Expected close", required: false, help: "When it is expected to close" },
    { name: "Closed", required: false, help: "When it was won or lost" },
  ],
  employees: [
    { name: "Employee ID", required: true, help: "Unique in the file" },
    { name: "Name", required: true, help: "Full name" },
    { name: "Department", required: false, help: "Department" },
    { name: "Hired", required: true, help: "First day of employment" },
    { name: "Left", required: false, help: "Last day of employment; empty while employed" },
    { name: "FTE", required: false, help: "Full-time equivalent above 0 and at most 1; empty is 1" },
  ],
  products: [
    { name: "Product ID", required: true, help: "Unique in the file" },
    { name: "Name", required: true, help: "The product's name" },
    { name: "Category", required: false, help: "Product category" },
    { name: "Price", required: false, help: "List price of one unit or one year" },
    { name: "Unit cost", required: false, help: "What one unit costs to deliver" },
  ],
  "sales-targets": [
    { name: "Month", required: true, help: "The month, as 2026-04 or 04.2026; once each" },
    { name: "Target", required: true, help: "The value of deals to win in the month" },
  ],
};

/** A cell that could not be read: `row` counts the file's lines as a spreadsheet does (the header is row 1). */
export interface RowProblem {
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

export const problemText = (problem: RowProblem) => (problem.row === 0 ? problem.message : `Row ${problem.row}, ${problem.column}: ${problem.message}`);

export type RawRecord<K extends RawDataKind> = K extends "deals" ? Deal : K extends "employees" ? Employee : K extends "products" ? Product : SalesTarget;

export interface ReadRows<K extends RawDataKind> {
  readonly records: RawRecord<K>[];
  readonly problems: RowProblem[];
}

/** The most characters a text cell keeps (names, customers, departments). */
export const MAX_TEXT = 200;
/** The most characters an id takes. */
export const MAX_ID = 100;

/**
 * Reads `lines` (the file's rows as cells, the first naming the columns) as records of `kind`.
 * `lineNumbers[i]` is the row number of `lines[i]` in the file (blank lines are left out before).
 */
export function readRawRows<K extends RawDataKind>(kind: K, lines: readonly (readonly string[])[], lineNumbers: readonly number[]): ReadRows<K> {
  const [header, ...body] = lines;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const columns = RAW_DATA_COLUMNS[kind];
  const missing = columns.filter((column) => column.required && !names.includes(column.name.toLowerCase()));
  if (missing.length > 0) {
    const message = `The first row must name the columns; ${missing.map((column) => column.name).join(", ")} ${missing.length === 1 ? "is" : "are"} missing. The columns are: ${columns.map((column) => column.name).join(", ")}.`;
    return { records: [], problems: [{ row: 0, column: "", message }] };
  }
  const doubled = columns.find((column) => names.filter((name) => name === column.name.toLowerCase()).length > 1);
  if (doubled) return { records: [], problems: [{ row: 0, column: "", message: `The first row names the column ${doubled.name} twice.` }] };
  const index = new Map(columns.map((column) => [column.name, names.indexOf(column.name.toLowerCase())] as const));
  const records: RawRecord<K>[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, position) => {
    const row = lineNumbers[position + 1] ?? position + 2;
    const cell = new CellReader(cells, index, row, problems);
    const record = READERS[kind](cell) as RawRecord<K>;
    const key = kind === "sales-targets" ? (record as SalesTarget).month : (record as Deal | Employee | Product).key;
    const idColumn = columns[0]!.name;
    if (key && seen.has(key)) cell.problem(idColumn, `${quote(key)} is listed twice (first in row ${seen.get(key)}).`);
    else if (key) seen.set(key, row);
    records.push(record);
  });
  if (body.length === 0) problems.push({ row: 0, column: "", message: "The file has no rows below its header." });
  return { records, problems };
}

const READERS: Readonly<Record<RawDataKind, (cell: CellReader) => Deal | Employee | Product | SalesTarget>> = {
  deals: (cell): Deal => ({
    key: cell.id("Deal ID"),
    name: cell.text("Name") ?? "",
    customer: cell.text("Customer") ?? "",
    ownerKey: cell.text("Owner ID", MAX_ID),
    productKey: cell.text("Product ID", MAX_ID),
    stage: cell.stage("Stage"),
    amount: cell.number("Amount"),
    cost: cell.number("Cost"),
    recurringMonths: cell.wholeNumber("Recurring months", 1, 120, "must be a whole number of months from 1 to 120"),
    createdOn: cell.date("Created", true) ?? "",
    mqlOn: cell.date("MQL date"),
    sqlOn: cell.date("SQL date"),
    proposalOn: cell.date("Proposal date"),
    negotiationOn: cell.date("Negotiation date"),
    expectedCloseOn: cell.date("Expected close"),
    closedOn: cell.date("Closed"),
  }),
  employees: (cell): Employee => ({
    key: cell.id("Employee ID"),
    name: cell.text("Name", MAX_TEXT, true) ?? "",
    department: cell.text("Department"),
    hiredOn: cell.date("Hired", true) ?? "",
    leftOn: cell.date("Left"),
    fte: cell.number("FTE") ?? 1,
  }),
  products: (cell): Product => ({
    key: cell.id("Product ID"),
    name: cell.text("Name", MAX_TEXT, true) ?? "",
    category: cell.text("Category"),
    price: cell.number("Price"),
    unitCost: cell.number("Unit cost"),
  }),
  "sales-targets": (cell): SalesTarget => ({ month: cell.month("Month") ?? "", amount: cell.number("Target", true) ?? 0 }),
};

/** Reads the cells of one row by column name, noting every problem with its row and column. */
class CellReader {
  constructor(
    private readonly cells: readonly string[],
    private readonly index: ReadonlyMap<string, number>,
    private readonly row: number,
    private readonly problems: RowProblem[],
  ) {}

  problem(column: string, message: string) {
    this.problems.push({ row: this.row, column, message });
  }

  /** The cell as written, trimmed; an exported formula-like text loses its protecting apostrophe. */
  raw(column: string): string {
    const at = this.index.get(column) ?? -1;
    return at < 0 ? "" : fromSpreadsheetText((this.cells[at] ?? "").trim());
  }

  private filled(column: string, required: boolean): string | null {
    const text = this.raw(column);
    if (text !== "") return text;
    if (required) this.problem(column, "This field is required.");
    return null;
  }

  id(column: string): string {
    return this.text(column, MAX_ID, true) ?? "";
  }

  text(column: string, max = MAX_TEXT, required = false): string | null {
    const text = this.filled(column, required);
    if (text !== null && text.length > max) {
      this.problem(column, `must be at most ${max} characters.`);
      return null;
    }
    return text;
  }

  number(column: string, required = false): number | null {
    const text = this.filled(column, required);
    if (text === null || text === "-") return null;
    const parsed = parseNumberInput(text, "number");
    if (parsed.kind === "value") return parsed.value;
    this.problem(column, `${quote(text)}: ${INVALID_NUMBER}`);
    return null;
  }

  wholeNumber(column: string, min: number, max: number, message: string): number | null {
    const value = this.number(column);
    if (value === null || (Number.isInteger(value) && value >= min && value <= max)) return value;
    this.problem(column, `${message}.`);
    return null;
  }

  date(column: string, required = false): IsoDate | null {
    const text = this.filled(column, required);
    if (text === null) return null;
    const date = dateFromText(text);
    if (date === null) this.problem(column, `${quote(text)} is not a date: write 2026-04-30 or 30.04.2026.`);
    return date;
  }

  month(column: string): string | null {
    const text = this.filled(column, true);
    if (text === null) return null;
    const month = monthFromText(text);
    if (month === null) this.problem(column, `${quote(text)} is not a month: write 2026-04 or 04.2026.`);
    return month;
  }

  stage(column: string): Deal["stage"] {
    const text = this.filled(column, false);
    if (text === null) return null;
    const stage = stageFromText(text);
    if (stage === null) this.problem(column, `${quote(text)} is not a stage: use ${DEAL_STAGES.map((candidate) => STAGE_LABEL[candidate]).join(", ")}.`);
    return stage;
  }
}

/** A date written 2026-04-30 or 30.04.2026 (the spec's dd.mm.yyyy), a real one from 1900 to 2200; null otherwise. */
export function dateFromText(text: string): IsoDate | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2200 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A month written 2026-04, 04.2026 or as any date in it; its first day, or null. */
export function monthFromText(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})$/.exec(text);
  const dotted = /^(\d{1,2})\.(\d{4})$/.exec(text);
  if (iso || dotted) {
    const [year, month] = iso ? [Number(iso[1]), Number(iso[2])] : [Number(dotted![2]), Number(dotted![1])];
    return year >= 1900 && year <= 2200 && month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, "0")}-01` : null;
  }
  const date = dateFromText(text);
  return date === null ? null : `${date.slice(0, 7)}-01`;
}

/** At most 40 characters of a cell, quoted, for a message that must name it. */
function quote(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  return `"${clean.length > 40 ? `${clean.slice(0, 39)}…` : clean}"`;
}
