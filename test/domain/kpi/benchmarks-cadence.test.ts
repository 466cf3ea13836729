import { test } from "uvu";
import * as assert from "uvu/assert";
import { benchmarkBucket } from "../../../src/domain/kpi/benchmarks";
import { outdatedStatus } from "../../../src/domain/kpi/cadence";
import { monthIndexOf } from "../../../src/domain/months";

const m = monthIndexOf;

test("benchmark buckets as a table, in both directions", () => {
  const higher = { bottom25: 20, median50: 30, top25: 40, top5: 55 }; // bottom-5 mark: 20 - 15 = 5
  const lower = { bottom25: 60, median50: 45, top25: 35, top5: 25 }; // bottom-5 mark: 60 + 10 = 70
  const table: [number | null, typeof higher, boolean, string | null][] = [
    [60, higher, true, "top5"],
    [55, higher, true, "top5"],
    [41, higher, true, "top25"],
    [30, higher, true, "average50"],
    [20, higher, true, "average50"],
    [10, higher, true, "bottom25"],
    [4, higher, true, "bottom5"],
    [null, higher, true, null],
    [20, lower, false, "top5"],
    [35, lower, false, "top25"],
    [50, lower, false, "average50"],
    [65, lower, false, "bottom25"],
    [80, lower, false, "bottom5"],
  ];
  for (const [value, marks, higherIsBetter, expected] of table) assert.is(benchmarkBucket(value, marks, higherIsBetter), expected, `${value} (${higherIsBetter ? "higher" : "lower"} is better)`);
  assert.is(benchmarkBucket(30, { bottom25: null, median50: 30, top25: 40, top5: 55 }, true), null);
});

test("outdated status by cadence, seen in November 2026 (last complete month: October)", () => {
  const now = m("2026-11-01");
  const table: [Parameters<typeof outdatedStatus>[0], string | null, string][] = [
    ["monthly", "2026-10-01", "up to date"],
    ["monthly", "2026-09-01", "outdated"],
    ["weekly", "2026-09-01", "outdated"],
    ["bi-monthly", "2026-09-01", "up to date"],
    ["bi-monthly", "2026-08-01", "outdated"],
    ["quarterly", "2026-08-01", "up to date"],
    ["quarterly", "2026-07-01", "outdated"],
    ["semi-annually", "2026-05-01", "up to date"],
    ["annually", "2025-11-01", "up to date"],
    ["annually", "2025-10-01", "outdated"],
    ["monthly", null, "outdated"],
  ];
  for (const [cadence, newest, expected] of table) assert.is(outdatedStatus(cadence, newest === null ? null : m(newest), now), expected, `${cadence} ${newest}`);
});

test.run();
