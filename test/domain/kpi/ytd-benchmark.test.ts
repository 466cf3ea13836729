import { test } from "uvu";
import * as assert from "uvu/assert";
import { ytdBenchmarkBucket, ytdBenchmarkValue } from "../../../src/domain/kpi/ytd-benchmark";

const monthly = { valueBottom25: 80, valueMedian50: 100, valueTop25: 120, top5: 150 };

test("a summed KPI's year to date is set against monthly benchmarks as its average month", () => {
  assert.is(ytdBenchmarkValue("cum", 700, 7), 100);
  // Seven months of a middling revenue are a middling month, not the top 5 %.
  assert.is(ytdBenchmarkBucket({ aggregationType: "cum", higherIsBetter: true, benchmarks: monthly }, 700, 7), "average50");
  assert.is(ytdBenchmarkValue("cum", 700, 0), null, "no months, no average");
});

test("an averaged or last-value KPI is already a monthly level", () => {
  assert.is(ytdBenchmarkValue("ad", 130, 7), 130);
  assert.is(ytdBenchmarkBucket({ aggregationType: "dd", higherIsBetter: true, benchmarks: monthly }, 130, 7), "top25");
  assert.is(ytdBenchmarkBucket({ aggregationType: "ad", higherIsBetter: false, benchmarks: { valueBottom25: 120, valueMedian50: 100, valueTop25: 80, top5: 50 } }, 130, 7), "bottom25");
  assert.is(ytdBenchmarkValue("ad", null, 7), null);
});

test.run();
