// Key results (manual and KPI-fed), the suggestion, check-ins, milestones, status options,
// organizational categories and external tasks.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  EXTERNAL_TASK_TAKEN,
  EXTERNAL_TASK_TARGET,
  KEY_RESULT_LIMIT,
  KR_CHECK_IN_VALUE_LOCKED,
  KR_KPI_FIELDS_LOCKED,
  KR_KPI_UNREADABLE,
  KR_START_EQUALS_TARGET,
  MAX_KEY_RESULTS,
  MAX_STATUS_OPTIONS,
  STATUS_LIMIT,
  STATUS_NAME_TAKEN,
  type KeyResult,
} from "../../../../src/contracts/okrs";
import { okrWorld } from "./okr-fixture";

test("a KPI-fed key result takes actual and progress from its KPI and moves when a KPI value is edited", async () => {
  const world = await okrWorld();
  const { call, admin, corporate, revenue } = world;
  const objective = await corporate();
  const created = await call(admin, "POST", `/api/okrs/objectives/${objective.id}/key-results/`, { title: "Revenue 240", direction: "increasing", start: 0, target: 240, kpiId: revenue });
  assert.is(created.status, 201);
  const kr = created.body as KeyResult;
  // Actuals of January to May (10 each) of the period 2026, up to June: 50, cumulative.
  assert.equal([kr.actual, kr.kpi, kr.progress], [50, { id: revenue, name: "Revenue", unit: "number" }, (50 / 240) * 100]);
  const edit = await call(admin, "POST", "/api/kpis/monthly-values/", { values: [{ kpi: revenue, date: "2026-06-01", value: 70 }] });
  assert.is(edit.status < 300, true, JSON.stringify(edit.body));
  const after = (await call(admin, "GET", `/api/okrs/objectives/${objective.id}/`)).body;
  assert.equal([after.keyResults[0].actual, after.keyResults[0].progress, after.progress], [120, 50, 50]);
  // Locked: actual and progress.
  assert.equal((await call(admin, "PATCH", `/api/okrs/key-results/${kr.id}/`, { actual: 5 })).body, { actual: [KR_KPI_FIELDS_LOCKED] });
  assert.equal((await call(admin, "PATCH", `/api/okrs/key-results/${kr.id}/`, { progress: 50 })).body, { progress: [KR_KPI_FIELDS_LOCKED] });
  assert.is((await call(admin, "PATCH", `/api/okrs/key-results/${kr.id}/`, { target: 300 })).body.target, 300, "its other fields are the person's");
  // A check-in keeps the KPI's value of that moment; a value sent is refused.
  assert.equal((await call(admin, "POST", `/api/okrs/key-results/${kr.id}/check-ins/`, { confidence: 6, value: 3 })).body, { value: [KR_CHECK_IN_VALUE_LOCKED] });
  const checkIn = await call(admin, "POST", `/api/okrs/key-results/${kr.id}/check-ins/`, { confidence: 6, comment: "On plan" });
  assert.equal([checkIn.status, checkIn.body.value, checkIn.body.confidence], [201, 120, 6]);
  // Unlinking keeps the KPI's value as the actual, by hand from then on.
  const unlinked = await call(admin, "PATCH", `/api/okrs/key-results/${kr.id}/`, { kpiId: null });
  assert.equal([unlinked.body.kpi, unlinked.body.actual], [null, 120]);
});

test("a KPI the reader may not read: linking answers 400; reading shows no KPI and no actual", async () => {
  const world = await okrWorld();
  const { call, admin, employee, payroll } = world;
  const own = (await call(employee, "POST", "/api/okrs/objectives/", { level: "employee", title: "Mine", startsOn: "2026-01-01", endsOn: "2026-12-31" })).body;
  assert.equal((await call(employee, "POST", `/api/okrs/objectives/${own.id}/key-results/`, { title: "Payroll", direction: "decreasing", start: 100, target: 50, kpiId: payroll })).body, { kpiId: [KR_KPI_UNREADABLE] });
  const byAdmin = await call(admin, "POST", `/api/okrs/objectives/${own.id}/key-results/`, { title: "Payroll", direction: "decreasing", start: 200, target: 50, kpiId: payroll });
  assert.equal([byAdmin.status, byAdmin.body.actual], [201, 99]);
  const seen = (await call(employee, "GET", `/api/okrs/objectives/${own.id}/`)).body.keyResults[0];
  assert.equal([seen.kpi, seen.actual, seen.progress], [null, null, null]);
  assert.equal((await call(employee, "GET", `/api/okrs/key-results/suggestion/?kpiId=${payroll}&startsOn=2026-01-01&endsOn=2026-12-31`)).body, { kpiId: [KR_KPI_UNREADABLE] });
});

test("suggestion: a cumulative KPI starts at 0 and targets the sum of its plans; another starts at its last actual", async () => {
  const { call, admin, revenue, headcount } = await okrWorld();
  const cumulative = await call(admin, "GET", `/api/okrs/key-results/suggestion/?kpiId=${revenue}&startsOn=2026-01-01&endsOn=2026-12-31`);
  assert.equal(cumulative.body, { kpi: { id: revenue, name: "Revenue", unit: "number" }, direction: "increasing", start: 0, target: 240, actual: 50 });
  const quarter = await call(admin, "GET", `/api/okrs/key-results/suggestion/?kpiId=${revenue}&startsOn=2026-04-01&endsOn=2026-06-30`);
  assert.equal([quarter.body.target, quarter.body.actual], [60, 20]);
  const endOfPeriod = await call(admin, "GET", `/api/okrs/key-results/suggestion/?kpiId=${headcount}&startsOn=2026-01-01&endsOn=2026-12-31`);
  assert.equal([endOfPeriod.body.start, endOfPeriod.body.target, endOfPeriod.body.actual], [38, 52, null]);
  assert.equal((await call(admin, "GET", `/api/okrs/key-results/suggestion/?kpiId=${revenue}&startsOn=2026-12-31&endsOn=2026-01-01`)).status, 400);
});

test("manual key results: figures, binary, progress by hand, check-in history newest first, order, limit", async () => {
  const world = await okrWorld();
  const { call, admin, employee, corporate } = world;
  const objective = await corporate();
  const add = (body: unknown) => call(admin, "POST", `/api/okrs/objectives/${objective.id}/key-results/`, body);
  assert.equal((await add({ title: "Same", direction: "increasing", start: 5, target: 5 })).body, { target: [KR_START_EQUALS_TARGET] });
  const deals = (await add({ title: "Deals", direction: "increasing", start: 0, target: 20, actual: 5, responsibleUserId: employee.id })).body;
  assert.equal([deals.actual, deals.progress, deals.responsible.id], [5, 25, employee.id]);
  const churn = (await add({ title: "Churn", direction: "decreasing", start: 10, target: 4 })).body;
  const launch = (await add({ title: "Launch", direction: "binary", start: 3, target: 9 })).body;
  assert.equal([launch.start, launch.target, launch.actual, launch.progress], [0, 1, null, null], "binary: start 0, target 1");
  assert.is((await call(admin, "PATCH", `/api/okrs/key-results/${churn.id}/`, { progress: 50 })).body.actual, 7, "a progress sets the actual that makes it");
  assert.is((await call(admin, "PATCH", `/api/okrs/key-results/${launch.id}/`, { actual: 1 })).body.progress, 100);

  await call(admin, "POST", `/api/okrs/key-results/${deals.id}/check-ins/`, { confidence: 4, value: 8, comment: "Slow start" });
  const second = await call(admin, "POST", `/api/okrs/key-results/${deals.id}/check-ins/`, { confidence: 7, value: 12 });
  assert.is(second.status, 201);
  assert.is((await call(admin, "POST", `/api/okrs/key-results/${deals.id}/check-ins/`, { confidence: 11 })).status, 400);
  const history = (await call(admin, "GET", `/api/okrs/key-results/${deals.id}/check-ins/`)).body.checkIns;
  assert.equal(history.map((c: { value: number; confidence: number; comment: string }) => [c.value, c.confidence, c.comment]), [[12, 7, ""], [8, 4, "Slow start"]]);
  const read = (await call(admin, "GET", `/api/okrs/objectives/${objective.id}/`)).body;
  assert.equal([read.keyResults[0].actual, read.keyResults[0].confidence], [12, 7], "the check-in's value is the actual; the latest confidence shows");
  const log = (await world.changes()).filter((row) => row.action_type === "checked_in");
  assert.equal(log.map((row) => [row.item_type, row.item_id, row.details]), [
    ["key_result", deals.id, [{ field: "confidence", from: null, to: 4 }, { field: "value", from: 5, to: 8 }, { field: "comment", from: null, to: "Slow start" }]],
    ["key_result", deals.id, [{ field: "confidence", from: 4, to: 7 }, { field: "value", from: 8, to: 12 }]],
  ]);

  const order = await call(admin, "POST", "/api/okrs/key-results/positions/", { ids: [launch.id, deals.id] });
  assert.equal(order.body.keyResults.map((kr: KeyResult) => kr.title), ["Launch", "Deals", "Churn"]);
  for (let index = 3; index < MAX_KEY_RESULTS; index++) assert.is((await add({ title: `KR ${index}`, direction: "increasing", target: 1 })).status, 201);
  assert.equal((await add({ title: "One too many", direction: "increasing", target: 1 })).body, { non_field_errors: [KEY_RESULT_LIMIT] });
  assert.is((await call(admin, "DELETE", `/api/okrs/key-results/${churn.id}/`)).status, 204);
  assert.is((await call(employee, "PATCH", `/api/okrs/key-results/${deals.id}/`, { title: "X" })).status, 404, "a corporate objective's key result is out of an Employee's sight");
});

test("milestones: add, mark done, change, delete; each change logged", async () => {
  const world = await okrWorld();
  const { call, admin, employee, stranger, corporate } = world;
  const objective = await corporate();
  const created = await call(admin, "POST", `/api/okrs/objectives/${objective.id}/milestones/`, { title: "Launch", dueOn: "2026-05-31", responsibleUserId: employee.id });
  assert.equal([created.status, created.body.title, created.body.doneAt, created.body.responsible.id], [201, "Launch", null, employee.id]);
  const done = await call(admin, "PATCH", `/api/okrs/milestones/${created.body.id}/`, { done: true, dueOn: null });
  assert.equal([done.body.doneAt !== null, done.body.dueOn], [true, null]);
  assert.is((await call(stranger, "PATCH", `/api/okrs/milestones/${created.body.id}/`, { done: false })).status, 404);
  assert.is((await call(admin, "DELETE", `/api/okrs/milestones/${created.body.id}/`)).status, 204);
  const log = (await world.changes()).filter((row) => row.item_type === "milestone");
  assert.equal(log.map((row) => [row.action_type, row.details]), [
    ["created", []],
    ["updated", [{ field: "dueOn", from: "2026-05-31", to: null }, { field: "done", from: false, to: true }]],
    ["deleted", []],
  ]);
});

test("status options: the defaults on first read, unique names regardless of case, at most eight, who may change them", async () => {
  const { call, admin, clevel, head, employee } = await okrWorld();
  const first = await call(employee, "GET", "/api/okrs/statuses/");
  assert.equal(first.body.statuses.map((s: { name: string; color: string }) => [s.name, s.color]), [["On track", "#2f855a"], ["At risk", "#d69e2e"], ["Off track", "#c53030"], ["Done", "#2b6cb0"]]);
  assert.equal((await call(admin, "POST", "/api/okrs/statuses/", { name: "on TRACK", color: "#000000" })).body, { name: [STATUS_NAME_TAKEN] });
  assert.is((await call(head, "POST", "/api/okrs/statuses/", { name: "Blocked", color: "#000000" })).status, 403, "team writers do not change the company's statuses");
  assert.is((await call(clevel, "POST", "/api/okrs/statuses/", { name: "Blocked", color: "#000000" })).status, 201, "corporate writers do");
  const moved = await call(admin, "PATCH", `/api/okrs/statuses/${first.body.statuses[3].id}/`, { position: 0, name: "Finished" });
  assert.equal([moved.body.name, moved.body.position], ["Finished", 0]);
  assert.equal((await call(admin, "GET", "/api/okrs/statuses/")).body.statuses.map((s: { name: string }) => s.name), ["Finished", "On track", "At risk", "Off track", "Blocked"]);
  for (let index = 5; index < MAX_STATUS_OPTIONS; index++) assert.is((await call(admin, "POST", "/api/okrs/statuses/", { name: `S${index}`, color: "#111111" })).status, 201);
  assert.equal((await call(admin, "POST", "/api/okrs/statuses/", { name: "Ninth", color: "#111111" })).body, { non_field_errors: [STATUS_LIMIT] });
  assert.is((await call(admin, "POST", "/api/okrs/statuses/", { name: "Bad", color: "red" })).status, 400);
  assert.is((await call(admin, "DELETE", `/api/okrs/statuses/${first.body.statuses[0].id}/`)).status, 204);
  assert.is((await call(admin, "GET", "/api/okrs/statuses/")).body.statuses.length, MAX_STATUS_OPTIONS - 1);
});

test("categories are the organizational structure with objective counts; a unit with team objectives cannot be deleted", async () => {
  const { call, admin, head, sales, field } = await okrWorld();
  await call(admin, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "T", startsOn: "2026-01-01", endsOn: "2026-12-31" });
  const list = await call(head, "GET", "/api/okrs/categories/");
  assert.equal(list.body.categories, [
    { id: sales, kind: "department", name: "Sales", departmentId: null, objectiveCount: 0 },
    { id: field, kind: "team", name: "Field", departmentId: sales, objectiveCount: 1 },
  ]);
  const created = await call(admin, "POST", "/api/okrs/categories/", { name: "South", departmentId: sales });
  assert.equal([created.status, created.body.kind, created.body.departmentId], [201, "team", sales]);
  assert.is((await call(head, "POST", "/api/okrs/categories/", { name: "West", departmentId: sales })).status, 403);
  assert.is((await call(admin, "POST", "/api/okrs/categories/", { name: "field", departmentId: sales })).status, 400, "the structure's unique names");
  assert.is((await call(admin, "PATCH", `/api/okrs/categories/${created.body.id}/`, { name: "Southwest" })).body.name, "Southwest");
  const refused = await call(admin, "DELETE", `/api/okrs/categories/${field}/`);
  assert.equal([refused.status, refused.body], [409, { detail: 'The team "Field" cannot be deleted while 1 objective refers to it.' }]);
  const throughStructure = await call(admin, "DELETE", `/api/organization/units/${field}/`);
  assert.is(throughStructure.status, 409, "the organizational structure refuses it too");
  assert.is((await call(admin, "DELETE", `/api/okrs/categories/${created.body.id}/`)).status, 204);
});

test("external tasks by origin and project, with their meta; attached to an objective or key result the caller may change", async () => {
  const world = await okrWorld();
  const { call, admin, employee, stranger, corporate } = world;
  const objective = await corporate();
  const kr = (await call(admin, "POST", `/api/okrs/objectives/${objective.id}/key-results/`, { title: "Deals", direction: "increasing", target: 10 })).body;
  const own = (await call(employee, "POST", "/api/okrs/objectives/", { level: "employee", title: "Mine", startsOn: "2026-01-01", endsOn: "2026-12-31" })).body;
  const add = (who: typeof admin, body: Record<string, unknown>) => call(who, "POST", "/api/okrs/external-tasks/", { origin: "jira", project: "WEB", title: "Task", ...body });
  const first = await add(admin, { externalId: "WEB-1", objectiveId: objective.id, url: "https://jira.example/browse/WEB-1", meta: { points: 3, blocked: false } });
  assert.equal([first.status, first.body.meta, first.body.objectiveId], [201, { points: 3, blocked: false }, objective.id]);
  await add(admin, { externalId: "WEB-2", keyResultId: kr.id });
  await add(admin, { project: "APP", externalId: "APP-1", objectiveId: objective.id });
  await add(employee, { origin: "github", project: "me/notes", externalId: "7", objectiveId: own.id });
  assert.equal((await add(admin, { externalId: "WEB-1", objectiveId: objective.id })).body, { externalId: [EXTERNAL_TASK_TAKEN] });
  assert.equal((await add(admin, { externalId: "WEB-9", objectiveId: objective.id, keyResultId: kr.id })).body, { non_field_errors: [EXTERNAL_TASK_TARGET] });
  assert.is((await add(employee, { externalId: "WEB-9", objectiveId: objective.id })).status, 400, "a corporate objective is not the Employee's to attach to");

  const byProject = await call(admin, "GET", "/api/okrs/external-tasks/?origin=jira&project=WEB");
  assert.equal(byProject.body.externalTasks.map((task: { externalId: string }) => task.externalId), ["WEB-1", "WEB-2"]);
  const meta = await call(admin, "GET", "/api/okrs/external-tasks/meta/");
  assert.equal(meta.body, { origins: [{ origin: "github", count: 1, projects: [{ project: "me/notes", count: 1 }] }, { origin: "jira", count: 3, projects: [{ project: "APP", count: 1 }, { project: "WEB", count: 2 }] }] });
  assert.equal((await call(employee, "GET", "/api/okrs/external-tasks/meta/")).body, { origins: [{ origin: "github", count: 1, projects: [{ project: "me/notes", count: 1 }] }] }, "only tasks of objectives the reader sees");
  const changed = await call(admin, "PATCH", `/api/okrs/external-tasks/${first.body.id}/`, { status: "done", keyResultId: kr.id, objectiveId: null });
  assert.equal([changed.body.status, changed.body.keyResultId, changed.body.objectiveId], ["done", kr.id, null]);
  assert.is((await call(stranger, "PATCH", `/api/okrs/external-tasks/${first.body.id}/`, { status: "x" })).status, 404);
  assert.is((await call(admin, "DELETE", `/api/okrs/external-tasks/${first.body.id}/`)).status, 204);
  const logged = (await world.changes()).filter((row) => (row.details as { field: string }[]).some((detail) => detail.field === "externalTask"));
  assert.is(logged.length, 6, "each task change is logged on the objective or key result it is attached to");
});

test.run();
