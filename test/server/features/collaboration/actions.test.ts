// Actions: a comment becomes one action for a reader of the KPI; the assignee is told; the list
// filters by user, KPI and status and pages by 25; who may change what; the thread.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ACTION_CHANGE_FORBIDDEN, ACTION_COMMENT_DELETE_FORBIDDEN, ACTION_COMMENT_UNKNOWN, ALREADY_AN_ACTION, ASSIGNEE_MAY_NOT_READ, ASSIGNEE_UNKNOWN } from "../../../../src/domain/collaboration/texts";
import { outboxOf } from "../../../support/outbox";
import { collaborationCompany } from "./fixture";

test("a comment becomes one action, for someone who may read the KPI; the assignee is told in the inbox and by mail", async () => {
  const { call, writer, colleague, junior, ids, comment, inbox, tenantId, stranger } = await collaborationCompany();
  const { comment: written } = await comment("Chase the late invoices\nsecond line");
  const path = `/api/kpis/${ids.revenue}/comments/${written.id}/action/`;
  assert.equal((await call(writer.headers, "POST", path, { assignedUser: junior.id })).body, { assignedUser: [ASSIGNEE_MAY_NOT_READ] });
  assert.equal((await call(writer.headers, "POST", path, { assignedUser: stranger.id })).body, { assignedUser: [ASSIGNEE_UNKNOWN] });
  assert.is((await call(writer.headers, "POST", path, { assignedUser: colleague.id, dueDate: "2026-02-30" })).status, 400);
  const created = await call(writer.headers, "POST", path, { assignedUser: colleague.id, dueDate: "2026-12-15" });
  assert.is(created.status, 201);
  assert.equal([created.body.title, created.body.status, created.body.dueDate, created.body.assignedUser.id, created.body.kpiName], ["Chase the late invoices", "open", "2026-12-15", colleague.id, "revenue"]);
  assert.is((await call(writer.headers, "POST", path, { assignedUser: colleague.id })).body.detail, ALREADY_AN_ACTION);
  const listed = (await call(writer.headers, "GET", `/api/kpis/${ids.revenue}/comments/`)).body.comments[0];
  assert.is(listed.actionId, created.body.id);
  const [told] = await inbox(colleague.id);
  assert.equal([told!.kind, told!.link], ["action_assigned", `/reporting/actions/${created.body.id}`]);
  assert.equal((await outboxOf(tenantId)).map((mail) => mail.to_address), [colleague.email]);
  // Assigning oneself is no news.
  const { comment: own } = await comment("Mine");
  await call(writer.headers, "POST", `/api/kpis/${ids.revenue}/comments/${own.id}/action/`, { assignedUser: writer.id });
  assert.is((await inbox(writer.id)).length, 0);
});

test("the list: filters by assignee, KPI and status; unfinished first by due date; 25 a page; only readable KPIs", async () => {
  const { call, writer, colleague, junior, ids, comment } = await collaborationCompany();
  const make = async (text: string, assignee: number, kpiId: number, dueDate: string | null, by = writer) => {
    const { comment: written } = await comment(text, { kpiId, by });
    const created = await call(by.headers, "POST", `/api/kpis/${kpiId}/comments/${written.id}/action/`, { assignedUser: assignee, dueDate });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return created.body.id as number;
  };
  const late = await make("late", colleague.id, ids.revenue, "2026-01-10");
  const soon = await make("soon", colleague.id, ids.revenue, "2026-01-05");
  const customers = await make("customers", junior.id, ids.customers, null);
  const list = async (query: string, as = writer) => (await call(as.headers, "GET", `/api/actions/${query}`)).body;
  assert.equal((await list("")).actions.map((action: { id: number }) => action.id), [soon, late, customers]);
  assert.equal((await list(`?user=${colleague.id}`)).actions.map((action: { id: number }) => action.id), [soon, late]);
  assert.equal((await list(`?kpi=${ids.customers}`)).actions.map((action: { id: number }) => action.id), [customers]);
  await call(colleague.headers, "PATCH", `/api/actions/${soon}/`, { status: "done" });
  assert.equal((await list("?status=done")).actions.map((action: { id: number }) => action.id), [soon]);
  assert.equal((await list("?status=open")).actions.map((action: { id: number }) => action.id), [late, customers]);
  assert.equal((await list("")).actions.map((action: { id: number }) => action.id), [late, customers, soon], "done after the unfinished");
  assert.equal((await list("", junior)).actions.map((action: { id: number }) => action.id), [customers], "revenue's actions are out of the junior's reach");
  assert.equal((await list(`?kpi=${ids.revenue}`, junior)).count, 0);
  assert.is((await call(writer.headers, "GET", "/api/actions/?status=closed")).status, 400);
  assert.is((await call(writer.headers, "GET", "/api/actions/?page=0")).status, 400);
  for (let index = 0; index < 24; index++) await make(`bulk ${index}`, colleague.id, ids.customers, null);
  const first = await list("");
  assert.equal([first.count, first.page, first.pageSize, first.actions.length], [27, 1, 25, 25]);
  const second = await list("?page=2");
  assert.equal([second.page, second.actions.length], [2, 2]);
  assert.is(new Set([...first.actions, ...second.actions].map((action: { id: number }) => action.id)).size, 27, "no action twice, none missing");
  assert.equal((await list("?page=3")).actions, []);
  const assignees = (await call(writer.headers, "GET", "/api/actions/assignees/")).body.people as { id: number }[];
  assert.equal(assignees.map((person) => person.id).sort(), [colleague.id, junior.id].sort());
  assert.equal((await call(junior.headers, "GET", "/api/actions/assignees/")).body.people.map((person: { id: number }) => person.id).sort(), [colleague.id, junior.id].sort(), "customers' actions are assigned to both");
});

test("change and delete: assignee, creator or administrator; reassigning tells the new assignee; done remembers when", async () => {
  const { call, writer, colleague, admin, ids, comment, userWith, inbox, events } = await collaborationCompany();
  const bystander = await userWith(["read_sensitive"]);
  const { comment: written } = await comment("Look into churn", { kpiId: ids.customers });
  const id = (await call(writer.headers, "POST", `/api/kpis/${ids.customers}/comments/${written.id}/action/`, { assignedUser: colleague.id })).body.id as number;
  assert.equal((await call(bystander.headers, "PATCH", `/api/actions/${id}/`, { status: "done" })).body, { detail: ACTION_CHANGE_FORBIDDEN });
  assert.is((await call(bystander.headers, "GET", `/api/actions/${id}/`)).body.mayChange, false);
  assert.is((await call(colleague.headers, "PATCH", `/api/actions/${id}/`, {})).status, 400);
  const moved = await call(colleague.headers, "PATCH", `/api/actions/${id}/`, { status: "in_progress", dueDate: "2026-12-01" });
  assert.equal([moved.body.status, moved.body.dueDate, moved.body.doneAt], ["in_progress", "2026-12-01", null]);
  const done = await call(colleague.headers, "PATCH", `/api/actions/${id}/`, { status: "done" });
  assert.ok(done.body.doneAt);
  const reassigned = await call(admin.headers, "PATCH", `/api/actions/${id}/`, { assignedUser: bystander.id, status: "open" });
  assert.equal([reassigned.body.assignedUser.id, reassigned.body.status, reassigned.body.doneAt], [bystander.id, "open", null]);
  assert.equal((await inbox(bystander.id)).map((row) => row.kind), ["action_assigned"]);
  assert.is((await call(bystander.headers, "PATCH", `/api/actions/${id}/`, { dueDate: null })).body.dueDate, null, "the new assignee may change it now");
  assert.is((await call(colleague.headers, "DELETE", `/api/actions/${id}/`)).status, 403, "no longer theirs");
  assert.is((await call(writer.headers, "DELETE", `/api/actions/${id}/`)).status, 204, "the creator");
  assert.is((await call(writer.headers, "GET", `/api/actions/${id}/`)).status, 404);
  assert.is((await call(writer.headers, "GET", `/api/kpis/${ids.customers}/comments/`)).body.comments[0].actionId, null, "the comment stays");
  assert.is((await events("ActionChanged")).length, 4);
  assert.is((await events("ActionDeleted")).length, 1);
});

test("the thread: readers write, the assignee is told, authors or administrators delete by id in the body", async () => {
  const { call, writer, colleague, junior, admin, stranger, ids, comment, inbox } = await collaborationCompany();
  const { comment: written } = await comment("Customers dipped", { kpiId: ids.customers });
  const id = (await call(writer.headers, "POST", `/api/kpis/${ids.customers}/comments/${written.id}/action/`, { assignedUser: colleague.id })).body.id as number;
  const thread = `/api/actions/${id}/comments/`;
  const added = await call(junior.headers, "POST", thread, { text: "Any news?" });
  assert.is(added.status, 201);
  assert.equal((await inbox(colleague.id)).map((row) => row.kind), ["action_assigned", "action_comment"]);
  await call(colleague.headers, "POST", thread, { text: "Working on it" });
  assert.equal((await call(writer.headers, "GET", thread)).body.comments.map((entry: { text: string }) => entry.text), ["Any news?", "Working on it"]);
  assert.is((await call(writer.headers, "GET", `/api/actions/${id}/`)).body.commentCount, 2);
  assert.equal((await call(writer.headers, "DELETE", thread, { id: added.body.id })).body, { detail: ACTION_COMMENT_DELETE_FORBIDDEN });
  assert.equal((await call(writer.headers, "DELETE", thread, { id: 2 ** 40 })).body, { id: [ACTION_COMMENT_UNKNOWN] });
  assert.is((await call(admin.headers, "DELETE", thread, { id: added.body.id })).status, 204);
  assert.is((await call(stranger.headers, "GET", thread)).status, 404);
  assert.is((await call(stranger.headers, "POST", thread, { text: "hi" })).status, 404);
  assert.equal((await call(writer.headers, "GET", thread)).body.comments.map((entry: { text: string }) => entry.text), ["Working on it"]);
});

test("revenue's actions are out of reach of those who may not read revenue, as missing ones are", async () => {
  const { call, writer, colleague, junior, ids, comment } = await collaborationCompany();
  const { comment: written } = await comment("Revenue task");
  const id = (await call(writer.headers, "POST", `/api/kpis/${ids.revenue}/comments/${written.id}/action/`, { assignedUser: colleague.id })).body.id as number;
  for (const [method, path, body] of [
    ["GET", `/api/actions/${id}/`, undefined],
    ["PATCH", `/api/actions/${id}/`, { status: "done" }],
    ["DELETE", `/api/actions/${id}/`, undefined],
    ["GET", `/api/actions/${id}/comments/`, undefined],
    ["POST", `/api/actions/${id}/comments/`, { text: "peek" }],
  ] as const) {
    assert.is((await call(junior.headers, method, path, body)).status, 404, `${method} ${path}`);
  }
});

test.run();
