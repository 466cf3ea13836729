import { test } from "uvu";
import * as assert from "uvu/assert";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";
import { action, comment } from "./fixtures";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const discussionRoutes = (comments: () => unknown[], actions: () => unknown[] = () => []) => ({
  "GET /api/kpis/7/comments/": () => json(200, { comments: comments() }),
  "GET /api/actions/": () => json(200, { count: actions().length, page: 1, pageSize: 25, actions: actions() }),
  "GET /api/kpis/7/mention-candidates/": () => json(200, { people: [{ id: 2, name: "Carl CLevel", email: "c-level@demo.example", mayRead: true }] }),
  "GET /api/kpis/7/assignees/": () => json(200, { people: [{ id: 2, name: "Carl CLevel" }] }),
});

test("the discussion loads comments, the KPI's actions, mention candidates and assignees in one event", async () => {
  const client = testClient(discussionRoutes(() => [comment(1)], () => [action(3)]));
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiDiscussion", kpiId: 7 });
  await client.waitFor("KpiDiscussionLoaded");
  const discussion = client.store.getState().collaboration.discussions[7]!;
  assert.equal([discussion.status, discussion.comments.length, discussion.actions.map((entry) => entry.id), discussion.candidates[0]?.email, discussion.assignees[0]?.name], ["loaded", 1, [3], "c-level@demo.example", "Carl CLevel"]);
  assert.is(client.server.calls.find((call) => call.path === "/api/actions/")?.query.get("kpi"), "7");
});

test("posting sends text and month; the comment joins the list and the writer learns who was and was not told", async () => {
  const client = testClient({
    ...discussionRoutes(() => [comment(1)]),
    "POST /api/kpis/7/comments/": (call) => json(201, { comment: comment(2, { text: (call.body as { text: string }).text, month: (call.body as { month: string }).month }), notified: [{ id: 2, name: "Carl CLevel" }], unnotified: [{ address: "x@y.example", reason: "may_not_read" }] }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiDiscussion", kpiId: 7 });
  await client.waitFor("KpiDiscussionLoaded");
  client.bus.dispatch({ _tag: "AddKpiComment", kpiId: 7, text: "cc @c-level@demo.example", month: "2026-10-01" });
  await client.waitFor("KpiCommentSaved");
  const state = client.store.getState().collaboration;
  assert.equal(state.discussions[7]!.comments.map((entry) => [entry.id, entry.month]), [[2, "2026-10-01"], [1, null]]);
  assert.equal(state.mentionReport?.notified.map((person) => person.name), ["Carl CLevel"]);
  assert.equal(state.mentionReport?.unnotified, [{ address: "x@y.example", reason: "may_not_read" }]);
  assert.is(state.change.status, "idle");
});

test("a pin puts the comment first; a refused change says why in a toast and on the form", async () => {
  const client = testClient({
    ...discussionRoutes(() => [comment(2), comment(1)]),
    "PUT /api/kpis/7/comments/1/pin/": () => json(200, comment(1, { pinned: true })),
    "PATCH /api/kpis/7/comments/2/": () => json(403, { detail: "Only its author may edit a comment." }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiDiscussion", kpiId: 7 });
  await client.waitFor("KpiDiscussionLoaded");
  client.bus.dispatch({ _tag: "PinKpiComment", kpiId: 7, commentId: 1, pinned: true });
  await client.waitFor("KpiCommentPinned");
  assert.equal(client.store.getState().collaboration.discussions[7]!.comments.map((entry) => entry.id), [1, 2]);
  client.bus.dispatch({ _tag: "EditKpiComment", kpiId: 7, commentId: 2, text: "x" });
  await client.waitFor("CollaborationActionFailed");
  await settle();
  const state = client.store.getState();
  assert.equal([state.collaboration.change.status, state.collaboration.change.action], ["error", "edit"]);
  assert.ok(state.notifications.toasts.some((toast) => toast.tone === "error" && /The comment was not changed: Only its author may edit a comment/.test(toast.text)));
});

test("making an action links it to its comment and to the KPI's actions, with an Open toast", async () => {
  const client = testClient({
    ...discussionRoutes(() => [comment(1)]),
    "POST /api/kpis/7/comments/1/action/": (call) => json(201, action(5, { assignedUser: { id: (call.body as { assignedUser: number }).assignedUser, name: "Carl CLevel" }, dueDate: (call.body as { dueDate: string | null }).dueDate })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiDiscussion", kpiId: 7 });
  await client.waitFor("KpiDiscussionLoaded");
  client.bus.dispatch({ _tag: "CreateAction", kpiId: 7, commentId: 1, assignedUser: 2, dueDate: "2026-12-31" });
  await client.waitFor("ActionSaved");
  await settle();
  const state = client.store.getState();
  assert.is(state.collaboration.discussions[7]!.comments[0]!.actionId, 5);
  assert.equal(state.collaboration.discussions[7]!.actions.map((entry) => [entry.id, entry.dueDate]), [[5, "2026-12-31"]]);
  assert.equal(client.server.calls.find((call) => call.method === "POST")?.body, { assignedUser: 2, dueDate: "2026-12-31" });
  const toast = state.notifications.toasts.find((entry) => /Made an action for Carl CLevel/.test(entry.text));
  assert.equal(toast?.action, { label: "Open", command: { _tag: "Navigate", to: "/reporting/actions/5", replace: false } });
});

test("someone else's comment on a KPI on screen reloads its discussion; one on another KPI does not", async () => {
  let comments = [comment(1)];
  const client = testClient(discussionRoutes(() => comments));
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadKpiDiscussion", kpiId: 7 });
  await client.waitFor("KpiDiscussionLoaded");
  const loads = () => client.server.calls.filter((call) => call.path === "/api/kpis/7/comments/").length;
  comments = [comment(2), comment(1)];
  const event = { _tag: "ServerEventReceived", seq: 40, actor: "user:9", actorName: "Bo", occurredAt: "2026-11-26T10:00:00Z" } as const;
  client.bus.receive({ ...event, type: "CommentAdded", payload: { kpiId: 8, comment: {} } }, "remote");
  await settle();
  assert.is(loads(), 1);
  client.bus.receive({ ...event, seq: 41, type: "CommentAdded", payload: { kpiId: 7, comment: {} } }, "remote");
  await settle();
  await settle();
  assert.is(loads(), 2);
  assert.equal(client.store.getState().collaboration.discussions[7]!.comments.map((entry) => entry.id), [2, 1]);
  assert.equal(client.store.getState().notifications.items, [], "a discussion rings no change-note bell");
});

test("the actions list loads by its filter, with the user filter's people", async () => {
  const client = testClient({
    "GET /api/actions/": (call) => json(200, { count: 30, page: Number(call.query.get("page")), pageSize: 25, actions: [action(1)] }),
    "GET /api/actions/assignees/": () => json(200, { people: [{ id: 2, name: "Carl CLevel" }] }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadActions", filter: { user: 2, kpi: null, status: "open", page: 2 } });
  await client.waitFor("ActionsLoaded");
  const call = client.server.calls.find((entry) => entry.path === "/api/actions/")!;
  assert.equal([call.query.get("user"), call.query.get("kpi"), call.query.get("status"), call.query.get("page")], ["2", null, "open", "2"]);
  const list = client.store.getState().collaboration.list;
  assert.equal([list.status, list.count, list.assignees.length, list.filter?.page], ["loaded", 30, 1, 2]);
});

test.run();
