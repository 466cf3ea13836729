import { monthLabel, type MonthIndex } from "../months";

/**
 * Every message of the upload check and import, in one place so the server, the screen and the
 * tests share the words. A message that names the file's text quotes at most 80 characters.
 */

const quote = (text: string) => `'${text.length > 80 ? `${text.slice(0, 80)}…` : text}'`;

// ── the file as a whole (400: nothing is stored) ───────────────────────────
export const UNSUPPORTED_FILE = "Upload an Excel workbook (.xlsx) or a CSV file (.csv).";
export const EMPTY_FILE = "The file has no rows: the first row must be the template's header.";
export const TOO_MANY_ROWS = (max: number) => `The file has more than ${max} rows; split it into several files.`;
export const TOO_MANY_COLUMNS = (max: number) => `The file has more than ${max} columns.`;
export const TOO_MANY_CELLS = (max: number) => `The file has more than ${max.toLocaleString("en-US")} filled cells; split it into several files.`;
export const CSV_UNREADABLE = (line: number | null) => `The CSV file could not be read${line ? ` near line ${line}` : ""}: check its quotes and separators.`;
export const NO_ACTIVE_FORECAST = "There is no active forecast to upload into: activate one under Forecasting first.";
export const FORECAST_UPLOAD_FORBIDDEN = "You don't have permission to change forecasts.";
export const FX_UPLOAD_FORBIDDEN = "You don't have permission to change FX rates.";

// ── the header row ─────────────────────────────────────────────────────────
export const NO_ID_COLUMN = "No column holds the KPI IDs: head it 'ID' as in the template, or choose it under Columns.";
export const NO_DATE_COLUMN = "No column holds the dates: head it 'Date' as in the template, or choose it under Columns.";
export const NO_VALUE_COLUMN = "No column holds the values: head it 'Value' as in the template, or choose it under Columns.";
export const NO_NAME_COLUMN = "No column holds the FX rate names: head it 'FX rate' as in the template.";
export const NO_MONTH_COLUMNS = "No column is headed with a date: the months are columns headed dd.mm.yyyy, such as 01.04.2026.";
export const NOT_A_DATE = (text: string) => (text ? `${quote(text)} is not a date: write dd.mm.yyyy, such as 01.04.2026.` : "This is not a date: write dd.mm.yyyy, such as 01.04.2026.");
export const NOT_FIRST_OF_MONTH = (text: string, month: MonthIndex) => `${quote(text)} is read as ${monthLabel(month)}: values are monthly.`;
export const MONTH_TWICE = (month: MonthIndex, otherColumn: string) => `${monthLabel(month)} is also the month of column ${otherColumn}: give each month one column.`;
export const COLUMN_IGNORED = (header: string) => `The column ${quote(header)} is not a date and is ignored.`;
export const DIMENSIONS_IGNORED = (header: string) => `The column ${quote(header)} is ignored: values by dimension are uploaded as "Actuals by dimension".`;

// ── rows and cells ─────────────────────────────────────────────────────────
export const NO_KPI_ID = "The row has values but no KPI ID.";
export const NOT_A_KPI_ID = (text: string) => `${quote(text)} is not a KPI ID: the ID is the whole number in the template's ID column.`;
export const NO_SUCH_KPI = (id: number) => `There is no KPI with the ID ${id}.`;
export const KPI_CALCULATED = (name: string) => `${name} is calculated from its formula; its values cannot be uploaded.`;
export const KPI_NOT_WRITABLE = (name: string) => `You don't have permission to change values of ${name}.`;
export const NAME_DIFFERS = (given: string, name: string) => `The name ${quote(given)} is not the KPI's name '${name}'; the ID decides.`;
export const KPI_LISTED_TWICE = (id: number, rows: readonly number[]) => `KPI ${id} is also in row ${rows.join(", ")}: list each KPI once.`;
export const VALUE_LISTED_TWICE = (rows: readonly number[]) => `Row ${rows.join(", ")} has the same KPI, month and dimensions: keep one of them.`;
export const FORMULA_CELL = "The cell holds a formula; type the value itself.";
export const UNREADABLE_CELL = "The cell holds an error or no readable value.";
export const COLUMN_NOT_DATED = "The column's header is not a usable date (see row 1), so this value has no month.";
export const MONTH_NOT_ENDED = (month: MonthIndex) => `${monthLabel(month)} has not ended yet: check that this is an actual.`;
export const NO_DATE = "The row has a value but no date.";
export const NO_VALUE = "The row has no value and is left out.";
export const NO_DIMENSION = "The row names no dimension: a value without dimensions is the KPI's own actual; upload it as Reporting actuals.";
export const DIMENSION_TOO_LONG = (max: number) => `A dimension value has at most ${max} characters.`;
export const NO_RATE_NAME = "The row has rates but no FX rate name.";
export const NO_SUCH_FX_RATE = (name: string) => `There is no FX rate named ${quote(name)} yet. To create it, give its currency in a Currency column (a three-letter code such as USD).`;
export const BAD_CURRENCY_CODE = (code: string) => `${quote(code)} is not a currency code: enter three capital letters, such as USD.`;
export const NO_RATES_FOR_NEW = (name: string) => `No rate is given for the new FX rate ${quote(name)}: give at least one to create it.`;
export const RATE_NAME_TOO_LONG = "An FX rate's name has at most 100 characters.";
export const FX_RATE_LISTED_TWICE = (name: string, rows: readonly number[]) => `${quote(name)} is also in row ${rows.join(", ")}: list each FX rate once.`;
export const RATE_NOT_POSITIVE = "An FX rate is a number above 0, in English format such as 1.0825.";
export const NO_RATES = (name: string) => `No rate is given for ${quote(name)}: it stays as it is.`;

// ── import ─────────────────────────────────────────────────────────────────
export const HAS_ERRORS = "The file has errors, so nothing was imported: correct the rows listed and upload it again, or import only the valid rows.";
export const NOTHING_VALID = "No row of the file can be imported: correct the rows listed and upload it again.";
export const ALREADY_IMPORTED = "This upload was already imported.";
export const CHECK_OUTDATED = "The KPIs, your permissions or the active forecast changed since the check: upload the file again to check it.";
