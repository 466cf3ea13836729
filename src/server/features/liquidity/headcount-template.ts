import ExcelJS from "exceljs";
import { EMPLOYMENT_TYPES, IMPORT_NOT_WORKBOOK } from "../../../contracts/liquidity";
import { fromSpreadsheetText, spreadsheetText } from "../../../domain/exports/spreadsheet-text";
import { openWorkbook, rowsOfFirstSheet } from "../../platform/files/workbook";

/**
 * The headcount template (xlsx): one row per employee or open position. Salary increases are
 * entered on the screen, not in the file. Dates are Excel dates or text YYYY-MM-DD; "Open
 * position" is yes or no; an empty employer cost rate takes the scenario's.
 */
export const HEADCOUNT_COLUMNS = [
  ["employeeId", "Employee ID"],
  ["fullName", "Full name"],
  ["employmentType", "Employment type"],
  ["department", "Department"],
  ["role", "Role"],
  ["weeklyHours", "Weekly hours"],
  ["fixSalary", "Fix salary (annual)"],
  ["hireDate", "Hire date"],
  ["terminationDate", "Termination date"],
  ["costCenter", "Cost center"],
  ["openPosition", "Open position"],
  ["employerCostRate", "Employer cost rate (%)"],
] as const;
export const HEADCOUNT_MAX_ROWS = 5000;

export class HeadcountFileRefused extends Error {}

export async function buildHeadcountTemplate(departmentNames: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Meridian";
  const sheet = workbook.addWorksheet("Headcount");
  sheet.columns = HEADCOUNT_COLUMNS.map(([key, header]) => ({ header, key, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(["E-001", "Jane Doe", "full_time", spreadsheetText(departmentNames[0] ?? ""), "Engineer", 40, 72000, "2026-01-01", "", "CC-100", "no", ""]);
  const help = workbook.addWorksheet("Lists");
  help.addRow(["Employment types", "Departments"]).font = { bold: true };
  const length = Math.max(EMPLOYMENT_TYPES.length, departmentNames.length);
  for (let index = 0; index < length; index++) help.addRow([EMPLOYMENT_TYPES[index] ?? "", spreadsheetText(departmentNames[index] ?? "")]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface HeadcountFileRow {
  readonly row: number;
  /** The cells as the contract's fields (department by name); the decoding judges them. */
  readonly fields: Record<string, unknown>;
  readonly problems: readonly string[];
}

/** The filled-in rows (blank ones skipped); HeadcountFileRefused for what is not the template. */
export async function readHeadcountFile(bytes: Buffer): Promise<HeadcountFileRow[]> {
  const rows: HeadcountFileRow[] = [];
  try {
    let header = true;
    for (const row of rowsOfFirstSheet(await openWorkbook(bytes))) {
      if (header) {
        header = false;
        if (text(row.getCell(2).value).toLowerCase() !== "full name") throw new HeadcountFileRefused(IMPORT_NOT_WORKBOOK);
        continue;
      }
      const cells = HEADCOUNT_COLUMNS.map((_, index) => row.getCell(index + 1).value);
      if (cells.every((cell) => text(cell) === "")) continue;
      if (rows.length >= HEADCOUNT_MAX_ROWS) throw new HeadcountFileRefused(`The file has more than ${HEADCOUNT_MAX_ROWS} rows.`);
      const problems = HEADCOUNT_COLUMNS.filter((_, index) => isFormula(cells[index])).map(([, header]) => `${header}: the cell holds a formula; type the value itself.`);
      const value = (key: (typeof HEADCOUNT_COLUMNS)[number][0]) => cells[HEADCOUNT_COLUMNS.findIndex(([each]) => each === key)];
      const optionalText = (key: (typeof HEADCOUNT_COLUMNS)[number][0]) => fromSpreadsheetText(text(value(key))) || null;
      const open = text(value("openPosition")).toLowerCase();
      if (!["", "yes", "no", "true", "false", "1", "0"].includes(open)) problems.push("Open position: write yes or no.");
      rows.push({
        row: row.number,
        fields: {
          employeeId: optionalText("employeeId"),
          fullName: fromSpreadsheetText(text(value("fullName"))),
          employmentType: text(value("employmentType")).toLowerCase().replaceAll(" ", "_").replaceAll("-", "_"),
          department: fromSpreadsheetText(text(value("department"))),
          role: fromSpreadsheetText(text(value("role"))),
          weeklyHours: numberOf(value("weeklyHours")),
          fixSalary: numberOf(value("fixSalary")),
          hireDate: dateOf(value("hireDate")),
          terminationDate: dateOf(value("terminationDate")),
          costCenter: fromSpreadsheetText(text(value("costCenter"))),
          openPosition: open === "yes" || open === "true" || open === "1",
          employerCostRate: text(value("employerCostRate")) === "" ? null : numberOf(value("employerCostRate")),
        },
        problems,
      });
    }
  } catch (error) {
    if (error instanceof HeadcountFileRefused) throw error;
    throw new HeadcountFileRefused(IMPORT_NOT_WORKBOOK);
  }
  return rows;
}

const isFormula = (value: ExcelJS.CellValue) => typeof value === "object" && value !== null && ("formula" in value || "sharedFormula" in value);

function text(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined || isFormula(value)) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("text" in value && typeof value.text === "string") return value.text.trim();
    if ("richText" in value) return value.richText.map((part) => part.text).join("").trim();
    return "";
  }
  return String(value).trim();
}

/** A number cell, or the text as typed (the contract then says what is wrong with it). */
function numberOf(value: ExcelJS.CellValue): unknown {
  if (typeof value === "number") return value;
  const written = text(value);
  if (written === "") return undefined;
  const parsed = Number(written.replace(",", "."));
  return Number.isFinite(parsed) ? parsed : written;
}

function dateOf(value: ExcelJS.CellValue): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const written = text(value);
  return written === "" ? null : written;
}
