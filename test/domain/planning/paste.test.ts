import { test } from "uvu";
import * as assert from "uvu/assert";
import { INVALID_BINARY, INVALID_NUMBER, INVALID_SHORTHAND } from "../../../src/domain/kpi/number-input";
import { fillRight, parseClipboardBlock, pasteBlock, pasteSummary, type PasteRow } from "../../../src/domain/planning/paste";

test("a clipboard block as Excel and Google Sheets copy it", () => {
  const table: [string, string[][]][] = [
    ["1\t2\t3", [["1", "2", "3"]]],
    ["1\t2\r\n3\t4\r\n", [["1", "2"], ["3", "4"]]],
    ["1\t2\n3\t4", [["1", "2"], ["3", "4"]]],
    ["1\t\t3\n", [["1", "", "3"]]],
    ['"1,234.5"\t"a ""b"""\n', [["1,234.5", 'a "b"']]],
    ['"two\nlines"\t5', [["two\nlines", "5"]]],
    ["", []],
  ];
  for (const [text, rows] of table) assert.equal(parseClipboardBlock(text), rows, JSON.stringify(text));
});

const ROWS: PasteRow[] = [
  { kpi: 1, unit: "currency", editable: true },
  { kpi: 2, unit: "binary", editable: true },
  { kpi: 3, unit: "currency", editable: false },
  { kpi: 4, unit: "days", editable: true },
];
const DATES = ["2026-04-01", "2026-05-01", "2026-06-01"];

test("a pasted block becomes cell edits by the number input rules of each row's unit", () => {
  const result = pasteBlock(parseClipboardBlock("1,000\t2k\t-\n1\t2\t\n5\t6\t7\n1 mo\t12,5\t1m\n"), { row: 0, column: 0 }, ROWS, DATES);
  assert.equal(
    result.edits.map((edit) => [edit.kpi, edit.date, edit.text, edit.input]),
    [
      [1, "2026-04-01", "1,000", { kind: "value", value: 1000 }],
      [1, "2026-05-01", "2k", { kind: "value", value: 2000 }],
      [1, "2026-06-01", "-", { kind: "remove" }],
      [2, "2026-04-01", "1", { kind: "value", value: 1 }],
      [2, "2026-05-01", "2", { kind: "invalid", message: INVALID_BINARY }],
      [4, "2026-04-01", "1 mo", { kind: "value", value: 2_629_800 / 86_400 }],
      [4, "2026-05-01", "12,5", { kind: "invalid", message: INVALID_NUMBER }],
      [4, "2026-06-01", "1m", { kind: "value", value: 60 / 86_400 }],
    ],
  );
  assert.is(result.readOnly, 3, "the read-only row's three cells");
  assert.is(result.outside, 0);
  assert.is(pasteSummary(result), "3 cells were not pasted: 3 on read-only rows.");
});

test("a block that runs past the grid: the cells outside are counted", () => {
  const result = pasteBlock([["1", "2", "3"], ["4", "5", "6"]], { row: 3, column: 1 }, ROWS, DATES);
  assert.equal(result.edits.map((edit) => [edit.kpi, edit.date, edit.text]), [[4, "2026-05-01", "1"], [4, "2026-06-01", "2"]]);
  assert.is(result.outside, 4);
  assert.is(pasteSummary(result), "4 cells were not pasted: 4 outside the grid.");
  assert.is(pasteSummary({ edits: [], readOnly: 0, outside: 1 }), "1 cell was not pasted: 1 outside the grid.");
  assert.is(pasteSummary({ edits: [], readOnly: 0, outside: 0 }), null);
});

test("money shorthands on a money row are refused on a time row and the other way round", () => {
  const result = pasteBlock([["5k"], ["5d"]], { row: 3, column: 0 }, [...ROWS, { kpi: 5, unit: "currency", editable: true }], DATES);
  assert.equal(result.edits.map((edit) => edit.input), [{ kind: "invalid", message: INVALID_SHORTHAND }, { kind: "invalid", message: INVALID_SHORTHAND }]);
});

test("fill right copies a month into every later month of the row", () => {
  assert.equal(fillRight(ROWS[0]!, "1.5k", 0, DATES).map((edit) => [edit.date, edit.input]), [
    ["2026-05-01", { kind: "value", value: 1500 }],
    ["2026-06-01", { kind: "value", value: 1500 }],
  ]);
  assert.equal(fillRight(ROWS[0]!, "-", 1, DATES).map((edit) => [edit.date, edit.input.kind]), [["2026-06-01", "remove"]]);
  assert.equal(fillRight(ROWS[2]!, "1", 0, DATES), [], "read-only rows are not filled");
  assert.equal(fillRight(ROWS[0]!, "1", 2, DATES), [], "nothing right of the last month");
});

test.run();
