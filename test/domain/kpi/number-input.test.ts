import { test } from "uvu";
import * as assert from "uvu/assert";
import { INVALID_BINARY, INVALID_NUMBER, INVALID_POSITION, INVALID_SHORTHAND, numberCellInput, parseNumberInput, type NumberInput } from "../../../src/domain/kpi/number-input";

const value = (number: number): NumberInput => ({ kind: "value", value: number });
const invalid = (message: string): NumberInput => ({ kind: "invalid", message });

test("number input as a table: text × unit → meaning", () => {
  const table: [string, string, NumberInput][] = [
    ["1234.5", "number", value(1234.5)],
    ["1,234.5", "currency", value(1234.5)],
    [" -12 ", "number", value(-12)],
    [".5", "number", value(0.5)],
    ["-", "currency", { kind: "remove" }],
    ["1.234,5", "currency", invalid(INVALID_NUMBER)],
    ["12,5", "number", invalid(INVALID_NUMBER)],
    ["1,234,567.25", "number", value(1_234_567.25)],
    ["1,23", "number", invalid(INVALID_NUMBER)],
    ["12,34,567", "number", invalid(INVALID_NUMBER)],
    ["abc", "number", invalid(INVALID_NUMBER)],
    ["", "number", invalid(INVALID_NUMBER)],
    ["1", "binary", value(1)],
    ["0", "binary", value(0)],
    ["2", "binary", invalid(INVALID_BINARY)],
    ["3", "positions", value(3)],
    ["3.5", "positions", invalid(INVALID_POSITION)],
    ["12.5%", "percentage", value(12.5)],
    ["1.5k", "currency", value(1500)],
    ["2M", "currency", value(2_000_000)],
    ["5m", "seconds", value(300)],
    ["2h", "seconds", value(7200)],
    ["1d", "seconds", value(86_400)],
    ["3d", "days", value(3)],
    ["1y", "months", value(12)],
    ["6mo", "years", value(0.5)],
    ["5k", "seconds", invalid(INVALID_SHORTHAND)],
    ["5h", "currency", invalid(INVALID_SHORTHAND)],
    ["5%", "currency", invalid(INVALID_SHORTHAND)],
  ];
  for (const [text, unit, expected] of table) assert.equal(parseNumberInput(text, unit), expected, `${text} as ${unit}`);
});

test("a spreadsheet's number cell follows the same unit rules (a percentage cell holds the fraction)", () => {
  const table: [number, string, boolean, NumberInput][] = [
    [1234.5, "currency", false, value(1234.5)],
    [1e21, "number", false, value(1e21)],
    [1, "binary", false, value(1)],
    [0.5, "binary", false, invalid(INVALID_BINARY)],
    [3, "positions", false, value(3)],
    [2.5, "positions", false, invalid(INVALID_POSITION)],
    [0.125, "percentage", true, value(12.5)],
    [0.07, "percentage", true, value(7)],
    [12.5, "percentage", false, value(12.5)],
    [0.125, "currency", true, invalid(INVALID_SHORTHAND)],
    [Number.NaN, "number", false, invalid(INVALID_NUMBER)],
  ];
  for (const [number, unit, percent, expected] of table) assert.equal(numberCellInput(number, unit, percent), expected, `${number} as ${unit}${percent ? " (percent cell)" : ""}`);
});

test.run();
