// The query builder's epics and model over a fake server: loads, previews (a refusal keeps the
// spec's text and its reasons), saves with the warning, activation and removal, and another
// builder's change reloading an open overview.
import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ServerEvent } from "../../../../src/contracts/server-events";
import { RUN_PROBLEM, SYNTAX_INCORRECT } from "../../../../src/contracts/query-builder";
import { json } from "../../effect/fake-server";
import { testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });

const summary = { id: 7, title: "Churn", kpiId: 35, kpiName: "Logo churn rate", creator: "Ada Administrator", createdAt: "2026-11-21T10:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z", status: "draft" as const, evaluatedAt: null, evaluationError: null };
const detail = { ...summary, sql: "select month, value from qb.kpi_values" };

test("the overview loads, and another builder's change loads it again", async () => {
  let calls = 0;
  const stream = new Subject<ServerEvent>();
  const client = testClient({ "GET /api/qb/queries/": () => json(200, { queries: calls++ === 0 ? [summary] : [summary, { ...summary, id: 8, title: "Other" }] }) }, { serverEvents: () => stream });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadQueries" });
  await client.waitFor("QueriesLoaded");
  assert.equal(client.store.getState().queryBuilder.list.queries.map((query) => query.title), ["Churn"]);
  client.bus.receive({ _tag: "ServerEventReceived", seq: 5, type: "QueryCreated", actor: "user:2", actorName: "Bo", payload: { queryId: 8, kpiId: 36 }, occurredAt: "2026-11-21T10:00:00Z" }, "remote");
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(client.store.getState().queryBuilder.list.queries.map((query) => query.title), ["Churn", "Other"]);
});

test("a refused preview keeps the spec's text and the reasons; a good one its rows", async () => {
  let refuse = true;
  const client = testClient({
    "POST /api/qb/run/": () =>
      refuse
        ? json(400, { detail: RUN_PROBLEM, sql: ["division by zero"] })
        : json(200, { columns: ["month", "value"], rows: [["2026-01-01", 1]], truncated: false, monthlyValues: { ok: true, months: 1, problems: [] } }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "RunQuery", sql: "select 1/0", kpiId: 35 });
  await client.waitFor("QueryRunFailed");
  assert.equal(client.store.getState().queryBuilder.run, { status: "error", message: RUN_PROBLEM, reasons: ["division by zero"], result: null });
  refuse = false;
  client.bus.dispatch({ _tag: "RunQuery", sql: "select month, value from qb.kpi_values", kpiId: null });
  await client.waitFor("QueryRan");
  assert.equal(client.store.getState().queryBuilder.run.result?.rows, [["2026-01-01", 1]]);
  assert.equal(client.server.calls.at(-1)!.body, { sql: "select month, value from qb.kpi_values" }, "no KPI chosen, none sent");
});

test("a syntax error is the run's message, with its place", async () => {
  const message = `${SYNTAX_INCORRECT} (line 1, column 8): syntax error at or near "form"`;
  const client = testClient({ "POST /api/qb/run/": () => json(400, { sql: [message] }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "RunQuery", sql: "select form", kpiId: null });
  await client.waitFor("QueryRunFailed");
  assert.is(client.store.getState().queryBuilder.run.message, message);
});

test("a save answers the query and the warning; the outcome is kept for the editor, with a toast", async () => {
  const warning = "The query was saved, but calculating the KPI's values failed; the KPI keeps its previous values. division by zero";
  const client = testClient({ "PUT /api/qb/query/7/": () => json(200, { query: { ...detail, status: "active" }, warning }) });
  signedIn(client);
  const { commandId } = client.bus.dispatch({ _tag: "SaveQuery", queryId: 7, title: "Churn", kpiId: 35, sql: detail.sql });
  await client.waitFor("QuerySaved");
  assert.equal(client.store.getState().queryBuilder.outcomes[commandId], { ok: true, message: null, fields: {}, warning, queryId: 7 });
  await client.waitFor("ToastShown");
  assert.match(JSON.stringify(client.events.filter((event) => event.type === "ToastShown")), /Saved Churn, but its values were not calculated/);
});

test("the KPI taken by another query is the form's field message", async () => {
  const client = testClient({ "POST /api/qb/query/": () => json(400, { kpi: ["The KPI is already assigned in another query"] }) });
  signedIn(client);
  const { commandId } = client.bus.dispatch({ _tag: "SaveQuery", queryId: null, title: "Churn", kpiId: 35, sql: detail.sql });
  await client.waitFor("QueryActionFailed");
  assert.equal(client.store.getState().queryBuilder.outcomes[commandId]?.fields, { kpi: ["The KPI is already assigned in another query"] });
});

test("activation and deletion update the overview", async () => {
  const client = testClient({
    "GET /api/qb/queries/": () => json(200, { queries: [summary] }),
    "POST /api/qb/query/7/activate/": () => json(200, { query: { ...detail, status: "active", evaluatedAt: "2026-11-21T11:00:00.000Z" }, months: 35 }),
    "DELETE /api/qb/query/7/": () => new Response(null, { status: 204 }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadQueries" });
  await client.waitFor("QueriesLoaded");
  client.bus.dispatch({ _tag: "ActivateQuery", queryId: 7 });
  await client.waitFor("QueryStatusChanged");
  assert.is(client.store.getState().queryBuilder.list.queries[0]?.status, "active");
  client.bus.dispatch({ _tag: "DeleteQuery", queryId: 7 });
  await client.waitFor("QueryRemoved");
  assert.equal(client.store.getState().queryBuilder.list.queries, []);
});

test.run();
