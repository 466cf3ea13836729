// The liquidity API (issue 17): scenarios (create, change, duplicate, merge, approve, delete),
// who may do what (the group permissions, the per-user grant, read and write lists), another
// company's scenario answering 404, and the approval lock the database itself enforces.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sql } from "kysely";
import {
  DEPARTMENT_UNKNOWN,
  EMPLOYEE_ID_TAKEN,
  LIQUIDITY_USER_UNKNOWN,
  MERGE_SAME_SCENARIO,
  SCENARIO_APPROVED,
  SCENARIO_MERGE_FAILED,
  SCENARIO_NAME_BLANK,
  SCENARIO_NAME_TAKEN,
  SCENARIO_NOT_FOUND,
  SCENARIO_UPDATE_FAILED,
} from "../../../../src/contracts/liquidity";
import { liquidityEventFilter } from "../../../../src/server/features/liquidity/liquidity-events";
import { liquidityWorld, system, type LiquidityWorld } from "./liquidity-fixture";

let world: LiquidityWorld;
test.before(async () => {
  world = await liquidityWorld();
});
test.after(async () => {
  await world.app.close();
});

test("a planner creates, reads, changes and deletes a draft; names are unique; fields are checked", async () => {
  const { call, planner, sales, rnd, reader } = world;
  const created = await call(planner, "POST", "/scenarios/", { name: "Base plan", departmentIds: [sales], readUserIds: [reader.id] });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const scenario = created.body;
  assert.equal([scenario.status, scenario.author.id, scenario.parentId, scenario.mergedFrom], ["draft", planner.id, null, []]);
  assert.equal(scenario.departments, [{ id: sales, name: "Sales" }]);
  assert.equal(scenario.readUsers.map((user: { id: number }) => user.id), [reader.id]);
  // Defaults: next month, 24 months, the cash and revenue KPIs found by key.
  assert.equal([scenario.settings.startMonth, scenario.settings.months, scenario.settings.cashKpiId, scenario.settings.revenueKpiId, scenario.settings.paymentDelayDays], ["2026-07-01", 24, world.cash, world.revenue, 30]);
  assert.equal([scenario.canEdit, scenario.canApprove, scenario.canDelete], [true, false, true]);

  const taken = await call(planner, "POST", "/scenarios/", { name: "BASE PLAN" });
  assert.equal([taken.status, taken.body], [400, { name: [SCENARIO_NAME_TAKEN] }]);
  const blank = await call(planner, "POST", "/scenarios/", { name: "" });
  assert.equal([blank.status, blank.body.name], [400, [SCENARIO_NAME_BLANK]]);
  const badLists = await call(planner, "POST", "/scenarios/", { name: "Other", departmentIds: [999_999], writeUserIds: [world.stranger.id] });
  assert.equal([badLists.status, badLists.body], [400, { departmentIds: [DEPARTMENT_UNKNOWN], writeUserIds: [LIQUIDITY_USER_UNKNOWN] }]);
  const badMonths = await call(planner, "POST", "/scenarios/", { name: "Other", settings: { months: 61 } });
  assert.is(badMonths.status, 400);

  const changed = await call(planner, "PATCH", `/scenarios/${scenario.id}/`, { name: "Base plan 2026", departmentIds: [sales, rnd], settings: { months: 12, employerCostRate: 21.5 } });
  assert.is(changed.status, 200, JSON.stringify(changed.body));
  assert.equal([changed.body.name, changed.body.departments.map((d: { name: string }) => d.name), changed.body.settings.months, changed.body.settings.employerCostRate, changed.body.settings.startMonth], ["Base plan 2026", ["R&D", "Sales"], 12, 21.5, "2026-07-01"]);
  const refused = await call(planner, "PATCH", `/scenarios/${scenario.id}/`, { departmentIds: [123_456_789] });
  assert.equal([refused.status, refused.body], [400, { detail: SCENARIO_UPDATE_FAILED, departmentIds: [DEPARTMENT_UNKNOWN] }]);

  const list = await call(planner, "GET", "/scenarios/");
  assert.is(list.status, 200);
  assert.ok(list.body.canCreate);
  assert.ok(list.body.scenarios.some((each: { id: number }) => each.id === scenario.id));

  const other = await world.scenario(planner, "Throwaway");
  assert.is((await call(planner, "DELETE", `/scenarios/${other.id}/`)).status, 204);
  const gone = await call(planner, "GET", `/scenarios/${other.id}/`);
  assert.equal([gone.status, gone.body.detail], [404, SCENARIO_NOT_FOUND]);
  const types = (await world.events()).map((event) => event.type);
  assert.ok(types.includes("LiquidityScenarioCreated") && types.includes("LiquidityScenarioChanged") && types.includes("LiquidityScenarioDeleted"), types.join());
});

test("headcount: employee IDs are unique in a scenario, dates and departments are checked, FTE follows the hours", async () => {
  const { call, planner, sales, rnd, employee } = world;
  const scenario = await world.scenario(planner, "Headcount plan", { departmentIds: [sales] });
  const url = `/scenarios/${scenario.id}/employees/`;
  const first = await call(planner, "POST", url, employee({ employeeId: "E-1", weeklyHours: 30, departmentId: sales }));
  assert.is(first.status, 201, JSON.stringify(first.body));
  assert.equal([first.body.fte, first.body.department, first.body.employeeId], [0.75, { id: sales, name: "Sales" }, "E-1"]);
  const again = await call(planner, "POST", url, employee({ employeeId: "E-1", fullName: "Someone else" }));
  assert.equal([again.status, again.body], [400, { employeeId: [EMPLOYEE_ID_TAKEN] }]);
  const second = await call(planner, "POST", url, employee({ employeeId: "E-2", salaryIncreases: [{ effectiveFrom: "2027-01-01", annualSalary: 130_000 }] }));
  assert.is(second.status, 201);
  const renamed = await call(planner, "PATCH", `${url}${second.body.id}/`, { employeeId: "E-1" });
  assert.equal([renamed.status, renamed.body], [400, { employeeId: [EMPLOYEE_ID_TAKEN] }]);
  const dates = await call(planner, "POST", url, employee({ hireDate: "2026-09-01", terminationDate: "2026-08-31" }));
  assert.equal([dates.status, dates.body.terminationDate], [400, ["The termination date cannot be before the hire date."]]);
  const elsewhere = await call(planner, "POST", url, employee({ departmentId: rnd }));
  assert.equal([elsewhere.status, elsewhere.body.departmentId], [400, ["Choose one of the scenario's departments."]]);
  // Open positions have no ID: several may be planned.
  for (let index = 0; index < 2; index++) assert.is((await call(planner, "POST", url, employee({ fullName: "Open: engineer", openPosition: true, hireDate: "2026-10-01" }))).status, 201);
  const changed = await call(planner, "PATCH", `${url}${second.body.id}/`, { weeklyHours: 20, salaryIncreases: [] });
  assert.equal([changed.status, changed.body.fte, changed.body.salaryIncreases], [200, 0.5, []]);
  assert.is((await call(planner, "DELETE", `${url}${first.body.id}/`)).status, 204);
  assert.is((await call(planner, "DELETE", `${url}${first.body.id}/`)).status, 404);
  const list = await call(planner, "GET", url);
  assert.equal(list.body.employees.map((each: { employeeId: string | null; openPosition: boolean }) => [each.employeeId, each.openPosition]), [["E-2", false], [null, true], [null, true]]);
  const seen = await call(planner, "GET", `/scenarios/${scenario.id}/`);
  assert.equal([seen.body.employeeCount, seen.body.openPositionCount], [1, 2]);
  // A department a scenario or an employee refers to is not deleted.
  const refusal = await world.withTenant(world.tenantId, system, async (context) => (await import("../../../../src/server/features/organization/org-references")).unitReferences(context, sales));
  assert.equal(refusal.filter((each) => each.singular.startsWith("liquidity")).map((each) => each.count > 0), [true, false]);
});

test("a duplicate copies all rows; a merge unites two, names conflicting IDs and changes neither", async () => {
  const { call, planner, employee, contract } = world;
  const base = await world.scenario(planner, "Merge base");
  const url = (id: number, what: string) => `/scenarios/${id}/${what}/`;
  for (const [id, name] of [["A-1", "Ann"], ["A-2", "Bob"]]) await call(planner, "POST", url(base.id, "employees"), employee({ employeeId: id, fullName: name, salaryIncreases: [{ effectiveFrom: "2027-01-01", annualSalary: 125_000 }] }));
  await call(planner, "POST", url(base.id, "expenses"), contract());
  await call(planner, "POST", url(base.id, "expenses"), contract({ kind: "transaction", account: "6800 Travel", frequency: "quarterly", amount: 2500, vatRate: 19 }));
  const copy = await call(planner, "POST", `/scenarios/${base.id}/duplicate/`, { name: "Hiring later" });
  assert.is(copy.status, 201, JSON.stringify(copy.body));
  assert.equal([copy.body.parentId, copy.body.employeeCount, copy.body.contractCount, copy.body.transactionCount, copy.body.status], [base.id, 2, 1, 1, "draft"]);
  const strip = (list: { id: number }[]) => list.map(({ id: _id, ...rest }) => rest);
  const [baseEmployees, copyEmployees] = await Promise.all([call(planner, "GET", url(base.id, "employees")), call(planner, "GET", url(copy.body.id, "employees"))]);
  assert.equal(strip(copyEmployees.body.employees), strip(baseEmployees.body.employees));
  assert.equal(copyEmployees.body.employees[0].salaryIncreases, [{ effectiveFrom: "2027-01-01", annualSalary: 125_000 }]);

  // The copy hires later and adds someone: merging takes both, the shared contract once.
  await call(planner, "POST", url(copy.body.id, "employees"), employee({ employeeId: "A-3", fullName: "Cem", hireDate: "2027-01-01" }));
  await call(planner, "POST", url(copy.body.id, "expenses"), contract({ vendor: "Cloud", account: "6810 Hosting", amount: 400 }));
  const merged = await call(planner, "POST", "/scenarios/merge/", { firstId: base.id, secondId: copy.body.id, name: "Merged plan" });
  assert.is(merged.status, 201, JSON.stringify(merged.body));
  assert.equal([merged.body.mergedFrom, merged.body.employeeCount, merged.body.contractCount, merged.body.transactionCount, merged.body.parentId], [[base.id, copy.body.id], 3, 2, 1, null]);
  assert.equal((await world.events("LiquidityScenariosMerged")).at(-1)?.payload, { scenarioId: merged.body.id, mergedFrom: [base.id, copy.body.id], readerIds: [planner.id] });

  // Bob's salary differs in the copy: the merge is refused and names him.
  const bob = copyEmployees.body.employees.find((each: { employeeId: string }) => each.employeeId === "A-2");
  await call(planner, "PATCH", `${url(copy.body.id, "employees")}${bob.id}/`, { fixSalary: 99_000 });
  const before = await call(planner, "GET", url(base.id, "employees"));
  const conflict = await call(planner, "POST", "/scenarios/merge/", { firstId: base.id, secondId: copy.body.id, name: "Merged again" });
  assert.equal([conflict.status, conflict.body], [409, { detail: SCENARIO_MERGE_FAILED, conflicts: ["A-2"] }]);
  assert.equal((await call(planner, "GET", url(base.id, "employees"))).body, before.body);
  assert.is((await call(planner, "GET", "/scenarios/")).body.scenarios.filter((each: { name: string }) => each.name === "Merged again").length, 0);
  const same = await call(planner, "POST", "/scenarios/merge/", { firstId: base.id, secondId: base.id, name: "Self" });
  assert.equal([same.status, same.body], [400, { secondId: [MERGE_SAME_SCENARIO] }]);
  const foreign = await call(world.outsider, "POST", "/scenarios/merge/", { firstId: base.id, secondId: copy.body.id, name: "Not mine" });
  assert.equal([foreign.status, foreign.body.detail], [404, SCENARIO_NOT_FOUND]);
});

test("approval is irreversible: the API refuses every change and the database refuses direct writes, even as the app role", async () => {
  const { call, planner, approver, employee, contract } = world;
  const scenario = await world.scenario(planner, "To approve", { readUserIds: [approver.id] });
  const person = (await call(planner, "POST", `/scenarios/${scenario.id}/employees/`, employee({ employeeId: "X-1" }))).body;
  const rent = (await call(planner, "POST", `/scenarios/${scenario.id}/expenses/`, contract())).body;
  assert.is((await call(planner, "POST", `/scenarios/${scenario.id}/approve/`)).status, 403);
  const approved = await call(approver, "POST", `/scenarios/${scenario.id}/approve/`);
  assert.is(approved.status, 200, JSON.stringify(approved.body));
  assert.equal([approved.body.status, approved.body.approvedBy.id, approved.body.canEdit, approved.body.canApprove, approved.body.canDelete], ["approved", approver.id, false, false, false]);
  const refusals = [
    await call(planner, "PATCH", `/scenarios/${scenario.id}/`, { name: "Renamed" }),
    await call(planner, "DELETE", `/scenarios/${scenario.id}/`),
    await call(approver, "POST", `/scenarios/${scenario.id}/approve/`),
    await call(planner, "POST", `/scenarios/${scenario.id}/employees/`, employee()),
    await call(planner, "PATCH", `/scenarios/${scenario.id}/employees/${person.id}/`, { fixSalary: 1 }),
    await call(planner, "DELETE", `/scenarios/${scenario.id}/expenses/${rent.id}/`),
    await call(planner, "POST", `/scenarios/${scenario.id}/expenses/seed/`),
  ];
  assert.equal(refusals.map((each) => [each.status, each.body.detail]), refusals.map(() => [409, SCENARIO_APPROVED]));
  // Its copy is a draft anyone who may create scenarios can change.
  const child = await call(planner, "POST", `/scenarios/${scenario.id}/duplicate/`, { name: "After approval" });
  assert.equal([child.status, child.body.status, child.body.employeeCount], [201, "draft", 1]);

  const attempts: [string, (db: any) => Promise<unknown>][] = [
    ["back to draft", (db) => db.updateTable("liquidity_scenarios").set({ status: "draft", approved_at: null }).where("id", "=", scenario.id).execute()],
    ["rename", (db) => db.updateTable("liquidity_scenarios").set({ name: "Sneaky" }).where("id", "=", scenario.id).execute()],
    ["delete it", (db) => db.deleteFrom("liquidity_scenarios").where("id", "=", scenario.id).execute()],
    ["change an employee", (db) => db.updateTable("liquidity_employees").set({ fix_salary: 1 }).where("id", "=", person.id).execute()],
    ["add an employee", (db) => db.insertInto("liquidity_employees").values({ tenant_id: world.tenantId, scenario_id: scenario.id, full_name: "Ghost", employment_type: "full_time", weekly_hours: 40, fix_salary: 1 }).execute()],
    ["move an employee in", (db) => db.updateTable("liquidity_employees").set({ scenario_id: scenario.id }).where("scenario_id", "=", child.body.id).execute()],
    ["add a salary increase", (db) => db.insertInto("liquidity_salary_increases").values({ tenant_id: world.tenantId, employee_row_id: person.id, effective_from: "2030-01-01", annual_salary: 1 }).execute()],
    ["delete an expense", (db) => db.deleteFrom("liquidity_expenses").where("id", "=", rent.id).execute()],
    ["drop a department", (db) => db.insertInto("liquidity_scenario_departments").values({ tenant_id: world.tenantId, scenario_id: scenario.id, department_id: world.rnd }).execute()],
    ["share it", (db) => db.deleteFrom("liquidity_scenario_users").where("scenario_id", "=", scenario.id).execute()],
  ];
  const role = await world.withTenant(world.tenantId, system, async ({ db }) => (await sql<{ role: string }>`select current_user as role`.execute(db)).rows[0]!.role);
  assert.is(role, "meridian_app");
  for (const [what, attempt] of attempts) {
    const outcome = await world
      .withTenant(world.tenantId, system, async ({ db }) => {
        await attempt(db);
        return "written";
      })
      .catch((error) => (error as { code?: string }).code);
    assert.is(outcome, "LQ001", what);
  }
  const after = await call(planner, "GET", `/scenarios/${scenario.id}/employees/`);
  assert.equal(after.body.employees.map((each: { fixSalary: number; salaryIncreases: unknown[] }) => [each.fixSalary, each.salaryIncreases]), [[120_000, []]]);
  assert.ok((await world.events("LiquidityScenarioApproved")).some((event) => (event.payload as { scenarioId: number }).scenarioId === scenario.id));
});

test("permissions: the group permission or the per-user grant lets in; read users read; others and other companies see 404", async () => {
  const { call, planner, reader, outsider, noAccess, granted, stranger, admin, employee } = world;
  const scenario = await world.scenario(planner, "Shared plan", { readUserIds: [reader.id] });
  const denied = await call(noAccess, "GET", "/scenarios/");
  assert.is(denied.status, 403);
  assert.is((await call(noAccess, "GET", "/choices/")).status, 403);
  const byGrant = await call(granted, "POST", "/scenarios/", { name: "By the grant" });
  assert.is(byGrant.status, 201, JSON.stringify(byGrant.body));
  assert.ok((await call(granted, "GET", "/scenarios/")).body.scenarios.some((each: { id: number }) => each.id === byGrant.body.id));

  const read = await call(reader, "GET", `/scenarios/${scenario.id}/`);
  assert.equal([read.status, read.body.canEdit, read.body.canDelete], [200, false, false]);
  assert.is((await call(reader, "GET", `/scenarios/${scenario.id}/employees/`)).status, 200);
  assert.is((await call(reader, "POST", `/scenarios/${scenario.id}/employees/`, employee())).status, 403);
  assert.is((await call(reader, "PATCH", `/scenarios/${scenario.id}/`, { name: "Mine now" })).status, 403);
  assert.is((await call(reader, "POST", "/scenarios/", { name: "Reader's own" })).status, 403);
  assert.ok(!(await call(reader, "GET", "/scenarios/")).body.canCreate);

  for (const [who, label] of [[outsider, "outsider"], [stranger, "stranger"]] as const) {
    for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["GET", "employees/"], ["GET", "expenses/"], ["GET", "projection/"], ["POST", "approve/"]] as const) {
      const answer = await call(who, method, `/scenarios/${scenario.id}/${path}`, method === "PATCH" ? { name: "Taken over" } : undefined);
      assert.equal([answer.status, answer.body.detail], [404, SCENARIO_NOT_FOUND], `${label} ${method} ${path}`);
    }
    assert.not.ok((await call(who, "GET", "/scenarios/")).body.scenarios.some((each: { id: number }) => each.id === scenario.id), label);
  }
  // A write user needs the write permission to change; an administrator reads and changes any.
  await call(planner, "PATCH", `/scenarios/${scenario.id}/`, { writeUserIds: [outsider.id, reader.id] });
  assert.is((await call(outsider, "POST", `/scenarios/${scenario.id}/employees/`, employee())).status, 201);
  assert.is((await call(reader, "POST", `/scenarios/${scenario.id}/employees/`, employee())).status, 403);
  assert.is((await call(admin, "PATCH", `/scenarios/${scenario.id}/`, { name: "Shared plan (admin)" })).status, 200);
  assert.is((await call(outsider, "DELETE", `/scenarios/${scenario.id}/`)).status, 403);

  // The live stream: the event reaches the scenario's people and administrators, without the list.
  const stored = (await world.events("LiquidityScenarioChanged")).at(-1)!.payload;
  const seenBy = async (userId: number) => world.withTenant(world.tenantId, system, (context) => liquidityEventFilter(stored, context, userId));
  assert.equal(await seenBy(reader.id), { scenarioId: scenario.id, mergedFrom: [] });
  assert.equal(await seenBy(admin.id), { scenarioId: scenario.id, mergedFrom: [] });
  assert.is(await seenBy(granted.id), null);
  assert.is(await seenBy(noAccess.id), null);
});

test.run();
