// The objective screens' epics against a fake server: loads with their query, a key result
// change that ends in its objective read again, the suggestion, and the live reloads on OkrChanged
// and KpiValueEdited.
import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionLoaded } from "../../../../src/contracts/messages/session";
import type { ServerEvent } from "../../../../src/contracts/server-events";
import { initialState } from "../../../../src/client/app/state";
import { RELOAD_DEBOUNCE_MS } from "../../../../src/client/features/okrs/epics";
import { json } from "../../effect/fake-server";
import { settle, signIn, testClient } from "../../support/harness";
import { demoCompany, profileWith } from "../../support/session-fixtures";
import { keyResult, objective, YEAR_2026 } from "./fixtures";

const PERMISSIONS = ["write_corporate_okrs", "read_sensitive"];
const ready = { ...initialState, session: { ...initialState.session, stage: "ready" as const, company: demoCompany(), profile: profileWith(PERMISSIONS) } };
const event = (seq: number, type: string, payload: unknown): ServerEvent => ({ seq, type, version: 1, payload, actor: "user:9", actorName: "Ben", commandId: null, occurredAt: new Date().toISOString() });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a list asks for its level, unit, owner and period, and keeps the server's objectives", async () => {
  const queries: string[] = [];
  const client = testClient(
    {
      "GET /api/okrs/objectives/": (call) => {
        queries.push(call.query.toString());
        return json(200, { objectives: [objective({ id: 4, level: "employee", owner: { id: 3, name: "Carl" } })] });
      },
    },
    { state: ready },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadObjectives", listKey: "users", query: { ...YEAR_2026, level: "employee", ownerUserId: 3 } });
  await client.waitFor("ObjectivesLoaded");
  assert.equal(queries, ["level=employee&ownerUserId=3&from=2026-01-01&to=2026-12-31"]);
  assert.equal(client.store.getState().okrs.lists["users"]!.objectives.map((entry) => entry.id), [4]);
});

test("the context: statuses, units, and people with their units from the structure (a non-administrator reads no people list)", async () => {
  let peopleAsked = false;
  const client = testClient(
    {
      "GET /api/okrs/statuses/": () => json(200, { statuses: [{ id: 2, name: "At risk", color: "#d69e2e", position: 1 }, { id: 1, name: "On track", color: "#2f855a", position: 0 }] }),
      "GET /api/okrs/categories/": () => json(200, { categories: [{ id: 7, kind: "team", name: "DACH", departmentId: 6, objectiveCount: 1 }] }),
      "GET /api/organization/": () => json(200, { departments: [{ id: 6, kind: "department", name: "Sales", lead: { id: 3, name: "Carl" }, members: [], teams: [{ id: 7, kind: "team", name: "DACH", departmentId: 6, lead: null, members: [{ id: 4, name: "Dora" }, { id: 3, name: "Carl" }] }] }] }),
      "GET /api/organization/people/": () => {
        peopleAsked = true;
        return json(200, { people: [] });
      },
    },
    { state: ready },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadOkrContext" });
  await client.waitFor("OkrContextLoaded");
  const context = client.store.getState().okrs.context;
  assert.not.ok(peopleAsked);
  assert.equal(context.statuses.map((status) => status.name), ["On track", "At risk"]);
  assert.equal(context.people.map((person) => person.name), ["Ada Administrator", "Carl", "Dora"]);
  assert.equal(context.memberships[3], [6, 7]);
  assert.equal(context.memberships[4], [7]);
});

test("a new key result: posted, then its objective read again (progress is the server's)", async () => {
  const posted: unknown[] = [];
  const after = objective({ progress: 40, keyResults: [keyResult()] });
  const client = testClient(
    {
      "POST /api/okrs/objectives/1/key-results/": (call) => {
        posted.push(call.body);
        return json(201, keyResult());
      },
      "GET /api/okrs/objectives/1/": () => json(200, after),
    },
    { state: ready },
  );
  signIn(client);
  client.bus.receive((await import("../../../../src/contracts/messages/okrs")).ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [objective()] }), "local");
  client.bus.dispatch({ _tag: "CreateKeyResult", objectiveId: 1, request: { title: "Deals won", direction: "increasing", unit: "", start: 0, target: 100, actual: 40, kpiId: null, responsibleUserId: null, statusId: null } });
  const saved = await client.waitFor("ObjectiveSaved");
  assert.equal(posted, [{ title: "Deals won", direction: "increasing", unit: "", start: 0, target: 100, actual: 40, kpiId: null, responsibleUserId: null, statusId: null }]);
  assert.is((saved.payload as { action: string }).action, "key-result");
  assert.is(client.store.getState().okrs.lists["overview"]!.objectives[0]!.progress, 40);
  assert.equal(client.types().filter((type) => type.startsWith("Okr")), ["OkrActionStarted"]);
});

test("a check-in: saved, added to the open history, and the objective read again", async () => {
  const checkIn = { id: 5, keyResultId: 11, author: { id: 1, name: "Ada" }, value: 60, confidence: 8, comment: "Good month", createdAt: "2026-03-01T10:00:00.000Z" };
  const client = testClient(
    {
      "GET /api/okrs/key-results/11/check-ins/": () => json(200, { checkIns: [] }),
      "POST /api/okrs/key-results/11/check-ins/": () => json(201, checkIn),
      "GET /api/okrs/objectives/1/": () => json(200, objective({ keyResults: [keyResult({ actual: 60, progress: 60, confidence: 8 })] })),
    },
    { state: ready },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadCheckIns", keyResultId: 11 });
  await client.waitFor("CheckInsLoaded");
  client.bus.dispatch({ _tag: "CheckInKeyResult", objectiveId: 1, keyResultId: 11, request: { value: 60, confidence: 8, comment: "Good month" } });
  await client.waitFor("ObjectiveSaved");
  assert.equal(client.store.getState().okrs.checkIns[11]!.checkIns, [checkIn]);
  assert.ok(client.types().includes("ToastShown"));
});

test("the suggestion for a linked KPI: the newest asked wins", async () => {
  const client = testClient(
    {
      "GET /api/okrs/key-results/suggestion/": (call) =>
        json(200, { kpi: { id: Number(call.query.get("kpiId")), name: "Deals won", unit: "number" }, direction: "increasing", start: 0, target: 240, actual: 60 }),
    },
    { state: ready },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "SuggestKeyResult", kpiId: 5, startsOn: "2026-01-01", endsOn: "2026-12-31" });
  await client.waitFor("KeyResultSuggested");
  assert.equal(client.store.getState().okrs.suggestion.value?.target, 240);
  assert.is(client.store.getState().okrs.suggestion.kpiId, 5);
});

test("attaching a task sends it for the objective, then reads the objective's tasks again", async () => {
  const bodies: unknown[] = [];
  const task = { id: 3, origin: "Jira", project: "SALES", externalId: "SALES-42", title: "Price list", url: null, status: "", meta: {}, objectiveId: 1, keyResultId: null, updatedAt: "2026-03-01T10:00:00.000Z" };
  const client = testClient(
    {
      "POST /api/okrs/external-tasks/": (call) => {
        bodies.push(call.body);
        return json(201, task);
      },
      "GET /api/okrs/external-tasks/": (call) => json(200, { externalTasks: call.query.get("objectiveId") === "1" ? [task] : [] }),
    },
    { state: ready },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "AttachExternalTask", objectiveId: 1, request: { origin: "Jira", project: "SALES", externalId: "SALES-42", title: "Price list", url: null, status: "", meta: {}, objectiveId: 1, keyResultId: null } });
  await client.waitFor("ExternalTasksLoaded");
  assert.equal((bodies[0] as { objectiveId: number }).objectiveId, 1);
  assert.equal(client.store.getState().okrs.externalTasks[1]!.tasks.map((entry) => entry.externalId), ["SALES-42"]);
  assert.is(client.store.getState().okrs.action.status, "idle");
});

test("live: OkrChanged reads the lists and open objectives again once; KpiValueEdited only what a KPI of it feeds", async () => {
  const stream = new Subject<ServerEvent>();
  let listLoads = 0;
  let objectiveLoads = 0;
  const fed = objective({ id: 1, keyResults: [keyResult({ kpi: { id: 5, name: "Deals won", unit: "number" }, actual: 10, progress: 10 })] });
  const client = testClient(
    {
      "GET /api/okrs/objectives/": () => {
        listLoads += 1;
        return json(200, { objectives: [{ ...fed, keyResults: [{ ...fed.keyResults[0]!, actual: 10 + listLoads }] }] });
      },
      "GET /api/okrs/objectives/1/": () => {
        objectiveLoads += 1;
        return json(200, { ...fed, keyResults: [{ ...fed.keyResults[0]!, actual: 10 + objectiveLoads }] });
      },
    },
    { state: ready, serverEvents: () => stream },
  );
  signIn(client);
  client.bus.receive(SessionLoaded.make({ profile: profileWith(PERMISSIONS), menu: [], company: demoCompany() }), "remote");
  client.bus.dispatch({ _tag: "LoadObjectives", listKey: "overview", query: YEAR_2026 });
  client.bus.dispatch({ _tag: "LoadObjective", objectiveId: 1 });
  await client.waitFor("ObjectiveLoaded");
  await client.waitFor("ObjectivesLoaded");
  assert.equal([listLoads, objectiveLoads], [1, 1]);

  stream.next(event(10, "OkrChanged", { objectiveId: 1, level: "corporate", categoryId: null, ownerUserId: null, itemType: "objective", itemId: 1, actionType: "updated" }));
  stream.next(event(11, "OkrChanged", { objectiveId: 1, level: "corporate", categoryId: null, ownerUserId: null, itemType: "milestone", itemId: 3, actionType: "created" }));
  await wait(RELOAD_DEBOUNCE_MS + 150);
  await settle();
  assert.equal([listLoads, objectiveLoads], [2, 2], "a burst is read once");

  stream.next(event(12, "KpiValueEdited", { values: [{ kpi: 9, date: "2026-02-01", value: 3 }], by: 2 }));
  await wait(RELOAD_DEBOUNCE_MS + 150);
  assert.equal([listLoads, objectiveLoads], [2, 2], "another KPI feeds nothing here");

  stream.next(event(13, "KpiValueEdited", { values: [{ kpi: 5, date: "2026-02-01", value: 30 }], by: 2 }));
  await wait(RELOAD_DEBOUNCE_MS + 150);
  await settle();
  assert.equal([listLoads, objectiveLoads], [3, 3]);
  assert.is(client.store.getState().okrs.lists["overview"]!.objectives[0]!.keyResults[0]!.actual, 13);
  assert.is(client.store.getState().okrs.open[1]!.objective!.keyResults[0]!.actual, 13);
  const remote = client.events.filter((envelope) => envelope.type === "ObjectivesLoaded").at(-1);
  assert.is(remote?.origin, "remote");
});

test.run();
