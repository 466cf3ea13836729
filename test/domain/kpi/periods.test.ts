import { test } from "uvu";
import * as assert from "uvu/assert";
import { bucketsOf, fiscalBucketLabel, fiscalPeriodOf, fiscalYearLabel, type BucketSize } from "../../../src/domain/kpi/periods";
import { monthDateOf, monthIndexOf } from "../../../src/domain/months";

const m = (date: string) => monthIndexOf(`${date}-01`);

test("fiscal periods and fiscal years", () => {
  assert.equal([fiscalPeriodOf(m("2026-04"), 3), fiscalPeriodOf(m("2026-03"), 3), fiscalPeriodOf(m("2026-12"), 0)], [1, 12, 12]);
  assert.equal([fiscalYearLabel(m("2026-05"), 3), fiscalYearLabel(m("2026-02"), 3), fiscalYearLabel(m("2026-02"), 0)], ["FY 2026/27", "FY 2025/26", "FY 2026"]);
});

test("bucket names as a table: a month as every screen names it, quarters, halves and years of the fiscal year", () => {
  const table: [month: string, size: BucketSize, fiscalYearOffset: number, name: string][] = [
    ["2026-10", 1, 3, "Oct 2026"],
    ["2026-10", 1, 0, "Oct 2026"],
    ["2026-10", 3, 3, "Q3 FY 2026/27"],
    ["2026-04", 3, 3, "Q1 FY 2026/27"],
    ["2026-03", 3, 3, "Q4 FY 2025/26"],
    ["2026-10", 3, 0, "Q4 FY 2026"],
    ["2026-11", 3, 10, "Q1 FY 2026/27"],
    ["2027-01", 3, 10, "Q1 FY 2026/27"],
    ["2026-09", 6, 3, "H1 FY 2026/27"],
    ["2026-10", 6, 3, "H2 FY 2026/27"],
    ["2026-06", 6, 0, "H1 FY 2026"],
    ["2027-02", 12, 3, "FY 2026/27"],
    ["2026-12", 12, 0, "FY 2026"],
  ];
  assert.equal(
    table.map(([month, size, offset]) => fiscalBucketLabel(m(month), size, offset)),
    table.map(([, , , name]) => name),
  );
});

test("buckets aligned to an April fiscal year, with their names, month ranges and sizes; edge buckets hold only the months in range", () => {
  const quarters = bucketsOf(m("2026-02"), m("2026-10"), 3, 3);
  assert.equal(
    quarters.map((bucket) => [bucket.label, bucket.rangeLabel, bucket.size, bucket.months.map(monthDateOf)]),
    [
      ["Q4 FY 2025/26", "Jan – Mar 2026", 3, ["2026-02-01", "2026-03-01"]],
      ["Q1 FY 2026/27", "Apr – Jun 2026", 3, ["2026-04-01", "2026-05-01", "2026-06-01"]],
      ["Q2 FY 2026/27", "Jul – Sep 2026", 3, ["2026-07-01", "2026-08-01", "2026-09-01"]],
      ["Q3 FY 2026/27", "Oct – Dec 2026", 3, ["2026-10-01"]],
    ],
  );
  assert.equal(
    bucketsOf(m("2026-03"), m("2026-04"), 1, 3).map((bucket) => [bucket.label, bucket.rangeLabel, bucket.months.length]),
    [["Mar 2026", "Mar 2026", 1], ["Apr 2026", "Apr 2026", 1]],
  );
  assert.equal(bucketsOf(m("2026-01"), m("2026-12"), 6, 0).map((bucket) => [bucket.label, bucket.rangeLabel]), [["H1 FY 2026", "Jan – Jun 2026"], ["H2 FY 2026", "Jul – Dec 2026"]]);
  assert.equal(
    bucketsOf(m("2025-10"), m("2026-05"), 12, 3).map((bucket) => [bucket.label, bucket.rangeLabel, bucket.size, bucket.months.length]),
    [["FY 2025/26", "Apr 2025 – Mar 2026", 12, 6], ["FY 2026/27", "Apr 2026 – Mar 2027", 12, 2]],
  );
});

test("a quarter across the turn of the calendar year (fiscal year from November)", () => {
  assert.equal(bucketsOf(m("2026-11"), m("2027-04"), 3, 10).map((bucket) => [bucket.label, bucket.rangeLabel]), [["Q1 FY 2026/27", "Nov 2026 – Jan 2027"], ["Q2 FY 2026/27", "Feb – Apr 2027"]]);
});

test.run();
