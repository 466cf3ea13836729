// The objective lists as a person meets them: what a reader may and may not do, the create
// dialog's checks with the contract's words, and ordering by keyboard with its announcement.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TOO_MANY_PARENTS } from "../../../../../src/contracts/okrs";
import { ObjectivesReordered } from "../../../../../src/contracts/messages/okrs";
import { initialState } from "../../../../../src/client/app/state";
import { initialOkrs } from "../../../../../src/client/features/okrs/model";
import { ObjectivesScreen } from "../../../../../src/client/features/okrs/views/objectives-screen";
import { renderWithBus } from "../../../support/dom";
import { demoCompany, profileWith } from "../../../support/session-fixtures";
import { keyResult, objective, YEAR_2026 } from "../fixtures";

test.after.each(() => cleanup());

const YEAR = { first: 2026 * 12, last: 2026 * 12 + 11 };
const grow = objective({ id: 1, title: "Grow", position: 0, keyResults: [keyResult({ title: "Deals won", kpi: { id: 5, name: "Deals won", unit: "number" } })] });
const profit = objective({ id: 2, title: "Profit", position: 1 });
const brand = objective({ id: 3, title: "Brand", position: 2 });
const dach = objective({ id: 4, level: "team", title: "Win DACH", category: { id: 7, name: "DACH" }, parents: [{ id: 1, title: "Grow", level: "corporate" }], position: 0 });

function stateFor(permissions: string[], mayEdit: boolean) {
  const objectives = [grow, profit, brand, dach].map((entry) => ({ ...entry, mayEdit }));
  return {
    session: { ...initialState.session, stage: "ready" as const, profile: profileWith(permissions), company: demoCompany() },
    okrs: {
      ...initialOkrs,
      period: YEAR,
      context: { status: "loaded" as const, message: null, statuses: [{ id: 1, name: "On track", color: "#2f855a", position: 0 }], categories: [{ id: 7, kind: "team" as const, name: "DACH", departmentId: null, objectiveCount: 1 }], people: [{ id: 1, name: "Ada Administrator" }], memberships: {} },
      lists: { overview: { status: "loaded" as const, message: null, query: YEAR_2026, objectives }, "parent-candidates": { status: "loaded" as const, message: null, query: YEAR_2026, objectives } },
    },
  };
}

test("a reader sees the objectives by level and unit, with progress and KPI-fed key results, and no way to change them", async () => {
  const view = await renderWithBus(<ObjectivesScreen mode="overview" />, { state: stateFor(["read_corporate_okrs"], false) });
  await waitFor(() => assert.equal(view.commands, [{ _tag: "LoadOkrContext" }, { _tag: "LoadObjectives", listKey: "overview", query: YEAR_2026 }]));
  assert.equal(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent), ["Corporate (3)", "Team · DACH (1)"]);
  assert.ok(screen.getByRole("link", { name: "Win DACH" }));
  assert.match(screen.getByTestId("objective-Win DACH").textContent ?? "", /Supports: Grow/);
  assert.match(screen.getByTestId("objective-Grow").textContent ?? "", /KPI Deals won/);
  assert.is(screen.getByRole("progressbar", { name: "Progress of key result “Deals won”" }).getAttribute("aria-valuenow"), "40");
  assert.is(screen.queryByRole("button", { name: "New objective" }), null);
  assert.is(screen.queryByRole("button", { name: /^Actions for/ }), null);
  assert.is(screen.queryByRole("button", { name: /^Reorder/ }), null);
  view.unmount();
});

test("the new objective dialog checks with the contract's words before anything is sent", async () => {
  const view = await renderWithBus(<ObjectivesScreen mode="overview" />, { state: stateFor(["write_corporate_okrs"], true) });
  fireEvent.click(screen.getAllByRole("button", { name: "New objective" })[0]!);
  const dialog = await screen.findByRole("alertdialog");
  fireEvent.click(within(dialog).getByRole("button", { name: "Create objective" }));
  await waitFor(() => assert.ok(within(dialog).getByText("Title: Enter a title.")));
  assert.not.ok(view.commands.some((command) => command._tag === "CreateObjective"));

  // A team objective supports at most two higher-level ones.
  fireEvent.change(within(dialog).getByLabelText("Level"), { target: { value: "team" } });
  fireEvent.change(within(dialog).getByLabelText("Unit", { exact: false }), { target: { value: "7" } });
  fireEvent.change(within(dialog).getByLabelText("Title", { exact: false }), { target: { value: "Win Austria" } });
  for (const title of ["Grow (Corporate)", "Profit (Corporate)", "Brand (Corporate)"]) fireEvent.click(within(dialog).getByLabelText(title));
  assert.ok(within(dialog).getByText(TOO_MANY_PARENTS));
  fireEvent.click(within(dialog).getByRole("button", { name: "Create objective" }));
  assert.not.ok(view.commands.some((command) => command._tag === "CreateObjective"));
  fireEvent.click(within(dialog).getByLabelText("Brand (Corporate)"));
  fireEvent.click(within(dialog).getByRole("button", { name: "Create objective" }));
  await waitFor(() => assert.ok(view.commands.some((command) => command._tag === "CreateObjective")));
  const created = view.commands.find((command) => command._tag === "CreateObjective") as unknown as { request: Record<string, unknown> };
  assert.equal(
    { level: created.request["level"], categoryId: created.request["categoryId"], title: created.request["title"], parentIds: created.request["parentIds"], startsOn: created.request["startsOn"], endsOn: created.request["endsOn"] },
    { level: "team", categoryId: 7, title: "Win Austria", parentIds: [1, 2], startsOn: "2026-01-01", endsOn: "2026-12-31" },
  );
  view.unmount();
});

test("the handle orders by keyboard within the group; the new place is announced", async () => {
  const view = await renderWithBus(<ObjectivesScreen mode="overview" />, { state: stateFor(["write_corporate_okrs"], true) });
  const handle = screen.getByRole("button", { name: "Reorder “Grow”, position 1 of 3" });
  fireEvent.keyDown(handle, { key: "ArrowDown" });
  const reorder = view.commands.find((command) => command._tag === "ReorderObjectives");
  assert.equal(reorder, { _tag: "ReorderObjectives", ids: [2, 1, 3], announcement: "“Grow” moved to position 2 of 3." });
  act(() => void view.bus.receive(ObjectivesReordered.make({ ids: [2, 1, 3], announcement: "“Grow” moved to position 2 of 3." }), "local"));
  assert.is(screen.getByTestId("reorder-announcement").textContent, "“Grow” moved to position 2 of 3.");
  assert.equal(
    within(screen.getByRole("region", { name: /^Corporate/ })).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent),
    ["Profit", "Grow", "Brand"],
  );
  // The single team objective has no handle: there is nothing to order.
  assert.is(screen.queryByRole("button", { name: /^Reorder “Win DACH”/ }), null);
  view.unmount();
});

test.run();
