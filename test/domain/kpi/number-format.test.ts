import { test } from "uvu";
import * as assert from "uvu/assert";
import { automaticScale, formatKpiValue, formatNumber } from "../../../src/domain/kpi/number-format";

const cases: [number | null, string, Parameters<typeof formatKpiValue>[2], string][] = [
  [null, "currency", {}, "–"],
  [1_234_567, "currency", { currency: "EUR" }, "€ 1.23M"],
  [1_234_567, "currency", { currency: "USD", scale: "thousands", decimals: 0 }, "$ 1,235k"],
  [1_234_567, "currency", { currency: "CHF", scale: "none", decimals: 2 }, "CHF 1,234,567.00"],
  [4_200, "number", {}, "4,200"],
  [42_000, "number", {}, "42k"],
  [12.345, "percentage", {}, "12.3 %"],
  [12.345, "percentage", { decimals: 3 }, "12.345 %"],
  [1, "binary", {}, "Yes"],
  [0, "binary", {}, "No"],
  [3.5, "days", {}, "3.50 d"],
  [7, "positions", {}, "7"],
  [1.23456789, "number", { decimals: 5 }, "1.23457"],
  // negative figures: one typographic minus in front of the whole figure, currency included
  [-1_234_567, "currency", { currency: "EUR" }, "\u2212€ 1.23M"],
  [-950, "currency", { currency: "USD" }, "\u2212$ 950"],
  [-12.34, "percentage", {}, "\u221212.3 %"],
  [-3.5, "days", {}, "\u22123.50 d"],
  [-0.0001, "percentage", {}, "0.0 %"], // rounds to zero: no sign
  [-42_000, "number", {}, "\u221242k"],
];

test("formatKpiValue: units, scale and decimals", () => {
  for (const [value, unit, options, expected] of cases) assert.is(formatKpiValue(value, unit, options), expected, `${value} ${unit} ${JSON.stringify(options)}`);
});

test("automatic scale switches at 10 k and 1 M", () => {
  assert.equal([9_999, 10_000, 999_999, 1_000_000, -2_000_000].map(automaticScale), ["none", "thousands", "thousands", "millions", "millions"]);
});

test("decimals are capped at 5", () => {
  assert.is(formatNumber(1.123456789, 5), "1.12346");
});

test.run();
