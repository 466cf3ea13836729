import { test } from "uvu";
import * as assert from "uvu/assert";
import type { UploadProblem } from "../../../src/contracts/uploads";
import { rateFor } from "../../../src/domain/kpi/fx";
import { monthIndexOf } from "../../../src/domain/months";
import { checkFxSheet } from "../../../src/domain/uploads/check-fx-sheet";
import * as T from "../../../src/domain/uploads/upload-texts";
import { FORMULA, sheetOf, type CellInput } from "./sheet-helpers";

const RATES = [
  { id: 10, name: "USD" },
  { id: 11, name: "Swiss franc" },
];
const error = (row: number | null, column: string | null, message: string): UploadProblem => ({ row, column, severity: "error", message });
const warning = (row: number | null, column: string | null, message: string): UploadProblem => ({ row, column, severity: "warning", message });
const m = (date: string) => monthIndexOf(date);

interface Case {
  readonly name: string;
  readonly sheet: readonly (readonly CellInput[])[];
  readonly problems: readonly UploadProblem[];
  /** Per row: row number, target, valid, rates as [date, rate]. */
  readonly written?: readonly [number, number | null, boolean, readonly [string, number][]][];
}

const cases: Case[] = [
  {
    name: "a row per rate, a column per date; the currency column is for reference",
    sheet: [["FX rate", "Currency", "01.01.2026", "01.04.2026"], ["USD", "USD", 1.08, "1.1"], ["swiss franc", "CHF", 0.95, null]],
    problems: [],
    written: [[2, 10, true, [["2026-01-01", 1.08], ["2026-04-01", 1.1]]], [3, 11, true, [["2026-01-01", 0.95]]]],
  },
  {
    name: "a single column: one dated rate, which then applies to every date",
    sheet: [["FX rate", "01.06.2026"], ["USD", 1.2]],
    problems: [],
    written: [[2, 10, true, [["2026-06-01", 1.2]]]],
  },
  {
    name: "detailed errors: unknown rate, no name, zero, negative, words, a formula, the same rate twice",
    sheet: [["FX rate", "01.01.2026", "01.02.2026"], ["Yen", 150, null], [null, 1.1, null], ["USD", 0, -1], ["Swiss franc", "abc", FORMULA], ["Swiss franc", 0.9, null]],
    problems: [
      error(2, "A", T.NO_SUCH_FX_RATE("Yen")),
      error(3, "A", T.NO_RATE_NAME),
      error(4, "B", T.RATE_NOT_POSITIVE),
      error(4, "C", T.RATE_NOT_POSITIVE),
      error(5, "A", T.FX_RATE_LISTED_TWICE("Swiss franc", [6])),
      error(5, "B", T.RATE_NOT_POSITIVE),
      error(5, "C", T.FORMULA_CELL),
      error(6, "A", T.FX_RATE_LISTED_TWICE("Swiss franc", [5])),
    ],
  },
  {
    name: "header dates: dd.mm.yyyy, mid-month read as its month, the same month twice, not a date",
    sheet: [["FX rate", "15.01.2026", "01.01.2026", "2026-13-01"], ["USD", 1, 2, 3]],
    problems: [
      warning(1, "B", T.NOT_FIRST_OF_MONTH("15.01.2026", m("2026-01-01"))),
      error(1, "B", T.MONTH_TWICE(m("2026-01-01"), "C")),
      error(1, "C", T.MONTH_TWICE(m("2026-01-01"), "B")),
      error(1, "D", T.NOT_A_DATE("2026-13-01")),
      error(2, "B", T.COLUMN_NOT_DATED),
      error(2, "C", T.COLUMN_NOT_DATED),
      error(2, "D", T.COLUMN_NOT_DATED),
    ],
  },
  {
    name: "a rate without rates stays as it is; '-' is no rate",
    sheet: [["FX rate", "01.01.2026"], ["USD", "-"]],
    problems: [warning(2, "A", T.NO_RATES("USD"))],
    written: [[2, 10, true, []]],
  },
  {
    name: "a rate the company does not have yet is created when the row gives its currency and a rate",
    sheet: [["FX rate", "Currency", "01.01.2026", "01.04.2026"], ["Yen", "JPY", 160, 158.5], ["USD", "USD", 1.08, null]],
    problems: [],
    written: [[2, null, true, [["2026-01-01", 160], ["2026-04-01", 158.5]]], [3, 10, true, [["2026-01-01", 1.08]]]],
  },
  {
    name: "a new rate needs a currency code of three capitals and a rate; a new name twice is the same rate twice",
    sheet: [["FX rate", "Currency", "01.01.2026"], ["Yen", "", 160], ["Pound", "gbp", 0.85], ["Krone", "NOK", null], ["Rand", "ZAR", 20], ["rand", "ZAR", 21]],
    problems: [
      error(2, "A", T.NO_SUCH_FX_RATE("Yen")),
      error(3, "B", T.BAD_CURRENCY_CODE("gbp")),
      error(5, "A", T.FX_RATE_LISTED_TWICE("Rand", [6])),
      error(6, "A", T.FX_RATE_LISTED_TWICE("Rand", [5])),
    ],
    written: [[2, null, false, [["2026-01-01", 160]]], [3, null, false, [["2026-01-01", 0.85]]], [5, null, false, [["2026-01-01", 20]]], [6, null, false, [["2026-01-01", 21]]]],
  },
  {
    name: "no name column",
    sheet: [["Währung", "01.01.2026"], ["USD", 1]],
    problems: [error(1, null, T.NO_NAME_COLUMN)],
    written: [[2, null, false, []]],
  },
];

test("the FX sheet check as a table", () => {
  for (const item of cases) {
    const checked = checkFxSheet(sheetOf(item.sheet), RATES);
    assert.equal(checked.problems, item.problems, `${item.name}: problems`);
    if (item.written) {
      assert.equal(
        checked.rows.map((row) => [row.row, row.target, row.valid, row.values.map((value) => [`${Math.floor(value.month / 12)}-${String((value.month % 12) + 1).padStart(2, "0")}-01`, value.value])]),
        item.written,
        `${item.name}: rows`,
      );
    }
  }
});

test("a row that creates a rate says so: its name as written and its currency; existing rates do not", () => {
  const checked = checkFxSheet(sheetOf([["FX rate", "Currency", "01.01.2026"], ["Yen", "JPY", 160], ["usd", "EUR", 1.1]]), RATES);
  assert.equal(checked.rows.map((row) => row.createsRate ?? null), [{ name: "Yen", currency: "JPY" }, null]);
});

test("what an uploaded row means: the earliest date applies to earlier dates, a single column to all", () => {
  const [row] = checkFxSheet(sheetOf([["FX rate", "01.04.2026", "01.01.2026"], ["USD", 1.2, 1.1]]), RATES).rows;
  const rates = row!.values.map((value) => ({ validFrom: value.month, rate: value.value! }));
  assert.is(rateFor(rates, m("2025-06-01")), 1.1);
  assert.is(rateFor(rates, m("2026-02-01")), 1.1);
  assert.is(rateFor(rates, m("2026-09-01")), 1.2);
});

test.run();
