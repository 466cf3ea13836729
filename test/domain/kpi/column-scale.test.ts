import { test } from "uvu";
import * as assert from "uvu/assert";
import { columnScale, columnScaleCaption, columnScaleDescription, formatInColumn } from "../../../src/domain/kpi/column-scale";

test("the scale comes from the column's largest money magnitude, negatives and gaps included", () => {
  const table: [(number | null)[], string][] = [
    [[1_200_000, 950_000, 12_000], "millions"],
    [[950_000, 12_000, 400], "thousands"],
    [[-2_500_000, 30_000], "millions"],
    [[9_999, 120, null], "none"],
    [[10_000, null], "thousands"],
    [[null, null], "none"],
    [[], "none"],
  ];
  for (const [values, expected] of table) assert.is(columnScale(values), expected, JSON.stringify(values));
});

test("a scale the person chose wins over the automatic one", () => {
  assert.is(columnScale([5_000_000], "thousands"), "thousands");
  assert.is(columnScale([5], "millions"), "millions");
  assert.is(columnScale([5_000_000], "none"), "none");
});

test("every money figure of a column in its one scale, the unit stated once in the header", () => {
  // One column in millions: no "950k" next to "1.20M".
  assert.equal([1_200_000, 950_000, 12_000, -480_000].map((value) => formatInColumn(value, "currency", "millions")), ["1.20", "0.95", "0.01", "\u22120.48"]);
  assert.equal([950_000, 12_345, -400].map((value) => formatInColumn(value, "currency", "thousands")), ["950.0", "12.3", "\u22120.4"]);
  assert.equal([4_200, -87].map((value) => formatInColumn(value, "currency", "none")), ["4,200", "\u221287"]);
  assert.is(formatInColumn(-0.001, "currency", "thousands"), "0.0", "rounds to zero: no minus");
  assert.is(formatInColumn(1_234_567, "currency", "millions", 3), "1.235", "chosen decimals");
  assert.is(formatInColumn(null, "currency", "millions"), "–");
  assert.equal([columnScaleCaption("millions", "EUR"), columnScaleCaption("thousands", "USD"), columnScaleCaption("none", "CHF")], ["€ M", "$ k", "CHF"]);
  assert.is(columnScaleDescription("thousands", "EUR"), "in thousands of EUR");
});

test("other units are never scaled and keep their sign, whatever the column's scale", () => {
  assert.is(formatInColumn(120_000, "number", "millions"), "120,000");
  assert.is(formatInColumn(42.04, "percentage", "millions"), "42.0 %");
  assert.is(formatInColumn(-3.5, "days", "thousands"), "\u22123.50 d");
  assert.is(formatInColumn(45, "positions", "thousands"), "45");
  assert.is(formatInColumn(1, "binary", "thousands"), "Yes");
});

test.run();
