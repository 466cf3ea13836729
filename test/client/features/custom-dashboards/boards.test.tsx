import { cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { CustomDashboard } from "../../../../src/contracts/custom-dashboards";
import { CanvasBoard } from "../../../../src/client/features/custom-dashboards/views/canvas-board";
import { UNKNOWN_CARD_TEXT } from "../../../../src/client/features/custom-dashboards/views/card-body";
import { GridBoard } from "../../../../src/client/features/custom-dashboards/views/grid-board";
import { renderWithBus } from "../../support/dom";
import { board } from "./fixtures";

test.after.each(() => cleanup());

const dashboard = (overrides: Partial<CustomDashboard> = {}): CustomDashboard =>
  board({
    cards: [
      { id: 1, title: "Agenda", content: { type: "text", text: "First.\n\nSecond." }, position: 0, layout: { x: 2, y: 1, w: 4, h: 3 } },
      { id: 2, title: "Later", content: { type: "text", text: "" }, position: 1, layout: { x: 0, y: 4, w: 4, h: 3 } },
    ],
    ...overrides,
  });
const props = { editingCardId: null, hintId: "hint", titleOf: () => "", onEdit: () => undefined, onRemove: () => undefined };

test("a canvas places each card by its layout; arrow keys on a focused card move it, Shift+arrows resize it", async () => {
  const view = await renderWithBus(<CanvasBoard dashboard={dashboard()} {...props} />);
  const agenda = screen.getByRole("article", { name: "Agenda" });
  assert.equal([agenda.style.gridColumn, agenda.style.gridRow], ["3 / span 4", "2 / span 3"]);
  assert.equal([...agenda.querySelectorAll("p")].map((p) => p.textContent), ["First.", "Second."]);
  fireEvent.keyDown(agenda, { key: "ArrowLeft" });
  fireEvent.keyDown(agenda, { key: "ArrowDown", shiftKey: true });
  fireEvent.keyDown(agenda, { key: "Enter" });
  assert.equal(view.commands, [
    { _tag: "StepDashboardCard", dashboardId: 7, cardId: 1, direction: "left", resize: false },
    { _tag: "StepDashboardCard", dashboardId: 7, cardId: 1, direction: "down", resize: true },
  ]);
  assert.ok(agenda.querySelector(".handle"), "unlocked: a drag handle");
  assert.ok(agenda.querySelector("[title='Drag to resize']"), "unlocked: a resize corner");
});

test("keys pressed inside a card are the card's own; a locked canvas has no handles", async () => {
  const view = await renderWithBus(<CanvasBoard dashboard={dashboard({ locked: true })} {...props} />);
  const agenda = screen.getByRole("article", { name: "Agenda" });
  fireEvent.keyDown(screen.getByRole("button", { name: "Edit Agenda" }), { key: "ArrowLeft" });
  assert.equal(view.commands, []);
  assert.is(agenda.querySelector(".handle"), null);
  assert.is(agenda.querySelector("[title='Drag to resize']"), null);
});

test("a grid shows cards in order and moves the focused one earlier or later; a card type this client does not know says so", async () => {
  const unknown = { id: 3, title: "From the future", content: { type: "aiChart" } as unknown as CustomDashboard["cards"][number]["content"], position: 0, layout: { x: 0, y: 0, w: 4, h: 3 } };
  const grid = dashboard({ kind: "grid", cards: [{ ...dashboard().cards[0]!, position: 2 }, { ...dashboard().cards[1]!, position: 1 }, unknown] });
  const view = await renderWithBus(<GridBoard dashboard={grid} {...props} />);
  assert.equal(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label")), ["From the future", "Later", "Agenda"]);
  assert.ok(screen.getByText(UNKNOWN_CARD_TEXT));
  fireEvent.keyDown(screen.getByRole("article", { name: "Later" }), { key: "ArrowUp" });
  fireEvent.keyDown(screen.getByRole("article", { name: "Later" }), { key: "End" });
  assert.equal(view.commands, [
    { _tag: "ReorderDashboardCard", dashboardId: 7, cardId: 2, position: 0 },
    { _tag: "ReorderDashboardCard", dashboardId: 7, cardId: 2, position: 2 },
  ]);
});

test.run();
