import { test } from "uvu";
import * as assert from "uvu/assert";
import { periodOfQuestion } from "../../../src/domain/copilot/periods";
import { monthDateOf } from "../../../src/domain/months";

test("period words on 2026-07-15 with a fiscal year from April, as a table", () => {
  const table: [string, string, string, string, string][] = [
    // question, kind, first, last, label
    ["which KPIs are behind plan this year?", "ytd", "2026-04-01", "2026-06-01", "YTD Apr – Jun 2026"],
    ["how is revenue doing", "ytd", "2026-04-01", "2026-06-01", "YTD Apr – Jun 2026"],
    ["revenue last month", "month", "2026-06-01", "2026-06-01", "Jun 2026"],
    ["revenue over the last 12 months", "ltm", "2025-07-01", "2026-06-01", "LTM Jul 2025 – Jun 2026"],
    ["revenue last year", "fy", "2025-04-01", "2026-03-01", "FY Apr 2025 – Mar 2026"],
    ["revenue for the full year", "fy", "2026-04-01", "2027-03-01", "FY Apr 2026 – Mar 2027"],
    ["revenue this quarter", "quarter", "2026-04-01", "2026-06-01", "QTD Apr – Jun 2026"],
  ];
  for (const [question, kind, first, last, label] of table) {
    const period = periodOfQuestion(question, "2026-07-15", 3);
    assert.equal([period.kind, monthDateOf(period.first), monthDateOf(period.last), period.label], [kind, first, last, label], question);
  }
});

test("calendar year, early in the year: this year is January alone; the first day of a month reads the month before", () => {
  const period = periodOfQuestion("this year", "2026-02-01", 0);
  assert.equal([monthDateOf(period.first), monthDateOf(period.last)], ["2026-01-01", "2026-01-01"]);
  const january = periodOfQuestion("this year", "2026-01-10", 0);
  // December closes last year: year to date is that whole year.
  assert.equal([monthDateOf(january.first), monthDateOf(january.last)], ["2025-01-01", "2025-12-01"]);
  assert.is(periodOfQuestion("how is revenue", "2026-02-01", 0).named, false);
});

test.run();
