import { test } from "uvu";
import * as assert from "uvu/assert";
import { clampLayout, clampSize, describeLayout, inReadingOrder, paperRows, placeCard, reorderCard, steppedMove, steppedResize, type CardPlacement } from "../../../src/domain/custom-dashboards/canvas-layout";

const at = (id: number, x: number, y: number, w: number, h: number, position = id - 1): CardPlacement => ({ id, position, layout: { x, y, w, h } });
const layouts = (cards: readonly CardPlacement[]) => Object.fromEntries(cards.map((card) => [card.id, [card.layout.x, card.layout.y, card.layout.w, card.layout.h, card.position]]));

test("a card moved onto others pushes them down below it, in turn, and positions follow the reading order", () => {
  const cards = [at(1, 0, 0, 6, 2), at(2, 0, 2, 6, 2), at(3, 0, 4, 6, 2), at(4, 6, 0, 6, 3)];
  const moved = placeCard(cards, 4, { x: 0, y: 1, w: 6, h: 3 });
  assert.equal(layouts(moved), {
    1: [0, 4, 6, 2, 1],
    2: [0, 6, 6, 2, 2],
    3: [0, 8, 6, 2, 3],
    4: [0, 1, 6, 3, 0],
  });
});

test("cards beside a moved card stay; an unknown card changes nothing", () => {
  const cards = [at(1, 0, 0, 4, 2), at(2, 8, 0, 4, 2)];
  assert.equal(layouts(placeCard(cards, 1, { x: 4, y: 0, w: 4, h: 2 })), { 1: [4, 0, 4, 2, 0], 2: [8, 0, 4, 2, 1] });
  assert.equal(placeCard(cards, 9, { x: 0, y: 0, w: 1, h: 1 }), cards);
});

test("layouts stay inside the 12 columns: moves clamp the column, resizes the width right of the card", () => {
  assert.equal(clampLayout({ x: 11, y: -3, w: 4, h: 30 }), { x: 8, y: 0, w: 4, h: 24 });
  assert.equal(clampSize({ x: 9, y: 0, w: 3, h: 2 }, 6, 0), { x: 9, y: 0, w: 3, h: 1 });
  assert.equal(steppedMove({ x: 0, y: 0, w: 4, h: 2 }, "left"), null, "at the edge a step is no step");
  assert.equal(steppedMove({ x: 0, y: 0, w: 4, h: 2 }, "down"), { x: 0, y: 1, w: 4, h: 2 });
  assert.equal(steppedResize({ x: 8, y: 0, w: 4, h: 2 }, "right"), null);
  assert.equal(steppedResize({ x: 8, y: 0, w: 4, h: 2 }, "left"), { x: 8, y: 0, w: 3, h: 2 });
  assert.equal(steppedResize({ x: 0, y: 0, w: 1, h: 1 }, "up"), null);
});

test("grid order: a card moved to a place, the others closing up", () => {
  const cards = [at(1, 0, 0, 4, 2), at(2, 4, 0, 4, 2), at(3, 8, 0, 4, 2)];
  assert.equal(reorderCard(cards, 3, 0).map((card) => [card.id, card.position]), [[1, 1], [2, 2], [3, 0]]);
  assert.equal(reorderCard(cards, 1, 99).map((card) => [card.id, card.position]), [[1, 2], [2, 0], [3, 1]]);
});

test("reading order and paper rows: by row, then column; cards sharing rows go together, never split", () => {
  const cards = [at(1, 6, 0, 6, 4), at(2, 0, 0, 6, 2), at(3, 0, 2, 6, 2), at(4, 0, 6, 12, 3)];
  assert.equal(inReadingOrder(cards).map((card) => [card.id, card.position]), [[1, 1], [2, 0], [3, 2], [4, 3]]);
  assert.equal(paperRows(cards).map((row) => row.map((card) => card.id)), [[2, 3, 1], [4]]);
  assert.is(describeLayout({ x: 2, y: 0, w: 1, h: 3 }), "column 3, row 1, 1 column wide and 3 rows high");
});

test.run();
