import { test } from "uvu";
import * as assert from "uvu/assert";
import { fiscalYearTotal, planningYear, planningYearOf } from "../../../src/domain/planning/fiscal-year";
import { monthIndexOf } from "../../../src/domain/months";

test("a planning year's months: P1 is the company's first fiscal month", () => {
  const table: [number, number, string, string, string][] = [
    // start year, offset, label, P1, P12
    [2026, 0, "FY 2026", "Jan 2026", "Dec 2026"],
    [2026, 3, "FY 2026/27", "Apr 2026", "Mar 2027"],
    [2026, 11, "FY 2026/27", "Dec 2026", "Nov 2027"],
    [2025, 6, "FY 2025/26", "Jul 2025", "Jun 2026"],
  ];
  for (const [year, offset, label, first, last] of table) {
    const fy = planningYear(year, offset);
    assert.is(fy.label, label);
    assert.is(fy.months.length, 12);
    assert.equal([fy.months[0]!.period, fy.months[0]!.label, fy.months[11]!.period, fy.months[11]!.label], ["P1", first, "P12", last], `${year} offset ${offset}`);
  }
  assert.is(planningYear(2026, 3).months[0]!.date, "2026-04-01");
});

test("the planning year of a month is the calendar year its fiscal year starts in", () => {
  const table: [string, number, number][] = [
    ["2026-03-01", 3, 2025],
    ["2026-04-01", 3, 2026],
    ["2027-01-01", 3, 2026],
    ["2026-12-01", 0, 2026],
  ];
  for (const [month, offset, year] of table) assert.is(planningYearOf(monthIndexOf(month), offset), year, month);
});

test("FY total by aggregation type: cum sums, ad averages months with a value, dd takes the last month with a value", () => {
  const table: [(number | null)[], "cum" | "ad" | "dd", number | null][] = [
    [[1, 2, 3], "cum", 6],
    [[1, null, 3], "cum", 4],
    [[2, null, 4], "ad", 3],
    [[5, 7, null], "dd", 7],
    [[null, null], "cum", null],
    [[], "dd", null],
    [[0, 0], "cum", 0],
  ];
  for (const [values, type, total] of table) assert.is(fiscalYearTotal(values, type), total, `${type} ${JSON.stringify(values)}`);
});

test.run();
