// Objectives: create, read, change, delete, copy, move, order; parent rules; permissions per
// level; another company's ids; the change log and OkrChanged; no partial writes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  OKR_CATEGORY_REQUIRED,
  OKR_USER_UNKNOWN,
  PARENT_NOT_HIGHER,
  PARENT_UNKNOWN,
  PERIOD_ORDER,
  POSITIONS_MIXED,
  TOO_MANY_PARENTS,
  OBJECTIVE_TITLE_BLANK,
  type Objective,
} from "../../../../src/contracts/okrs";
import { okrChangedFilter } from "../../../../src/server/features/okrs/okr-event-filter";
import { COMPANY_FEATURES } from "../../../../src/server/db/seed/demo-companies";
import { testDatabase } from "../../../support/database";
import { okrWorld, system } from "./okr-fixture";

test("create, read, list by level and date range, change and delete; each change logged once with its details", async () => {
  const world = await okrWorld();
  const { call, admin, employee, field } = world;
  const created = await call(admin, "POST", "/api/okrs/objectives/", { level: "corporate", title: "Grow revenue", description: "Why", startsOn: "2026-01-01", endsOn: "2026-12-31", responsibleIds: [employee.id, admin.id] });
  assert.is(created.status, 201);
  const objective = created.body as Objective;
  assert.equal([objective.level, objective.category, objective.owner, objective.title, objective.startsOn, objective.endsOn, objective.mayEdit, objective.progress], ["corporate", null, null, "Grow revenue", "2026-01-01", "2026-12-31", true, null]);
  assert.equal(objective.responsibles.map((person) => person.id).sort(), [admin.id, employee.id].sort());
  const team = await call(admin, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "Win the north", startsOn: "2026-04-01", endsOn: "2026-06-30", parentIds: [objective.id] });
  assert.is(team.status, 201);
  assert.equal(team.body.category, { id: field, name: "Field" });
  assert.equal(team.body.parents, [{ id: objective.id, title: "Grow revenue", level: "corporate" }]);
  const old = await call(admin, "POST", "/api/okrs/objectives/", { level: "corporate", title: "Last year", startsOn: "2025-01-01", endsOn: "2025-12-31" });

  const all = await call(admin, "GET", "/api/okrs/objectives/");
  assert.equal(all.body.objectives.map((o: Objective) => o.title), ["Grow revenue", "Last year", "Win the north"], "by level, then position");
  assert.equal((await call(admin, "GET", `/api/okrs/objectives/${objective.id}/`)).body.children, [{ id: team.body.id, title: "Win the north", level: "team" }]);
  const overlapping = await call(admin, "GET", "/api/okrs/objectives/?from=2026-07-01&to=2026-09-30");
  assert.equal(overlapping.body.objectives.map((o: Objective) => o.title), ["Grow revenue"], "the objectives overview by date range");
  assert.equal((await call(admin, "GET", `/api/okrs/objectives/?level=team&categoryId=${field}`)).body.objectives.map((o: Objective) => o.id), [team.body.id]);

  const patched = await call(admin, "PATCH", `/api/okrs/objectives/${objective.id}/`, { title: "Grow revenue fast", endsOn: "2026-11-30", responsibleIds: [admin.id] });
  assert.is(patched.status, 200);
  assert.equal([patched.body.title, patched.body.endsOn, patched.body.responsibles.length], ["Grow revenue fast", "2026-11-30", 1]);
  assert.is((await call(admin, "DELETE", `/api/okrs/objectives/${old.body.id}/`)).status, 204);
  assert.is((await call(admin, "GET", `/api/okrs/objectives/${old.body.id}/`)).status, 404);

  const log = await world.changes();
  assert.equal(log.map((row) => [row.action_type, row.item_type, row.item_title]), [
    ["created", "objective", "Grow revenue"],
    ["created", "objective", "Win the north"],
    ["created", "objective", "Last year"],
    ["updated", "objective", "Grow revenue fast"],
    ["deleted", "objective", "Last year"],
  ]);
  assert.equal(log[3]!.details, [
    { field: "title", from: "Grow revenue", to: "Grow revenue fast" },
    { field: "endsOn", from: "2026-12-31", to: "2026-11-30" },
    { field: "responsibleIds", from: [admin.id, employee.id].sort((a, b) => a - b), to: [admin.id] },
  ]);
  assert.equal([log[1]!.level, log[1]!.category_id, log[0]!.user_id], ["team", field, admin.id]);
  const events = await world.okrEvents();
  assert.is(events.length, 5, "one OkrChanged per change");
  assert.equal(events[1]!.payload, { objectiveId: team.body.id, level: "team", categoryId: field, ownerUserId: null, itemType: "objective", itemId: team.body.id, actionType: "created" });
});

test("bad input: the field's message (cross-field rules in non_field_errors), and nothing written", async () => {
  const world = await okrWorld();
  const { call, admin, stranger, corporate } = world;
  const parent = await corporate();
  const before = (await world.changes()).length;
  const table: [unknown, Record<string, string[]>][] = [
    [{ level: "corporate", title: "", startsOn: "2026-01-01", endsOn: "2026-12-31" }, { title: [OBJECTIVE_TITLE_BLANK] }],
    [{ level: "corporate", title: "X", startsOn: "2026-12-31", endsOn: "2026-01-01" }, { non_field_errors: [PERIOD_ORDER] }],
    [{ level: "team", title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31" }, { categoryId: [OKR_CATEGORY_REQUIRED] }],
    [{ level: "corporate", title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31", responsibleIds: [stranger.id] }, { responsibleIds: [OKR_USER_UNKNOWN] }],
    [{ level: "corporate", title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [parent.id] }, { parentIds: [PARENT_NOT_HIGHER] }],
    [{ level: "employee", title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [2 ** 40] }, { parentIds: [PARENT_UNKNOWN] }],
  ];
  for (const [body, expected] of table) {
    const answer = await call(admin, "POST", "/api/okrs/objectives/", body);
    assert.is(answer.status, 400, JSON.stringify(body));
    assert.equal(answer.body, expected, JSON.stringify(body));
  }
  // A valid new title with a bad parent: neither is saved, nothing logged.
  const answer = await call(admin, "PATCH", `/api/okrs/objectives/${parent.id}/`, { title: "Renamed", parentIds: [parent.id] });
  assert.equal([answer.status, answer.body], [400, { parentIds: [PARENT_NOT_HIGHER] }]);
  assert.is((await call(admin, "GET", `/api/okrs/objectives/${parent.id}/`)).body.title, "Grow revenue");
  assert.is((await world.changes()).length, before);
  assert.is((await world.okrEvents()).length, before);
});

test("a team objective links to at most two higher-level objectives; an employee objective to team and corporate ones", async () => {
  const { call, admin, field, corporate } = await okrWorld();
  const [a, b, c] = [await corporate("A"), await corporate("B"), await corporate("C")];
  const three = await call(admin, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "T", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [a.id, b.id, c.id] });
  assert.equal([three.status, three.body], [400, { parentIds: [TOO_MANY_PARENTS] }]);
  const team = await call(admin, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "T", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [a.id, b.id] });
  assert.is(team.status, 201);
  const mine = await call(admin, "POST", "/api/okrs/objectives/", { level: "employee", title: "Mine", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [team.body.id, c.id] });
  assert.is(mine.status, 201);
  assert.is(mine.body.owner.id, admin.id, "the owner is the caller when left out");
  // Upwards only: the corporate objective cannot take its child (or anyone) as parent, so no cycle.
  assert.equal((await call(admin, "PATCH", `/api/okrs/objectives/${a.id}/`, { parentIds: [team.body.id] })).body, { parentIds: [PARENT_NOT_HIGHER] });
  assert.equal((await call(admin, "PATCH", `/api/okrs/objectives/${team.body.id}/`, { parentIds: [mine.body.id] })).body, { parentIds: [PARENT_NOT_HIGHER] });
  assert.equal((await call(admin, "PATCH", `/api/okrs/objectives/${team.body.id}/`, { parentIds: [team.body.id] })).body, { parentIds: [PARENT_NOT_HIGHER] });
});

test("copy with key results and milestones into another period; move drops parents that no longer fit", async () => {
  const world = await okrWorld();
  const { call, admin, employee, field, corporate, revenue } = world;
  const parent = await corporate("Parent");
  const team = (await call(admin, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "Team goal", startsOn: "2026-01-01", endsOn: "2026-03-31", parentIds: [parent.id] })).body;
  const manual = (await call(admin, "POST", `/api/okrs/objectives/${team.id}/key-results/`, { title: "Deals", direction: "increasing", start: 0, target: 10, actual: 4 })).body;
  await call(admin, "POST", `/api/okrs/objectives/${team.id}/key-results/`, { title: "Revenue", direction: "increasing", target: 100, kpiId: revenue });
  await call(admin, "POST", `/api/okrs/key-results/${manual.id}/check-ins/`, { confidence: 8, value: 5 });
  await call(admin, "POST", `/api/okrs/objectives/${team.id}/milestones/`, { title: "Kick-off", dueOn: "2026-02-15" });

  const copy = await call(admin, "POST", `/api/okrs/objectives/${team.id}/copy/`, { startsOn: "2026-04-01" });
  assert.is(copy.status, 201);
  assert.equal([copy.body.title, copy.body.startsOn, copy.body.endsOn, copy.body.level, copy.body.category.id], ["Team goal", "2026-04-01", "2026-06-30", "team", field]);
  assert.equal(copy.body.keyResults.map((kr: { title: string; kpi: unknown; confidence: unknown }) => [kr.title, kr.kpi !== null, kr.confidence]), [["Deals", false, null], ["Revenue", true, null]]);
  assert.is(copy.body.keyResults[0].actual, null, "actual values are not copied");
  assert.equal(copy.body.milestones.map((m: { title: string; dueOn: string }) => [m.title, m.dueOn]), [["Kick-off", "2026-05-16"]], "due dates move with the period");
  assert.equal(copy.body.parents.map((p: { id: number }) => p.id), [parent.id]);
  const sameTitle = await call(admin, "POST", `/api/okrs/objectives/${team.id}/copy/`, {});
  assert.is(sameTitle.body.title, "Team goal (copy)");

  const moved = await call(admin, "POST", `/api/okrs/objectives/${team.id}/move/`, { level: "corporate" });
  assert.is(moved.status, 200);
  assert.equal([moved.body.level, moved.body.category, moved.body.parents], ["corporate", null, []], "a corporate objective has no higher level");
  const down = await call(admin, "POST", `/api/okrs/objectives/${parent.id}/move/`, { level: "employee", ownerUserId: employee.id });
  assert.equal([down.body.level, down.body.owner.id], ["employee", employee.id]);
  const copyAfter = (await call(admin, "GET", `/api/okrs/objectives/${copy.body.id}/`)).body;
  assert.equal(copyAfter.parents, [], "a child whose parent went below it loses the link");
  const moves = (await world.changes()).filter((row) => row.action_type === "moved");
  assert.equal(moves[0]!.details, [
    { field: "level", from: "team", to: "corporate" },
    { field: "categoryId", from: field, to: null },
    { field: "parentIds", from: [parent.id], to: [] },
  ]);
  assert.is((await world.changes()).filter((row) => row.action_type === "copied").length, 2);
});

test("positions: the ids first, the rest of the group after; one level and unit at a time", async () => {
  const { call, admin, field, corporate } = await okrWorld();
  const [a, b, c] = [await corporate("A"), await corporate("B"), await corporate("C")];
  const team = (await call(admin, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "T", startsOn: "2026-01-01", endsOn: "2026-12-31" })).body;
  const ordered = await call(admin, "POST", "/api/okrs/objectives/positions/", { ids: [c.id, a.id] });
  assert.is(ordered.status, 200);
  assert.equal(ordered.body.objectives.map((o: Objective) => o.title), ["C", "A", "B"]);
  assert.equal((await call(admin, "GET", "/api/okrs/objectives/?level=corporate")).body.objectives.map((o: Objective) => [o.title, o.position]), [["C", 0], ["A", 1], ["B", 2]]);
  assert.equal((await call(admin, "POST", "/api/okrs/objectives/positions/", { ids: [a.id, team.id] })).body, { ids: [POSITIONS_MIXED] });
  assert.is((await call(admin, "POST", "/api/okrs/objectives/positions/", { ids: [a.id, a.id] })).status, 400);
  assert.is((await call(admin, "POST", "/api/okrs/objectives/positions/", { ids: [] })).status, 400);
  void b;
});

test("permissions per level: reading, writing, own employee objectives; another company's ids answer 404", async () => {
  const world = await okrWorld();
  const { call, admin, head, employee, colleague, external, stranger, field, corporate } = world;
  const corp = await corporate();
  const team = (await call(head, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "Team", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [corp.id] })).body;
  assert.ok(team.id, "a head of department writes team objectives");
  // An Employee (write_employee_okrs, read_team_okrs) may not write corporate or team objectives…
  assert.is((await call(employee, "POST", "/api/okrs/objectives/", { level: "corporate", title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31" })).status, 403);
  assert.is((await call(employee, "POST", "/api/okrs/objectives/", { level: "team", categoryId: field, title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31" })).status, 403);
  assert.is((await call(employee, "PATCH", `/api/okrs/objectives/${team.id}/`, { title: "Mine now" })).status, 403);
  // …nor read corporate ones (404, as if they did not exist), but reads team ones, read-only.
  assert.is((await call(employee, "GET", `/api/okrs/objectives/${corp.id}/`)).status, 404);
  const seen = (await call(employee, "GET", `/api/okrs/objectives/${team.id}/`)).body;
  assert.equal([seen.mayEdit, seen.parents], [false, []], "a parent the reader may not read is not named");
  // Own employee objectives: written by the owner, also others' for someone with write_team_okrs.
  const own = await call(employee, "POST", "/api/okrs/objectives/", { level: "employee", title: "Learn SQL", startsOn: "2026-01-01", endsOn: "2026-06-30", parentIds: [team.id] });
  assert.is(own.status, 201);
  assert.equal([own.body.owner.id, own.body.mayEdit], [employee.id, true]);
  assert.is((await call(employee, "POST", "/api/okrs/objectives/", { level: "employee", ownerUserId: colleague.id, title: "For you", startsOn: "2026-01-01", endsOn: "2026-06-30" })).status, 403);
  const byColleague = await call(colleague, "GET", `/api/okrs/objectives/${own.body.id}/`);
  assert.equal([byColleague.status, byColleague.body.mayEdit], [200, false], "read_employee_okrs reads others' employee objectives");
  assert.is((await call(colleague, "PATCH", `/api/okrs/objectives/${own.body.id}/`, { title: "Hijack" })).status, 403);
  assert.is((await call(head, "PATCH", `/api/okrs/objectives/${own.body.id}/`, { title: "Learn SQL well" })).status, 200);
  assert.equal((await call(admin, "GET", "/api/okrs/objectives/")).body.objectives.every((o: Objective) => o.mayEdit), true);
  // Without any OKR permission: 403 at the door.
  assert.is((await call(external, "GET", "/api/okrs/objectives/")).status, 403);
  // Another company's administrator: 404 for every id, and the list is theirs (empty).
  for (const [method, url, body] of [
    ["GET", `/api/okrs/objectives/${corp.id}/`, undefined],
    ["PATCH", `/api/okrs/objectives/${corp.id}/`, { title: "Mine" }],
    ["DELETE", `/api/okrs/objectives/${corp.id}/`, undefined],
    ["POST", `/api/okrs/objectives/${corp.id}/copy/`, {}],
    ["POST", `/api/okrs/objectives/${corp.id}/move/`, { level: "corporate" }],
  ] as const) {
    assert.is((await call(stranger, method, url, body)).status, 404, `${method} ${url}`);
  }
  assert.equal((await call(stranger, "GET", "/api/okrs/objectives/")).body.objectives, []);
  assert.equal((await call(stranger, "POST", "/api/okrs/objectives/", { level: "corporate", title: "X", startsOn: "2026-01-01", endsOn: "2026-12-31", parentIds: [corp.id] })).body, { parentIds: [PARENT_UNKNOWN] });
});

test("OkrChanged reaches only the people who may read the objective", async () => {
  const world = await okrWorld();
  const { call, admin, employee, colleague, head, external, corporate } = world;
  await corporate();
  await call(employee, "POST", "/api/okrs/objectives/", { level: "employee", title: "Mine", startsOn: "2026-01-01", endsOn: "2026-06-30" });
  const [corporateEvent, employeeEvent] = await world.okrEvents();
  const receives = (payload: unknown, userId: number) => world.withTenant(world.tenantId, system, (context) => okrChangedFilter(payload, context, userId)).then((answer) => answer !== null);
  assert.equal(await Promise.all([admin, head, employee, external].map((user) => receives(corporateEvent!.payload, user.id))), [true, true, false, false]);
  assert.equal(await Promise.all([employee, colleague, head, external].map((user) => receives(employeeEvent!.payload, user.id))), [true, true, true, false]);
});

test("the okr feature switched off closes the API", async () => {
  const world = await okrWorld();
  const { database } = await testDatabase();
  await database.system.updateTable("tenants").set({ features: JSON.stringify({ ...COMPANY_FEATURES, okr: false }) }).where("id", "=", world.tenantId).execute();
  assert.is((await world.call(world.admin, "GET", "/api/okrs/objectives/")).status, 403);
});

test.run();
