import { FIRST_YEAR, LAST_YEAR } from "../../contracts/fields";
import { calendarMonthOf, type MonthIndex } from "../months";
import type { SheetCell } from "./sheet";
import { NOT_A_DATE } from "./upload-texts";

/**
 * Dates in uploads (spec section 5: the columns are dated dd.mm.yyyy). A date names the month it
 * falls in: values and rates are monthly. A date that is not the first of its month still names
 * its month, and the check says so as a warning (`exact` false), since "15.04.2026" is more
 * likely a typed date than a wish for another month.
 */
export type UploadDate = { readonly kind: "month"; readonly month: MonthIndex; readonly exact: boolean } | { readonly kind: "invalid"; readonly message: string };

const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A header or date cell: dd.mm.yyyy text (or YYYY-MM-DD, as CSV exports write it) or a date cell. */
export function uploadDateOf(cell: SheetCell): UploadDate {
  if (cell.kind === "date") return fromParts(cell.date, ...isoParts(cell.date));
  if (cell.kind !== "text") return { kind: "invalid", message: NOT_A_DATE(cell.kind === "number" ? String(cell.value) : "") };
  const text = cell.text.trim();
  const dotted = DOTTED.exec(text);
  if (dotted) return fromParts(text, Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  if (ISO.test(text)) return fromParts(text, ...isoParts(text));
  return { kind: "invalid", message: NOT_A_DATE(text) };
}

/** The first day of a month as the templates write it: "01.04.2026". */
export function dottedDateOf(month: MonthIndex): string {
  return `01.${String(calendarMonthOf(month)).padStart(2, "0")}.${Math.floor(month / 12)}`;
}

function isoParts(text: string): [number, number, number] {
  const match = ISO.exec(text)!;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function fromParts(text: string, year: number, month: number, day: number): UploadDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < FIRST_YEAR || year > LAST_YEAR) return { kind: "invalid", message: NOT_A_DATE(text) };
  return { kind: "month", month: year * 12 + month - 1, exact: day === 1 };
}
