import { test } from "uvu";
import * as assert from "uvu/assert";
import { absentDeviationText, fromPercentChange, percentDeviation, signedPercentText, type PercentDeviation } from "../../../src/domain/kpi/percent-deviation";
import { PERCENT_CHANGE_SENTINEL } from "../../../src/domain/kpi/percent-change";

test("percent deviations as a table: the sentinel and missing sides become words, never numbers", () => {
  const table: [number | null, number | null, PercentDeviation, string][] = [
    [110, 100, { kind: "percent", percent: 10, text: "+10.0 %" }, "+10.0 %"],
    [80, 100, { kind: "percent", percent: -20, text: "\u221220.0 %" }, "\u221220.0 %"],
    [100, 100, { kind: "percent", percent: 0, text: "0.0 %" }, "0.0 %"],
    [5, 0, { kind: "zero-base" }, "plan is 0"],
    [-5, 10, { kind: "sign-change" }, "sign change vs plan"],
    [null, 100, { kind: "no-value" }, "no actual"],
    [100, null, { kind: "no-base" }, "no plan"],
  ];
  for (const [value, base, expected, words] of table) {
    const deviation = percentDeviation(value, base);
    assert.equal(deviation, expected, `${value} vs ${base}`);
    assert.is(deviation.kind === "percent" ? deviation.text : absentDeviationText(deviation, "plan"), words);
  }
});

test("a percent change from the API: the sentinel is explained by its base", () => {
  assert.equal(fromPercentChange(PERCENT_CHANGE_SENTINEL, 0), { kind: "zero-base" });
  assert.equal(fromPercentChange(-PERCENT_CHANGE_SENTINEL, 4), { kind: "sign-change" });
  assert.equal(fromPercentChange(null, null), { kind: "no-base" });
  assert.equal(fromPercentChange(12.34), { kind: "percent", percent: 12.34, text: "+12.3 %" });
  assert.is(signedPercentText(0.04), "0.0 %", "no plus on a change that rounds to zero");
});

test.run();
