import { test } from "uvu";
import * as assert from "uvu/assert";
import { phaseProblems, planningPeriods, planningYearLabel, planningYearOfDay } from "../../../src/domain/okr-scheduler/planning-year";

const brief = (periods: ReturnType<typeof planningPeriods>) => periods.map((period) => [period.name, period.startsOn, period.endsOn, period.draftOn, period.setOn, period.reviewOn]);

test("a fiscal year starting in April splits into quarters with the default phase dates", () => {
  assert.equal(brief(planningPeriods(2026, 3, "quarters")), [
    ["Q1 FY 2026/27", "2026-04-01", "2026-06-30", "2026-03-18", "2026-04-15", "2026-06-23"],
    ["Q2 FY 2026/27", "2026-07-01", "2026-09-30", "2026-06-17", "2026-07-15", "2026-09-23"],
    ["Q3 FY 2026/27", "2026-10-01", "2026-12-31", "2026-09-17", "2026-10-15", "2026-12-24"],
    ["Q4 FY 2026/27", "2027-01-01", "2027-03-31", "2026-12-18", "2027-01-15", "2027-03-24"],
  ]);
});

test("calendar years in trimesters, October years in halves, February ends and leap years", () => {
  assert.equal(brief(planningPeriods(2026, 0, "trimesters", { draftLeadDays: 7, setDays: 10, reviewLeadDays: 0 })), [
    ["T1 FY 2026", "2026-01-01", "2026-04-30", "2025-12-25", "2026-01-11", "2026-04-30"],
    ["T2 FY 2026", "2026-05-01", "2026-08-31", "2026-04-24", "2026-05-11", "2026-08-31"],
    ["T3 FY 2026", "2026-09-01", "2026-12-31", "2026-08-25", "2026-09-11", "2026-12-31"],
  ]);
  assert.equal(
    planningPeriods(2027, 9, "halves").map((period) => [period.name, period.startsOn, period.endsOn]),
    [
      ["H1 FY 2027/28", "2027-10-01", "2028-03-31"],
      ["H2 FY 2027/28", "2028-04-01", "2028-09-30"],
    ],
  );
  // A year starting in December: its first quarter ends on the last day of a leap February.
  assert.equal(planningPeriods(2027, 11, "quarters")[0]!.endsOn, "2028-02-29");
  assert.equal(planningPeriods(2026, 11, "quarters")[0]!.endsOn, "2027-02-28");
});

test("the planning year of a day and its label follow the fiscal year offset", () => {
  assert.is(planningYearOfDay("2026-03-31", 3), 2025);
  assert.is(planningYearOfDay("2026-04-01", 3), 2026);
  assert.is(planningYearOfDay("2026-12-31", 0), 2026);
  assert.is(planningYearLabel(2026, 0), "FY 2026");
  assert.is(planningYearLabel(2026, 3), "FY 2026/27");
  assert.is(planningYearLabel(2099, 6), "FY 2099/00");
});

test("phase dates: draft before the start, set within the period, review after set", () => {
  const period = { startsOn: "2026-04-01", endsOn: "2026-06-30", draftOn: "2026-03-18", setOn: "2026-04-15", reviewOn: "2026-06-23" };
  assert.equal(phaseProblems(period), {});
  assert.equal(Object.keys(phaseProblems({ ...period, draftOn: "2026-04-02" })), ["draftOn"]);
  assert.equal(Object.keys(phaseProblems({ ...period, draftOn: "2025-12-01" })), ["draftOn"]);
  assert.equal(Object.keys(phaseProblems({ ...period, setOn: "2026-07-01" })), ["setOn", "reviewOn"], "outside the period, and after the review");
  assert.equal(Object.keys(phaseProblems({ ...period, setOn: "2026-03-31" })), ["setOn"]);
  assert.equal(Object.keys(phaseProblems({ ...period, reviewOn: "2026-04-14" })), ["reviewOn"]);
  assert.equal(phaseProblems({ ...period, reviewOn: "2026-07-31" }), {}, "a retrospective up to a month after the end");
  assert.equal(Object.keys(phaseProblems({ ...period, reviewOn: "2026-08-01" })), ["reviewOn"]);
});

test.run();
