import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeProblem, parseAmount, parseBookingDate, readAccounts, readBookings, readOpenPositions, type CsvTable } from "../../../src/domain/accounting/csv-rules";

/** A table from lines of fields; the first is the header (line 1). */
const table = (header: string[], ...rows: string[][]): CsvTable => ({ header, records: rows.map((values, index) => ({ line: index + 2, values })) });

test("amounts as a table: cents, or the message", () => {
  const positive = "must be a positive amount like 1234.56 or 1234,56 (at most two decimals, no thousands separators)";
  const signed = "must be an amount like 1234.56 or -1234,56 (at most two decimals, no thousands separators)";
  const cases: [string, boolean, number | string][] = [
    ["1234.56", false, 123456],
    ["1234,56", false, 123456],
    ["1234,5", false, 123450],
    ["1234", false, 123400],
    [" 12.00 ", false, 1200],
    ["0.01", false, 1],
    ["1,234", false, positive], // three decimals: a thousands separator is never guessed
    ["1.234,56", false, positive],
    ["1,234.56", false, positive],
    ["12.345", false, positive],
    ["-5", false, positive],
    ["-5", true, -500],
    ["-0,5", true, -50],
    ["+5", false, positive],
    ["5e3", false, positive],
    ["", false, positive],
    ["abc", true, signed],
    ["0", false, "must not be 0"],
    ["0.00", true, "must not be 0"],
    ["10000000000", false, 1_000_000_000_000],
    ["10000000000.01", false, "is larger than 10,000,000,000"],
    ["99999999999999", false, positive], // more digits than any amount
  ];
  for (const [text, allowNegative, expected] of cases) assert.is(parseAmount(text, { allowNegative }), expected, `${JSON.stringify(text)} (negative ${allowNegative})`);
});

test("booking dates as a table: ISO or German, real days only", () => {
  const cases: [string, string][] = [
    ["2026-04-30", "2026-04-30"],
    ["30.04.2026", "2026-04-30"],
    ["29.02.2024", "2024-02-29"],
    [" 2026-01-01 ", "2026-01-01"],
    ["29.02.2025", "is not a real calendar date"],
    ["2026-13-01", "is not a real calendar date"],
    ["2026-04-31", "is not a real calendar date"],
    ["1899-12-31", "must be a date from 1900 to 2200"],
    ["4/30/2026", "must be a date like 2026-04-30 or 30.04.2026"],
    ["30.4.2026", "must be a date like 2026-04-30 or 30.04.2026"],
    ["20260430", "must be a date like 2026-04-30 or 30.04.2026"],
    ["", "must be a date like 2026-04-30 or 30.04.2026"],
  ];
  for (const [text, expected] of cases) {
    const answer = parseBookingDate(text);
    assert.is(typeof answer === "string" ? answer : answer.date, expected, JSON.stringify(text));
  }
});

test("accounts: columns in any order and case, extra columns ignored; every problem by row and column", () => {
  const read = readAccounts(
    table(
      ["Type", "NAME", "account_number", "comment"],
      ["revenue", "Sales", "4400", "x"],
      ["Expense", "Salaries", "6000", ""],
      ["income", "Other", "4401", ""],
      ["asset", "", "../1200", ""],
      ["asset", "Bank again", "4400", ""],
      ["asset", "short row"],
    ),
  );
  assert.equal(read.rows, [
    { number: "4400", name: "Sales", type: "revenue" },
    { number: "6000", name: "Salaries", type: "expense" },
  ]);
  assert.equal(read.problems.map(describeProblem), [
    "accounts.csv, row 4, type: must be one of revenue, expense, asset, liability, equity",
    "accounts.csv, row 5, name: is empty",
    "accounts.csv, row 5, account_number: must be 1 to 20 letters, digits, '.', '_' or '-', starting with a letter or digit",
    "accounts.csv, row 6, account_number: account 4400 is listed twice (first in row 2)",
    "accounts.csv, row 7: has 2 fields, the header 4",
  ]);
});

test("a header that lacks a required column or names one twice is one problem on row 1, and no row is read", () => {
  assert.equal(readAccounts(table(["account_number", "name"], ["1", "A"])).problems.map(describeProblem), ["accounts.csv, row 1: the header lacks the column type"]);
  assert.equal(readBookings(table(["date"], ["2026-01-01"]), new Set()).problems.map(describeProblem), ["bookings.csv, row 1: the header lacks the columns debit_account, credit_account, amount"]);
  assert.equal(readAccounts(table(["account_number", "name", "type", "Name"], ["1", "A", "asset", "B"])).problems.map(describeProblem), ["accounts.csv, row 1, name: is in the header twice"]);
});

test("bookings: accounts must exist and differ, amounts positive, dates real; optional columns may be left out", () => {
  const accounts = new Set(["1200", "4400", "6000"]);
  const header = ["date", "debit_account", "credit_account", "amount"];
  const read = readBookings(
    table(
      header,
      ["31.01.2026", "1200", "4400", "1190,00"],
      ["2026-02-01", "6000", "1200", "50"],
      ["2026-02-30", "9999", "1200", "-4"],
      ["2026-02-03", "1200", "1200", ""],
      ["", "", "4400", "1.234,00"],
    ),
    accounts,
  );
  assert.equal(read.rows, [
    { line: 2, date: "2026-01-31", debitAccount: "1200", creditAccount: "4400", amountCents: 119000, documentNumber: "", text: "" },
    { line: 3, date: "2026-02-01", debitAccount: "6000", creditAccount: "1200", amountCents: 5000, documentNumber: "", text: "" },
  ]);
  assert.equal(read.problems.map(describeProblem), [
    "bookings.csv, row 4, date: is not a real calendar date",
    "bookings.csv, row 4, debit_account: account 9999 is not in accounts.csv",
    "bookings.csv, row 4, amount: must be a positive amount like 1234.56 or 1234,56 (at most two decimals, no thousands separators)",
    "bookings.csv, row 5, amount: is empty",
    "bookings.csv, row 5, credit_account: must differ from debit_account",
    "bookings.csv, row 6, date: is empty",
    "bookings.csv, row 6, debit_account: is empty",
    "bookings.csv, row 6, amount: must be a positive amount like 1234.56 or 1234,56 (at most two decimals, no thousands separators)",
  ]);
});

test("bookings: text and document number are bounded, and an unknown account is quoted short", () => {
  const long = "x".repeat(501);
  const read = readBookings(
    table(["date", "debit_account", "credit_account", "amount", "text", "document_number"], ["2026-01-01", "1", "A".repeat(60), "1", long, "RE-1"]),
    new Set(["1"]),
  );
  assert.equal(read.problems.map(describeProblem), [
    `bookings.csv, row 2, credit_account: account ${"A".repeat(40)}… is not in accounts.csv`,
    "bookings.csv, row 2, text: must be at most 500 characters",
  ]);
});

test("open positions: negative amounts are credit notes, the due date may be empty", () => {
  const header = ["number", "name", "document_number", "document_date", "due_date", "amount"];
  const read = readOpenPositions(
    "debtors.csv",
    table(header, ["10001", "Alpen AG", "RE-1", "15.03.2026", "", "1190,00"], ["10002", "Bergwerk KG", "GS-1", "2026-03-20", "2026-04-20", "-50.5"], ["10003", "Nord", "RE-2", "2026-03-20", "soon", "0"]),
  );
  assert.equal(read.rows, [
    { line: 2, number: "10001", name: "Alpen AG", documentNumber: "RE-1", documentDate: "2026-03-15", dueDate: null, amountCents: 119000 },
    { line: 3, number: "10002", name: "Bergwerk KG", documentNumber: "GS-1", documentDate: "2026-03-20", dueDate: "2026-04-20", amountCents: -5050 },
  ]);
  assert.equal(read.problems.map(describeProblem), ["debtors.csv, row 4, due_date: must be a date like 2026-04-30 or 30.04.2026", "debtors.csv, row 4, amount: must not be 0"]);
});

test.run();
