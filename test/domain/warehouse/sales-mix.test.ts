import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthIndexOf } from "../../../src/domain/months";
import { developmentShare, NO_CATEGORY, NO_PRODUCT, OTHER_CATEGORIES, sizeBandsOf, stageSizeMix } from "../../../src/domain/warehouse/sales-mix";
import { deal, product } from "./fixtures";

const JAN = monthIndexOf("2026-01-01");
const MAR = monthIndexOf("2026-03-01");

test("size bands split at the quartiles, rounded up to round numbers; fewer when they coincide", () => {
  const table: [number[], [number, number | null][]][] = [
    [[], [[0, null]]],
    [[1_000, 3_000, 8_000, 40_000], [[0, 5_000], [5_000, 10_000], [10_000, 50_000], [50_000, null]]],
    [[12_000, 12_000, 12_000, 12_000], [[0, 20_000], [20_000, null]]],
    [[0, 0, 900], [[0, 1_000], [1_000, null]]], // deals without an amount do not decide the bands
  ];
  for (const [amounts, bands] of table) assert.equal(sizeBandsOf(amounts).map((band) => [band.from, band.to]), bands, JSON.stringify(amounts));
});

test("marimekko: the period's deals by current stage (column width = share of value) and size band (share of the stage)", () => {
  const deals = [
    deal("a", { stage: "won", amount: 1_000, createdOn: "2026-01-05", closedOn: "2026-02-01" }),
    deal("b", { stage: "won", amount: 40_000, createdOn: "2026-01-20", closedOn: "2026-03-01" }),
    deal("c", { stage: "proposal", amount: 8_000, createdOn: "2026-02-10" }),
    deal("d", { stage: "proposal", amount: 3_000, createdOn: "2026-03-31" }),
    deal("e", { stage: "lost", amount: 8_000, createdOn: "2026-03-01", closedOn: "2026-03-20" }),
    deal("f", { stage: "won", amount: 99_000, createdOn: "2025-12-31", closedOn: "2026-01-10" }), // created before the period
    deal("g", { stage: null, amount: 5_000, createdOn: "2026-02-01" }), // no stage: a data issue, not counted
  ];
  const mix = stageSizeMix(deals, JAN, MAR);
  assert.equal([mix.count, mix.amount], [5, 60_000]);
  assert.equal(mix.bands.map((band) => [band.from, band.to]), [[0, 5_000], [5_000, 10_000], [10_000, null]]);
  const byStage = Object.fromEntries(mix.stages.map((stage) => [stage.stage, stage]));
  assert.equal(mix.stages.map((stage) => stage.stage), ["lead", "mql", "sql", "proposal", "negotiation", "won", "lost"]);
  assert.equal([byStage.won!.amount, byStage.won!.share, byStage.proposal!.share, byStage.lost!.share, byStage.lead!.share], [41_000, 68.3, 18.3, 13.3, 0]);
  assert.equal(byStage.won!.segments.map((segment) => [segment.count, segment.amount, segment.share]), [[1, 1_000, 2.4], [0, 0, 0], [1, 40_000, 97.6]]);
  assert.equal(byStage.proposal!.segments.map((segment) => [segment.count, segment.amount]), [[1, 3_000], [1, 8_000], [0, 0]]);
  assert.equal(byStage.lead!.segments.map((segment) => segment.share), [null, null, null], "an empty stage has no shares");
  const none = stageSizeMix([], JAN, MAR);
  assert.equal([none.count, none.bands.length, none.stages[0]!.share], [0, 1, null]);
});

test("development share: won value by product category, month by month as shares of the month", () => {
  const products = [product("p1", { category: "Subscription" }), product("p2", { category: "Services" }), product("p3", { category: null })];
  const deals = [
    deal("a", { stage: "won", amount: 3_000, productKey: "p1", closedOn: "2026-01-05" }),
    deal("b", { stage: "won", amount: 1_000, productKey: "p2", closedOn: "2026-01-20" }),
    deal("c", { stage: "won", amount: 2_000, productKey: "p2", closedOn: "2026-03-02" }),
    deal("d", { stage: "won", amount: 500, productKey: "p3", closedOn: "2026-03-10" }),
    deal("e", { stage: "won", amount: 500, productKey: null, closedOn: "2026-03-11" }),
    deal("f", { stage: "lost", amount: 9_000, productKey: "p1", closedOn: "2026-01-11" }),
    deal("g", { stage: "won", amount: 9_000, productKey: "p1", closedOn: "2026-04-01" }),
  ];
  const share = developmentShare(deals, products, JAN, MAR);
  assert.is(share.won, 7_000);
  assert.equal(share.categories.map((category) => [category.label, category.amount, category.share]), [["Services", 3_000, 42.9], ["Subscription", 3_000, 42.9], [NO_CATEGORY, 500, 7.1], [NO_PRODUCT, 500, 7.1]]);
  assert.equal(share.months.map((month) => [month.month, month.won, month.values.map((value) => value.share)]), [
    ["2026-01-01", 4_000, [25, 75, 0, 0]],
    ["2026-02-01", 0, [null, null, null, null]],
    ["2026-03-01", 3_000, [66.7, 0, 16.7, 16.7]],
  ]);
  // More than seven categories: the six largest by name, the rest together.
  const many = Array.from({ length: 9 }, (_, index) => product(`q${index}`, { category: `Category ${index}` }));
  const manyDeals = many.map((item, index) => deal(`d${index}`, { stage: "won", amount: 1_000 * (index + 1), productKey: item.key, closedOn: "2026-02-01" }));
  const grouped = developmentShare(manyDeals, many, JAN, MAR);
  assert.equal(grouped.categories.map((category) => category.label), ["Category 8", "Category 7", "Category 6", "Category 5", "Category 4", "Category 3", OTHER_CATEGORIES]);
  assert.is(grouped.categories.at(-1)!.amount, 6_000);
});

test.run();
