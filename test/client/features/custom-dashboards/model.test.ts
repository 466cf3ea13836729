import { test } from "uvu";
import * as assert from "uvu/assert";
import type { CustomDashboard } from "../../../../src/contracts/custom-dashboards";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { board, card } from "./fixtures";
import { copyName, customDashboardsReducer, initialCustomDashboards, orderedCards, UNDO_DEPTH, type CustomDashboardsModel } from "../../../../src/client/features/custom-dashboards/model";

const fold = (events: readonly DomainEvent[], model: CustomDashboardsModel = initialCustomDashboards) => events.reduce<CustomDashboardsModel>((state, event) => customDashboardsReducer(state, event, { seq: 1, type: event._tag, version: 1, payload: event, occurredAt: "2026-11-20T10:00:00.000Z", origin: "local" }), model);
const loaded = (dashboard = board()) => fold([{ _tag: "CustomDashboardsLoaded", dashboards: [summary(dashboard)] }, { _tag: "CustomDashboardLoaded", dashboard }]);
const summary = ({ revision, cards, shares, ...rest }: CustomDashboard) => rest;
const layoutOf = (model: CustomDashboardsModel, id: number) => model.open[7]!.dashboard!.cards.find((entry) => entry.id === id)!.layout;

test("a move pushes covered cards down and keeps the layout before it for Undo; Undo restores every card", () => {
  const moved = fold([{ _tag: "DashboardCardMoved", dashboardId: 7, cardId: 2, layout: { x: 0, y: 0, w: 4, h: 3 }, previous: { x: 0, y: 3, w: 4, h: 3 } }], loaded());
  assert.equal(layoutOf(moved, 2), { x: 0, y: 0, w: 4, h: 3 });
  assert.equal(layoutOf(moved, 1), { x: 0, y: 3, w: 4, h: 3 });
  assert.equal(orderedCards(moved.open[7]!.dashboard!).map((entry) => entry.id), [2, 1], "reading order follows the layout");
  assert.is(moved.open[7]!.layout.status, "pending");
  assert.is(moved.open[7]!.undo.length, 1);
  const undone = fold([{ _tag: "DashboardLayoutUndone", dashboardId: 7, cards: moved.open[7]!.undo[0]! }], moved);
  assert.equal([layoutOf(undone, 1), layoutOf(undone, 2)], [{ x: 0, y: 0, w: 4, h: 3 }, { x: 0, y: 3, w: 4, h: 3 }]);
  assert.equal(undone.open[7]!.undo, []);
});

test("the undo stack keeps the last changes only", () => {
  let model = loaded();
  for (let step = 0; step < UNDO_DEPTH + 5; step += 1) model = fold([{ _tag: "DashboardCardResized", dashboardId: 7, cardId: 1, layout: { x: 0, y: 0, w: 1 + (step % 11), h: 3 }, previous: layoutOf(model, 1) }], model);
  assert.is(model.open[7]!.undo.length, UNDO_DEPTH);
});

test("a save takes the new revision; a change made while saving stays pending for the next save", () => {
  let model = fold([{ _tag: "DashboardCardMoved", dashboardId: 7, cardId: 1, layout: { x: 4, y: 0, w: 4, h: 3 }, previous: { x: 0, y: 0, w: 4, h: 3 } }, { _tag: "DashboardLayoutSaveStarted", dashboardId: 7 }], loaded());
  model = fold([{ _tag: "DashboardCardMoved", dashboardId: 7, cardId: 1, layout: { x: 5, y: 0, w: 4, h: 3 }, previous: { x: 4, y: 0, w: 4, h: 3 } }], model);
  model = fold([{ _tag: "DashboardLayoutSaved", dashboardId: 7, revision: 4, updatedAt: "2026-11-20T11:00:00.000Z" }], model);
  assert.equal([model.open[7]!.dashboard!.revision, model.open[7]!.layout.status], [4, "pending"]);
});

test("a conflict clears Undo and says so; the reload shows the other person's layout", () => {
  let model = fold([{ _tag: "DashboardCardMoved", dashboardId: 7, cardId: 1, layout: { x: 4, y: 0, w: 4, h: 3 }, previous: { x: 0, y: 0, w: 4, h: 3 } }], loaded());
  model = fold([{ _tag: "DashboardLayoutConflicted", dashboardId: 7, message: "Someone else changed it." }], model);
  assert.equal([model.open[7]!.undo, model.open[7]!.layout.status, model.open[7]!.announcement?.refused], [[], "error", true]);
  model = fold([{ _tag: "CustomDashboardLoaded", dashboard: board({ revision: 9, cards: [card(1, 8, 0, 4, 3), card(2, 0, 3, 4, 3)] }) }], model);
  assert.equal([layoutOf(model, 1), model.open[7]!.dashboard!.revision], [{ x: 8, y: 0, w: 4, h: 3 }, 9]);
});

test("a card added while a move waits to be saved keeps the move on screen with the answer's revision", () => {
  let model = fold([{ _tag: "DashboardCardMoved", dashboardId: 7, cardId: 1, layout: { x: 4, y: 0, w: 4, h: 3 }, previous: { x: 0, y: 0, w: 4, h: 3 } }], loaded());
  model = fold([{ _tag: "DashboardCardAdded", dashboard: board({ revision: 4, cards: [card(1, 0, 0, 4, 3), card(2, 0, 3, 4, 3), card(3, 0, 6, 4, 4)] }), cardId: 3 }], model);
  assert.equal(layoutOf(model, 1), { x: 4, y: 0, w: 4, h: 3 });
  assert.equal([model.open[7]!.dashboard!.revision, model.open[7]!.dashboard!.cards.length, model.list.dashboards[0]!.cardCount], [4, 3, 3]);
});

test("a refused change is said, not made; lock changes show in the list and on the board", () => {
  let model = fold([{ _tag: "DashboardLayoutRefused", dashboardId: 7, message: "Locked." }], loaded());
  assert.equal(model.open[7]!.announcement, { text: "Locked.", refused: true, seq: 1 });
  model = fold([{ _tag: "CanvasLockChanged", dashboardId: 7, locked: true, revision: 4 }], model);
  assert.equal([model.open[7]!.dashboard!.locked, model.open[7]!.dashboard!.revision, model.list.dashboards[0]!.locked], [true, 4, true]);
});

test("the overview: created dashboards open, duplicates do not; deleted ones leave; a new order sorts the list", () => {
  let model = fold([{ _tag: "CustomDashboardsLoaded", dashboards: [summary(board({ id: 1, position: 0 })), summary(board({ id: 2, position: 1 }))] }]);
  model = fold([{ _tag: "CustomDashboardActionStarted", action: "create" }, { _tag: "CustomDashboardCreated", dashboard: board({ id: 3, position: 2 }), duplicateOf: null }], model);
  assert.is(model.created, 3);
  model = fold([{ _tag: "CustomDashboardActionStarted", action: "duplicate" }, { _tag: "CustomDashboardCreated", dashboard: board({ id: 4, position: 3 }), duplicateOf: 1 }], model);
  assert.is(model.created, null);
  model = fold([{ _tag: "CustomDashboardDeleted", dashboardId: 2, name: "Board" }, { _tag: "CustomDashboardsReordered", ids: [4, 3, 1] }], model);
  assert.equal(model.list.dashboards.map((entry) => entry.id), [4, 3, 1]);
  assert.is(copyName("Board", ["Board", "Board (copy)"]), "Board (copy 2)");
});

test("a dashboard that is gone says so; a failed reload keeps the dashboard on screen", () => {
  const gone = fold([{ _tag: "CustomDashboardLoadStarted", dashboardId: 9 }, { _tag: "CustomDashboardLoadFailed", dashboardId: 9, message: "Gone.", notFound: true }]);
  assert.equal([gone.open[9]!.status, gone.open[9]!.notFound], ["error", true]);
  const kept = fold([{ _tag: "CustomDashboardLoadFailed", dashboardId: 7, message: "The server could not be reached.", notFound: false }], loaded());
  assert.equal([kept.open[7]!.status, kept.open[7]!.layout.message], ["loaded", "The server could not be reached."]);
});

test.run();
