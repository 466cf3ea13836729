import { fromSpreadsheetText } from "../exports/spreadsheet-text";
import { monthColumns, Problems, valueOf, type CheckedRow, type CheckedUpload, type CheckedValue, type NewFxRate } from "./check-parts";

/** The currency settings' rules for a code and a name (contracts/kpis CurrencyCode, CurrencyName). */
const CURRENCY_CODE = /^[A-Z]{3}$/;
const MAX_RATE_NAME = 100;

import { FX_CURRENCY_HEADERS, FX_NAME_HEADERS, isHeaderOneOf } from "./column-mapping";
import { cellAt, cellText, isBlank, type Sheet } from "./sheet";
import { BAD_CURRENCY_CODE, COLUMN_NOT_DATED, FX_RATE_LISTED_TWICE, NO_NAME_COLUMN, NO_RATE_NAME, NO_RATES, NO_RATES_FOR_NEW, NO_SUCH_FX_RATE, RATE_NAME_TOO_LONG, RATE_NOT_POSITIVE } from "./upload-texts";

/** A named FX rate of the company. */
export interface UploadFxRate {
  readonly id: number;
  readonly name: string;
}

/**
 * Checks an FX rate sheet (spec section 5): a row per named FX rate, by name, and a column per
 * date headed dd.mm.yyyy, each cell the rate from that date on (units of the rate's currency per
 * unit of the corporate currency). A row replaces the rate's dated values with its own, so what
 * the stored rates mean stays what the file says: a single column applies to all dates, and the
 * earliest date applies to earlier dates (domain/kpi/fx rateFor). Rates are monthly, like values.
 * A row without rates leaves its rate as it is (a named rate needs at least one dated rate).
 *
 * A name the company has no FX rate for creates one when the row gives its currency (a Currency
 * column, three capital letters) and at least one rate; the import creates it with its rates in the
 * same all-or-nothing transaction, and the row says so (`createsRate`). Without a currency the row
 * is an error: the rate could not be created, and a typo of an existing name must not silently
 * make a second rate.
 */
export function checkFxSheet(sheet: Sheet, rates: readonly UploadFxRate[]): CheckedUpload {
  const headers = sheet.header.cells.map((cell) => cellText(cell));
  const problems = new Problems();
  const nameColumn = headers.findIndex((header) => isHeaderOneOf(header, FX_NAME_HEADERS));
  const currencyColumn = headers.findIndex((header) => isHeaderOneOf(header, FX_CURRENCY_HEADERS));
  const base = { layout: "months-as-columns" as const, columns: headers, mapping: { id: null, name: nameColumn < 0 ? null : headers[nameColumn]!, date: null, value: null } };
  if (nameColumn < 0) {
    problems.add(sheet.header.number, null, "error", NO_NAME_COLUMN);
    const rows = sheet.rows.filter((row) => row.cells.some((cell) => !isBlank(cell)));
    return { ...base, problems: problems.sorted(), errors: problems.errors, warnings: problems.warnings, rows: rows.map((row) => ({ row: row.number, target: null, label: "", dimensionKey: "", valid: false, values: [], unchanged: 0 })) };
  }
  // Names compare regardless of case, as the currency settings keep them unique.
  const byName = new Map(rates.map((rate) => [rate.name.trim().toLowerCase(), rate] as const));
  const { months, unusable } = monthColumns(sheet, new Set([nameColumn, currencyColumn]), problems);
  const rows: Omit<CheckedRow, "valid">[] = [];
  for (const row of sheet.rows) {
    const name = fromSpreadsheetText(cellText(cellAt(row, nameColumn)));
    const filled = [...months.keys(), ...unusable].filter((column) => !isBlank(cellAt(row, column))).sort((a, b) => a - b);
    // A row without any rate changes nothing: a template row left empty is no row.
    if (filled.length === 0) continue;
    if (name === "") problems.add(row.number, nameColumn, "error", NO_RATE_NAME);
    const rate = name === "" ? undefined : byName.get(name.toLowerCase());
    let createsRate: NewFxRate | undefined;
    if (name !== "" && !rate) {
      const code = currencyColumn < 0 ? "" : cellText(cellAt(row, currencyColumn)).trim();
      if (code === "") problems.add(row.number, nameColumn, "error", NO_SUCH_FX_RATE(name));
      else if (!CURRENCY_CODE.test(code)) problems.add(row.number, currencyColumn, "error", BAD_CURRENCY_CODE(code));
      else if (name.length > MAX_RATE_NAME) problems.add(row.number, nameColumn, "error", RATE_NAME_TOO_LONG);
      else createsRate = { name, currency: code };
    }
    const values: CheckedValue[] = [];
    for (const column of filled) {
      const month = months.get(column);
      if (month === undefined) {
        problems.add(row.number, column, "error", COLUMN_NOT_DATED);
        continue;
      }
      const cell = cellAt(row, column);
      const input = valueOf(cell, "number");
      // "-" removes nothing here: a row states every dated rate its FX rate keeps.
      if (input.kind === "blank" || input.kind === "remove") continue;
      // A formula or an error cell says so; any other unusable rate gets the rate's own rule.
      if (input.kind === "invalid") problems.add(row.number, column, "error", cell.kind === "formula" || cell.kind === "unreadable" ? input.message : RATE_NOT_POSITIVE);
      else if (input.value <= 0) problems.add(row.number, column, "error", RATE_NOT_POSITIVE);
      else values.push({ month, value: input.value });
    }
    if (rate && values.length === 0 && !problems.hasError(row.number)) problems.add(row.number, nameColumn, "warning", NO_RATES(name));
    // A new rate needs a rate: without one there is nothing to create it with.
    if (createsRate && values.length === 0 && !problems.hasError(row.number)) problems.add(row.number, nameColumn, "error", NO_RATES_FOR_NEW(name));
    rows.push({ row: row.number, target: rate?.id ?? null, label: rate?.name ?? name, dimensionKey: "", values, unchanged: 0, ...(createsRate ? { createsRate } : {}) });
  }
  // One row per rate, existing (by id) or new (by name, regardless of case).
  const rowsOf = new Map<string, number[]>();
  for (const row of rows) {
    const key = row.target !== null ? `id:${row.target}` : row.createsRate ? `new:${row.createsRate.name.toLowerCase()}` : null;
    if (key !== null) rowsOf.set(key, [...(rowsOf.get(key) ?? []), row.row]);
  }
  for (const numbers of rowsOf.values()) {
    if (numbers.length < 2) continue;
    const name = rows.find((row) => row.row === numbers[0])!.label;
    for (const number of numbers) problems.add(number, nameColumn, "error", FX_RATE_LISTED_TWICE(name, numbers.filter((other) => other !== number)));
  }
  return { ...base, problems: problems.sorted(), errors: problems.errors, warnings: problems.warnings, rows: rows.map((row) => ({ ...row, valid: !problems.hasError(row.row) })) };
}
