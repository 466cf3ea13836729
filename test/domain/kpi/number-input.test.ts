import { test } from "uvu";
import * as assert from "uvu/assert";
import { INVALID_BINARY, INVALID_NUMBER, INVALID_POSITION, INVALID_SHORTHAND, parseNumberInput, type NumberInput } from "../../../src/domain/kpi/number-input";

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

test.run();
