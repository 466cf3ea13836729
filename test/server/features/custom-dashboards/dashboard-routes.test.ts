// Custom dashboards API: create, list, read, rename, lock, delete, duplicate, the overview's
// order, sharing and who may do what (dashboardsCompany in fixture.ts names the people).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DASHBOARD_NAME_BLANK, DASHBOARD_NAME_TAKEN } from "../../../../src/contracts/custom-dashboards";
import { DASHBOARD_EDIT_FORBIDDEN, DASHBOARD_MANAGE_FORBIDDEN, LOCK_NEEDS_CANVAS, POSITIONS_INCOMPLETE, SHARE_USER_UNKNOWN, SHARE_WITH_OWNER } from "../../../../src/domain/custom-dashboards/texts";
import { system } from "../kpis/reporting-fixture";
import { dashboardsCompany } from "./fixture";

const names = (body: { dashboards: { name: string }[] }) => body.dashboards.map((dashboard) => dashboard.name);

test("create, read, rename, lock a canvas, delete: the revision grows with every change", async () => {
  const { call, owner, events } = await dashboardsCompany();
  const created = await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "  Sales board ", kind: "canvas" });
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.equal(
    [created.body.name, created.body.kind, created.body.locked, created.body.owner.id, created.body.cards, created.body.shares, created.body.canEdit, created.body.canManage, created.body.revision],
    ["Sales board", "canvas", false, owner.id, [], [], true, true, 1],
  );
  const id = created.body.id;
  const renamed = await call(owner.headers, "PATCH", `/api/custom-dashboards/${id}/`, { name: "Revenue board", locked: true });
  assert.equal([renamed.status, renamed.body.name, renamed.body.locked, renamed.body.revision], [200, "Revenue board", true, 2]);
  assert.equal((await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body.name, "Revenue board");

  const grid = await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "Grid", kind: "grid" });
  assert.equal((await call(owner.headers, "PATCH", `/api/custom-dashboards/${grid.body.id}/`, { locked: true })).body, { locked: [LOCK_NEEDS_CANVAS] });
  assert.equal(names((await call(owner.headers, "GET", "/api/custom-dashboards/")).body), ["Revenue board", "Grid"]);

  assert.is((await call(owner.headers, "DELETE", `/api/custom-dashboards/${id}/`)).status, 204);
  assert.is((await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).status, 404);
  assert.equal(names((await call(owner.headers, "GET", "/api/custom-dashboards/")).body), ["Grid"]);
  assert.equal((await events("CustomDashboardCreated")).length, 2);
  assert.equal((await events("CustomDashboardChanged")).map((event) => (event.payload as { revision: number }).revision), [2]);
  assert.equal((await events("CustomDashboardDeleted")).map((event) => (event.payload as { dashboardId: number }).dashboardId), [id]);
});

test("names: required, unique per company in any case (also on rename), nothing written when refused", async () => {
  const { call, owner, outsider, events } = await dashboardsCompany();
  await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "Board", kind: "grid" });
  const other = await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: "Other", kind: "grid" });
  assert.equal((await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: " bOARD", kind: "grid" })).body, { name: [DASHBOARD_NAME_TAKEN] }, "another person's name counts too");
  assert.equal((await call(outsider.headers, "PATCH", `/api/custom-dashboards/${other.body.id}/`, { name: "board" })).body, { name: [DASHBOARD_NAME_TAKEN] });
  assert.equal((await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: "   ", kind: "grid" })).body, { name: [DASHBOARD_NAME_BLANK] });
  assert.equal((await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: "", kind: "grid" })).body, { name: [DASHBOARD_NAME_BLANK] });
  assert.is((await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: "Fine", kind: "pie" })).status, 400);
  assert.is((await call(outsider.headers, "PATCH", `/api/custom-dashboards/${other.body.id}/`, { name: "Other" })).status, 200, "its own name again is no clash");
  assert.is((await events("CustomDashboardCreated")).length, 2);
});

test("duplicate: every card with its layout, owned by the one who copies, shared with nobody", async () => {
  const { call, owner, editor, outsider, sharedDashboard, stranger } = await dashboardsCompany();
  const source = await sharedDashboard();
  const copy = await call(owner.headers, "POST", `/api/custom-dashboards/${source.id}/duplicate/`, { name: "Board copy" });
  assert.is(copy.status, 201, JSON.stringify(copy.body));
  const strip = (cards: { title: string; content: unknown; position: number; layout: unknown }[]) => cards.map(({ title, content, position, layout }) => ({ title, content, position, layout }));
  assert.equal(strip(copy.body.cards), strip(source.cards as never));
  assert.equal([copy.body.owner.id, copy.body.shares, copy.body.kind, copy.body.revision], [owner.id, [], "canvas", 1]);
  assert.ok(copy.body.cards.every((card: { id: number }) => !source.cards.some((original) => original.id === card.id)), "new cards");
  assert.equal((await call(owner.headers, "POST", `/api/custom-dashboards/${source.id}/duplicate/`, { name: "board" })).body, { name: [DASHBOARD_NAME_TAKEN] });
  assert.is((await call(editor.headers, "POST", `/api/custom-dashboards/${source.id}/duplicate/`, { name: "Mine" })).status, 403, "copying creates: it needs the permission");
  assert.is((await call(outsider.headers, "POST", `/api/custom-dashboards/${source.id}/duplicate/`, { name: "Mine" })).status, 404, "a dashboard one does not see cannot be copied");
  assert.is((await call((await stranger()).headers, "POST", `/api/custom-dashboards/${source.id}/duplicate/`, { name: "Mine" })).status, 404);
});

test("who sees and changes what: owner, editor, viewer, staff; anyone else gets 404, another company too", async () => {
  const { call, owner, editor, viewer, outsider, staff, stranger, sharedDashboard } = await dashboardsCompany();
  const { id, cards } = await sharedDashboard();
  const textCard = cards[1]!.id;
  const summary = async (who: { headers: Record<string, string> }) => (await call(who.headers, "GET", "/api/custom-dashboards/")).body.dashboards.map((item: { id: number; canEdit: boolean; canManage: boolean }) => [item.id, item.canEdit, item.canManage]);
  assert.equal(await summary(owner), [[id, true, true]]);
  assert.equal(await summary(editor), [[id, true, false]]);
  assert.equal(await summary(viewer), [[id, false, false]], "a shared user lists it without the permission");
  assert.equal(await summary(staff), [[id, true, true]]);
  assert.equal(await summary(outsider), [], "the permission alone shows nobody else's dashboards");

  const read = async (who: { headers: Record<string, string> }) => call(who.headers, "GET", `/api/custom-dashboards/${id}/`);
  assert.equal((await read(owner)).body.shares.map((share: { user: { id: number }; canEdit: boolean }) => [share.user.id, share.canEdit]).sort(), [[editor.id, true], [viewer.id, false]].sort());
  assert.equal((await read(editor)).body.shares, [], "shares are for the ones who manage them");
  assert.is((await read(viewer)).status, 200);
  assert.is((await read(outsider)).status, 404);
  const foreign = await stranger();
  assert.is((await read(foreign)).status, 404);

  // The viewer knows the dashboard: changing it is 403 with a reason; the outsider learns nothing: 404.
  const viewerChanges = [
    await call(viewer.headers, "PATCH", `/api/custom-dashboards/${id}/`, { name: "Mine" }),
    await call(viewer.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "", content: { type: "text", text: "x" } }),
    await call(viewer.headers, "PATCH", `/api/custom-dashboards/${id}/cards/${textCard}/`, { title: "x" }),
    await call(viewer.headers, "DELETE", `/api/custom-dashboards/${id}/cards/${textCard}/`),
  ];
  assert.equal(viewerChanges.map((answer) => [answer.status, answer.body.detail]), viewerChanges.map(() => [403, DASHBOARD_EDIT_FORBIDDEN]));
  for (const who of [outsider, foreign]) {
    assert.is((await call(who.headers, "PATCH", `/api/custom-dashboards/${id}/`, { name: "Mine" })).status, 404);
    assert.is((await call(who.headers, "DELETE", `/api/custom-dashboards/${id}/`)).status, 404);
    assert.is((await call(who.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [] })).status, 404);
    assert.is((await call(who.headers, "POST", `/api/custom-dashboards/${id}/export/xlsx/`)).status, 404);
  }
  // The editor changes cards and the name, but neither shares nor deletes.
  assert.is((await call(editor.headers, "PATCH", `/api/custom-dashboards/${id}/cards/${textCard}/`, { title: "Edited" })).status, 200);
  assert.is((await call(editor.headers, "PATCH", `/api/custom-dashboards/${id}/`, { name: "Edited board" })).status, 200);
  for (const answer of [await call(editor.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [] }), await call(editor.headers, "DELETE", `/api/custom-dashboards/${id}/`)]) {
    assert.equal([answer.status, answer.body.detail], [403, DASHBOARD_MANAGE_FORBIDDEN]);
  }
  // Staff manage anyone's: they take the viewer off, then delete it.
  const reshared = await call(staff.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [{ userId: editor.id, canEdit: false }] });
  assert.equal(reshared.body.shares.map((share: { user: { id: number }; canEdit: boolean }) => [share.user.id, share.canEdit]), [[editor.id, false]]);
  assert.is((await read(viewer)).status, 404, "taken off the list, the viewer no longer sees it");
  assert.is((await call(editor.headers, "PATCH", `/api/custom-dashboards/${id}/`, { name: "Again" })).status, 403, "now a viewer");
  assert.is((await call(staff.headers, "DELETE", `/api/custom-dashboards/${id}/`)).status, 204);
});

test("sharing: the whole list replaced; the owner, unknown users, users of another company and doubles refused", async () => {
  const { call, owner, editor, viewer, stranger, sharedDashboard, events } = await dashboardsCompany();
  const { id } = await sharedDashboard();
  const foreign = await stranger();
  const before = (await events("CustomDashboardSharesChanged")).length;
  assert.equal((await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [{ userId: owner.id, canEdit: true }] })).body, { "shares.0.userId": [SHARE_WITH_OWNER] });
  assert.equal(
    (await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [{ userId: editor.id, canEdit: true }, { userId: foreign.id, canEdit: false }, { userId: 2 ** 40, canEdit: false }] })).body,
    { "shares.1.userId": [SHARE_USER_UNKNOWN], "shares.2.userId": [SHARE_USER_UNKNOWN] },
  );
  assert.is((await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [{ userId: viewer.id, canEdit: false }, { userId: viewer.id, canEdit: true }] })).status, 400);
  assert.is((await events("CustomDashboardSharesChanged")).length, before, "nothing changed");
  assert.is((await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body.shares.length, 2);
  const cleared = await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [] });
  assert.equal(cleared.body.shares, []);
});

test("share candidates: the company's active users by name only, for people who may create dashboards; not another company's", async () => {
  const { call, owner, editor, viewer, stranger } = await dashboardsCompany();
  const foreign = await stranger();
  const answer = await call(owner.headers, "GET", "/api/custom-dashboards/share-candidates/");
  assert.is(answer.status, 200);
  const users = answer.body.users as { id: number; name: string }[];
  const ids = users.map((user) => user.id);
  assert.ok(ids.includes(editor.id) && ids.includes(viewer.id) && ids.includes(owner.id));
  assert.not.ok(ids.includes(foreign.id), "another company's user is never a candidate");
  assert.equal(Object.keys(users[0]!).sort(), ["id", "name"], "names only, no e-mail addresses");
  assert.is((await call(editor.headers, "GET", "/api/custom-dashboards/share-candidates/")).status, 403);
});

test("the profile's access_custom_dashboard: true exactly while a dashboard is shared with the user; the menu opens the custom dashboards", async () => {
  const { call, owner, viewer, outsider, sharedDashboard } = await dashboardsCompany();
  const flag = async (who: { headers: Record<string, string> }) => (await call(who.headers, "GET", "/api/auth/users/me/")).body.access_custom_dashboard;
  assert.is(await flag(viewer), false);
  const { id } = await sharedDashboard();
  assert.is(await flag(viewer), true);
  assert.is(await flag(outsider), false);
  assert.is(await flag(owner), false, "owning is not being shared with: the owner has the permission");
  await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [] });
  assert.is(await flag(viewer), false);
});

test("positions: one order per company, given as every dashboard the reader sees; the others keep their places", async () => {
  const { call, owner, outsider, events } = await dashboardsCompany();
  const create = async (who: { headers: Record<string, string> }, name: string) => (await call(who.headers, "POST", "/api/custom-dashboards/", { name, kind: "grid" })).body.id as number;
  const a = await create(owner, "A");
  const hidden = await create(outsider, "Hidden");
  const b = await create(owner, "B");
  const c = await create(owner, "C");
  const reordered = await call(owner.headers, "PUT", "/api/custom-dashboards/positions/", { ids: [c, a, b] });
  assert.is(reordered.status, 200, JSON.stringify(reordered.body));
  assert.equal(names(reordered.body), ["C", "A", "B"]);
  const positions = Object.fromEntries(reordered.body.dashboards.map((item: { id: number; position: number }) => [item.id, item.position]));
  assert.equal([positions[c], positions[a], positions[b]], [0, 2, 3], "the places the reader's dashboards held, in the new order");
  assert.equal((await call(outsider.headers, "GET", "/api/custom-dashboards/")).body.dashboards.map((item: { id: number; position: number }) => [item.id, item.position]), [[hidden, 1]]);
  for (const ids of [[a, b], [c, a, b, hidden], [c, a, a], [c, a, b, 2 ** 40]]) {
    assert.equal((await call(owner.headers, "PUT", "/api/custom-dashboards/positions/", { ids })).body, { ids: [POSITIONS_INCOMPLETE] }, JSON.stringify(ids));
  }
  assert.is((await events("CustomDashboardsReordered")).length, 1);
});

test("a deleted user takes the dashboards they own and their shares with them", async () => {
  const { call, owner, viewer, withTenant, tenantId, sharedDashboard } = await dashboardsCompany();
  const { id } = await sharedDashboard();
  await withTenant(tenantId, system, ({ db }) => db.deleteFrom("users").where("id", "=", viewer.id).execute());
  assert.equal((await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body.shares.map((share: { user: { id: number } }) => share.user.id).includes(viewer.id), false);
  await withTenant(tenantId, system, ({ db }) => db.deleteFrom("users").where("id", "=", owner.id).execute());
  const left = await withTenant(tenantId, system, ({ db }) => db.selectFrom("custom_dashboards").select("id").execute());
  assert.equal(left, []);
});

test.run();
