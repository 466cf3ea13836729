import { test } from "uvu";
import * as assert from "uvu/assert";
import { coverageText, likeForLike, likeForLikeText, partialBucketText, withoutLeadingEmptyBuckets } from "../../../src/domain/kpi/figure-coverage";

test("a figure covering fewer months than its period says how many; a whole one says nothing", () => {
  assert.is(coverageText(7, 12), "7 of 12 months");
  assert.is(coverageText(0, 3), "0 of 3 months");
  assert.is(coverageText(0, 1), "0 of 1 month");
  assert.is(coverageText(12, 12), null);
  assert.is(coverageText(4, 4), null);
});

test("a comparison is made over the months with both sides, and says so when they are fewer", () => {
  // Twelve months of actuals, seven of plan: the pair holds the seven months with both.
  const partial = likeForLike({ months: 7, value: 104, base: 100 }, 12, "plan", { value: 180, base: 100 });
  assert.equal(partial, { kind: "percent", percent: 4, text: "+4.0 %", over: "7 of 12 months" });
  assert.is(likeForLikeText(partial), "+4.0 % over 7 of 12 months");
  const whole = likeForLike({ months: 12, value: 90, base: 100 }, 12, "plan", { value: 90, base: 100 });
  assert.is(likeForLikeText(whole), "\u221210.0 %");
});

test("without a pair the words say what is absent, never a sentinel", () => {
  assert.is(likeForLikeText(likeForLike({ months: 0, value: null, base: null }, 12, "plan", { value: 180, base: null })), "no plan");
  assert.is(likeForLikeText(likeForLike({ months: 0, value: null, base: null }, 12, "last year", { value: null, base: 50 })), "no actual");
  assert.is(likeForLikeText(likeForLike({ months: 0, value: null, base: null }, 12, "plan", { value: 180, base: 40 })), "no month with both actual and plan");
  assert.is(likeForLikeText(likeForLike({ months: 3, value: 5, base: 0 }, 3, "plan", { value: 5, base: 0 })), "plan is 0");
  assert.is(likeForLikeText(likeForLike({ months: 3, value: -5, base: 10 }, 3, "last year", { value: -5, base: 10 })), "sign change vs last year");
});

const counts = (period: number, actual: number) => ({ period, inRange: period, actual, planning: 0, forecast: 0, lastYear: 0 });

test("a quarter, half-year or year bucket with fewer months of actuals is partial; a month never", () => {
  assert.is(partialBucketText({ actual: 10, monthCounts: counts(3, 2) }), "2 of 3 months");
  assert.is(partialBucketText({ actual: 10, monthCounts: counts(12, 7) }), "7 of 12 months");
  assert.is(partialBucketText({ actual: 10, monthCounts: counts(3, 3) }), null);
  assert.is(partialBucketText({ actual: 10, monthCounts: counts(1, 1) }), null);
  assert.is(partialBucketText({ actual: null, monthCounts: counts(3, 0) }), null);
});

test("empty leading buckets go; empty buckets later stay as gaps", () => {
  const empty = { actual: null, planning: null, forecast: null, lastYear: null };
  const some = { ...empty, planning: 4 };
  assert.equal(withoutLeadingEmptyBuckets([empty, empty, some, empty, some]), [some, empty, some]);
  assert.equal(withoutLeadingEmptyBuckets([some, empty]), [some, empty]);
  assert.equal(withoutLeadingEmptyBuckets([empty, empty]), []);
});

test.run();
