import { test } from "uvu";
import * as assert from "uvu/assert";
import { planDeviationText, trendText, trendWindows } from "../../../src/domain/kpi/card-texts";
import { percentChange } from "../../../src/domain/kpi/percent-change";
import { monthIndexOf } from "../../../src/domain/months";

const OCT_2026 = monthIndexOf("2026-10-01");
const month = (date: string, value: number | null) => ({ date, value });

test("the trend compares the recent months with as many months right before them", () => {
  assert.equal(trendWindows(OCT_2026, 1), { recent: { first: OCT_2026, last: OCT_2026 }, before: { first: OCT_2026 - 1, last: OCT_2026 - 1 } });
  assert.equal(trendWindows(OCT_2026, 3), { recent: { first: OCT_2026 - 2, last: OCT_2026 }, before: { first: OCT_2026 - 5, last: OCT_2026 - 3 } });
});

test("a trend names the period it is measured against", () => {
  const sum = { aggregationType: "cum" as const };
  assert.equal(trendText(sum, [month("2026-09-01", 120), month("2026-10-01", 160)], OCT_2026, 1), { kind: "percent", text: "+33.3 % vs Sep 2026" });
  const quarters = [month("2026-04-01", 10), month("2026-05-01", 10), month("2026-06-01", 10), month("2026-07-01", 9), month("2026-08-01", 9), month("2026-09-01", 9)];
  assert.equal(trendText(sum, quarters, monthIndexOf("2026-09-01"), 3), { kind: "percent", text: "\u221210.0 % vs Apr – Jun 2026" });
  // Twelve months: the year before, across the turn of the year.
  const years = [month("2025-10-01", 100), month("2026-10-01", 50)];
  assert.equal(trendText(sum, years, OCT_2026, 12), { kind: "percent", text: "\u221250.0 % vs Nov 2024 – Oct 2025" });
  // Under a year-to-date figure the trend also names the months it measures.
  assert.equal(trendText(sum, quarters, monthIndexOf("2026-09-01"), 3, { namingRecent: true }), { kind: "percent", text: "Jul – Sep 2026: \u221210.0 % vs Apr – Jun 2026" });
});

test("a trend without a percentage says what is missing, never the sentinel", () => {
  const average = { aggregationType: "ad" as const };
  assert.equal(trendText(average, [month("2026-09-01", 120)], OCT_2026, 1), { kind: "absent", text: "No actual for Oct 2026" });
  assert.equal(trendText(average, [month("2026-10-01", 120)], OCT_2026, 1), { kind: "absent", text: "No actual for Sep 2026 to compare with" });
  assert.equal(trendText(average, [month("2026-09-01", 0), month("2026-10-01", 5)], OCT_2026, 1), { kind: "absent", text: "Sep 2026 was 0" });
  assert.equal(trendText(average, [month("2026-09-01", -4), month("2026-10-01", 5)], OCT_2026, 1), { kind: "absent", text: "Sign change since Sep 2026" });
});

test("the deviation from plan in words", () => {
  const words = (actual: number | null, plan: number | null) => planDeviationText({ actual, plan, deviationPercent: percentChange(actual, plan) });
  assert.equal(words(160, 200), { kind: "percent", text: "\u221220.0 % vs plan" });
  assert.equal(words(160, null), { kind: "absent", text: "No plan" });
  assert.equal(words(null, 200), { kind: "absent", text: "No actual" });
  assert.equal(words(5, 0), { kind: "absent", text: "Plan is 0" });
  assert.equal(words(-5, 10), { kind: "absent", text: "Sign change vs plan" });
  // A year to date whose plan months and actual months never meet.
  assert.equal(planDeviationText({ actual: 50, plan: 40, deviationPercent: null }), { kind: "absent", text: "No month with both actual and plan" });
});

test.run();
