import { test } from "uvu";
import * as assert from "uvu/assert";
import { fiscalYearEnd, fiscalYearStart } from "../../src/domain/fiscal-calendar";
import { monthDateOf, monthIndexOf } from "../../src/domain/months";

const start = (month: string, offset: number) => monthDateOf(fiscalYearStart(monthIndexOf(month), offset));

test("fiscal year start as a table: month x offset -> first month", () => {
  const table: [string, number, string][] = [
    ["2026-01-01", 0, "2026-01-01"],
    ["2026-12-01", 0, "2026-01-01"],
    ["2026-04-01", 3, "2026-04-01"], // April start: April opens the year
    ["2026-03-01", 3, "2025-04-01"], // ... and March closes the previous one
    ["2026-11-01", 3, "2026-04-01"],
    ["2027-01-01", 3, "2026-04-01"],
    ["2026-06-01", 6, "2025-07-01"],
    ["2026-07-01", 6, "2026-07-01"],
    ["2026-12-01", 11, "2026-12-01"],
    ["2026-11-01", 11, "2025-12-01"],
  ];
  for (const [month, offset, expected] of table) assert.is(start(month, offset), expected, `${month} offset ${offset}`);
});

test("fiscal year end is eleven months after its start", () => {
  assert.is(monthDateOf(fiscalYearEnd(monthIndexOf("2026-11-01"), 3)), "2027-03-01");
});

test("offsets outside 0-11 are refused", () => {
  assert.throws(() => fiscalYearStart(monthIndexOf("2026-01-01"), 12), /0 to 11/);
  assert.throws(() => fiscalYearStart(monthIndexOf("2026-01-01"), -1), /0 to 11/);
  assert.throws(() => fiscalYearStart(monthIndexOf("2026-01-01"), 1.5), /0 to 11/);
});

test.run();
