import { test } from "uvu";
import * as assert from "uvu/assert";
import { CANVAS_LOCKED, type CustomDashboard } from "../../../../src/contracts/custom-dashboards";
import { AT_EDGE_TEXT, LAYOUT_SAVE_DEBOUNCE_MS, READ_ONLY_TEXT } from "../../../../src/client/features/custom-dashboards/layout-epics";
import { LAYOUT_CONFLICT_TEXT, NOTHING_TO_UNDO_TEXT } from "../../../../src/client/features/custom-dashboards/model";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";
import { board, card } from "./fixtures";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
// Titles make the conflict and edge messages in these tests easy to read.
const canvas = (overrides: Partial<CustomDashboard> = {}): CustomDashboard => board({ cards: [card(1, 0, 0, 4, 3, "Revenue"), card(2, 0, 3, 4, 3, "Notes")], ...overrides });
const waitForSave = () => new Promise((resolve) => setTimeout(resolve, LAYOUT_SAVE_DEBOUNCE_MS + 80));
const layoutOf = (client: ReturnType<typeof testClient>, id: number) => client.store.getState().customDashboards.open[7]?.dashboard?.cards.find((entry) => entry.id === id)?.layout;
const slot = (client: ReturnType<typeof testClient>) => client.store.getState().customDashboards.open[7]!;

async function openCanvas(routes: Parameters<typeof testClient>[0], dashboard = canvas()) {
  const client = testClient({ "GET /api/custom-dashboards/7/": () => json(200, dashboard), ...routes });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadCustomDashboard", dashboardId: 7 });
  await client.waitFor("CustomDashboardLoaded");
  return client;
}

test("arrow keys move the focused card a cell, Shift+arrows resize it; a run of steps is saved once with the revision and every card's place", async () => {
  const client = await openCanvas({ "PUT /api/custom-dashboards/7/layout/": () => json(200, canvas({ revision: 4 })) });
  client.bus.dispatch({ _tag: "StepDashboardCard", dashboardId: 7, cardId: 1, direction: "right", resize: false });
  client.bus.dispatch({ _tag: "StepDashboardCard", dashboardId: 7, cardId: 1, direction: "right", resize: false });
  client.bus.dispatch({ _tag: "StepDashboardCard", dashboardId: 7, cardId: 1, direction: "down", resize: true });
  await settle();
  assert.equal(layoutOf(client, 1), { x: 2, y: 0, w: 4, h: 4 });
  assert.equal(layoutOf(client, 2), { x: 0, y: 4, w: 4, h: 3 }, "the card below was pushed down, not covered");
  assert.is(slot(client).announcement?.text, "Resized “Revenue” to column 3, row 1, 4 columns wide and 4 rows high.");
  assert.is(slot(client).layout.status, "pending");
  await waitForSave();
  const saves = client.server.calls.filter((call) => call.method === "PUT");
  assert.is(saves.length, 1, "three quick steps are one save");
  assert.equal(saves[0]!.body, {
    revision: 3,
    cards: [
      { id: 1, position: 0, layout: { x: 2, y: 0, w: 4, h: 4 } },
      { id: 2, position: 1, layout: { x: 0, y: 4, w: 4, h: 3 } },
    ],
  });
  assert.is(slot(client).dashboard?.revision, 4);
  assert.is(slot(client).layout.status, "saved");
});

test("a drag moves a card to its cell; at the canvas's edge a step is refused with words, not a silent nothing", async () => {
  const client = await openCanvas({ "PUT /api/custom-dashboards/7/layout/": () => json(200, canvas({ revision: 4 })) });
  client.bus.dispatch({ _tag: "MoveDashboardCard", dashboardId: 7, cardId: 2, x: 8, y: 0 });
  await settle();
  assert.equal(layoutOf(client, 2), { x: 8, y: 0, w: 4, h: 3 });
  client.bus.dispatch({ _tag: "StepDashboardCard", dashboardId: 7, cardId: 2, direction: "right", resize: false });
  await settle();
  assert.equal(layoutOf(client, 2), { x: 8, y: 0, w: 4, h: 3 });
  assert.equal([slot(client).announcement?.text, slot(client).announcement?.refused], [AT_EDGE_TEXT, true]);
  client.bus.dispatch({ _tag: "ResizeDashboardCard", dashboardId: 7, cardId: 2, w: 20, h: 2 });
  await settle();
  assert.equal(layoutOf(client, 2), { x: 8, y: 0, w: 4, h: 2 }, "a card never grows past the 12 columns");
});

test("Undo reverts the last layout change and saves it; with nothing left it says so", async () => {
  const client = await openCanvas({ "PUT /api/custom-dashboards/7/layout/": (_call, count) => json(200, canvas({ revision: 3 + count })) });
  client.bus.dispatch({ _tag: "MoveDashboardCard", dashboardId: 7, cardId: 1, x: 0, y: 2 });
  await waitForSave();
  assert.equal(layoutOf(client, 1), { x: 0, y: 2, w: 4, h: 3 });
  assert.equal(layoutOf(client, 2), { x: 0, y: 5, w: 4, h: 3 });
  client.bus.dispatch({ _tag: "UndoLayoutChange", dashboardId: 7 });
  await settle();
  assert.equal(layoutOf(client, 1), { x: 0, y: 0, w: 4, h: 3 });
  assert.equal(layoutOf(client, 2), { x: 0, y: 3, w: 4, h: 3 }, "the pushed card comes back too");
  await waitForSave();
  const saves = client.server.calls.filter((call) => call.method === "PUT");
  assert.is(saves.length, 2);
  assert.equal((saves[1]!.body as { revision: number }).revision, 4, "the undo is saved on the revision the first save answered");
  assert.equal((saves[1]!.body as { cards: unknown[] }).cards, [
    { id: 1, position: 0, layout: { x: 0, y: 0, w: 4, h: 3 } },
    { id: 2, position: 1, layout: { x: 0, y: 3, w: 4, h: 3 } },
  ]);
  client.bus.dispatch({ _tag: "UndoLayoutChange", dashboardId: 7 });
  await settle();
  assert.is(slot(client).announcement?.text, NOTHING_TO_UNDO_TEXT);
});

test("a locked canvas refuses moves, resizes and undo for everyone, and sends nothing", async () => {
  const client = await openCanvas({}, canvas({ locked: true }));
  client.bus.dispatch({ _tag: "StepDashboardCard", dashboardId: 7, cardId: 1, direction: "right", resize: false });
  client.bus.dispatch({ _tag: "ResizeDashboardCard", dashboardId: 7, cardId: 1, w: 6, h: 3 });
  client.bus.dispatch({ _tag: "UndoLayoutChange", dashboardId: 7 });
  await waitForSave();
  assert.equal(layoutOf(client, 1), { x: 0, y: 0, w: 4, h: 3 });
  assert.equal(client.types().filter((type) => type === "DashboardLayoutRefused").length, 3);
  assert.equal([slot(client).announcement?.text, slot(client).announcement?.refused], [CANVAS_LOCKED, true]);
  assert.is(client.server.calls.filter((call) => call.method === "PUT").length, 0);
});

test("a reader who may only view cannot move cards", async () => {
  const client = await openCanvas({}, canvas({ canEdit: false }));
  client.bus.dispatch({ _tag: "MoveDashboardCard", dashboardId: 7, cardId: 1, x: 3, y: 0 });
  await settle();
  assert.is(slot(client).announcement?.text, READ_ONLY_TEXT);
  assert.equal(layoutOf(client, 1), { x: 0, y: 0, w: 4, h: 3 });
});

test("locking sends PATCH locked and takes the answer's revision for the next move", async () => {
  let locked = false;
  const client = testClient({
    "GET /api/custom-dashboards/7/": () => json(200, canvas({ locked, revision: locked ? 5 : 3 })),
    "PATCH /api/custom-dashboards/7/": (call) => {
      locked = (call.body as { locked: boolean }).locked;
      return json(200, canvas({ locked, revision: 5 }));
    },
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadCustomDashboard", dashboardId: 7 });
  await client.waitFor("CustomDashboardLoaded");
  client.bus.dispatch({ _tag: "LockCanvas", dashboardId: 7, locked: true });
  await client.waitFor("CanvasLockChanged");
  await settle();
  assert.equal(client.server.calls.find((call) => call.method === "PATCH")!.body, { locked: true });
  assert.equal([slot(client).dashboard?.locked, slot(client).dashboard?.revision], [true, 5]);
});

test("a 409 says someone else changed the layout and reloads the dashboard with theirs", async () => {
  let theirs = false;
  const client = testClient({
    "GET /api/custom-dashboards/7/": () => json(200, theirs ? canvas({ revision: 9, cards: [card(1, 6, 0, 6, 2, "Revenue"), card(2, 0, 3, 4, 3, "Notes")] }) : canvas()),
    "PUT /api/custom-dashboards/7/layout/": () => {
      theirs = true;
      return json(409, { detail: "The layout was changed by someone else.", revision: 9 });
    },
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadCustomDashboard", dashboardId: 7 });
  await client.waitFor("CustomDashboardLoaded");
  client.bus.dispatch({ _tag: "StepDashboardCard", dashboardId: 7, cardId: 2, direction: "up", resize: false });
  await client.waitFor("DashboardLayoutConflicted");
  await settle();
  assert.equal(layoutOf(client, 1), { x: 6, y: 0, w: 6, h: 2 }, "the other person's layout is shown");
  assert.is(slot(client).dashboard?.revision, 9);
  assert.equal(slot(client).undo, [], "undo steps of the replaced layout are gone");
  assert.is(slot(client).layout.message, LAYOUT_CONFLICT_TEXT);
  assert.is(slot(client).announcement?.text, LAYOUT_CONFLICT_TEXT);
});

test("grid dashboards reorder cards by place; the order is saved as positions", async () => {
  const client = await openCanvas({ "PUT /api/custom-dashboards/7/layout/": () => json(200, canvas({ revision: 4 })) }, canvas({ kind: "grid", cards: [card(1, 0, 0, 4, 3, "A"), card(2, 4, 0, 4, 3, "B"), card(3, 8, 0, 4, 3, "C")] }));
  client.bus.dispatch({ _tag: "ReorderDashboardCard", dashboardId: 7, cardId: 3, position: 0 });
  await waitForSave();
  assert.equal(
    (client.server.calls.find((call) => call.method === "PUT")!.body as { cards: { id: number; position: number }[] }).cards.map(({ id, position }) => [id, position]),
    [
      [1, 1],
      [2, 2],
      [3, 0],
    ],
  );
  assert.is(slot(client).announcement?.text, "Moved “C” to place 1 of 3.");
});

test("another person's change to an open dashboard reloads it (origin remote)", async () => {
  const client = await openCanvas({});
  client.bus.receive({ _tag: "ServerEventReceived", seq: 40, type: "DashboardLayoutChanged", actor: "user:2", actorName: "Bo Builder", payload: { dashboardId: 7 }, occurredAt: "2026-11-20T10:00:00.000Z" }, "remote");
  await settle();
  const loads = client.server.calls.filter((call) => call.method === "GET" && call.path === "/api/custom-dashboards/7/");
  assert.is(loads.length, 2);
  assert.ok(client.events.some((envelope) => envelope.type === "CustomDashboardLoaded" && envelope.origin === "remote"));
});

test.run();
