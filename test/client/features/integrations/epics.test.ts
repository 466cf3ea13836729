import { test } from "uvu";
import * as assert from "uvu/assert";
import type { IntegrationDetail, PreviewResponse } from "../../../../src/contracts/integrations";
import { createRecorder } from "../../../../src/client/bus/recorder";
import { redactEntry } from "../../../../src/client/bus/session-log";
import { initialState, rootReducer } from "../../../../src/client/app/state";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });

const CONNECTION = "postgres://reader:very-secret@db.example.com:5432/warehouse";
const run = { id: 3, state: "queued" as const, queuedAt: "2026-04-01T10:00:00.000Z", startedAt: null, finishedAt: null, error: null, requestedBy: "Ada Administrator", attempt: 1, log: [] };
const detail: IntegrationDetail = {
  id: 12,
  kind: "postgresql",
  name: "Warehouse",
  target: "reader@db.example.com:5432/warehouse",
  status: "connected",
  statusText: "Connected",
  owner: "Ada Administrator",
  lastRun: null,
  nextSyncAt: null,
  schedule: "daily",
  retryAt: null,
  query: "select month, value from kpis",
  kpi: { id: 5, name: "Revenue" },
  runs: [],
  values: [],
  rerunAt: null,
};
const preview: PreviewResponse = { columns: ["month", "value"], rows: [{ row: 1, month: "2026-01-01", value: 10, kpi: { id: 5, name: "Revenue" }, problem: null }], read: 1, truncated: false, values: 1, problems: 0, mappingError: null };

test("a preview, then connecting: the connection goes to the server, the person to the manage view, and never into the session log", async () => {
  const client = testClient({
    "POST /api/integrations/preview/": () => json(200, preview),
    "POST /api/integrations/": () => json(201, detail),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "PreviewIntegration", kind: "postgresql", connection: CONNECTION, integrationId: null, query: detail.query, kpi: 5 });
  await client.waitFor("IntegrationPreviewed");
  assert.equal(client.store.getState().integrations.preview.data, preview);
  const { commandId } = client.bus.dispatch({ _tag: "ConnectIntegration", kind: "postgresql", name: "Warehouse", connection: CONNECTION, query: detail.query, kpi: 5, schedule: "hourly" });
  await client.waitFor("IntegrationSaved");
  await client.waitFor("ToastShown");
  assert.equal(client.server.calls.map((call) => `${call.method} ${call.path}`), ["POST /api/integrations/preview/", "POST /api/integrations/"]);
  assert.equal(client.server.calls[1]!.body, { kind: "postgresql", name: "Warehouse", connection: CONNECTION, query: detail.query, kpi: 5, schedule: "hourly" });
  assert.equal(client.navigations, ["/integration/12"]);
  const state = client.store.getState().integrations;
  assert.equal(state.outcomes[commandId], { ok: true, message: null, fields: {}, integrationId: 12 });
  assert.equal([state.detail.id, state.detail.data?.name, state.preview.status], [12, "Warehouse", "idle"]);

  // What a downloaded session log would hold: the commands without the connection.
  const recorder = createRecorder({ initialState, reducer: rootReducer, redact: redactEntry });
  for (const envelope of client.events) recorder.record({ kind: "event", envelope });
  recorder.record({ kind: "command", envelope: { command: { _tag: "ConnectIntegration", kind: "postgresql", name: "Warehouse", connection: CONNECTION, query: "", kpi: 5, schedule: "daily" }, commandId: "c1", issuedAt: "t", correlationId: "c1" } });
  assert.not.match(JSON.stringify(recorder.toLog({ buildId: "test", schemaHash: "h", recordedAt: "t" })), "very-secret");
});

test("a refused connection keeps the form open with the messages next to their fields", async () => {
  const client = testClient({ "POST /api/integrations/": () => json(400, { connection: ["This installation does not connect to db.example.com:5432."] }) });
  signedIn(client);
  const { commandId } = client.bus.dispatch({ _tag: "ConnectIntegration", kind: "postgresql", name: "Warehouse", connection: CONNECTION, query: "", kpi: null, schedule: "daily" });
  await client.waitFor("IntegrationActionFailed");
  assert.equal(client.store.getState().integrations.outcomes[commandId]?.fields, { connection: ["This installation does not connect to db.example.com:5432."] });
  assert.equal(client.navigations, []);
});

test("Sync now: queued runs lead the log; a refusal for the rerun wait shows the server's words", async () => {
  let answer = () => json(202, { run });
  const client = testClient({ "GET /api/integrations/12/": () => json(200, detail), "POST /api/integrations/12/sync/": () => answer() });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadIntegration", id: 12 });
  await client.waitFor("IntegrationLoaded");
  client.bus.dispatch({ _tag: "SyncIntegration", id: 12 });
  await client.waitFor("IntegrationSyncQueued");
  assert.equal(client.store.getState().integrations.detail.data?.runs, [run]);
  assert.is(client.store.getState().integrations.syncing, null);
  const message = "This integration was synchronized less than 5 minutes ago. You can run it again in 5 minutes.";
  answer = () => json(429, { detail: message });
  client.bus.dispatch({ _tag: "SyncIntegration", id: 12 });
  await client.waitFor("IntegrationSyncRefused");
  assert.equal(client.store.getState().integrations.syncNotice, { id: 12, message });
  assert.is(client.server.calls.filter((call) => call.path === "/api/integrations/12/sync/").length, 2, "a refused rerun is not retried");
});

test("a finished sync on the server reloads the open integration without a reload of the page", async () => {
  const finished = { ...detail, runs: [{ ...run, state: "succeeded" as const }] };
  let loads = 0;
  const client = testClient({ "GET /api/integrations/12/": () => json(200, ++loads === 1 ? detail : finished) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadIntegration", id: 12 });
  await client.waitFor("IntegrationLoaded");
  // As the shell relays it from the event stream.
  client.bus.receive({ _tag: "ServerEventReceived", seq: 9, type: "IntegrationSyncFinished", actor: "system:integration-sync", actorName: null, payload: { integrationId: 12, status: "connected", values: 3 }, occurredAt: "2026-04-01T10:00:01.000Z" }, "remote");
  await settle();
  assert.is(loads, 2);
  assert.equal(client.store.getState().integrations.detail.data?.runs.map((candidate) => candidate.state), ["succeeded"]);
});

test("removing navigates to the overview and says the values stay", async () => {
  const client = testClient({ "DELETE /api/integrations/12/": () => new Response(null, { status: 204 }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "RemoveIntegration", id: 12, name: "Warehouse" });
  await client.waitFor("ToastShown");
  assert.equal(client.navigations, ["/integration"]);
  assert.equal(client.store.getState().notifications.toasts.map((toast) => toast.text), ["Removed Warehouse. The values it synchronized stay."]);
});

test.run();
