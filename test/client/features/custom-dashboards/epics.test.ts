import { test } from "uvu";
import * as assert from "uvu/assert";
import type { CustomDashboard } from "../../../../src/contracts/custom-dashboards";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const dashboard = (overrides: Partial<CustomDashboard> = {}): CustomDashboard => ({
  id: 7,
  name: "Board",
  kind: "grid",
  locked: false,
  owner: { id: 1, name: "Ada Administrator" },
  cardCount: 0,
  position: 0,
  updatedAt: "2026-11-20T10:00:00.000Z",
  canEdit: true,
  canManage: true,
  revision: 1,
  cards: [],
  shares: [],
  ...overrides,
});
const { revision, cards, shares, ...summary } = dashboard();

test("creating sends the name and kind and opens the new dashboard; a refused name comes back as the field's message", async () => {
  const client = testClient({
    "POST /api/custom-dashboards/": (call, count) => (count === 1 ? json(400, { name: ["A dashboard with this name already exists."] }) : json(201, dashboard({ name: (call.body as { name: string }).name, kind: "canvas" }))),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "CreateCustomDashboard", name: "Board", kind: "canvas" });
  await client.waitFor("CustomDashboardActionFailed");
  assert.equal(client.store.getState().customDashboards.action.fields, { name: ["A dashboard with this name already exists."] });
  client.bus.dispatch({ _tag: "CreateCustomDashboard", name: "Board 2", kind: "canvas" });
  await client.waitFor("CustomDashboardCreated");
  assert.equal(client.server.calls[1]!.body, { name: "Board 2", kind: "canvas" });
  const state = client.store.getState().customDashboards;
  assert.equal([state.created, state.open[7]?.dashboard?.name, state.action.status], [7, "Board 2", "idle"]);
});

test("rename, reorder and delete reach the server in the order asked, and the overview follows", async () => {
  const client = testClient({
    "GET /api/custom-dashboards/": () => json(200, { dashboards: [summary, { ...summary, id: 8, name: "Other", position: 1 }] }),
    "PATCH /api/custom-dashboards/7/": (call) => json(200, dashboard({ name: (call.body as { name: string }).name, revision: 2 })),
    "PUT /api/custom-dashboards/positions/": () => json(200, { dashboards: [] }),
    "DELETE /api/custom-dashboards/8/": () => new Response(null, { status: 204 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadCustomDashboards" });
  await client.waitFor("CustomDashboardsLoaded");
  client.bus.dispatch({ _tag: "RenameCustomDashboard", dashboardId: 7, name: "Board room" });
  client.bus.dispatch({ _tag: "ReorderCustomDashboards", ids: [8, 7] });
  client.bus.dispatch({ _tag: "DeleteCustomDashboard", dashboardId: 8, name: "Other" });
  await client.waitFor("CustomDashboardDeleted");
  assert.equal(client.server.calls.slice(1).map((call) => `${call.method} ${call.path}`), ["PATCH /api/custom-dashboards/7/", "PUT /api/custom-dashboards/positions/", "DELETE /api/custom-dashboards/8/"]);
  assert.equal(client.store.getState().customDashboards.list.dashboards.map((entry) => [entry.id, entry.name]), [[7, "Board room"]]);
});

test("a card added answers the whole dashboard: the new card is the one it did not have", async () => {
  const card = { id: 31, title: "Notes", content: { type: "text" as const, text: "Hi" }, position: 0, layout: { x: 0, y: 0, w: 4, h: 4 } };
  const client = testClient({
    "GET /api/custom-dashboards/7/": () => json(200, dashboard()),
    "POST /api/custom-dashboards/7/cards/": () => json(201, dashboard({ revision: 2, cards: [card] })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadCustomDashboard", dashboardId: 7 });
  await client.waitFor("CustomDashboardLoaded");
  client.bus.dispatch({ _tag: "AddDashboardCard", dashboardId: 7, title: "Notes", content: { type: "text", text: "Hi" } });
  const added = await client.waitFor("DashboardCardAdded");
  assert.is((added.payload as { cardId: number }).cardId, 31);
  assert.equal(client.server.calls[1]!.body, { title: "Notes", content: { type: "text", text: "Hi" } });
  assert.equal([client.store.getState().customDashboards.open[7]!.dashboard!.revision, client.store.getState().customDashboards.open[7]!.dashboard!.cards.length], [2, 1]);
});

test("the share dialog's candidates come from the dashboards' own route (no user management needed); a refusal says so", async () => {
  const client = testClient({
    "GET /api/custom-dashboards/share-candidates/": (_call, count) => (count === 1 ? json(200, { users: [{ id: 4, name: "Emil Employee" }] }) : json(403, { detail: "You do not have permission to perform this action." })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadShareCandidates" });
  await client.waitFor("ShareCandidatesLoaded");
  assert.equal(client.store.getState().customDashboards.shareCandidates, { status: "loaded", users: [{ id: 4, name: "Emil Employee" }], message: null });
  client.bus.dispatch({ _tag: "LoadShareCandidates" });
  await client.waitFor("ShareCandidatesLoadFailed");
  assert.is(client.store.getState().customDashboards.shareCandidates.status, "error");
});

test("Export PDF posts orientation and theme and downloads the file under the dashboard's name; a failure says so", async () => {
  const client = testClient({
    "POST /api/custom-dashboards/7/export/pdf/": (_call, count) => (count === 1 ? new Response(new Blob(["%PDF-1.7"]), { status: 200, headers: { "content-type": "application/pdf" } }) : json(404, { detail: "Not found." })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "ExportCustomDashboard", dashboardId: 7, name: "Sales & Growth 2026", format: "pdf", orientation: "portrait", theme: "dark" });
  await client.waitFor("CustomDashboardExported");
  assert.equal(client.server.calls[0]!.body, { orientation: "portrait", theme: "dark" });
  assert.equal(client.saved.map((file) => file.name), ["Sales-Growth-2026.pdf"]);
  client.bus.dispatch({ _tag: "ExportCustomDashboard", dashboardId: 7, name: "Sales", format: "pdf", orientation: "portrait", theme: "dark" });
  await client.waitFor("CustomDashboardExportFailed");
  await settle();
  assert.ok(client.types().includes("ToastShown"));
});

test.run();
