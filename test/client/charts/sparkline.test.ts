import { test } from "uvu";
import * as assert from "uvu/assert";
import { sparklineGeometry } from "../../../src/client/charts/sparkline";

test("the lowest value sits at the bottom, the highest at the top, the months spread over the width", () => {
  const geometry = sparklineGeometry([10, 30, 20], 100, 40, 0);
  assert.is(geometry.path, "M0,40L50,0L100,20");
  assert.equal(geometry.last, { x: 100, y: 20 });
});

test("a month without a value leaves a gap; the dot marks the newest value", () => {
  const geometry = sparklineGeometry([1, 2, null, 4, 5, null], 100, 20, 0);
  // Two runs: a new "M" after the gap, and no segment towards the missing last month.
  assert.is(geometry.path, "M0,20L20,15M60,5L80,0");
  assert.equal(geometry.last, { x: 80, y: 0 });
});

test("the inset keeps the line off the edges; a flat series runs through the middle", () => {
  assert.is(sparklineGeometry([7, 7], 100, 40, 3).path, "M3,20L97,20");
});

test("no values, nothing to draw", () => {
  assert.equal(sparklineGeometry([null, null], 100, 40), { path: "", last: null });
  assert.equal(sparklineGeometry([], 100, 40), { path: "", last: null });
});

test.run();
