import ExcelJS from "exceljs";
import { Readable } from "node:stream";

/** The columns of the users template, in order. */
export const TEMPLATE_COLUMNS = ["E-mail", "First name", "Last name", "Groups"] as const;
/** More rows than this is not a user list but a mistake (or an attack). */
export const TEMPLATE_MAX_ROWS = 1000;

export interface TemplateRow {
  readonly row: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly groups: readonly string[];
}

/** The workbook to fill in: the users sheet, and a sheet naming the company's groups. */
export async function buildUsersTemplate(groupNames: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Meridian";
  const users = workbook.addWorksheet("Users");
  users.columns = TEMPLATE_COLUMNS.map((header) => ({ header, key: header, width: header === "E-mail" ? 34 : 22 }));
  users.getRow(1).font = { bold: true };
  users.addRow(["jane.doe@example.com", "Jane", "Doe", groupNames[0] ?? ""]);
  const help = workbook.addWorksheet("Groups");
  help.addRow(["Groups of this company (separate several with commas)"]).font = { bold: true };
  for (const name of groupNames) help.addRow([name]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export class TemplateUnreadable extends Error {}

/**
 * Reads the users sheet by streaming, stopping after the row limit; blank rows are skipped.
 * Throws TemplateUnreadable for anything that is not such a workbook.
 */
export async function readUsersTemplate(file: Buffer): Promise<TemplateRow[]> {
  const rows: TemplateRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), { sharedStrings: "cache", worksheets: "emit", hyperlinks: "ignore", styles: "ignore", entries: "ignore" });
    for await (const sheet of reader) {
      let header = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (header) {
          header = false;
          const names = [1, 2, 3, 4].map((column) => cellText(row.getCell(column).value));
          if (names[0]?.toLowerCase() !== "e-mail") throw new TemplateUnreadable("The first row must be the template's header (E-mail, First name, Last name, Groups).");
          continue;
        }
        const [email, firstName, lastName, groups] = [1, 2, 3, 4].map((column) => cellText(row.getCell(column).value));
        if (!email && !firstName && !lastName && !groups) continue;
        if (rows.length >= TEMPLATE_MAX_ROWS) throw new TemplateUnreadable(`The file has more than ${TEMPLATE_MAX_ROWS} users; split it into several files.`);
        rows.push({
          row: row.number,
          email: (email ?? "").toLowerCase(),
          firstName: firstName ?? "",
          lastName: lastName ?? "",
          groups: (groups ?? "").split(",").map((name) => name.trim()).filter(Boolean),
        });
      }
      break; // the users sheet is the first one
    }
  } catch (error) {
    if (error instanceof TemplateUnreadable) throw error;
    throw new TemplateUnreadable("The file is not a valid Excel workbook (.xlsx).");
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    if ("text" in value && typeof value.text === "string") return value.text.trim();
    if ("richText" in value) return value.richText.map((part) => part.text).join("").trim();
    if ("result" in value) return String(value.result ?? "").trim();
  }
  return String(value).trim();
}
