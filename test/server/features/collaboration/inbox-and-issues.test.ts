// The inbox is each person's own; the issues view lists overdue actions (active), actions done
// late (inactive) and outdated KPIs (data), for the KPIs the reader may read; events reach readers only.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { collaborationEventFilters } from "../../../../src/server/features/collaboration/collaboration-event-filter";
import { system } from "../kpis/reporting-fixture";
import { collaborationCompany } from "./fixture";

test("the inbox: own notifications only, newest first, unread counted; marking read touches only one's own", async () => {
  const { call, writer, colleague, junior, comment } = await collaborationCompany();
  await comment(`one for ${colleague.email}`);
  await comment(`two for ${colleague.email}`);
  const inbox = await call(colleague.headers, "GET", "/api/notifications/");
  assert.equal(inbox.body.notifications.map((entry: { body: string }) => entry.body), [`two for ${colleague.email}`, `one for ${colleague.email}`]);
  assert.is(inbox.body.unread, 2);
  assert.equal((await call(junior.headers, "GET", "/api/notifications/")).body, { notifications: [], unread: 0 });
  const [newest, oldest] = inbox.body.notifications as { id: number }[];
  // Someone else's id is passed over, as an unknown one is.
  assert.is((await call(writer.headers, "POST", "/api/notifications/read/", { ids: [newest!.id] })).body.unread, 0);
  assert.is((await call(colleague.headers, "GET", "/api/notifications/")).body.unread, 2);
  const marked = await call(colleague.headers, "POST", "/api/notifications/read/", { ids: [newest!.id] });
  assert.is(marked.body.unread, 1);
  assert.ok(marked.body.notifications[0].readAt);
  assert.is(marked.body.notifications[1].readAt, null);
  assert.is((await call(colleague.headers, "POST", "/api/notifications/read/", { ids: [] })).status, 400);
  assert.is((await call(colleague.headers, "POST", "/api/notifications/read-all/")).body.unread, 0);
  assert.ok((await call(colleague.headers, "GET", "/api/notifications/")).body.notifications.every((entry: { readAt: string | null }) => entry.readAt !== null));
  void oldest;
});

test("issues: overdue actions active, done late inactive, outdated KPIs data; only readable KPIs; each links to what resolves it", async () => {
  const { call, writer, colleague, junior, ids, comment } = await collaborationCompany();
  const action = async (text: string, kpiId: number, dueDate: string | null) => {
    const { comment: written } = await comment(text, { kpiId });
    return (await call(writer.headers, "POST", `/api/kpis/${kpiId}/comments/${written.id}/action/`, { assignedUser: colleague.id, dueDate })).body.id as number;
  };
  const overdue = await action("Overdue revenue task", ids.revenue, "2020-01-31");
  await action("Future task", ids.revenue, "2099-01-31");
  const lateDone = await action("Done late", ids.customers, "2020-02-29");
  await call(colleague.headers, "PATCH", `/api/actions/${lateDone}/`, { status: "done" });
  const issues = (await call(writer.headers, "GET", "/api/issues/")).body.issues as { key: string; kind: string; group: string; link: string; kpiId: number | null }[];
  const byKey = new Map(issues.map((issue) => [issue.key, issue]));
  assert.equal([byKey.get(`action:${overdue}`)?.group, byKey.get(`action:${overdue}`)?.link], ["active", `/reporting/actions/${overdue}`]);
  assert.is(byKey.get(`action:${lateDone}`)?.group, "inactive");
  assert.is(issues.filter((issue) => issue.kind === "action_overdue").length, 2, "the future task is no issue");
  // The fixture's actuals stop in June 2026: the monthly KPIs it reads are outdated (calculated ones are not listed).
  const data = issues.filter((issue) => issue.group === "data");
  assert.equal(data.map((issue) => issue.key).sort(), [`kpi:${ids.customers}`, `kpi:${ids.revenue}`].sort());
  assert.is(data[0]!.link, `/reporting/kpi-detail/${data[0]!.kpiId}`);
  assert.equal([...new Set(issues.map((issue) => issue.group))], ["active", "inactive", "data"], "grouped in this order");
  const juniors = (await call(junior.headers, "GET", "/api/issues/")).body.issues as { key: string }[];
  assert.equal(juniors.map((issue) => issue.key).sort(), [`action:${lateDone}`, `kpi:${ids.customers}`].sort(), "nothing about revenue");
});

test("comment and action events reach readers of the KPI only, each with their own rights", async () => {
  const { writer, colleague, junior, admin, ids, comment, events, withTenant, tenantId } = await collaborationCompany();
  await comment("On customers", { kpiId: ids.customers });
  await comment("On revenue");
  const added = await events("CommentAdded");
  const filter = collaborationEventFilters.CommentAdded!;
  await withTenant(tenantId, system, async (context) => {
    const onCustomers = added.find((event) => (event.payload as { kpiId: number }).kpiId === ids.customers)!.payload;
    const onRevenue = added.find((event) => (event.payload as { kpiId: number }).kpiId === ids.revenue)!.payload;
    assert.is(await filter(onRevenue, context, junior.id), null);
    assert.ok(await filter(onRevenue, context, colleague.id));
    const forWriter = (await filter(onCustomers, context, writer.id)) as { comment: { mayEdit: boolean; mayDelete: boolean } };
    const forAdmin = (await filter(onCustomers, context, admin.id)) as { comment: { mayEdit: boolean; mayDelete: boolean } };
    const forJunior = (await filter(onCustomers, context, junior.id)) as { comment: { mayEdit: boolean; mayDelete: boolean } };
    assert.equal([forWriter.comment.mayEdit, forWriter.comment.mayDelete], [true, true]);
    assert.equal([forAdmin.comment.mayEdit, forAdmin.comment.mayDelete], [false, true]);
    assert.equal([forJunior.comment.mayEdit, forJunior.comment.mayDelete], [false, false]);
    assert.is(await filter({ kpiId: "x" }, context, writer.id), null, "a shape it cannot vouch for");
  });
});

test.run();
