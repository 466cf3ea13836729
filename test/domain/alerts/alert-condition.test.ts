import { test } from "uvu";
import * as assert from "uvu/assert";
import { conditionProblems, describeCondition, evaluateAlert, type AlertCondition } from "../../../src/domain/alerts/alert-condition";

const boundary = (lower: number | null, upper: number | null): AlertCondition => ({ kind: "boundary", lower, upper });
const change = (direction: "up" | "down" | "either", percent: number, minimumBaseline = 0, basis: "previous_period" | "plan" = "previous_period"): AlertCondition => ({ kind: "change", basis, direction, percent, minimumBaseline });

test("boundaries: outside triggers, the boundary itself belongs to the healthy range, empty means none", () => {
  const table: [AlertCondition, number | null, string][] = [
    [boundary(100, 200), 99.99, "triggered"],
    [boundary(100, 200), 100, "quiet"],
    [boundary(100, 200), 150, "quiet"],
    [boundary(100, 200), 200, "quiet"],
    [boundary(100, 200), 200.01, "triggered"],
    [boundary(null, 200), -1e9, "quiet"], // no lower boundary
    [boundary(100, null), 1e12, "quiet"], // no upper boundary
    [boundary(100, null), 50, "triggered"],
    [boundary(-10, -5), -11, "triggered"],
    [boundary(0, 0), 0, "quiet"],
    [boundary(100, 200), null, "unchecked"],
  ];
  for (const [condition, value, state] of table) assert.is(evaluateAlert(condition, { value, baseline: null }).state, state, `${JSON.stringify(condition)} at ${value}`);
  assert.is((evaluateAlert(boundary(100, 200), { value: 90, baseline: null }) as any).reason, "90 is below the lower boundary of 100.");
  assert.is((evaluateAlert(boundary(100, 200), { value: 250, baseline: null }) as any).reason, "250 is above the upper boundary of 200.");
});

test("percentage change: direction, threshold reached counts, the minimum baseline keeps tiny bases out", () => {
  const table: [AlertCondition, number | null, number | null, string][] = [
    [change("up", 10), 110, 100, "triggered"], // exactly 10 %
    [change("up", 10), 109.9, 100, "quiet"],
    [change("up", 10), 80, 100, "quiet"], // fell: not up
    [change("down", 10), 90, 100, "triggered"],
    [change("down", 10), 91, 100, "quiet"],
    [change("down", 10), 130, 100, "quiet"],
    [change("either", 10), 130, 100, "triggered"],
    [change("either", 10), 70, 100, "triggered"],
    [change("either", 10), 105, 100, "quiet"],
    [change("up", 50), 0.02, 0.01, "triggered"], // +100 % with no minimum baseline
    [change("up", 50, 1000), 0.02, 0.01, "unchecked"], // the metabase#30552 case: the base is too small to mean anything
    [change("up", 50, 1000), 2000, 1000, "triggered"], // baseline exactly the minimum counts
    [change("up", 50, 1000), 2000, -999, "unchecked"], // the size counts, not the sign
    [change("down", 10), -110, -100, "triggered"], // more negative is down against the base's size
    [change("up", 10), -90, -100, "triggered"],
    [change("either", 10), 5, 0, "unchecked"], // no percentage from zero
    [change("either", 10), 5, -5, "unchecked"], // opposite signs
    [change("either", 10), null, 100, "unchecked"],
    [change("either", 10), 100, null, "unchecked"],
  ];
  for (const [condition, value, baseline, state] of table) assert.is(evaluateAlert(condition, { value, baseline }).state, state, `${JSON.stringify(condition)} ${baseline} → ${value}`);
  const fell = evaluateAlert(change("down", 10, 0, "plan"), { value: 80, baseline: 100 });
  assert.equal(fell, { state: "triggered", reason: "80 is −20 % against plan (100).", changePercent: -20 });
});

test("descriptions and problems", () => {
  assert.is(describeCondition(boundary(100, null)), "below 100");
  assert.is(describeCondition(boundary(100, 200)), "below 100 or above 200");
  assert.is(describeCondition(change("down", 5, 1000, "plan")), "falls by 5 % or more against plan, baseline at least 1000");
  assert.equal(conditionProblems(boundary(null, null)), { lower: ["Enter a lower boundary, an upper boundary or both."] });
  assert.equal(conditionProblems(boundary(300, 200)), { upper: ["The upper boundary must not be below the lower boundary."] });
  assert.equal(conditionProblems(boundary(200, 200)), {});
  assert.equal(conditionProblems(change("up", 0)), { percent: ["Enter a change above 0 %."] });
  assert.equal(conditionProblems(change("up", 10, -1)), { minimumBaseline: ["The minimum baseline must not be negative."] });
});

test.run();
