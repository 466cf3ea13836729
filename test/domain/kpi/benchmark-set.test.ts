import { test } from "uvu";
import * as assert from "uvu/assert";
import { benchmarkBucket } from "../../../src/domain/kpi/benchmarks";
import { BENCHMARKS_INCOMPLETE, benchmarkSetProblems, completeBenchmarks, type BenchmarkSet } from "../../../src/domain/kpi/benchmark-set";

const set = (valueBottom25: number | null, valueMedian50: number | null, valueTop25: number | null, top5: number | null): BenchmarkSet => ({ valueBottom25, valueMedian50, valueTop25, top5 });

test("benchmark sets as a table: ordered worst to best in the good direction, all or none", () => {
  const rows: [BenchmarkSet, boolean, string[]][] = [
    [set(null, null, null, null), true, []],
    [set(10, 20, 30, 40), true, []],
    [set(40, 30, 20, 10), false, []],
    [set(-5, 0, 2.5, 3), true, []],
    [set(40, 30, 20, 10), true, ["valueMedian50", "valueTop25", "top5"]],
    [set(10, 20, 30, 40), false, ["valueMedian50", "valueTop25", "top5"]],
    [set(10, 20, 20, 40), true, ["valueTop25"]],
    [set(10, 25, 20, 40), true, ["valueTop25"]],
    [set(10, 20, 30, 30), true, ["top5"]],
    [set(10, null, 30, 40), true, ["valueMedian50"]],
    [set(10, null, null, null), true, ["valueMedian50", "valueTop25", "top5"]],
  ];
  for (const [benchmarks, higherIsBetter, fields] of rows) assert.equal(Object.keys(benchmarkSetProblems(benchmarks, higherIsBetter)), fields, JSON.stringify([benchmarks, higherIsBetter]));
});

test("benchmark messages say which way and what to do", () => {
  assert.equal(benchmarkSetProblems(set(10, 5, 30, 40), true), { valueMedian50: ["Median must be above bottom 25 %: higher is better for this KPI."] });
  assert.equal(benchmarkSetProblems(set(10, 20, 5, 1), false), { valueMedian50: ["Median must be below bottom 25 %: lower is better for this KPI."] });
  assert.equal(benchmarkSetProblems(set(null, 20, 30, 40), true), { valueBottom25: [BENCHMARKS_INCOMPLETE] });
});

test("complete sets only; a valid set puts values in the buckets it promises", () => {
  assert.is(completeBenchmarks(set(1, null, 3, 4)), null);
  assert.equal(completeBenchmarks(set(1, 2, 3, 4)), { bottom25: 1, median50: 2, top25: 3, top5: 4 });
  const higher = { bottom25: 10, median50: 20, top25: 30, top5: 40 };
  assert.equal([45, 35, 15, 5, -5].map((value) => benchmarkBucket(value, higher, true)), ["top5", "top25", "average50", "bottom25", "bottom5"]);
  const lower = { bottom25: 40, median50: 30, top25: 20, top5: 10 };
  assert.equal([5, 15, 35, 45, 60].map((value) => benchmarkBucket(value, lower, false)), ["top5", "top25", "average50", "bottom25", "bottom5"]);
});

test.run();
