import Fastify from "fastify";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SESSION_POLICY, rotateSession } from "../../../src/server/features/auth/sessions";
import { codeAt } from "../../../src/server/features/two-factor/totp";
import { endEventStreams, eventStreamRoute } from "../../../src/server/platform/events/stream-route";
import { registerErrorHandling } from "../../../src/server/platform/http/errors";
import { registerRoutes } from "../../../src/server/platform/http/register-routes";
import type { AppServices } from "../../../src/server/services";
import { EventWakeups } from "../../../src/server/platform/events/wakeups";
import { createTokenSigner } from "../../../src/server/platform/auth/tokens";
import { testApp, TEST_SECRET_KEY } from "../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../support/database";
import { outboxOf, resetLinkOf } from "../../support/outbox";
import { readServerEvents, readUntilEnd } from "../../support/sse";

/**
 * An open event stream ends with its session, whichever way the session ends, and says why in
 * a last `event: end`; at the access token's expiry the client reconnects and loses nothing.
 */

const PASSWORD = "a good long password";
const system = { kind: "system", name: "test" } as const;
type App = Awaited<ReturnType<typeof testApp>>["app"];

// Closed after every test, passed or failed, so a failure never leaves a server holding the run open.
const openApps: { close(): Promise<unknown> }[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
});

async function listeningApp() {
  const { app, services } = await testApp();
  openApps.push(app);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, services, address };
}

/** A sign-in with the password, as a browser does it: an access token and the refresh cookie. */
async function signIn(app: App, email: string) {
  const response = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email, password: PASSWORD }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.3` });
  assert.is(response.statusCode, 200, response.body);
  return { access: response.json().access as string, refresh: response.cookies.find((cookie) => cookie.name === "meridian_refresh")!.value };
}

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
const openStream = (address: string, access: string, headers: Record<string, string> = {}) => fetch(`${address}/api/events/stream/`, { headers: { ...bearer(access), ...headers } });
const append = async (tenantId: string, type: string) => (await testDatabase()).withTenant(tenantId, system, (context) => context.appendEvent({ type, payload: {} }));
const me = (app: App, access: string) => app.inject({ method: "GET", url: "/api/auth/users/me/", headers: bearer(access) }).then((response) => response.statusCode);

test("sign-out ends that session's streams after the events before it; the user's other sessions and other users stream on", async () => {
  const { app, address } = await listeningApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const colleague = await createTestUser(tenantId, { password: PASSWORD });
  const here = await signIn(app, user.email);
  const elsewhere = await signIn(app, user.email);
  const colleaguesSession = await signIn(app, colleague.email);
  const [signedOut, stillOpen, colleagues] = await Promise.all([openStream(address, here.access), openStream(address, elsewhere.access), openStream(address, colleaguesSession.access)]);
  const ending = readUntilEnd(signedOut);
  const others = readServerEvents(stillOpen, 3);
  const colleagueSees = readServerEvents(colleagues, 2);

  await append(tenantId, "BeforeSignOut");
  assert.is((await app.inject({ method: "POST", url: "/api/auth/logout/", cookies: { meridian_refresh: here.refresh } })).statusCode, 204);
  await append(tenantId, "AfterSignOut");

  const ended = await ending;
  assert.equal(ended.events.map((event) => event.type), ["BeforeSignOut"]);
  assert.equal([ended.end, ended.closed], ["signed-out", true]);
  assert.equal((await others).map((event) => event.type), ["BeforeSignOut", "SessionEnded", "AfterSignOut"], "the other session streams on");
  assert.equal((await colleagueSees).map((event) => event.type), ["BeforeSignOut", "AfterSignOut"], "a user's SessionEnded goes to that user only");
  assert.is(await me(app, here.access), 401, "the signed-out session's access token is refused at once");
  assert.is(await me(app, elsewhere.access), 200);
});

test("deactivating a user ends their streams", async () => {
  const { app, address } = await listeningApp();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { password: PASSWORD, groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const administrator = await signIn(app, admin.email);
  const ending = readUntilEnd(await openStream(address, (await signIn(app, user.email)).access));
  const deactivated = await app.inject({ method: "PATCH", url: `/api/auth/users/${user.id}/`, headers: bearer(administrator.access), payload: { is_active: false } });
  assert.is(deactivated.statusCode, 200);
  const ended = await ending;
  assert.equal([ended.end, ended.closed], ["deactivated", true]);
  assert.equal(ended.events, [], "nothing after the deactivation reached the stream");
});

test("a revoked session family (a refresh token presented again after the grace window) ends its streams", async () => {
  const { app, address } = await listeningApp();
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const session = await signIn(app, user.email);
  const rotated = await app.inject({ method: "POST", url: "/api/auth/token/refresh/", headers: { "x-requested-with": "meridian" }, cookies: { meridian_refresh: session.refresh } });
  assert.is(rotated.statusCode, 200);
  const ending = readUntilEnd(await openStream(address, rotated.json().access));
  // The replaced token comes back two minutes later: stolen, so the family dies.
  const later = new Date(Date.now() + 120_000);
  assert.is(await withTenant(tenantId, system, (context) => rotateSession(context, session.refresh, DEFAULT_SESSION_POLICY, later)), "reused");
  const ended = await ending;
  assert.equal([ended.end, ended.closed], ["revoked", true]);
});

test("an administrator's 2FA reset ends the user's streams", async () => {
  const { app, address } = await listeningApp();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { password: PASSWORD, groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const { access } = await signIn(app, user.email);
  const setup = (await app.inject({ method: "POST", url: "/api/auth/2fa/setup/", headers: bearer(access) })).json();
  const activated = await app.inject({ method: "POST", url: "/api/auth/2fa/activate/", headers: bearer(access), payload: { passcode: codeAt(setup.secret, new Date()) } });
  assert.is(activated.statusCode, 200);
  const administrator = await signIn(app, admin.email);
  const ending = readUntilEnd(await openStream(address, access));
  assert.is((await app.inject({ method: "POST", url: `/api/auth/users/${user.id}/reset-2fa/`, headers: bearer(administrator.access) })).statusCode, 204);
  const ended = await ending;
  assert.equal([ended.end, ended.closed], ["revoked", true]);
});

test("a password change ends the streams of the user's other sessions, not its own; a password reset ends them all", async () => {
  const { app, address } = await listeningApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const changer = await signIn(app, user.email);
  const other = await signIn(app, user.email);
  const changersStream = await openStream(address, changer.access);
  const othersEnding = readUntilEnd(await openStream(address, other.access));
  const changed = await app.inject({
    method: "POST",
    url: "/api/auth/users/set_password/",
    headers: bearer(changer.access),
    cookies: { meridian_refresh: changer.refresh },
    payload: { current_password: PASSWORD, new_password: "another long password 7" },
  });
  assert.is(changed.statusCode, 204);
  const othersEnd = await othersEnding;
  assert.equal([othersEnd.end, othersEnd.closed], ["revoked", true]);

  const changersEnding = readUntilEnd(changersStream);
  await append(tenantId, "AfterTheChange");
  await app.inject({ method: "POST", url: "/api/auth/users/reset_password/", payload: { email: user.email } });
  const { uid, token } = resetLinkOf((await outboxOf(tenantId, user.email))[0]!.text_body);
  const reset = await app.inject({ method: "POST", url: "/api/auth/users/reset_password_confirm/", payload: { uid, token, new_password: "a third long password 8" } });
  assert.is(reset.statusCode, 204);
  const changersEnd = await changersEnding;
  assert.equal(changersEnd.events.map((event) => event.type), ["SessionEnded", "PasswordChanged", "AfterTheChange"], "the changing session streamed on after its own change");
  assert.equal([changersEnd.end, changersEnd.closed], ["revoked", true]);
});

test("at the access token's expiry the stream ends 'expired'; reconnecting with a fresh token from the last seq loses nothing", async () => {
  const { app, services, address } = await listeningApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const session = await signIn(app, user.email); // seq 1: UserSignedIn
  const shortLived = await services.signer.sign("access", { tenantId, userId: user.id }, 2);
  // Events keep committing across the expiry and the reconnect.
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) {
      await append(tenantId, "Tick");
      written++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const stopWriting = async () => {
    writing = false;
    await writer;
  };
  const first = await readUntilEnd(await openStream(address, shortLived, { "last-event-id": "1" })).catch(async (error) => {
    await stopWriting();
    throw error;
  });
  if (first.end !== "expired") await stopWriting();
  assert.equal([first.end, first.closed], ["expired", true]);
  assert.ok(first.events.length > 0, "events arrived before the expiry");
  const lastSeq = first.events.at(-1)!.seq;
  // The client refreshes (more commits meanwhile) and reconnects after the last seq it got.
  const refreshed = await app.inject({ method: "POST", url: "/api/auth/token/refresh/", headers: { "x-requested-with": "meridian" }, cookies: { meridian_refresh: session.refresh } });
  const resumedStream = await openStream(address, refreshed.json().access, { "last-event-id": String(lastSeq) });
  await new Promise((resolve) => setTimeout(resolve, 100));
  await stopWriting();
  const resumed = await readServerEvents(resumedStream, written - first.events.length);
  const seqs = [...first.events, ...resumed].map((event) => event.seq);
  assert.equal(seqs, Array.from({ length: written }, (_, index) => index + 2), "every seq exactly once, in order");
});

test("a session ended without an event still ends its stream, at the next re-check", async () => {
  const { withTenant } = await testDatabase();
  const signer = createTokenSigner(TEST_SECRET_KEY);
  const app = Fastify();
  openApps.push(app);
  // The stream route alone, with a re-check every 50 ms (the app's is a minute).
  const services = { signer, withTenant, wakeups: new EventWakeups() } as unknown as AppServices;
  registerErrorHandling(app);
  app.addHook("preClose", async () => endEventStreams(services));
  await app.register((root) => registerRoutes(root, [eventStreamRoute({ heartbeatMs: 50, sessionRecheckMs: 50 })], services), { prefix: "/api" });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId);
  const familyId = crypto.randomUUID();
  await withTenant(tenantId, system, ({ db }) =>
    db
      .insertInto("refresh_tokens")
      .values({ tenant_id: tenantId, user_id: user.id, family_id: familyId, token_hash: familyId, idle_expires_at: new Date(Date.now() + 60_000), family_expires_at: new Date(Date.now() + 60_000) })
      .execute(),
  );
  const access = await signer.sign("access", { tenantId, userId: user.id }, 300, { sid: familyId });
  const ending = readUntilEnd(await openStream(address, access));
  await new Promise((resolve) => setTimeout(resolve, 120));
  await withTenant(tenantId, system, ({ db }) => db.updateTable("refresh_tokens").set({ revoked_at: new Date(), revoked_reason: "logout" }).where("family_id", "=", familyId).execute());
  const ended = await ending;
  assert.equal([ended.end, ended.closed], ["signed-out", true]);
});

test("an old SessionEnded replayed on resume ends nothing: the session's state decides", async () => {
  const { app, address } = await listeningApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const before = await signIn(app, user.email);
  await app.inject({ method: "POST", url: "/api/auth/logout/", cookies: { meridian_refresh: before.refresh } });
  const again = await signIn(app, user.email);
  const stream = await openStream(address, again.access, { "last-event-id": "0" });
  const received = readServerEvents(stream, 4);
  await append(tenantId, "Later");
  assert.equal((await received).map((event) => event.type), ["UserSignedIn", "SessionEnded", "UserSignedIn", "Later"]);
});

test.run();
