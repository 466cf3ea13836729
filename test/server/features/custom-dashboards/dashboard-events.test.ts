// Custom dashboard events reach the dashboard's readers only, without saying who else reads it,
// and carry ids and revisions, never a figure.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readEventsAfter } from "../../../../src/server/db/event-log";
import { customDashboardEventFilters } from "../../../../src/server/features/custom-dashboards/dashboard-event-filter";
import { readServerEvents } from "../../../support/sse";
import { system } from "../kpis/reporting-fixture";
import { dashboardsCompany } from "./fixture";

const openApps: { close(): Promise<unknown> }[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
});

test("over the stream: the editor sees the owner's card and layout changes, the outsider nothing of them", async () => {
  const world = await dashboardsCompany();
  const { app, call, owner, editor, outsider, sharedDashboard, withTenant, tenantId } = world;
  openApps.push(app);
  const { id, revision, cards } = await sharedDashboard();
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const stream = (headers: Record<string, string>) => fetch(`${address}/api/events/stream/`, { headers });
  const editorEvents = readServerEvents(await stream(editor.headers), 3);
  const outsiderEvents = readServerEvents(await stream(outsider.headers), 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "More", content: { type: "text", text: "x" } });
  await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/layout/`, { revision: revision + 1, cards: [{ id: cards[0]!.id, position: 0, layout: { x: 0, y: 0, w: 6, h: 6 } }] });
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "SomethingPublic", payload: {} }));
  const seen = await editorEvents;
  assert.equal(seen.map((event) => event.type), ["DashboardCardAdded", "DashboardLayoutChanged", "SomethingPublic"]);
  assert.equal(seen[1]!.payload, { dashboardId: id, revision: revision + 2, cardIds: [cards[0]!.id] }, "small, and without the audience");
  assert.equal((await outsiderEvents).map((event) => event.type), ["SomethingPublic"]);
});

test("every event of a dashboard's life through the filters: its readers and staff get it, others not; a user taken off the list hears of it", async () => {
  const { call, owner, editor, viewer, outsider, staff, sharedDashboard, withTenant, tenantId } = await dashboardsCompany();
  const { id, cards } = await sharedDashboard();
  await call(owner.headers, "PATCH", `/api/custom-dashboards/${id}/cards/${cards[1]!.id}/`, { title: "Renamed" });
  await call(owner.headers, "DELETE", `/api/custom-dashboards/${id}/cards/${cards[1]!.id}/`);
  await call(owner.headers, "PATCH", `/api/custom-dashboards/${id}/`, { name: "Renamed board" });
  await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [{ userId: editor.id, canEdit: true }] });
  const outsiders = (await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: "Outsider's", kind: "grid" })).body.id;
  await call(outsider.headers, "PUT", "/api/custom-dashboards/positions/", { ids: [outsiders] });
  await call(owner.headers, "DELETE", `/api/custom-dashboards/${id}/`);

  const received = await withTenant(tenantId, system, async (context) => {
    const events = (await readEventsAfter(context.db, 0, 1000)).filter((event) => customDashboardEventFilters[event.type]);
    const as = async (userId: number) => {
      const kept: string[] = [];
      for (const event of events) {
        const payload = await customDashboardEventFilters[event.type]!(event.payload, context, userId);
        if (payload === null) continue;
        assert.not.ok("audience" in (payload as object), `${event.type}: the audience is not passed on`);
        kept.push(event.type);
      }
      return kept;
    };
    return { editor: await as(editor.id), viewer: await as(viewer.id), outsider: await as(outsider.id), staff: await as(staff.id) };
  });
  const life = ["CustomDashboardCreated", "DashboardCardAdded", "DashboardCardAdded", "CustomDashboardSharesChanged", "DashboardCardChanged", "DashboardCardRemoved", "CustomDashboardChanged", "CustomDashboardSharesChanged"];
  // Created and its first cards were before the shares: the editor was not a reader yet.
  assert.equal(received.editor, [...life.slice(3), "CustomDashboardDeleted"]);
  assert.equal(received.viewer, life.slice(3), "the viewer hears of being taken off the list, then of nothing more");
  assert.equal(received.outsider, ["CustomDashboardCreated", "CustomDashboardsReordered"], "their own dashboard only");
  assert.equal(received.staff, [...life, "CustomDashboardCreated", "CustomDashboardsReordered", "CustomDashboardDeleted"]);
});

test("the order of the overview reaches each reader with the dashboards they see only", async () => {
  const { owner, viewer, withTenant, tenantId, sharedDashboard } = await dashboardsCompany();
  const { id } = await sharedDashboard();
  const narrowed = await withTenant(tenantId, system, async (context) => ({
    viewer: await customDashboardEventFilters["CustomDashboardsReordered"]!({ ids: [id + 1000, id] }, context, viewer.id),
    owner: await customDashboardEventFilters["CustomDashboardsReordered"]!({ ids: [id + 1000] }, context, owner.id),
    malformed: await customDashboardEventFilters["DashboardCardAdded"]!({ dashboardId: id }, context, owner.id),
  }));
  assert.equal(narrowed, { viewer: { ids: [id] }, owner: null, malformed: null });
});

test.run();
