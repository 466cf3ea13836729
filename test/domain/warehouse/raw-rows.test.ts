import { test } from "uvu";
import * as assert from "uvu/assert";
import type { RawDataKind } from "../../../src/domain/warehouse/records";
import { dateFromText, monthFromText, problemText, readRawRows } from "../../../src/domain/warehouse/raw-rows";

const read = <K extends RawDataKind>(kind: K, lines: string[][]) => readRawRows(kind, lines, lines.map((_, index) => index + 1));
const problemsOf = (kind: RawDataKind, lines: string[][]) => read(kind, lines).problems.map(problemText);

test("dates and months as files write them", () => {
  const dates: [string, string | null][] = [
    ["2026-04-30", "2026-04-30"],
    ["30.04.2026", "2026-04-30"],
    ["1.4.2026", "2026-04-01"],
    ["2026-02-30", null],
    ["31.02.2026", null],
    ["2026-4-1", null],
    ["04/30/2026", null],
    ["1899-12-31", null],
    ["", null],
  ];
  for (const [text, expected] of dates) assert.is(dateFromText(text), expected, text);
  const months: [string, string | null][] = [
    ["2026-04", "2026-04-01"],
    ["04.2026", "2026-04-01"],
    ["2026-04-17", "2026-04-01"],
    ["2026-13", null],
    ["April 2026", null],
  ];
  for (const [text, expected] of months) assert.is(monthFromText(text), expected, text);
});

test("a deals file: columns by name in any order and case, values read by their rules", () => {
  const { records, problems } = read("deals", [
    ["created", "DEAL ID", "Stage", "Amount", "Recurring months", "Closed", "Name", "Extra column"],
    ["2026-01-10", "D-1", "Won", "1,234.5", "12", "10.02.2026", "'=HYPERLINK(1)", "ignored"],
    ["2026-01-11", "D-2", "", "-", "", "", "Open one", ""],
  ]);
  assert.equal(problems, []);
  assert.equal(records.map((deal) => [deal.key, deal.stage, deal.amount, deal.recurringMonths, deal.createdOn, deal.closedOn, deal.name]), [
    ["D-1", "won", 1234.5, 12, "2026-01-10", "2026-02-10", "=HYPERLINK(1)"],
    ["D-2", null, null, null, "2026-01-11", null, "Open one"],
  ]);
});

test("every cell that cannot be read is a problem of its row and column", () => {
  assert.equal(
    problemsOf("deals", [
      ["Deal ID", "Stage", "Amount", "Recurring months", "Created", "MQL date"],
      ["D-1", "Closed", "12,5", "1.5", "2026-02-30", "soon"],
      ["", "Lead", "10", "", "2026-01-01", ""],
      ["D-1", "lead", "1e3", "", "", ""],
    ]),
    [
      'Row 2, Stage: "Closed" is not a stage: use Lead, MQL, SQL, Proposal, Negotiation, Won, Lost.',
      'Row 2, Amount: "12,5": Enter a number in English format, such as 1234.56 or 1,234.56: a point for decimals, commas only between groups of three digits.',
      "Row 2, Recurring months: must be a whole number of months from 1 to 120.",
      'Row 2, Created: "2026-02-30" is not a date: write 2026-04-30 or 30.04.2026.',
      'Row 2, MQL date: "soon" is not a date: write 2026-04-30 or 30.04.2026.',
      "Row 3, Deal ID: This field is required.",
      'Row 4, Amount: "1e3": Enter a number in English format, such as 1234.56 or 1,234.56: a point for decimals, commas only between groups of three digits.',
      "Row 4, Created: This field is required.",
      'Row 4, Deal ID: "D-1" is listed twice (first in row 2).',
    ],
  );
});

test("a file without the required columns, with a column twice or without rows says so once", () => {
  assert.equal(problemsOf("employees", [["Employee ID", "Name"]]), ["The first row must name the columns; Hired is missing. The columns are: Employee ID, Name, Department, Hired, Left, FTE."]);
  assert.equal(problemsOf("products", [["Product ID", "Name", "name"]]), ["The first row names the column Name twice."]);
  assert.equal(problemsOf("products", [["Product ID", "Name"]]), ["The file has no rows below its header."]);
});

test("employees, products and sales targets", () => {
  const employees = read("employees", [
    ["Employee ID", "Name", "Department", "Hired", "Left", "FTE"],
    ["E1", "Ann", "Sales", "2024-01-01", "", ""],
    ["E2", "Ben", "", "2024-01-01", "31.12.2025", "0.5"],
  ]);
  assert.equal(employees.records, [
    { key: "E1", name: "Ann", department: "Sales", hiredOn: "2024-01-01", leftOn: null, fte: 1 },
    { key: "E2", name: "Ben", department: null, hiredOn: "2024-01-01", leftOn: "2025-12-31", fte: 0.5 },
  ]);
  assert.equal(problemsOf("employees", [["Employee ID", "Name", "Hired"], ["E1", "", "2024-01-01"]]), ["Row 2, Name: This field is required."]);
  assert.equal(problemsOf("products", [["Product ID", "Name", "Price"], ["P1", "x".repeat(201), "10"]]), ["Row 2, Name: must be at most 200 characters."]);
  const targets = read("sales-targets", [["Month", "Target"], ["2026-04", "1000"], ["05.2026", "2,000"]]);
  assert.equal(targets.records, [{ month: "2026-04-01", amount: 1000 }, { month: "2026-05-01", amount: 2000 }]);
  assert.equal(problemsOf("sales-targets", [["Month", "Target"], ["2026-04", "1"], ["2026-04-30", ""]]), ["Row 3, Target: This field is required.", 'Row 3, Month: "2026-04-01" is listed twice (first in row 2).']);
});

test.run();
