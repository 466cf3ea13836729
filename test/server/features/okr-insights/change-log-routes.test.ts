// The OKR change log: order, paging (50 a page), filters, level permissions, another company, bad queries.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CHANGE_LOG_DATES_ORDER } from "../../../../src/contracts/okr-insights";
import { okrCompany } from "./fixture";

const URL = "/api/okrs/changelog/";
const at = (index: number) => new Date(Date.parse("2026-01-01T09:00:00Z") + index * 86_400_000).toISOString();

test("120 changes: newest first, pages of 50, old_first reverses, a page past the end is empty", async () => {
  const { call, admin, objective, change } = await okrCompany();
  const goal = await objective({ title: "Grow revenue" });
  for (let index = 0; index < 120; index++) await change({ at: at(index), objectiveId: goal, title: `Change ${index}` });
  const first = await call(admin.headers, "GET", URL);
  assert.is(first.status, 200);
  assert.equal([first.body.count, first.body.page, first.body.pageSize, first.body.entries.length], [120, 1, 50, 50]);
  assert.is(first.body.entries[0].itemTitle, "Change 119");
  assert.is(first.body.entries[49].itemTitle, "Change 70");
  const third = await call(admin.headers, "GET", `${URL}?p=3`);
  assert.equal(third.body.entries.map((entry: { itemTitle: string }) => entry.itemTitle), Array.from({ length: 20 }, (_, index) => `Change ${19 - index}`));
  const old = await call(admin.headers, "GET", `${URL}?order=old_first&p=2`);
  assert.equal([old.body.entries[0].itemTitle, old.body.entries[49].itemTitle], ["Change 50", "Change 99"]);
  const past = await call(admin.headers, "GET", `${URL}?p=4`);
  assert.equal([past.status, past.body.count, past.body.entries.length], [200, 120, 0]);
});

test("an entry: when, who, action, item, objective link while it exists, field changes", async () => {
  const { call, admin, objective, change, db } = await okrCompany();
  const kept = await objective({ title: "Kept objective" });
  const gone = await objective({ title: "Gone objective" });
  await change({ at: "2026-05-01T10:00:00Z", objectiveId: kept, item: "key_result", itemId: 77, title: "Win 10 customers", details: [{ field: "target", from: 8, to: 10 }, { field: "title", from: "Win 8", to: "Win 10 customers" }, { nonsense: true }] });
  await change({ at: "2026-05-02T10:00:00Z", objectiveId: gone, action: "deleted", title: "Gone objective", userId: null });
  await db((db) => db.deleteFrom("okr_objectives").where("id", "=", gone).execute());
  const { body } = await call(admin.headers, "GET", URL);
  const [deleted, updated] = body.entries;
  assert.equal(updated, {
    id: updated.id,
    at: "2026-05-01T10:00:00.000Z",
    user: { id: admin.id, name: "Ada Admin" },
    actionType: "updated",
    itemType: "key_result",
    itemId: 77,
    itemTitle: "Win 10 customers",
    level: "corporate",
    objective: { id: kept, title: "Kept objective" },
    details: [{ field: "target", from: 8, to: 10 }, { field: "title", from: "Win 8", to: "Win 10 customers" }],
  });
  assert.equal([deleted.actionType, deleted.itemTitle, deleted.objective, deleted.user], ["deleted", "Gone objective", null, null]);
});

test("filters: action type, item type, start and end date, time range (days in the company's time zone, today included)", async () => {
  const { call, admin, objective, change, db, tenantId } = await okrCompany();
  const goal = await objective({ title: "Goal" });
  await change({ at: "2026-05-13T08:00:00Z", objectiveId: goal, action: "created", item: "objective", title: "today" });
  await change({ at: "2026-05-07T08:00:00Z", objectiveId: goal, action: "updated", item: "key_result", title: "six days ago" });
  await change({ at: "2026-05-06T08:00:00Z", objectiveId: goal, action: "checked_in", item: "key_result", title: "seven days ago" });
  await change({ at: "2026-04-01T08:00:00Z", objectiveId: goal, action: "updated", item: "milestone", title: "April" });
  await change({ at: "2025-12-31T23:30:00Z", objectiveId: goal, action: "deleted", item: "milestone", title: "new year's eve UTC" });
  const titles = async (query: string) => (await call(admin.headers, "GET", `${URL}${query}`)).body.entries.map((entry: { itemTitle: string }) => entry.itemTitle);
  assert.equal(await titles("?action_type=updated"), ["six days ago", "April"]);
  assert.equal(await titles("?item_type=key_result"), ["six days ago", "seven days ago"]);
  assert.equal(await titles("?item_type=milestone&action_type=updated"), ["April"]);
  assert.equal(await titles("?timeRange=7d"), ["today", "six days ago"]);
  assert.equal(await titles("?timeRange=30d"), ["today", "six days ago", "seven days ago"]);
  assert.equal(await titles("?timeRange=all"), ["today", "six days ago", "seven days ago", "April", "new year's eve UTC"]);
  assert.equal(await titles("?startDate=2026-04-01&endDate=2026-05-06"), ["seven days ago", "April"]);
  assert.equal(await titles("?startDate=2026-04-01&timeRange=7d"), ["today", "six days ago"], "both limits apply");
  assert.equal(await titles("?endDate=2025-12-31"), ["new year's eve UTC"]);
  // In Berlin the last change was already on 1 January.
  await db((db) => db.updateTable("tenants").set({ time_zone: "Europe/Berlin" }).where("id", "=", tenantId).execute());
  assert.equal(await titles("?endDate=2025-12-31"), []);
  assert.equal(await titles("?startDate=2026-01-01&endDate=2026-01-01"), ["new year's eve UTC"]);
});

test("levels: corporate needs read_corporate_okrs, team read_team_okrs, employee read_employee_okrs or being the owner", async () => {
  const { call, admin, employee, personal, staff, objective, unit, change } = await okrCompany();
  const sales = await unit("Sales");
  const corporate = await objective({ title: "Corporate" });
  const team = await objective({ title: "Team", level: "team", categoryId: sales });
  const mine = await objective({ title: "Employee's own", level: "employee", ownerUserId: employee.id });
  const other = await objective({ title: "Someone else's", level: "employee", ownerUserId: admin.id });
  await change({ at: "2026-05-01T10:00:00Z", objectiveId: corporate, level: "corporate", title: "corporate change" });
  await change({ at: "2026-05-02T10:00:00Z", objectiveId: team, level: "team", title: "team change" });
  await change({ at: "2026-05-03T10:00:00Z", objectiveId: mine, level: "employee", ownerUserId: employee.id, title: "own change" });
  await change({ at: "2026-05-04T10:00:00Z", objectiveId: other, level: "employee", ownerUserId: admin.id, title: "other employee change" });
  const titles = async (headers: Record<string, string>) => (await call(headers, "GET", URL)).body.entries.map((entry: { itemTitle: string }) => entry.itemTitle).sort();
  assert.equal(await titles(admin.headers), ["corporate change", "other employee change", "own change", "team change"]);
  assert.equal(await titles(staff.headers), ["corporate change", "other employee change", "own change", "team change"]);
  assert.equal(await titles(employee.headers), ["other employee change", "own change", "team change"], "no corporate rows without read_corporate_okrs");
  assert.equal(await titles(personal.headers), ["other employee change", "own change"]);
  assert.is((await call(employee.headers, "GET", URL)).body.count, 3, "the count leaves them out too");
});

test("another company's changes stay there; no OKR permission or the okr feature off answers 403", async () => {
  const { call, admin, stranger, nobody, objective, change, strangerTenant } = await okrCompany();
  const goal = await objective({ title: "Ours" });
  await change({ at: "2026-05-01T10:00:00Z", objectiveId: goal, title: "our change" });
  const theirs = await objective({ title: "Theirs", tenant: strangerTenant });
  await change({ at: "2026-05-01T10:00:00Z", objectiveId: theirs, title: "their change", tenant: strangerTenant, userId: null });
  assert.equal((await call(stranger.headers, "GET", URL)).body.entries.map((entry: { itemTitle: string }) => entry.itemTitle), ["their change"]);
  assert.equal((await call(admin.headers, "GET", URL)).body.entries.map((entry: { itemTitle: string }) => entry.itemTitle), ["our change"]);
  assert.is((await call(nobody.headers, "GET", URL)).status, 403);
  const off = await okrCompany({ features: { okr: false } });
  assert.is((await off.call(off.admin.headers, "GET", URL)).status, 403);
  assert.is((await off.call(off.staff.headers, "GET", URL)).status, 403);
});

test("bad query values answer 400 with the field's message", async () => {
  const { call, admin } = await okrCompany();
  for (const query of ["order=sideways", "p=0", "p=abc", "p=-1", "timeRange=2w", "action_type=renamed", "item_type=kpi", "startDate=2026-02-30", "endDate=yesterday"]) {
    const answer = await call(admin.headers, "GET", `${URL}?${query}`);
    assert.is(answer.status, 400, query);
    const field = query.split("=")[0]!;
    assert.ok(Array.isArray(answer.body[field]), `${query}: ${JSON.stringify(answer.body)}`);
  }
  assert.equal((await call(admin.headers, "GET", `${URL}?startDate=2026-05-02&endDate=2026-05-01`)).body, { endDate: [CHANGE_LOG_DATES_ORDER] });
});

test.run();
