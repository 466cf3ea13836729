import { test } from "uvu";
import * as assert from "uvu/assert";
import { openDealsAt } from "../../../src/domain/warehouse/pipeline";
import { compareSnapshot } from "../../../src/domain/warehouse/snapshots";
import { deal } from "./fixtures";

test("a snapshot compared with the deals now: what became of each, and what is new", () => {
  const then = [
    { key: "W", name: "Deal W", stage: "negotiation" as const, amount: 10_000, expectedCloseOn: null },
    { key: "L", name: "Deal L", stage: "sql" as const, amount: 2_000, expectedCloseOn: null },
    { key: "A", name: "Deal A", stage: "mql" as const, amount: 3_000, expectedCloseOn: null },
    { key: "B", name: "Deal B", stage: "proposal" as const, amount: 4_000, expectedCloseOn: null },
    { key: "U", name: "Deal U", stage: "lead" as const, amount: 500, expectedCloseOn: null },
    { key: "R", name: "Deal R", stage: "lead" as const, amount: 700, expectedCloseOn: null },
  ];
  const now = [
    deal("W", { stage: "won", amount: 12_000 }),
    deal("L", { stage: "lost", amount: 2_000 }),
    deal("A", { stage: "proposal", amount: 3_500 }),
    deal("B", { stage: "sql", amount: 4_000 }),
    deal("U", { stage: "lead", amount: 500 }),
    deal("N", { stage: "mql", amount: 900 }),
    deal("C", { stage: "won", amount: 1 }), // closed and never in the snapshot: neither new nor anything else
  ];
  const comparison = compareSnapshot(then, now);
  assert.equal(comparison.deals.map((change) => [change.key, change.outcome, change.thenStage, change.nowStage]), [
    ["W", "won", "negotiation", "won"],
    ["L", "lost", "sql", "lost"],
    ["A", "advanced", "mql", "proposal"],
    ["B", "moved back", "proposal", "sql"],
    ["U", "unchanged", "lead", "lead"],
    ["R", "removed", "lead", null],
    ["N", "new", null, "mql"],
  ]);
  assert.equal(comparison.outcomes.map((row) => [row.outcome, row.count, row.amount]), [
    ["won", 1, 12_000],
    ["lost", 1, 2_000],
    ["advanced", 1, 3_500],
    ["moved back", 1, 4_000],
    ["unchanged", 1, 500],
    ["removed", 1, 700], // as it was then: it is gone now
    ["new", 1, 900],
  ]);
  assert.equal(comparison.stages.map((row) => [row.stage, row.thenCount, row.thenAmount, row.nowCount, row.nowAmount]), [
    ["lead", 2, 1_200, 1, 500],
    ["mql", 1, 3_000, 1, 900],
    ["sql", 1, 2_000, 1, 4_000],
    ["proposal", 1, 4_000, 1, 3_500],
    ["negotiation", 1, 10_000, 0, 0],
  ]);
});

test("a snapshot of today compared with today changes nothing", () => {
  const deals = [deal("A", { stage: "sql" }), deal("B", { stage: "won", closedOn: "2026-02-01" }), deal("C", { stage: "proposal" })];
  const comparison = compareSnapshot(openDealsAt(deals, "2026-03-01", "2026-03-01"), deals);
  assert.equal(comparison.deals.map((change) => change.outcome), ["unchanged", "unchanged"]);
});

test.run();
