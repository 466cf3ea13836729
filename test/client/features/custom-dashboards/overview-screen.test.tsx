import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DashboardSummary } from "../../../../src/contracts/custom-dashboards";
import { initialState } from "../../../../src/client/app/state";
import { initialCustomDashboards } from "../../../../src/client/features/custom-dashboards/model";
import CustomDashboardsScreen from "../../../../src/client/features/custom-dashboards/views/overview-screen";
import { renderWithBus } from "../../support/dom";
import { demoCompany, profileWith } from "../../support/session-fixtures";

test.after.each(() => cleanup());

const company = demoCompany();
const profile = (permissions: string[]) => profileWith(permissions, { email: "dana@demo.example", first_name: "Dana", last_name: "Delegate" });
const row = (id: number, name: string, position: number, rights: Partial<DashboardSummary> = {}): DashboardSummary => ({
  id,
  name,
  kind: id === 2 ? "canvas" : "grid",
  locked: false,
  owner: { id: 1, name: "Dana Delegate" },
  cardCount: 3,
  position,
  updatedAt: "2026-11-20T10:00:00.000Z",
  canEdit: true,
  canManage: true,
  ...rights,
});

async function renderOverview(permissions: string[], dashboards: DashboardSummary[]) {
  return renderWithBus(<CustomDashboardsScreen />, {
    state: {
      session: { ...initialState.session, stage: "ready", profile: profile(permissions), company },
      customDashboards: { ...initialCustomDashboards, list: { status: "loaded", dashboards, message: null } },
    },
  });
}

test("the list in the company's order; a row's handle moves it with the arrow keys (every id in the new order)", async () => {
  const view = await renderOverview(["control_custom_dashboards"], [row(1, "Sales", 0), row(2, "Board", 1), row(3, "Ops", 2)]);
  assert.equal(screen.getAllByRole("rowheader").map((cell) => cell.textContent), ["Sales", "Board", "Ops"]);
  assert.ok(screen.getByText("Beta"), "a canvas is marked Beta");
  fireEvent.keyDown(screen.getByRole("button", { name: "Move Ops, place 3 of 3" }), { key: "ArrowUp" });
  fireEvent.keyDown(screen.getByRole("button", { name: "Move Sales, place 1 of 3" }), { key: "ArrowUp" });
  assert.equal(view.commands.filter((command) => command._tag === "ReorderCustomDashboards"), [{ _tag: "ReorderCustomDashboards", ids: [1, 3, 2] }], "the first cannot move up");
});

test("deleting asks first; readers without the permission and rights get no handles and no actions", async () => {
  const view = await renderOverview(["control_custom_dashboards"], [row(1, "Sales", 0)]);
  fireEvent.click(screen.getByRole("button", { name: "Delete Sales" }));
  fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
  await act(async () => undefined);
  assert.equal(view.commands.filter((command) => command._tag === "DeleteCustomDashboard"), [{ _tag: "DeleteCustomDashboard", dashboardId: 1, name: "Sales" }]);
  cleanup();
  await renderOverview([], [row(1, "Sales", 0, { canEdit: false, canManage: false })]);
  assert.is(screen.queryByRole("button", { name: /^Move / }), null);
  assert.is(screen.queryByRole("button", { name: "New dashboard" }), null);
  assert.is(screen.queryByRole("button", { name: /^(Rename|Duplicate|Share|Delete) / }), null);
});

test("an owner without user management shares with a new person and changes a current share", async () => {
  const view = await renderOverview(["control_custom_dashboards"], [row(1, "Sales", 0)]);
  fireEvent.click(screen.getByRole("button", { name: "Share Sales" }));
  await act(async () => undefined);
  assert.equal(view.commands.map((command) => command._tag), ["LoadCustomDashboards", "LoadCustomDashboard", "LoadShareCandidates"]);
  act(() => {
    view.bus.receive({ _tag: "ShareCandidatesLoaded", users: [{ id: 4, name: "Emil Employee" }, { id: 5, name: "Fay Finance" }] }, "local");
    view.bus.receive({ _tag: "CustomDashboardLoaded", dashboard: { ...row(1, "Sales", 0), revision: 1, cards: [], shares: [{ user: { id: 4, name: "Emil Employee" }, canEdit: false }] } }, "local");
  });
  fireEvent.change(await screen.findByLabelText("Access of Emil Employee"), { target: { value: "edit" } });
  fireEvent.change(screen.getByLabelText("Add a person"), { target: { value: "5" } });
  fireEvent.click(screen.getByRole("button", { name: "Add" }));
  fireEvent.click(screen.getByRole("button", { name: "Save sharing" }));
  assert.equal(view.commands.at(-1), { _tag: "ShareCustomDashboard", dashboardId: 1, shares: [{ userId: 4, canEdit: true }, { userId: 5, canEdit: false }] });
});

test.run();
