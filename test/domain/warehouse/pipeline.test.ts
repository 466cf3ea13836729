import { test } from "uvu";
import * as assert from "uvu/assert";
import { openDealsAt, pipelineAt, stageAt } from "../../../src/domain/warehouse/pipeline";
import { deal } from "./fixtures";

const TODAY = "2026-06-15";

test("the stage a deal was in on a day, as a table", () => {
  const moving = deal("D1", { stage: "won", createdOn: "2026-01-10", mqlOn: "2026-02-01", sqlOn: "2026-03-01", proposalOn: "2026-04-01", closedOn: "2026-05-01" });
  const skipping = deal("D2", { stage: "lost", createdOn: "2026-01-10", proposalOn: "2026-03-01", closedOn: "2026-04-10" });
  const undated = deal("D3", { stage: "negotiation", createdOn: "2026-01-10" });
  const table: [typeof moving, string, string | null][] = [
    [moving, "2026-01-09", null],
    [moving, "2026-01-10", "lead"],
    [moving, "2026-02-01", "mql"],
    [moving, "2026-03-15", "sql"],
    [moving, "2026-04-30", "proposal"],
    [moving, "2026-05-01", "won"],
    [moving, TODAY, "won"],
    [skipping, "2026-02-28", "lead"],
    [skipping, "2026-03-01", "proposal"],
    [skipping, "2026-04-10", "lost"],
    [undated, "2026-06-14", "lead"], // no date for its stage: it counts from today
    [undated, TODAY, "negotiation"],
    [undated, "2026-12-31", "negotiation"],
  ];
  for (const [row, date, expected] of table) assert.is(stageAt(row, date, TODAY), expected, `${row.key} on ${date}`);
});

test("the pipeline of a day: open deals by stage, weighted, and by expected close", () => {
  const deals = [
    deal("A", { stage: "proposal", amount: 10_000, expectedCloseOn: "2026-06-30", proposalOn: "2026-03-01" }),
    deal("B", { stage: "negotiation", amount: 20_000, expectedCloseOn: "2026-08-10", negotiationOn: "2026-05-01" }),
    deal("C", { stage: "lead", amount: 1_000, expectedCloseOn: "2026-05-01" }),
    deal("D", { stage: "lead", amount: 2_000, expectedCloseOn: "2027-06-01" }),
    deal("E", { stage: "won", amount: 50_000, closedOn: "2026-04-01" }),
    deal("F", { stage: "mql", amount: 500, mqlOn: "2026-06-01", createdOn: "2026-06-01" }),
  ];
  const pipeline = pipelineAt(deals, TODAY, TODAY);
  assert.equal([pipeline.count, pipeline.amount, pipeline.weighted], [5, 33_500, 20_200]); // 5% of 3,000 + 10% of 500 + 50% of 10,000 + 75% of 20,000
  assert.equal(pipeline.stages.map((stage) => [stage.stage, stage.count, stage.amount, stage.weighted]), [
    ["lead", 2, 3_000, 150],
    ["mql", 1, 500, 50],
    ["sql", 0, 0, 0],
    ["proposal", 1, 10_000, 5_000],
    ["negotiation", 1, 20_000, 15_000],
  ]);
  assert.equal(pipeline.closeMonths.map((bucket) => [bucket.label, bucket.amount]), [
    ["Overdue", 1_000],
    ["Jun 2026", 10_000],
    ["Jul 2026", 0],
    ["Aug 2026", 20_000],
    ["Sep 2026", 0],
    ["Oct 2026", 0],
    ["Nov 2026", 0],
    ["Later", 2_000],
    ["No close date", 500],
  ]);
  assert.is(pipeline.closeMonths[3]!.byStage.negotiation, 20_000);

  // Back in March: E was still open (dated lead only), B a lead, F did not exist yet.
  const march = openDealsAt(deals, "2026-03-31", TODAY);
  assert.equal(march.map((open) => [open.key, open.stage]), [["A", "proposal"], ["B", "lead"], ["C", "lead"], ["D", "lead"], ["E", "lead"]]);
});

test.run();
