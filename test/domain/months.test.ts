import { test } from "uvu";
import * as assert from "uvu/assert";
import { calendarMonthOf, monthDateOf, monthIndexAt, monthIndexOf, monthLabel, monthRange, monthRangeLabel } from "../../src/domain/months";

test("month dates and indexes convert both ways", () => {
  for (const date of ["2024-01-01", "2024-12-01", "1999-07-01", "2026-11-01"]) {
    assert.is(monthDateOf(monthIndexOf(date)), date);
  }
  assert.is(monthIndexOf("2025-01-01") - monthIndexOf("2024-12-01"), 1);
});

test("a month date must be the first of a month", () => {
  for (const bad of ["2024-01-15", "2024-13-01", "2024-00-01", "24-01-01", "2024-1-01"]) {
    assert.throws(() => monthIndexOf(bad), /Not a month date/, bad);
  }
});

test("calendar month and the month of an instant", () => {
  assert.is(calendarMonthOf(monthIndexOf("2026-04-01")), 4);
  assert.is(calendarMonthOf(monthIndexOf("2026-12-01")), 12);
  assert.is(monthDateOf(monthIndexAt(new Date("2026-11-21T23:59:00Z"))), "2026-11-01");
});

test("month ranges include both ends", () => {
  const first = monthIndexOf("2025-11-01");
  assert.equal(monthRange(first, first + 2).map(monthDateOf), ["2025-11-01", "2025-12-01", "2026-01-01"]);
  assert.equal(monthRange(first, first - 1), []);
});

test("month names and month ranges as a table: the year once when both ends share it", () => {
  const m = (date: string) => monthIndexOf(`${date}-01`);
  const table: [first: string, last: string, text: string][] = [
    ["2026-10", "2026-10", "Oct 2026"],
    ["2026-10", "2026-12", "Oct – Dec 2026"],
    ["2026-11", "2027-01", "Nov 2026 – Jan 2027"],
    ["2026-01", "2026-12", "Jan – Dec 2026"],
  ];
  assert.equal(table.map(([first, last]) => monthRangeLabel(m(first), m(last))), table.map(([, , text]) => text));
  assert.is(monthLabel(m("2026-10")), "Oct 2026");
});

test.run();
