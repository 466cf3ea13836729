// The result contract of a query-builder query as a table: which results make a KPI's monthly
// values, and what is said about those that do not.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthlyValuesOf } from "../../../src/domain/query-builder/monthly-result";
import { lineAndColumn, placeIn } from "../../../src/domain/query-builder/position";
import { queryLevel, readableLevel } from "../../../src/domain/query-builder/readable-level";
import { shortMessage } from "../../../src/domain/query-builder/short-message";
import type { Permission } from "../../../src/domain/permissions/catalogue";
import { withImpliedPermissions } from "../../../src/domain/permissions/catalogue";

type Cell = number | string | boolean | null;

test("results that make monthly values", () => {
  const table: [string[], Cell[][], { month: string; value: number }[]][] = [
    [["month", "value"], [["2024-02-01", 2], ["2024-01-01", 1]], [{ month: "2024-01-01", value: 1 }, { month: "2024-02-01", value: 2 }]],
    [["value", "note", "month"], [[1.5, "x", "2024-01-01 00:00:00"]], [{ month: "2024-01-01", value: 1.5 }]],
    [["month", "value"], [["2024-01-01 00:00:00+00", "12.50"]], [{ month: "2024-01-01", value: 12.5 }]],
    [["month", "value"], [["2024-01-01", null], ["2024-02-01", -3]], [{ month: "2024-02-01", value: -3 }]],
    [["month", "value"], [], []],
  ];
  for (const [columns, rows, values] of table) assert.equal(monthlyValuesOf(columns, rows), { values, problems: [] }, JSON.stringify(rows));
});

test("results that do not, and why", () => {
  const table: [string[], Cell[][], RegExp][] = [
    [["m", "value"], [], /needs a column named month \(write … AS month\)/],
    [["month", "amount"], [], /needs a column named value/],
    [["month", "value", "value"], [], /2 columns named value/],
    [["month", "value"], [["2024-01-15", 1]], /Row 1: month 2024-01-15 is not the first day of a month; use date_trunc\('month', …\)/],
    [["month", "value"], [["2024-01-01 12:00:00", 1]], /Row 1: month "2024-01-01 12:00:00" is not a date/],
    [["month", "value"], [["2024-01-01 00:00:00+02", 1]], /not a date/],
    [["month", "value"], [[null, 1]], /Row 1: month is empty/],
    [["month", "value"], [[202401, 1]], /month must be a date/],
    [["month", "value"], [["1850-01-01", 1]], /outside 1900–2200/],
    [["month", "value"], [["2024-13-01", 1]], /not a date/],
    [["month", "value"], [["2024-01-01", 1], ["2024-01-01", 2]], /Row 2: the month 2024-01-01 is also in row 1/],
    [["month", "value"], [["2024-01-01", "abc"]], /Row 1: value "abc" is not a number/],
    [["month", "value"], [["2024-01-01", true]], /value "true" is not a number/],
    [["month", "value"], [["2024-01-01", "Infinity"]], /not a number/],
    [["month", "value"], [["2024-01-01", "1e400"]], /value is too large/],
  ];
  for (const [columns, rows, problem] of table) {
    const result = monthlyValuesOf(columns, rows);
    assert.equal(result.values, [], "no values when anything is wrong");
    assert.ok(result.problems.some((text) => problem.test(text)), `${JSON.stringify(rows)}: ${JSON.stringify(result.problems)}`);
  }
});

test("long problem lists are cut, saying how many more", () => {
  const rows: Cell[][] = Array.from({ length: 15 }, () => [null, 1]);
  const { problems } = monthlyValuesOf(["month", "value"], rows);
  assert.is(problems.length, 11);
  assert.is(problems[10], "And 5 more.");
});

test("line and column of an offset", () => {
  assert.equal(lineAndColumn("select 1", 7), { line: 1, column: 8 });
  assert.equal(lineAndColumn("select\n  x\nform", 11), { line: 3, column: 1 });
  assert.is(placeIn("select", null), "");
  assert.is(placeIn("a\nb", 2), " (line 2, column 1)");
});

test("the readable level and the level a KPI's query runs at", () => {
  const reader = (permissions: Permission[], isStaff = false) => ({ isStaff, permissions: withImpliedPermissions(permissions) });
  assert.is(readableLevel(reader([])), -1);
  assert.is(readableLevel(reader(["read_non_sensitive"])), 0);
  assert.is(readableLevel(reader(["read_sensitive"])), 1);
  assert.is(readableLevel(reader(["read_most_sensitive"])), 2);
  assert.is(readableLevel(reader(["read_super_sensitive"])), 3);
  assert.is(readableLevel(reader([], true)), 3);
  assert.is(queryLevel(3, 0), 0, "a level-0 KPI's query reads level 0 only");
  assert.is(queryLevel(1, 2), 1, "never above what the builder reads");
  assert.is(queryLevel(-1, 2), -1);
});

test("messages about a query quote at most 80 characters of it and say at most 300", () => {
  const long = "x".repeat(5000);
  const message = shortMessage(`syntax error at or near "${long}"`);
  assert.is(message, `syntax error at or near "${"x".repeat(79)}…"`);
  assert.is(shortMessage("a\nb"), "a b", "one line");
  assert.is(shortMessage("y".repeat(1000)).length, 300);
  assert.is(shortMessage('column "month" does not exist'), 'column "month" does not exist');
});

test.run();
