import { test } from "uvu";
import * as assert from "uvu/assert";
import { json, never, tokensBody, type FakeRoute } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const profile = { id: 7, email: "ada@demo.example", first_name: "Ada", last_name: "Admin", features: [{ name: "my_dashboard", enabled: true }], is_holding_instance: false, access_custom_dashboard: false, is_staff: false, user_permissions: [], groups: [{ id: 1, name: "Employee", permissions: ["access_my_dashboard"] }], two_factor: { enabled: false, required: false } };
const company = { name: "Demo GmbH", kind: "company", multiCurrency: true, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 3, fxRates: [{ id: 1, name: "USD", currency: "USD" }] };
const menu = [{ label: "My dashboard", isCustomLabel: false, to: "/my-dashboard", params: {}, submenu: [] }];

const sessionRoutes: Record<string, FakeRoute> = {
  "POST /auth-api/auth/token/": () => json(200, tokensBody("access-1")),
  "GET /api/auth/users/me/": () => json(200, profile),
  "GET /api/menu/": () => json(200, menu),
  "GET /api/company/": () => json(200, company),
  // A loaded session also loads the person's inbox (the notifications feature): left unanswered
  // here, so these tests see the session's own events only.
  "GET /api/notifications/": never,
};

test("sign-in: started, succeeded, session loaded; the token is kept, never put in an event", async () => {
  const client = testClient(sessionRoutes);
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "meridian-demo" });
  await client.waitFor("SessionLoaded");
  assert.equal(client.types(), ["SignInStarted", "SignInSucceeded", "SessionLoadStarted", "SessionLoaded"]);
  assert.is(client.tokens.current()?.access, "access-1");
  assert.not.match(JSON.stringify(client.events), /access-1|meridian-demo/);
  const session = client.store.getState().session;
  assert.equal([session.stage, session.email, session.company?.name, session.menu.length], ["ready", "ada@demo.example", "Demo GmbH", 1]);
});

test("a failed sign-in keeps the server's field messages for the danger alert", async () => {
  const client = testClient({ "POST /auth-api/auth/token/": () => json(401, { detail: "No user found for the given credentials" }) });
  client.bus.dispatch({ _tag: "SignIn", email: "x@y.example", password: "wrong" });
  const failed = await client.waitFor("SignInFailed");
  assert.equal(failed.payload, { _tag: "SignInFailed", message: "No user found for the given credentials", fields: { detail: ["No user found for the given credentials"] } });
  assert.equal(client.store.getState().session.signIn.status, "error");
  assert.is(client.store.getState().session.stage, "unknown");
});

test("a second submit while signing in is ignored", async () => {
  const client = testClient({ ...sessionRoutes, "POST /auth-api/auth/token/": async () => (await settle(), json(200, tokensBody("a"))) });
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "p" });
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "p" });
  await client.waitFor("SessionLoaded");
  assert.is(client.server.countOf("POST /auth-api/auth/token/"), 1);
});

test("a newer load supersedes the running one: its request is aborted and it emits nothing", async () => {
  let meCalls = 0;
  const client = testClient({
    ...sessionRoutes,
    "GET /api/auth/users/me/": (call) => (++meCalls === 1 ? never(call) : json(200, profile)),
  });
  client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
  client.bus.dispatch({ _tag: "LoadSession" });
  await settle();
  client.bus.dispatch({ _tag: "LoadSession" });
  await client.waitFor("SessionLoaded");
  await settle();
  assert.ok(client.server.calls.find((call) => call.path === "/api/auth/users/me/")?.signal?.aborted, "first request aborted");
  assert.equal(client.types(), ["SessionLoadStarted", "SessionLoadStarted", "SessionLoaded"]);
});

test("restore: a live refresh cookie restores the session; none means signed out", async () => {
  const live = testClient({ ...sessionRoutes, "POST /api/auth/token/refresh/": () => json(200, tokensBody("restored")) });
  live.bus.dispatch({ _tag: "RestoreSession" });
  await live.waitFor("SessionLoaded");
  assert.equal(live.types(), ["SessionRestored", "SessionLoadStarted", "SessionLoaded"]);
  const none = testClient({ "POST /api/auth/token/refresh/": () => json(401, { detail: "Token is invalid or expired" }) });
  none.bus.dispatch({ _tag: "RestoreSession" });
  await none.waitFor("SessionAbsent");
  assert.is(none.store.getState().session.stage, "anonymous");
});

test("logout ends the server session, clears the user, menu and profile, and goes to /login", async () => {
  const client = testClient({ ...sessionRoutes, "POST /api/auth/logout/": () => json(204, null) });
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "p" });
  await client.waitFor("SessionLoaded");
  client.bus.dispatch({ _tag: "SelectFxRate", fxRateId: 1 });
  client.bus.dispatch({ _tag: "SignOut", reason: "user" });
  await client.waitFor("SignedOut");
  await settle();
  assert.is(client.server.countOf("POST /api/auth/logout/"), 1);
  assert.is(client.tokens.current(), null);
  const { session, shell } = client.store.getState();
  assert.equal([session.stage, session.profile, session.menu, session.company, shell.fxRateId], ["anonymous", null, [], null, null]);
  assert.equal(client.navigations, ["/login"]);
  assert.is(client.types().filter((type) => type === "SignedOut").length, 1, "signed out once");
  assert.is(client.storage.get("meridian.fxRate"), null);
});

test("a failed refresh signs the user out (refresh-failed) and sends them to /login", async () => {
  const client = testClient({ ...sessionRoutes, "GET /api/reports/": () => json(401, {}), "POST /api/auth/token/refresh/": () => json(401, {}) });
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "p" });
  await client.waitFor("SessionLoaded");
  client.bus.dispatch({ _tag: "ExtendSession" });
  const signedOut = await client.waitFor("SignedOut");
  assert.equal(signedOut.payload, { _tag: "SignedOut", reason: "refresh-failed" });
  assert.equal(client.navigations, ["/login"]);
});

test("the guard's remembered target is kept for after sign-in", async () => {
  const client = testClient(sessionRoutes);
  client.bus.dispatch({ _tag: "RequireSignIn", returnTo: "/reporting/kpi-detail/12" });
  await client.waitFor("SignInRequired");
  assert.is(client.store.getState().session.returnTo, "/reporting/kpi-detail/12");
  assert.equal(client.navigations, ["/login"]);
});

test.run();
