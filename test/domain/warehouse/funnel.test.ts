import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthIndexOf } from "../../../src/domain/months";
import { furthestStage, stagePercentages, stagesOf } from "../../../src/domain/warehouse/funnel";
import { deal } from "./fixtures";

const JAN = monthIndexOf("2026-01-01");
const MAR = monthIndexOf("2026-03-01");

test("the furthest stage a deal reached, as a table", () => {
  const table: [Parameters<typeof deal>[1], string][] = [
    [{ stage: "lead" }, "lead"],
    [{ stage: "sql" }, "sql"],
    [{ stage: "mql", proposalOn: "2026-02-01" }, "proposal"], // moved back: it had got further
    [{ stage: "won" }, "won"],
    [{ stage: "lost" }, "lead"],
    [{ stage: "lost", mqlOn: "2026-01-12", sqlOn: "2026-01-20" }, "sql"],
    [{ stage: "lost", negotiationOn: "2026-03-01" }, "negotiation"],
  ];
  for (const [fields, expected] of table) assert.is(furthestStage(deal("D", fields)), expected, JSON.stringify(fields));
});

const cohort = [
  deal("1", { stage: "won", mqlOn: "2026-01-12", sqlOn: "2026-01-20", closedOn: "2026-02-10", amount: 4_000 }),
  deal("2", { stage: "lost", mqlOn: "2026-01-12", sqlOn: "2026-01-20", closedOn: "2026-02-01", amount: 1_000 }),
  deal("3", { stage: "lost", closedOn: "2026-01-20", amount: 500 }),
  deal("4", { stage: "proposal", mqlOn: "2026-02-12", proposalOn: "2026-03-01", amount: 2_000, createdOn: "2026-02-10" }),
  deal("5", { stage: "mql", mqlOn: "2026-03-02", createdOn: "2026-03-01", amount: 300 }),
  deal("6", { stage: "lead", createdOn: "2026-04-01" }), // outside the months
];

test("stage percentages: reached, of leads, of the stage before, win rate", () => {
  const view = stagePercentages(cohort, JAN, MAR);
  assert.equal([view.count, view.won, view.lost, view.open, view.winRate], [5, 1, 2, 2, 33.3]);
  assert.equal(view.stages.map((row) => [row.stage, row.reached, row.percentOfLeads, row.percentOfPrevious]), [
    ["lead", 5, 100, null],
    ["mql", 4, 80, 80],
    ["sql", 3, 60, 75],
    ["proposal", 2, 40, 66.7],
    ["negotiation", 1, 20, 50],
    ["won", 1, 20, 100],
  ]);
  const empty = stagePercentages([], JAN, MAR);
  assert.equal([empty.winRate, empty.stages[0]!.percentOfLeads, empty.stages[1]!.percentOfPrevious], [null, null, null], "no deals: no percentages, not zeros");
});

test("stages: the cohort by current stage, with amounts, shares and average age", () => {
  const view = stagesOf(cohort, JAN, MAR, "2026-03-11");
  assert.equal([view.count, view.amount], [5, 7_800]);
  assert.equal(view.stages.map((row) => [row.stage, row.count, row.amount, row.share, row.averageDays]), [
    ["lead", 0, 0, 0, null],
    ["mql", 1, 300, 20, 10],
    ["sql", 0, 0, 0, null],
    ["proposal", 1, 2_000, 20, 29],
    ["negotiation", 0, 0, 0, null],
    ["won", 1, 4_000, 20, 31],
    ["lost", 2, 1_500, 40, 16], // (22 + 10) / 2
  ]);
});

test.run();
