// The organizational structure: departments and teams, leads and members, unique names per
// parent, deletion refused while referred to, permissions, another company's ids.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEPARTMENT_CANNOT_MOVE, DEPARTMENT_NAME_TAKEN, MEMBERS_DUPLICATE, ORG_PARENT_NOT_DEPARTMENT, ORG_UNIT_NAME_BLANK, ORG_USER_UNKNOWN, TEAM_NAME_TAKEN } from "../../../../src/contracts/organization";
import { settingsCompany } from "../company/fixture";

async function structureCompany() {
  const world = await settingsCompany();
  const create = (body: unknown) => world.call(world.admin.headers, "POST", "/api/organization/units/", body);
  return { ...world, create };
}

test("a department with a team, lead and members; everyone signed in reads the tree; names by order", async () => {
  const { call, create, admin, employee, reader, events } = await structureCompany();
  const finance = await create({ name: "Finance", leadUserId: admin.id, memberIds: [reader.id] });
  assert.is(finance.status, 201);
  assert.equal(finance.body.kind, "department");
  assert.equal(finance.body.lead?.id, admin.id);
  const sales = (await create({ name: "Sales" })).body;
  const emea = await create({ name: "EMEA", departmentId: sales.id, leadUserId: employee.id, memberIds: [employee.id, reader.id] });
  assert.is(emea.status, 201);
  assert.equal([emea.body.kind, emea.body.departmentId, emea.body.members.length], ["team", sales.id, 2]);
  await create({ name: "Controlling", departmentId: finance.body.id });
  const tree = await call(employee.headers, "GET", "/api/organization/");
  assert.is(tree.status, 200);
  assert.equal(
    tree.body.departments.map((department: { name: string; teams: { name: string }[] }) => [department.name, department.teams.map((team) => team.name)]),
    [["Finance", ["Controlling"]], ["Sales", ["EMEA"]]],
  );
  assert.equal(Object.keys(tree.body.departments[0].lead), ["id", "name"], "a person is named, their e-mail address not given out");
  assert.equal((await events("OrgUnitCreated")).map((event) => (event.payload as { name: string }).name), ["Finance", "Sales", "EMEA", "Controlling"]);
});

test("names are unique per parent regardless of case; the same team name in two departments is fine", async () => {
  const { create, call, admin } = await structureCompany();
  const sales = (await create({ name: "Sales" })).body;
  const finance = (await create({ name: "Finance" })).body;
  assert.equal((await create({ name: "sales" })).body, { name: [DEPARTMENT_NAME_TAKEN] });
  assert.is((await create({ name: "North", departmentId: sales.id })).status, 201);
  assert.equal((await create({ name: "NORTH", departmentId: sales.id })).body, { name: [TEAM_NAME_TAKEN] });
  const north = await create({ name: "North", departmentId: finance.id });
  assert.is(north.status, 201, "another department");
  assert.equal((await call(admin.headers, "PATCH", `/api/organization/units/${north.body.id}/`, { departmentId: sales.id })).body, { name: [TEAM_NAME_TAKEN] }, "a move into a clash");
  assert.equal((await call(admin.headers, "PATCH", `/api/organization/units/${finance.id}/`, { name: "SALES" })).body, { name: [DEPARTMENT_NAME_TAKEN] });
  assert.is((await call(admin.headers, "PATCH", `/api/organization/units/${finance.id}/`, { name: "FINANCE" })).status, 200, "its own name in other capitals");
});

test("bad input: the field's message and nothing written", async () => {
  const { create, call, admin, inactive, stranger, rows, events } = await structureCompany();
  const sales = (await create({ name: "Sales" })).body;
  const team = (await create({ name: "EMEA", departmentId: sales.id })).body;
  const table: [unknown, Record<string, string[]>][] = [
    [{ name: "  " }, { name: [ORG_UNIT_NAME_BLANK] }],
    [{ name: "X", departmentId: team.id }, { departmentId: [ORG_PARENT_NOT_DEPARTMENT] }],
    [{ name: "X", departmentId: 2 ** 40 }, { departmentId: [ORG_PARENT_NOT_DEPARTMENT] }],
    [{ name: "X", leadUserId: inactive.id }, { leadUserId: [ORG_USER_UNKNOWN] }],
    [{ name: "X", leadUserId: stranger.id }, { leadUserId: [ORG_USER_UNKNOWN] }],
    [{ name: "X", memberIds: [admin.id, stranger.id] }, { memberIds: [ORG_USER_UNKNOWN] }],
    [{ name: "X", memberIds: [admin.id, admin.id] }, { memberIds: [MEMBERS_DUPLICATE] }],
  ];
  for (const [body, expected] of table) {
    const answer = await create(body);
    assert.is(answer.status, 400, JSON.stringify(body));
    assert.equal(answer.body, expected, JSON.stringify(body));
  }
  assert.equal((await call(admin.headers, "PATCH", `/api/organization/units/${sales.id}/`, { departmentId: sales.id })).body, { departmentId: [DEPARTMENT_CANNOT_MOVE] });
  // A valid rename with an unknown member: neither is saved.
  assert.is((await call(admin.headers, "PATCH", `/api/organization/units/${team.id}/`, { name: "Renamed", memberIds: [stranger.id] })).status, 400);
  assert.equal(await rows((db) => db.selectFrom("org_units").select("name").orderBy("name").execute()), [{ name: "EMEA" }, { name: "Sales" }]);
  assert.is((await events("OrgUnitChanged")).length, 0);
});

test("change lead and members, move a team; a deleted user leaves its units", async () => {
  const { create, call, admin, reader, employee, userWith } = await structureCompany();
  const sales = (await create({ name: "Sales" })).body;
  const ops = (await create({ name: "Operations" })).body;
  const team = (await create({ name: "Field", departmentId: sales.id, leadUserId: reader.id, memberIds: [reader.id] })).body;
  const changed = await call(admin.headers, "PATCH", `/api/organization/units/${team.id}/`, { departmentId: ops.id, leadUserId: null, memberIds: [employee.id, admin.id] });
  assert.is(changed.status, 200);
  assert.equal([changed.body.departmentId, changed.body.lead, changed.body.members.map((member: { id: number }) => member.id).sort()], [ops.id, null, [admin.id, employee.id].sort()]);
  const leaving = await userWith([]);
  await call(admin.headers, "PATCH", `/api/organization/units/${ops.id}/`, { leadUserId: leaving.id, memberIds: [leaving.id] });
  const staff = await userWith(["manage_users"]);
  assert.is((await call(staff.headers, "DELETE", `/api/auth/users/${leaving.id}/`)).status, 204);
  const department = (await call(admin.headers, "GET", "/api/organization/")).body.departments.find((unit: { id: number }) => unit.id === ops.id);
  assert.equal([department.lead, department.members], [null, []]);
});

test("a department with teams cannot be deleted (409 naming them); a team and then its department can", async () => {
  const { create, call, admin, events } = await structureCompany();
  const sales = (await create({ name: "Sales" })).body;
  const north = (await create({ name: "North", departmentId: sales.id, memberIds: [admin.id] })).body;
  await create({ name: "South", departmentId: sales.id });
  const refused = await call(admin.headers, "DELETE", `/api/organization/units/${sales.id}/`);
  assert.is(refused.status, 409);
  assert.equal(refused.body, { detail: 'The department "Sales" cannot be deleted while 2 teams refer to it.' });
  assert.is((await call(admin.headers, "DELETE", `/api/organization/units/${north.id}/`)).status, 204);
  assert.equal((await call(admin.headers, "DELETE", `/api/organization/units/${sales.id}/`)).body, { detail: 'The department "Sales" cannot be deleted while 1 team refers to it.' });
  const south = (await call(admin.headers, "GET", "/api/organization/")).body.departments[0].teams[0].id;
  await call(admin.headers, "DELETE", `/api/organization/units/${south}/`);
  assert.is((await call(admin.headers, "DELETE", `/api/organization/units/${sales.id}/`)).status, 204);
  assert.equal((await call(admin.headers, "GET", "/api/organization/")).body, { departments: [] });
  assert.is((await call(admin.headers, "DELETE", `/api/organization/units/${sales.id}/`)).status, 404);
  assert.equal((await events("OrgUnitDeleted")).map((event) => (event.payload as { name: string }).name), ["North", "South", "Sales"]);
});

test("only administrators and staff change the structure; another company's units are 404", async () => {
  const { create, call, reader, employee, staff, stranger } = await structureCompany();
  const sales = (await create({ name: "Sales" })).body;
  for (const who of [reader, employee]) {
    assert.is((await call(who.headers, "POST", "/api/organization/units/", { name: "Mine" })).status, 403);
    assert.is((await call(who.headers, "PATCH", `/api/organization/units/${sales.id}/`, { name: "Mine" })).status, 403);
    assert.is((await call(who.headers, "DELETE", `/api/organization/units/${sales.id}/`)).status, 403);
  }
  assert.is((await call(staff.headers, "POST", "/api/organization/units/", { name: "Staff made" })).status, 201);
  assert.is((await call(stranger.headers, "PATCH", `/api/organization/units/${sales.id}/`, { name: "Taken" })).status, 404);
  assert.is((await call(stranger.headers, "DELETE", `/api/organization/units/${sales.id}/`)).status, 404);
  assert.equal((await call(stranger.headers, "POST", "/api/organization/units/", { name: "Team", departmentId: sales.id })).body, { departmentId: [ORG_PARENT_NOT_DEPARTMENT] });
  assert.equal((await call(stranger.headers, "GET", "/api/organization/")).body, { departments: [] });
});

test.run();
