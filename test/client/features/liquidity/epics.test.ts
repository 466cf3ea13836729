// The liquidity epics against a fake server: the newest scenario goes on the chart; a fifth is
// refused; the FX selection reloads the projections in its currency; a refused merge keeps its
// conflicting employee IDs; a taken employee ID lands on its field; a 404 scenario says the
// spec's text; failed loads say 'Something goes wrong'; another person's change reloads.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { EMPLOYEE_ID_TAKEN, LIQUIDITY_SOMETHING_WRONG, SCENARIO_APPROVED, SCENARIO_MERGE_FAILED, SCENARIO_NOT_FOUND, SCENARIO_UPDATE_FAILED } from "../../../../src/contracts/liquidity";
import { ServerEventReceived } from "../../../../src/contracts/messages/session";
import { COMPARE_LIMIT_TEXT } from "../../../../src/client/features/liquidity/epics";
import { json } from "../../effect/fake-server";
import { settle, signIn, testClient } from "../../support/harness";
import { planner, projection, scenario } from "./fixtures";

const list = (...scenarios: ReturnType<typeof scenario>[]) => ({ scenarios, canCreate: true });

test("the list loads and its newest scenario goes on the chart with its projection", async () => {
  const client = testClient(
    {
      "GET /api/liquidity/scenarios/": () => json(200, list(scenario(2, "Hire later"), scenario(1, "Base"))),
      "GET /api/liquidity/scenarios/2/projection/": () => json(200, projection(2, 100_000, 10_000)),
    },
    { state: planner },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadLiquidityScenarios" });
  await client.waitFor("LiquidityProjectionLoaded");
  const model = client.store.getState().liquidity;
  assert.equal(model.list.value?.scenarios.map((entry) => entry.name), ["Hire later", "Base"]);
  assert.equal(model.compared, [2]);
  assert.is(model.projections["2"]?.value?.lowest.amount, 70_000);
});

test("a failed list says the spec's text", async () => {
  const client = testClient({ "GET /api/liquidity/scenarios/": () => json(403, { detail: "You do not have permission." }) }, { state: planner });
  signIn(client);
  client.bus.dispatch({ _tag: "LoadLiquidityScenarios" });
  await client.waitFor("LiquidityScenariosLoadFailed");
  assert.equal([client.store.getState().liquidity.list.status, client.store.getState().liquidity.list.message], ["error", LIQUIDITY_SOMETHING_WRONG]);
});

test("up to four scenarios are compared; the fifth is refused with why", async () => {
  const scenarios = [1, 2, 3, 4, 5].map((id) => scenario(id, `S${id}`));
  const asked: number[] = [];
  const routes: Record<string, () => Response> = { "GET /api/liquidity/scenarios/": () => json(200, list(...scenarios)) };
  for (const id of [1, 2, 3, 4, 5]) {
    routes[`GET /api/liquidity/scenarios/${id}/projection/`] = () => {
      asked.push(id);
      return json(200, projection(id, 50_000, 1_000 * id));
    };
  }
  const client = testClient(routes, { state: { ...planner, liquidity: { ...planner.liquidity, list: { status: "loaded", value: list(...scenarios), message: null } } } });
  signIn(client);
  for (const id of [1, 2, 3, 4, 5]) client.bus.dispatch({ _tag: "ToggleComparedScenario", scenarioId: id });
  await settle();
  await settle();
  let model = client.store.getState().liquidity;
  assert.equal(model.compared, [1, 2, 3, 4]);
  assert.is(model.comparisonNotice, COMPARE_LIMIT_TEXT);
  assert.equal([...asked].sort(), [1, 2, 3, 4], "no projection for the refused one");
  client.bus.dispatch({ _tag: "ToggleComparedScenario", scenarioId: 2 });
  await settle();
  model = client.store.getState().liquidity;
  assert.equal(model.compared, [1, 3, 4]);
  assert.is(model.comparisonNotice, null);
  assert.is(model.projections["2"], undefined, "off the chart, its projection goes");
});

test("choosing an FX rate projects the compared scenarios again in its currency", async () => {
  const queries: (string | null)[] = [];
  const client = testClient(
    {
      "GET /api/liquidity/scenarios/7/projection/": (call) => {
        const fx = call.query.get("fxRate");
        queries.push(fx);
        return json(200, projection(7, 10_000, 1_000, fx === "5" ? "USD" : "EUR"));
      },
    },
    { state: { ...planner, liquidity: { ...planner.liquidity, compared: [7] } } },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadLiquidityProjections" });
  await client.waitFor("LiquidityProjectionLoaded");
  assert.is(client.store.getState().liquidity.projections["7"]?.value?.currency, "EUR");
  client.bus.dispatch({ _tag: "SelectFxRate", fxRateId: 5 });
  await settle();
  await settle();
  assert.equal(queries, [null, "5"]);
  assert.is(client.store.getState().liquidity.projections["7"]?.value?.currency, "USD");
});

test("a refused merge says the spec's text and keeps the conflicting employee IDs", async () => {
  let body: unknown = null;
  const client = testClient(
    {
      "POST /api/liquidity/scenarios/merge/": (call) => {
        body = call.body;
        return json(409, { detail: SCENARIO_MERGE_FAILED, conflicts: ["E-7", "E-9"] });
      },
    },
    { state: planner },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "MergeLiquidityScenarios", firstId: 1, secondId: 2, name: "Both" });
  await client.waitFor("LiquidityActionFailed");
  assert.equal(body, { firstId: 1, secondId: 2, name: "Both" });
  const action = client.store.getState().liquidity.action;
  assert.equal([action.action, action.message, action.conflicts], ["scenario-merge", SCENARIO_MERGE_FAILED, ["E-7", "E-9"]]);
});

test("a merge that works adds the new draft to the list", async () => {
  const client = testClient({ "POST /api/liquidity/scenarios/merge/": () => json(201, scenario(9, "Both", { mergedFrom: [1, 2] })) }, { state: { ...planner, liquidity: { ...planner.liquidity, list: { status: "loaded", value: list(scenario(1, "A"), scenario(2, "B")), message: null } } } });
  signIn(client);
  client.bus.dispatch({ _tag: "MergeLiquidityScenarios", firstId: 1, secondId: 2, name: "Both" });
  await client.waitFor("LiquidityScenarioSaved");
  await settle();
  const model = client.store.getState().liquidity;
  assert.equal(model.list.value?.scenarios.map((entry) => entry.name), ["Both", "A", "B"]);
  assert.is(model.action.status, "idle");
});

test("a change to an approved scenario is refused with the spec's text and the server's reason", async () => {
  const client = testClient({ "PATCH /api/liquidity/scenarios/3/": () => json(409, { detail: SCENARIO_APPROVED }) }, { state: planner });
  signIn(client);
  client.bus.dispatch({ _tag: "ChangeLiquidityScenario", scenarioId: 3, change: { name: "Renamed" } });
  await client.waitFor("LiquidityActionFailed");
  assert.is(client.store.getState().liquidity.action.message, `${SCENARIO_UPDATE_FAILED} ${SCENARIO_APPROVED}`);
});

test("opening a scenario that is not there (or not the person's) says so", async () => {
  const client = testClient({ "GET /api/liquidity/scenarios/99/": () => json(404, { detail: SCENARIO_NOT_FOUND }) }, { state: planner });
  signIn(client);
  client.bus.dispatch({ _tag: "OpenLiquidityScenario", scenarioId: 99, part: "headcount" });
  await client.waitFor("LiquidityScenarioLoadFailed");
  const model = client.store.getState().liquidity.scenario;
  assert.equal([model.status, model.notFound, model.message], ["error", true, SCENARIO_NOT_FOUND]);
  assert.not.ok(client.types().includes("HeadcountLoadStarted"), "no rows asked for");
});

test("opening a scenario's headcount loads the scenario, then its employees", async () => {
  const employee = { id: 1, employeeId: "E-1", fullName: "Zoe Zimmer", employmentType: "full_time", department: null, role: "Dev", weeklyHours: 40, fte: 1, fixSalary: 60_000, hireDate: "2026-01-01", terminationDate: null, costCenter: "", openPosition: false, salaryIncreases: [], employerCostRate: null };
  const client = testClient(
    {
      "GET /api/liquidity/scenarios/4/": () => json(200, scenario(4, "Base")),
      "GET /api/liquidity/scenarios/4/employees/": () => json(200, { employees: [employee, { ...employee, id: 2, employeeId: "E-2", fullName: "Ann Adler" }] }),
    },
    { state: planner },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "OpenLiquidityScenario", scenarioId: 4, part: "headcount" });
  await client.waitFor("HeadcountLoaded");
  const model = client.store.getState().liquidity;
  assert.is(model.scenario.value?.name, "Base");
  assert.equal(model.headcount.value.map((row) => row.fullName), ["Ann Adler", "Zoe Zimmer"], "by name");
});

test("a taken employee ID lands on the employee ID field", async () => {
  const client = testClient({ "POST /api/liquidity/scenarios/4/employees/": () => json(409, { employeeId: [EMPLOYEE_ID_TAKEN] }) }, { state: planner });
  signIn(client);
  client.bus.dispatch({ _tag: "CreateHeadcountEmployee", scenarioId: 4, draft: { fullName: "Ben", employeeId: "E-1" } });
  await client.waitFor("LiquidityActionFailed");
  const action = client.store.getState().liquidity.action;
  assert.equal([action.action, action.fields["employeeId"]], ["employee-create", [EMPLOYEE_ID_TAKEN]]);
});

test("a refused import keeps each refused row's messages", async () => {
  const client = testClient({ "POST /api/liquidity/scenarios/4/employees/import/": () => json(400, { detail: "2 rows are refused.", rows: [{ row: 3, messages: ["Enter the employee's full name."] }, { row: 5, messages: [EMPLOYEE_ID_TAKEN] }] }) }, { state: planner });
  signIn(client);
  client.bus.dispatch({ _tag: "ImportHeadcount", scenarioId: 4, file: new Blob(["x"]), fileName: "people.xlsx" });
  await client.waitFor("LiquidityActionFailed");
  const action = client.store.getState().liquidity.action;
  assert.equal(action.rows, [{ row: 3, messages: ["Enter the employee's full name."] }, { row: 5, messages: [EMPLOYEE_ID_TAKEN] }]);
  assert.is(action.message, `${SCENARIO_UPDATE_FAILED} 2 rows are refused.`);
});

test("seeding from accounting replaces the expenses with the server's list", async () => {
  const transaction = { id: 11, kind: "transaction", account: "4900 Rent", vendor: "Landlord", costDriver: "", startDate: "2026-06-01", endDate: null, amount: 2_000, costCenter: "", frequency: "monthly", vatRate: 19, seeded: true };
  const client = testClient(
    {
      "POST /api/liquidity/scenarios/4/expenses/seed/": () => json(200, { contracts: [], transactions: [transaction], masterData: { state: "active", message: null, seededAt: "2026-06-02T10:00:00Z" } }),
      "GET /api/liquidity/scenarios/4/": () => json(200, scenario(4, "Base", { transactionCount: 1 })),
    },
    { state: { ...planner, liquidity: { ...planner.liquidity, expenses: { scenarioId: 4, status: "loaded", contracts: [], transactions: [], masterData: { state: "pending_update", message: "changed", seededAt: null }, message: null } } } },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "SeedLiquidityExpenses", scenarioId: 4 });
  await client.waitFor("LiquidityExpensesLoaded");
  const model = client.store.getState().liquidity.expenses;
  assert.equal([model.transactions.length, model.masterData?.state], [1, "active"]);
});

test("another person's liquidity change reloads the list and the open headcount, once per burst", async () => {
  let lists = 0;
  let employees = 0;
  const client = testClient(
    {
      "GET /api/liquidity/scenarios/": () => (lists++, json(200, list(scenario(4, "Base")))),
      "GET /api/liquidity/scenarios/4/": () => json(200, scenario(4, "Base")),
      "GET /api/liquidity/scenarios/4/employees/": () => (employees++, json(200, { employees: [] })),
    },
    {
      state: {
        ...planner,
        liquidity: { ...planner.liquidity, list: { status: "loaded", value: list(scenario(4, "Base")), message: null }, scenario: { scenarioId: 4, status: "loaded", value: scenario(4, "Base"), message: null, notFound: false }, headcount: { scenarioId: 4, status: "loaded", value: [], message: null } },
      },
    },
  );
  signIn(client);
  const event = (seq: number, type: string) => ServerEventReceived.make({ seq, type, actor: "user:9", actorName: "Ben", payload: { scenarioId: 4, mergedFrom: [] }, occurredAt: new Date().toISOString() });
  client.bus.receive(event(7, "LiquidityHeadcountChanged"), "remote");
  client.bus.receive(event(8, "LiquidityScenarioChanged"), "remote");
  client.bus.receive(event(9, "OkrChanged"), "remote");
  await new Promise((resolve) => setTimeout(resolve, 450));
  await settle();
  assert.equal([lists, employees], [1, 1]);
});

test.run();
