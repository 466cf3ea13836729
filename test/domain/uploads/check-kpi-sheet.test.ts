import { test } from "uvu";
import * as assert from "uvu/assert";
import type { UploadProblem } from "../../../src/contracts/uploads";
import { INVALID_BINARY, INVALID_NUMBER, INVALID_POSITION, INVALID_SHORTHAND } from "../../../src/domain/kpi/number-input";
import { monthIndexOf } from "../../../src/domain/months";
import { checkKpiSheet, type KpiSheetOptions, type UploadKpi } from "../../../src/domain/uploads/check-kpi-sheet";
import { MAX_LISTED_PROBLEMS } from "../../../src/domain/uploads/check-parts";
import { NO_MAPPING } from "../../../src/domain/uploads/column-mapping";
import * as T from "../../../src/domain/uploads/upload-texts";
import { FORMULA, percentCell, sheetOf, type CellInput } from "./sheet-helpers";

const kpi = (id: number, name: string, unit: string, options: Partial<UploadKpi> = {}): UploadKpi => ({ id, name, unit, calculated: false, readable: true, writable: true, ...options });
const KPIS = new Map(
  [
    kpi(1, "Revenue", "currency"),
    kpi(2, "Margin", "percentage"),
    kpi(3, "Gross profit", "currency", { calculated: true }),
    kpi(4, "Cash", "currency", { writable: false }),
    kpi(5, "Salaries", "currency", { readable: false, writable: false }),
    kpi(6, "Churned", "binary"),
    kpi(7, "Headcount", "positions"),
    kpi(8, "Lead time", "days"),
  ].map((item) => [item.id, item] as const),
);
const options = (overrides: Partial<KpiSheetOptions> = {}): KpiSheetOptions => ({ type: "planning", kpis: KPIS, currentMonth: monthIndexOf("2026-06-01"), mapping: NO_MAPPING, ...overrides });
const error = (row: number | null, column: string | null, message: string): UploadProblem => ({ row, column, severity: "error", message });
const warning = (row: number | null, column: string | null, message: string): UploadProblem => ({ row, column, severity: "warning", message });
const HEADER = ["ID", "KPI", "01.04.2026", "01.05.2026"];
const m = (date: string) => monthIndexOf(date);

/** One case: the data rows under HEADER (or a sheet of its own) → problems and what the rows write. */
interface Case {
  readonly name: string;
  readonly rows: readonly (readonly CellInput[])[];
  readonly header?: readonly CellInput[];
  readonly options?: Partial<KpiSheetOptions>;
  readonly problems: readonly UploadProblem[];
  /** Per checked row: row number, valid, values as [date, value]. */
  readonly written?: readonly [number, boolean, readonly [string, number | null][]][];
}

const cases: Case[] = [
  {
    name: "a clean row writes its months; '-' removes; an empty cell changes nothing",
    rows: [[1, "Revenue", 1200, "-"], [7, "Headcount", null, null], [8, "Lead time", "2w", null]],
    problems: [error(4, "C", INVALID_SHORTHAND)],
    written: [[2, true, [["2026-04-01", 1200], ["2026-05-01", null]]], [4, false, []]],
  },
  {
    name: "the product's number rules: English format, shorthands, binary, positions, percentage cells",
    rows: [[1, "Revenue", "1,234.5", "1.5k"], [2, "Margin", percentCell(0.125), "12.5%"], [6, "Churned", 2, 1], [7, "Headcount", 3.5, "12,5"], [8, "Lead time", "1y", "1.234,5"]],
    problems: [error(4, "C", INVALID_BINARY), error(5, "C", INVALID_POSITION), error(5, "D", INVALID_NUMBER), error(6, "D", INVALID_NUMBER)],
    written: [[2, true, [["2026-04-01", 1234.5], ["2026-05-01", 1500]]], [3, true, [["2026-04-01", 12.5], ["2026-05-01", 12.5]]], [4, false, [["2026-05-01", 1]]], [5, false, []], [6, false, [["2026-04-01", 365.25]]]],
  },
  {
    name: "unknown, unreadable, calculated and not writable KPIs are refused by row (an unreadable one is 'no such KPI')",
    rows: [[99, "", 1, 2], [5, "Salaries", 1, 2], [3, "Gross profit", 1, 2], [4, "Cash", 1, 2]],
    problems: [error(2, "A", T.NO_SUCH_KPI(99)), error(3, "A", T.NO_SUCH_KPI(5)), error(4, "A", T.KPI_CALCULATED("Gross profit")), error(5, "A", T.KPI_NOT_WRITABLE("Cash"))],
  },
  {
    name: "IDs: missing, not a whole number, a formula",
    rows: [[null, "Revenue", 1, null], ["abc", "", 1, null], [1.5, "", 1, null], [FORMULA, "", 1, null], ["0", "", 1, null]],
    problems: [error(2, "A", T.NO_KPI_ID), error(3, "A", T.NOT_A_KPI_ID("abc")), error(4, "A", T.NOT_A_KPI_ID("1.5")), error(5, "A", T.FORMULA_CELL), error(6, "A", T.NOT_A_KPI_ID("0"))],
  },
  {
    name: "a formula in a value cell is refused, never read for its cached result",
    rows: [[1, "Revenue", FORMULA, 5]],
    problems: [error(2, "C", T.FORMULA_CELL)],
    written: [[2, false, [["2026-05-01", 5]]]],
  },
  {
    name: "the same KPI twice: both rows are errors",
    rows: [[1, "Revenue", 1, null], [2, "Margin", 1, null], [1, "Revenue", 2, null]],
    problems: [error(2, "A", T.KPI_LISTED_TWICE(1, [4])), error(4, "A", T.KPI_LISTED_TWICE(1, [2]))],
  },
  {
    name: "a different name is a warning: the ID decides",
    rows: [[1, "Revenu", 5, null]],
    problems: [warning(2, "B", T.NAME_DIFFERS("Revenu", "Revenue"))],
    written: [[2, true, [["2026-04-01", 5]]]],
  },
  {
    name: "template rows left empty are no rows; blank rows neither",
    rows: [[1, "Revenue", null, null], [], [2, "Margin", "", " "]],
    problems: [],
    written: [],
  },
  {
    name: "header dates: not a date, the same month twice, not the first of the month, words ignored",
    header: ["ID", "KPI", "31.02.2026", "01.05.2026", "20.05.2026", "15.06.2026", "Notes"],
    rows: [[1, "Revenue", 1, 2, 3, 4, "a comment"]],
    problems: [
      error(1, "C", T.NOT_A_DATE("31.02.2026")),
      error(1, "D", T.MONTH_TWICE(m("2026-05-01"), "E")),
      warning(1, "E", T.NOT_FIRST_OF_MONTH("20.05.2026", m("2026-05-01"))),
      error(1, "E", T.MONTH_TWICE(m("2026-05-01"), "D")),
      warning(1, "F", T.NOT_FIRST_OF_MONTH("15.06.2026", m("2026-06-01"))),
      warning(1, "G", T.COLUMN_IGNORED("Notes")),
      error(2, "C", T.COLUMN_NOT_DATED),
      error(2, "D", T.COLUMN_NOT_DATED),
      error(2, "E", T.COLUMN_NOT_DATED),
    ],
    written: [[2, false, [["2026-06-01", 4]]]],
  },
  {
    name: "no ID column, no month column",
    header: ["Kennzahl", "Notes"],
    rows: [[1, "x"]],
    problems: [error(1, null, T.NO_ID_COLUMN)],
    written: [[2, false, []]],
  },
  {
    name: "a sheet without dated columns",
    header: ["ID", "KPI"],
    rows: [[1, "Revenue"]],
    problems: [error(1, null, T.NO_MONTH_COLUMNS)],
    written: [],
  },
  {
    name: "actuals for a month that has not ended are a warning",
    header: ["ID", "01.05.2026", "01.06.2026", "01.07.2026"],
    options: { type: "reporting" },
    rows: [[1, 1, 2, "-"]],
    problems: [warning(2, "C", T.MONTH_NOT_ENDED(m("2026-06-01")))],
    written: [[2, true, [["2026-05-01", 1], ["2026-06-01", 2], ["2026-07-01", null]]]],
  },
  {
    name: "a person's column names go first (remembered mapping)",
    header: ["Kennzahl", "Bezeichnung", "01.04.2026"],
    options: { mapping: { id: "kennzahl", name: "Bezeichnung", date: null, value: null } },
    rows: [[1, "Revenue", 9]],
    problems: [],
    written: [[2, true, [["2026-04-01", 9]]]],
  },
  {
    name: "values equal to the stored ones are left out and counted",
    options: { stored: (kpi, _key, month) => (kpi === 1 && month === m("2026-04-01") ? 1200 : undefined) },
    rows: [[1, "Revenue", 1200, "-"]],
    problems: [],
    written: [[2, true, []]],
  },
];

test("the KPI sheet check as a table: rows → problems by row and column → what is written", () => {
  for (const item of cases) {
    const checked = checkKpiSheet(sheetOf([item.header ?? HEADER, ...item.rows]), options(item.options));
    assert.equal(checked.problems, item.problems, `${item.name}: problems`);
    if (item.written) {
      assert.equal(
        checked.rows.map((row) => [row.row, row.valid, row.values.map((value) => [`${Math.floor(value.month / 12)}-${String((value.month % 12) + 1).padStart(2, "0")}-01`, value.value])]),
        item.written,
        `${item.name}: rows`,
      );
    }
  }
});

test("a file of many bad rows lists the first problems and counts all of them", () => {
  const rows = Array.from({ length: 1_500 }, () => ["abc", "", 1, null]);
  const checked = checkKpiSheet(sheetOf([HEADER, ...rows]), options());
  assert.equal([checked.problems.length, checked.errors, checked.warnings], [MAX_LISTED_PROBLEMS, 1_500, 0]);
  assert.equal(checked.problems[0], error(2, "A", T.NOT_A_KPI_ID("abc")));
  assert.ok(checked.rows.every((row) => !row.valid));
});

test("unchanged values are counted per row", () => {
  const checked = checkKpiSheet(sheetOf([HEADER, [1, "Revenue", 1200, "-"]]), options({ stored: (_kpi, _key, month) => (month === m("2026-04-01") ? 1200 : undefined) }));
  assert.is(checked.rows[0]!.unchanged, 2);
});

test("one value per row: ID, Date, Value (and dimensions for actuals by dimension)", () => {
  const header = ["ID", "Date", "Value", "Region", "Product"];
  const dims = checkKpiSheet(
    sheetOf([
      header,
      [1, "01.04.2026", 100, "North", "A"],
      [1, "01.04.2026", 50, "South", null],
      [1, "01.04.2026", 60, null, null],
      [1, "15.05.2026", "-", "North", "A"],
      [1, "01.05.2026", 10, "North", "A"],
      [1, "not a date", 1, "North", null],
      [1, null, 1, "North", null],
      [1, "01.04.2026", null, "East", null],
      [1, "01.04.2026", 7, "x".repeat(101), null],
      [1, "01.04.2026", 8, FORMULA, null],
    ]),
    options({ type: "dimensions" }),
  );
  assert.equal(dims.layout, "one-value-per-row");
  assert.equal(dims.problems, [
    error(4, null, T.NO_DIMENSION),
    error(5, null, T.VALUE_LISTED_TWICE([6])),
    warning(5, "B", T.NOT_FIRST_OF_MONTH("15.05.2026", m("2026-05-01"))),
    error(6, null, T.VALUE_LISTED_TWICE([5])),
    error(7, "B", T.NOT_A_DATE("not a date")),
    error(8, "B", T.NO_DATE),
    warning(9, "C", T.NO_VALUE),
    error(10, "D", T.DIMENSION_TOO_LONG(100)),
    error(11, "D", T.FORMULA_CELL),
  ]);
  assert.equal(
    dims.rows.filter((row) => row.valid).map((row) => [row.row, row.dimensionKey, row.values.map((value) => value.value)]),
    [
      [2, '[["Product","A"],["Region","North"]]', [100]],
      [3, '[["Region","South"]]', [50]],
      [9, '[["Region","East"]]', []],
    ],
  );
  // The same file as planning: the dimension columns are ignored, with a warning.
  const planning = checkKpiSheet(sheetOf([header, [1, "01.04.2026", 100, "North", "A"]]), options({ type: "planning" }));
  assert.equal(planning.problems, [warning(1, "D", T.DIMENSIONS_IGNORED("Region")), warning(1, "E", T.DIMENSIONS_IGNORED("Product"))]);
  assert.equal(planning.rows.map((row) => [row.dimensionKey, row.values]), [["", [{ month: m("2026-04-01"), value: 100 }]]]);
  // Actuals by dimension need their date and value columns.
  assert.equal(checkKpiSheet(sheetOf([["ID", "Region"], [1, "North"]]), options({ type: "dimensions" })).problems, [error(1, null, T.NO_DATE_COLUMN), error(1, null, T.NO_VALUE_COLUMN)]);
});

test.run();
