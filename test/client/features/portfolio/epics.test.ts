import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import type { EventEnvelope } from "../../../../src/contracts/messages/envelopes";
import { PortfolioCommand, PortfolioEvent } from "../../../../src/contracts/messages/portfolio";
import { INSTANCE_NOT_AUTHORIZED } from "../../../../src/contracts/portfolio";
import { createChallengeHolder, memoryStorage, type EpicDeps } from "../../../../src/client/app/deps";
import { CORE_FEATURES } from "../../../../src/client/app/platform";
import { initialState, rootReducer, type AppState } from "../../../../src/client/app/state";
import { createBus } from "../../../../src/client/bus/bus";
import { createCatalogue } from "../../../../src/client/bus/catalogue";
import { createStore } from "../../../../src/client/bus/store";
import { makeApi } from "../../../../src/client/effect/http-client";
import { createTokenKeeper } from "../../../../src/client/effect/token-keeper";
import { FRAME_TIMED_OUT, portfolioEpics } from "../../../../src/client/features/portfolio/epics";
import type { FrameMessage, FramePort } from "../../../../src/client/features/portfolio/frame-port";
import { fakeServer, json, type FakeRoute } from "../../effect/fake-server";
import { ROOTS } from "../../support/harness";

const INSTANCES = [
  { id: 1, instance_name: "Demo GmbH", frontend_url: "", authorization_state: "authorized" },
  { id: 2, instance_name: "Northwind AG", frontend_url: "", authorization_state: "authorized" },
  { id: 3, instance_name: "Pending AG", frontend_url: "", authorization_state: "requested" },
];

/** The real bus and reducers, the portfolio's epics over a fake server and a fake port to the frames. */
function portfolioClient(routes: Record<string, FakeRoute>, options: { frameTimeoutMs?: number } = {}) {
  const server = fakeServer({ "GET /api/oauth/instances/": () => json(200, INSTANCES), ...routes });
  const tokens = createTokenKeeper(null);
  tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
  const incoming = new Subject<{ instanceId: number; message: FrameMessage }>();
  const posted: { instanceId: number | "all"; message: Record<string, unknown> }[] = [];
  const port: FramePort = {
    incoming$: incoming,
    post: (instanceId, message) => {
      posted.push({ instanceId, message: message as Record<string, unknown> });
      return true;
    },
    postAll: (message) => void posted.push({ instanceId: "all", message: message as Record<string, unknown> }),
  };
  let id = 0;
  const deps: EpicDeps = {
    api: makeApi({ fetch: server.fetch, roots: ROOTS, tokens, now: Date.now }),
    tokens,
    clock: { now: () => new Date() },
    ids: () => `id-${++id}`,
    storage: memoryStorage(),
    navigate: () => undefined,
    serverEvents: () => new Subject(),
    challenge: createChallengeHolder(),
    saveFile: () => undefined,
    leave: () => undefined,
    roots: ROOTS,
    embed: null,
  };
  const store = createStore(rootReducer, initialState);
  const events: EventEnvelope<DomainEvent>[] = [];
  const feature = { name: "portfolio", messages: [PortfolioCommand, PortfolioEvent], epics: portfolioEpics(port, options) };
  const bus = createBus<AppState, EpicDeps>({ store, messages: createCatalogue(), features: [...CORE_FEATURES, feature], deps, clock: deps.clock, newId: deps.ids, onEvent: (envelope) => events.push(envelope) });
  const waitFor = (type: string, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const seen = () => events.filter((envelope) => envelope.type === type).length >= count;
      if (seen()) return resolve();
      const timer = setTimeout(() => reject(new Error(`no ${type} ×${count}; saw ${events.map((envelope) => envelope.type).join(", ")}`)), 2000);
      const subscription = bus.event$.subscribe(() => {
        if (!seen()) return;
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve();
      });
    });
  const portfolio = () => store.getState().portfolio;
  return { bus, server, incoming, posted, events, waitFor, portfolio };
}

test("a frame's token request gets a fresh token posted to that frame with the theme; no event carries the token", async () => {
  const client = portfolioClient({ "POST /api/oauth/authorize/": (call) => json(200, { token: `embed-for-${(call.body as { instance_id: number }).instance_id}`, frontend_url: "http://localhost" }) });
  client.bus.dispatch({ _tag: "LoadPortfolio" });
  await client.waitFor("PortfolioLoaded");
  client.bus.dispatch({ _tag: "SelectPortfolioCompany", instanceId: 2 });
  client.incoming.next({ instanceId: 2, message: { type: "meridian:embed-token-request" } });
  await client.waitFor("PortfolioTokenSent");
  assert.equal(client.posted, [{ instanceId: 2, message: { type: "meridian:embed-login", token: "embed-for-2", theme: "dark" } }]);
  assert.not.match(JSON.stringify(client.events), "embed-for-2");
  client.incoming.next({ instanceId: 2, message: { type: "meridian:embed-ready", path: "/my-dashboard" } });
  await client.waitFor("PortfolioFrameLoaded");
  assert.equal([client.portfolio().frames[2]?.status, client.portfolio().frames[2]?.path], ["loaded", "/my-dashboard"]);
  // The parent's theme follows into every frame.
  client.bus.dispatch({ _tag: "CycleTheme" });
  await client.waitFor("ThemeChanged");
  assert.equal(client.posted.at(-1), { instanceId: "all", message: { type: "meridian:embed-theme", theme: "light" } });
});

test("a refused token marks the company not authorized; other failures fail the frame", async () => {
  const client = portfolioClient({
    "POST /api/oauth/authorize/": (call) => ((call.body as { instance_id: number }).instance_id === 1 ? json(403, { detail: INSTANCE_NOT_AUTHORIZED }) : json(500, { detail: "A server error occurred." })),
  });
  client.bus.dispatch({ _tag: "LoadPortfolio" });
  await client.waitFor("PortfolioLoaded");
  client.bus.dispatch({ _tag: "SelectPortfolioCompany", instanceId: 1 });
  client.incoming.next({ instanceId: 1, message: { type: "meridian:embed-token-request" } });
  await client.waitFor("PortfolioFrameFailed");
  assert.equal([client.portfolio().frames[1]?.status, client.portfolio().frames[1]?.message], ["unauthorized", INSTANCE_NOT_AUTHORIZED]);
  client.bus.dispatch({ _tag: "SelectPortfolioCompany", instanceId: 2 });
  client.incoming.next({ instanceId: 2, message: { type: "meridian:embed-token-request" } });
  await client.waitFor("PortfolioFrameFailed", 2);
  assert.is(client.portfolio().frames[2]?.status, "failed");
  assert.equal(client.posted, [], "no frame got anything");
});

test("a frame that never signs in fails after the timeout; a retry opens a new one", async () => {
  const client = portfolioClient({}, { frameTimeoutMs: 40 });
  client.bus.dispatch({ _tag: "LoadPortfolio" });
  await client.waitFor("PortfolioLoaded");
  client.bus.dispatch({ _tag: "SelectPortfolioCompany", instanceId: 1 });
  await client.waitFor("PortfolioFrameFailed");
  assert.equal([client.portfolio().frames[1]?.status, client.portfolio().frames[1]?.message], ["failed", FRAME_TIMED_OUT]);
  client.bus.dispatch({ _tag: "RetryPortfolioFrame", instanceId: 1 });
  await client.waitFor("PortfolioFrameRetried");
  assert.equal([client.portfolio().frames[1]?.status, client.portfolio().frames[1]?.generation], ["loading", 1]);
  client.incoming.next({ instanceId: 1, message: { type: "meridian:embed-ready", path: "/my-dashboard" } });
  await client.waitFor("PortfolioFrameLoaded");
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.is(client.portfolio().frames[1]?.status, "loaded", "a frame in time is not failed later");
});

test("opening a received report: a frame not yet in lands on it with its first token; one that is in is sent there", async () => {
  const client = portfolioClient({ "POST /api/oauth/authorize/": () => json(200, { token: "t", frontend_url: "http://localhost" }) });
  client.bus.dispatch({ _tag: "LoadPortfolio" });
  await client.waitFor("PortfolioLoaded");
  client.bus.dispatch({ _tag: "OpenPortfolioReport", instanceId: 1, reportId: 9 });
  await client.waitFor("PortfolioFrameNavigated");
  assert.is(client.portfolio().selected, 1);
  client.incoming.next({ instanceId: 1, message: { type: "meridian:embed-token-request" } });
  await client.waitFor("PortfolioTokenSent");
  assert.equal(client.posted.at(-1), { instanceId: 1, message: { type: "meridian:embed-login", token: "t", theme: "dark", path: "/investor-reporting/9" } });
  client.incoming.next({ instanceId: 1, message: { type: "meridian:embed-ready", path: "/investor-reporting/9" } });
  await client.waitFor("PortfolioFrameLoaded");
  client.bus.dispatch({ _tag: "OpenPortfolioReport", instanceId: 1, reportId: 10 });
  await client.waitFor("PortfolioFrameNavigated", 2);
  assert.equal(client.posted.at(-1), { instanceId: 1, message: { type: "meridian:embed-navigate", path: "/investor-reporting/10" } });
});

test("reports received: each authorized company through the proxy, each answering on its own", async () => {
  const client = portfolioClient({
    "POST /api/portfolios/1/proxy/": () =>
      json(200, { reports: [{ id: 9, name: "Board pack", status: "sent", isVisible: true, endDate: "2026-10-01", owner: { id: 4, name: "Ada Administrator" }, approved: null, sent: null, updatedAt: "2026-11-01T00:00:00.000Z", canEdit: false }] }),
    "POST /api/portfolios/2/proxy/": () => json(429, { detail: "Too many requests to your portfolio companies. Please try again in 1 minute." }),
  });
  client.bus.dispatch({ _tag: "LoadPortfolioReports" });
  client.bus.dispatch({ _tag: "LoadPortfolio" });
  await client.waitFor("PortfolioReportsLoaded");
  await client.waitFor("PortfolioReportsLoadFailed");
  const proxied = client.server.calls.filter((call) => call.path.includes("/proxy/"));
  assert.equal(proxied.map((call) => [call.method, call.path, call.body]).sort(), [
    ["POST", "/api/portfolios/1/proxy/", { method: "GET", endpoint: "/investor-reporting/reports/", service: "main", payload: {} }],
    ["POST", "/api/portfolios/2/proxy/", { method: "GET", endpoint: "/investor-reporting/reports/", service: "main", payload: {} }],
  ]);
  assert.equal(client.portfolio().reports[1]?.reports.map((report) => report.name), ["Board pack"]);
  assert.is(client.portfolio().reports[2]?.status, "error");
  assert.is(client.portfolio().reports[3], undefined, "a company that has not authorized is not asked");
});

test("removing a registered company: gone on success with a toast; a refusal keeps it and says why", async () => {
  const client = portfolioClient({ "DELETE /api/oauth/instances/2/": () => new Response(null, { status: 204 }), "DELETE /api/oauth/instances/1/": () => json(403, { detail: "You don't have permission to access this content." }) });
  client.bus.dispatch({ _tag: "LoadPortfolio" });
  await client.waitFor("PortfolioLoaded");
  client.bus.dispatch({ _tag: "RemovePortfolioInstance", instanceId: 2, name: "Northwind AG" });
  client.bus.dispatch({ _tag: "RemovePortfolioInstance", instanceId: 1, name: "Demo GmbH" });
  await client.waitFor("PortfolioInstanceRemoveFailed");
  assert.equal(client.portfolio().instances.list.map((instance) => instance.id), [1, 3]);
  assert.equal(client.portfolio().removeErrors, { 1: "You don't have permission to access this content." });
  const toasts = client.events.filter((envelope) => envelope.type === "ToastShown").map((envelope) => (envelope.payload as { text: string }).text);
  assert.equal(toasts, ["Removed “Northwind AG” from your portfolio.", "“Demo GmbH” was not removed: You don't have permission to access this content."]);
});

test.run();
