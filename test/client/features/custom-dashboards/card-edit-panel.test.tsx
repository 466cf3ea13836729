import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { CustomDashboard } from "../../../../src/contracts/custom-dashboards";
import { initialState } from "../../../../src/client/app/state";
import { initialCustomDashboards } from "../../../../src/client/features/custom-dashboards/model";
import { CardEditPanel } from "../../../../src/client/features/custom-dashboards/views/card-edit-panel";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const dashboard: CustomDashboard = {
  id: 7,
  name: "Board",
  kind: "canvas",
  locked: false,
  owner: { id: 1, name: "Ada Administrator" },
  cardCount: 1,
  position: 0,
  updatedAt: "2026-11-20T10:00:00.000Z",
  canEdit: true,
  canManage: true,
  revision: 3,
  cards: [{ id: 1, title: "Agenda", content: { type: "text", text: "1. Figures" }, position: 0, layout: { x: 0, y: 0, w: 4, h: 4 } }],
  shares: [],
};
const slot = { status: "loaded" as const, dashboard, message: null, notFound: false, undo: [], layout: { status: "saved" as const, message: null }, announcement: null, cardAction: { status: "idle" as const, message: null, fields: {} }, exporting: null };

async function renderPanel() {
  let closed = 0;
  const dirty: boolean[] = [];
  const view = await renderWithBus(<CardEditPanel dashboard={dashboard} card={dashboard.cards[0]!} onClose={() => (closed += 1)} onDirtyChange={(value) => dirty.push(value)} />, {
    state: { customDashboards: { ...initialCustomDashboards, open: { 7: slot } }, kpis: initialState.kpis },
  });
  return { ...view, closed: () => closed, dirty };
}

test("leaving the card edit mode without changes asks nothing", async () => {
  const view = await renderPanel();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  await act(async () => undefined);
  assert.is(view.closed(), 1);
  assert.is(screen.queryByRole("alertdialog"), null);
});

test("leaving the card edit mode with unsaved changes asks first: Keep editing stays, Discard changes leaves", async () => {
  const view = await renderPanel();
  fireEvent.change(screen.getByLabelText("Text"), { target: { value: "1. Figures\n2. Plan" } });
  assert.is(view.dirty.at(-1), true, "the screen learns that the card holds unsaved changes");
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  await screen.findByRole("alertdialog");
  assert.ok(screen.getByText("Leave the card edit mode?"));
  fireEvent.click(screen.getByRole("button", { name: "Keep editing" }));
  await act(async () => undefined);
  assert.is(view.closed(), 0);
  assert.is((screen.getByLabelText("Text") as HTMLTextAreaElement).value, "1. Figures\n2. Plan");
  fireEvent.keyDown(screen.getByLabelText("Text"), { key: "Escape" });
  fireEvent.click(await screen.findByRole("button", { name: "Discard changes" }));
  await act(async () => undefined);
  assert.is(view.closed(), 1);
  assert.equal(
    view.commands.filter((command) => command._tag === "EditDashboardCard"),
    [],
    "nothing was saved",
  );
});

test("Save sends the card's title and content", async () => {
  const view = await renderPanel();
  fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Agenda for Monday" } });
  fireEvent.click(screen.getByRole("button", { name: "Save card" }));
  assert.equal(
    view.commands.filter((command) => command._tag === "EditDashboardCard"),
    [{ _tag: "EditDashboardCard", dashboardId: 7, cardId: 1, title: "Agenda for Monday", content: { type: "text", text: "1. Figures" } }],
  );
});

test.run();
