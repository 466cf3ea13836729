import ExcelJS from "exceljs";
import { openWorkbook, rowsOfFirstSheet } from "../../platform/files/workbook";
import { fromSpreadsheetText, spreadsheetText } from "../../../domain/exports/spreadsheet-text";

/** The columns of the users template, in order. Files without the last (Password) still read. */
export const TEMPLATE_COLUMNS = ["E-mail", "First name", "Last name", "Groups", "Password"] as const;
/** More rows than this is not a user list but a mistake (or an attack). */
export const TEMPLATE_MAX_ROWS = 1000;

export interface TemplateRow {
  readonly row: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly groups: readonly string[];
  /** Empty: the user chooses one from the welcome mail. */
  readonly password: string;
  /** What is wrong with the row as written (a formula where a value belongs). */
  readonly problems: readonly string[];
}

/** The workbook to fill in: the users sheet, and a sheet naming the company's groups. */
export async function buildUsersTemplate(groupNames: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Meridian";
  const users = workbook.addWorksheet("Users");
  users.columns = TEMPLATE_COLUMNS.map((header) => ({ header, key: header, width: header === "E-mail" ? 34 : 22 }));
  users.getRow(1).font = { bold: true };
  users.getCell(1, TEMPLATE_COLUMNS.length).note = "Optional. Leave it empty and the user chooses a password from the welcome mail. At least 12 characters, not a common one, not the user's name or e-mail.";
  users.addRow(["jane.doe@example.com", "Jane", "Doe", spreadsheetText(groupNames[0] ?? ""), ""]);
  const help = workbook.addWorksheet("Groups");
  help.addRow(["Groups of this company (separate several with commas)"]).font = { bold: true };
  // Group names are the company's own words: a name like "=HYPERLINK(…)" stays text.
  for (const name of groupNames) help.addRow([spreadsheetText(name)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export class TemplateUnreadable extends Error {}

/**
 * Reads the users sheet, stopping at the row limit; blank rows are skipped.
 * Throws TemplateUnreadable for anything that is not such a workbook.
 */
export async function readUsersTemplate(file: Buffer): Promise<TemplateRow[]> {
  const rows: TemplateRow[] = [];
  try {
    // The users sheet is the first one; the groups sheet after it is help.
    let header = true;
    for (const row of rowsOfFirstSheet(await openWorkbook(file))) {
      if (header) {
        header = false;
        const names = [1, 2, 3, 4].map((column) => cellText(row.getCell(column).value));
        if (names[0]?.toLowerCase() !== "e-mail") throw new TemplateUnreadable("The first row must be the template's header (E-mail, First name, Last name, Groups, Password).");
        continue;
      }
      // A formula's cached result is whatever the file's author made it say: only values are read.
      const problems = TEMPLATE_COLUMNS.filter((_name, index) => isFormula(row.getCell(index + 1).value)).map((name) => `The ${name} cell holds a formula; type the value itself.`);
      const [email, firstName, lastName, groups] = [1, 2, 3, 4].map((column) => cellText(row.getCell(column).value));
      // A password is taken as typed: spaces at either end are part of it.
      const password = rawText(row.getCell(5).value);
      if (!email && !firstName && !lastName && !groups && !password) continue;
      if (rows.length >= TEMPLATE_MAX_ROWS) throw new TemplateUnreadable(`The file has more than ${TEMPLATE_MAX_ROWS} users; split it into several files.`);
      rows.push({
        row: row.number,
        email: (email ?? "").toLowerCase(),
        firstName: firstName ?? "",
        lastName: lastName ?? "",
        groups: (groups ?? "").split(",").map((name) => fromSpreadsheetText(name.trim())).filter(Boolean),
        password,
        problems,
      });
    }
  } catch (error) {
    if (error instanceof TemplateUnreadable) throw error;
    throw new TemplateUnreadable("The file is not a valid Excel workbook (.xlsx).");
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  return rawText(value).trim();
}

const isFormula = (value: ExcelJS.CellValue) => typeof value === "object" && value !== null && ("formula" in value || "sharedFormula" in value);

function rawText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined || isFormula(value)) return "";
  if (typeof value === "object") {
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if (value instanceof Date) return value.toISOString();
    return "";
  }
  return String(value);
}
