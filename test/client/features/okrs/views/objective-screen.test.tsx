// One objective on its screen: a KPI-fed key result is read-only in its figures and links to its
// KPI; a reader without write permission sees no change actions; the check-in dialog sends the
// confidence chosen and the value typed.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { initialState } from "../../../../../src/client/app/state";
import { initialOkrs } from "../../../../../src/client/features/okrs/model";
import ObjectiveScreen from "../../../../../src/client/features/okrs/views/objective-screen";
import { renderWithBus } from "../../../support/dom";
import { demoCompany, profileWith } from "../../../support/session-fixtures";
import { keyResult, objective } from "../fixtures";

test.after.each(() => cleanup());

const fed = keyResult({ id: 11, title: "Deals won", kpi: { id: 5, name: "Deals won", unit: "number" }, actual: 120, progress: 60, target: 200 });
const manual = keyResult({ id: 12, title: "Reference customers", actual: 3, progress: 37.5, target: 8, position: 1 });

function stateFor(mayEdit: boolean) {
  const open = objective({ id: 4, title: "Win DACH", level: "team", category: { id: 7, name: "DACH" }, mayEdit, keyResults: [fed, manual], parents: [{ id: 1, title: "Grow", level: "corporate" }] });
  return {
    session: { ...initialState.session, stage: "ready" as const, profile: profileWith(mayEdit ? ["write_team_okrs"] : ["read_team_okrs"]), company: demoCompany() },
    okrs: { ...initialOkrs, open: { 4: { status: "loaded" as const, message: null, objective: open, notFound: false } }, externalTasks: { 4: { status: "loaded" as const, message: null, tasks: [] } } },
  };
}

const at = (path: string) => (
  <Router hook={memoryLocation({ path, static: true }).hook}>
    <Route path="/objectives/id/:id?" component={ObjectiveScreen} />
  </Router>
);

test("a KPI-fed key result: figures read-only, the note and a link to the KPI detail; a manual one is checked in with a value", async () => {
  const view = await renderWithBus(at("/objectives/id/4"), { state: stateFor(true) });
  await waitFor(() => assert.equal(view.commands.slice(0, 3), [{ _tag: "LoadOkrContext" }, { _tag: "LoadObjective", objectiveId: 4 }, { _tag: "LoadExternalTasks", objectiveId: 4 }]));
  const kpiFed = screen.getByTestId("key-result-Deals won");
  assert.is(within(kpiFed).getByRole("link", { name: "Deals won" }).getAttribute("href"), "/reporting/kpi-detail/5");
  assert.match(kpiFed.textContent ?? "", /cannot be edited here/);
  assert.ok(screen.getByRole("link", { name: "Grow" }));

  fireEvent.click(screen.getByRole("button", { name: "Check in on “Reference customers”" }));
  const dialog = await screen.findByRole("alertdialog");
  fireEvent.click(within(dialog).getByLabelText("8"));
  assert.ok(within(dialog).getByText("Confidence: 8 of 10 (High)"));
  fireEvent.change(within(dialog).getByLabelText(/^Value now/), { target: { value: "5" } });
  assert.is(within(dialog).getByRole("progressbar", { name: "Progress with this value" }).getAttribute("aria-valuenow"), "63");
  fireEvent.change(within(dialog).getByLabelText("Comment"), { target: { value: "Two signed" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save check-in" }));
  await waitFor(() => assert.equal(view.commands.at(-1), { _tag: "CheckInKeyResult", objectiveId: 4, keyResultId: 12, request: { value: 5, confidence: 8, comment: "Two signed" } }));
  view.unmount();
});

test("a KPI-fed key result's check-in asks no value", async () => {
  const view = await renderWithBus(at("/objectives/id/4"), { state: stateFor(true) });
  fireEvent.click(screen.getByRole("button", { name: "Check in on “Deals won”" }));
  const dialog = await screen.findByRole("alertdialog");
  assert.is(within(dialog).queryByLabelText(/^Value now/), null);
  assert.match(dialog.textContent ?? "", /from the KPI Deals won/);
  fireEvent.click(within(dialog).getByRole("button", { name: "Save check-in" }));
  await waitFor(() => assert.equal(view.commands.at(-1), { _tag: "CheckInKeyResult", objectiveId: 4, keyResultId: 11, request: { value: null, confidence: 5, comment: "" } }));
  view.unmount();
});

test("a reader: the objective, its key results and history, and no change actions", async () => {
  await renderWithBus(at("/objectives/id/4"), { state: stateFor(false) });
  assert.ok(screen.getByRole("heading", { level: 1, name: "Win DACH" }));
  for (const name of ["Edit", "Delete", "Add key result", "Add milestone", "Attach a task", "Check in on “Deals won”"]) assert.is(screen.queryByRole("button", { name }), null, name);
  assert.ok(screen.getByRole("button", { name: "Check-in history of “Deals won”" }));
});

test.run();
