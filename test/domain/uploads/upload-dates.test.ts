import { test } from "uvu";
import * as assert from "uvu/assert";
import { dimensionKeyOf, dimensionsOf, describeDimensions } from "../../../src/domain/kpi/dimension-key";
import { monthIndexOf } from "../../../src/domain/months";
import { columnLetter, type SheetCell } from "../../../src/domain/uploads/sheet";
import { dottedDateOf, uploadDateOf, type UploadDate } from "../../../src/domain/uploads/upload-dates";
import { NOT_A_DATE } from "../../../src/domain/uploads/upload-texts";

const text = (value: string): SheetCell => ({ kind: "text", text: value });
const month = (date: string, exact = true): UploadDate => ({ kind: "month", month: monthIndexOf(date), exact });
const invalid = (shown: string): UploadDate => ({ kind: "invalid", message: NOT_A_DATE(shown) });

test("upload dates as a table: a cell → the month it names", () => {
  const table: [SheetCell, UploadDate][] = [
    [text("01.04.2026"), month("2026-04-01")],
    [text(" 1.4.2026 "), month("2026-04-01")],
    [text("15.04.2026"), month("2026-04-01", false)],
    [text("2026-04-01"), month("2026-04-01")],
    [text("2026-04-30"), month("2026-04-01", false)],
    [{ kind: "date", date: "2026-05-01" }, month("2026-05-01")],
    [{ kind: "date", date: "2026-05-17" }, month("2026-05-01", false)],
    [text("31.02.2026"), invalid("31.02.2026")],
    [text("01.13.2026"), invalid("01.13.2026")],
    [text("01.04.1899"), invalid("01.04.1899")],
    [text("04/2026"), invalid("04/2026")],
    [text("April 2026"), invalid("April 2026")],
    [{ kind: "number", value: 46113, percent: false }, invalid("46113")],
    [{ kind: "formula" }, invalid("")],
    [{ kind: "empty" }, invalid("")],
  ];
  for (const [cell, expected] of table) assert.equal(uploadDateOf(cell), expected, JSON.stringify(cell));
});

test("the templates write the first of each month as dd.mm.yyyy", () => {
  assert.is(dottedDateOf(monthIndexOf("2026-04-01")), "01.04.2026");
  assert.is(dottedDateOf(monthIndexOf("2027-12-01")), "01.12.2027");
});

test("column letters as the spreadsheet names them", () => {
  assert.equal([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter), ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
});

test("a dimension key is the same for the same combination, whatever the order, and reads back", () => {
  const table: [Record<string, string>, string][] = [
    [{}, ""],
    [{ Region: "" }, ""],
    [{ Region: "North" }, '[["Region","North"]]'],
    [{ Region: "North", Product: "A" }, '[["Product","A"],["Region","North"]]'],
    [{ Product: "A", Region: "North" }, '[["Product","A"],["Region","North"]]'],
    [{ "Name;=": 'va"l' }, '[["Name;=","va\\"l"]]'],
  ];
  for (const [dimensions, key] of table) {
    assert.is(dimensionKeyOf(dimensions), key, JSON.stringify(dimensions));
    assert.equal(Object.fromEntries(dimensionsOf(key)), Object.fromEntries(Object.entries(dimensions).filter(([, value]) => value !== "")));
  }
  assert.is(describeDimensions('[["Product","A"],["Region","North"]]'), "Product: A · Region: North");
  assert.equal(dimensionsOf("not json"), []);
  assert.equal(dimensionsOf('[["only one"]]'), []);
});

test.run();
