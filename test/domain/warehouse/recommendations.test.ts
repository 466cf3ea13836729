import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthIndexOf } from "../../../src/domain/months";
import { checkWarehouseData } from "../../../src/domain/warehouse/data-rules";
import { stagePercentages } from "../../../src/domain/warehouse/funnel";
import { pipelineAt } from "../../../src/domain/warehouse/pipeline";
import { recommendationsOf } from "../../../src/domain/warehouse/recommendations";
import { developmentShare } from "../../../src/domain/warehouse/sales-mix";
import { salesTarget } from "../../../src/domain/warehouse/sales-target";
import type { Deal, SalesTarget } from "../../../src/domain/warehouse/records";
import { deal, product } from "./fixtures";

const JAN = monthIndexOf("2026-01-01");
const MAR = monthIndexOf("2026-03-01");
const TODAY = "2026-03-31";

function recommend(deals: readonly Deal[], targets: readonly SalesTarget[]) {
  const products = [product("p1", { category: "Subscription" }), product("p2", { category: "Services" })];
  const { usable, issues } = checkWarehouseData({ deals, employees: [], products, salesTargets: targets }, TODAY);
  return recommendationsOf({
    currency: "EUR",
    period: "Jan – Mar 2026",
    target: salesTarget(usable.deals, usable.salesTargets, JAN, MAR),
    pipeline: pipelineAt(usable.deals, TODAY, TODAY),
    percentages: stagePercentages(usable.deals, JAN, MAR),
    development: developmentShare(usable.deals, usable.products, JAN, MAR),
    issues,
  });
}

/** Twenty leads: ten reach SQL, two of them a proposal, one is won (Subscription); one open deal is overdue. */
const funnel: Deal[] = [
  ...Array.from({ length: 10 }, (_, index) => deal(`l${index}`, { stage: "lost", createdOn: "2026-01-05", closedOn: "2026-02-01" })),
  ...Array.from({ length: 8 }, (_, index) => deal(`s${index}`, { stage: "lost", createdOn: "2026-01-05", mqlOn: "2026-01-06", sqlOn: "2026-01-07", closedOn: "2026-02-01" })),
  deal("w", { stage: "won", amount: 9_000, productKey: "p1", createdOn: "2026-01-05", mqlOn: "2026-01-06", sqlOn: "2026-01-07", proposalOn: "2026-01-08", negotiationOn: "2026-01-09", closedOn: "2026-02-10" }),
  deal("o", { stage: "proposal", amount: 4_000, productKey: "p2", createdOn: "2026-01-05", mqlOn: "2026-01-06", sqlOn: "2026-01-07", proposalOn: "2026-01-08", expectedCloseOn: "2026-03-01" }),
  deal("x", { stage: null, amount: 1_000, createdOn: "2026-02-01" }),
];

test("a target gap the pipeline does not cover, rows left out, overdue deals, the weakest step, a concentrated mix", () => {
  const found = recommend(funnel, [{ month: "2026-02-01", amount: 20_000 }]);
  assert.equal(found.map((item) => [item.rule, item.tone]), [["target-gap", "warning"], ["excluded-rows", "warning"], ["overdue-deals", "warning"], ["weakest-step", "info"]]);
  const [gap, excluded, overdue, weakest] = found;
  assert.is(gap!.title, "€ 11k short of the sales target");
  assert.match(gap!.text, /does not cover it/);
  assert.equal([excluded!.title, excluded!.href], ["1 row of the raw data left out of every figure", "/warehouse/data-issues"]);
  assert.match(overdue!.text, /^1 deal is still open after the date/);
  assert.is(weakest!.title, "The weakest step: SQL to Proposal");
  assert.match(weakest!.text, /^Only 20\.0 % of the deals that reached SQL moved on to Proposal \(2 of 10\)/);
});

test("a reached target is good news; one category above 60 % is named; small steps and empty data say nothing", () => {
  const won = [deal("a", { stage: "won", amount: 9_000, productKey: "p1", closedOn: "2026-01-20" }), deal("b", { stage: "won", amount: 1_000, productKey: "p2", closedOn: "2026-02-20" })];
  const found = recommend(won, [{ month: "2026-01-01", amount: 5_000 }]);
  assert.equal(found.map((item) => item.rule), ["target-reached", "concentration"]);
  assert.is(found[1]!.title, "90.0 % of the value won comes from Subscription");
  assert.equal(recommend([], []), []);
});

test.run();
