import { test } from "uvu";
import * as assert from "uvu/assert";
import { linearProgression } from "../../../src/domain/forecasting/linear-progression";

test("extends an exact line", () => {
  assert.equal(linearProgression([10, 12, 14], 3), [16, 18, 20]);
});

test("fits the least-squares line through noisy data", () => {
  // mean x 1.5, mean y 4; covariance 9, variance 5: slope 1.8, intercept 1.3, so x=4 gives 8.5.
  const projected = linearProgression([1.5, 2.5, 5.5, 6.5], 1)!;
  assert.ok(Math.abs(projected[0]! - 8.5) < 1e-9, String(projected[0]));
});

test("a flat series stays flat", () => {
  assert.equal(linearProgression([5, 5], 2), [5, 5]);
});

test("needs at least two months of data", () => {
  assert.is(linearProgression([], 3), null);
  assert.is(linearProgression([42], 3), null);
});

test.run();
