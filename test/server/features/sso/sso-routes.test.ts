import { test } from "uvu";
import * as assert from "uvu/assert";
import { SSO_NOT_LINKED } from "../../../../src/contracts/sso";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser } from "../../../support/database";
import { signInAtProvider, startOidcProvider } from "../../../support/oidc-provider";

const PUBLIC_URL = "http://localhost:3999";
const client = { clientId: "meridian-test", clientSecret: "a-test-client-secret-of-length", redirectUri: `${PUBLIC_URL}/oauth` };

const providers: { close(): Promise<void> }[] = [];
test.after.each(async () => {
  for (const provider of providers.splice(0)) await provider.close();
});

async function setup() {
  const idp = await startOidcProvider(client);
  providers.push(idp);
  const { app, services } = await testApp({ publicUrl: PUBLIC_URL, ssoProviders: [{ name: "test-idp", label: "Test IdP", issuer: idp.issuer, clientId: client.clientId, clientSecret: client.clientSecret }] });
  return { idp, app, services };
}

type App = Awaited<ReturnType<typeof testApp>>["app"];

/** The whole round trip: start at the app, sign in at the provider, post the callback. */
async function roundTrip(app: App, login: string, start = { method: "GET" as const, url: "/api/sso/test-idp/authorize/?next=/reporting", headers: {} as Record<string, string> }) {
  const started = await app.inject(start);
  const flowCookie = started.cookies.find((cookie) => cookie.name === "meridian_sso");
  const location = started.statusCode === 302 ? String(started.headers.location) : started.json().url;
  const back = await signInAtProvider(location, login);
  assert.is(back.origin + back.pathname, `${PUBLIC_URL}/oauth`);
  const callback = Object.fromEntries(back.searchParams);
  return app.inject({ method: "POST", url: "/api/sso/callback/", cookies: flowCookie ? { meridian_sso: flowCookie.value } : {}, payload: callback });
}

test("the sign-in page learns the providers from /api/sso/config/", async () => {
  const { idp, app } = await setup();
  assert.equal((await app.inject({ method: "GET", url: "/api/sso/config/" })).json(), { providers: [{ name: "test-idp", label: "Test IdP" }] });
  const authorize = await app.inject({ method: "GET", url: "/api/sso/test-idp/authorize/" });
  const target = new URL(String(authorize.headers.location));
  assert.equal([target.origin, target.searchParams.get("code_challenge_method"), target.searchParams.has("state"), target.searchParams.has("nonce")], [idp.issuer, "S256", true, true]);
  const cookie = authorize.cookies.find((item) => item.name === "meridian_sso") as unknown as Record<string, unknown>;
  assert.equal([cookie["httpOnly"], cookie["sameSite"], cookie["path"]], [true, "Lax", "/api/sso/"]);
  assert.is((await app.inject({ method: "GET", url: "/api/sso/unknown/authorize/" })).statusCode, 404);
});

test("an account not linked to a user is refused with the spec's message", async () => {
  const { app } = await setup();
  const answer = await roundTrip(app, `stranger-${Date.now()}`);
  assert.equal([answer.statusCode, answer.json()], [400, { detail: [SSO_NOT_LINKED] }]);
});

test("after an administrator links the account, the provider's sign-in opens a session", async () => {
  const { app, services } = await setup();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
  const member = await createTestUser(tenantId);
  const subject = `alice-${Date.now()}`;
  const adminToken = await services.signer.sign("access", { tenantId, userId: admin.id }, 60);
  const link = await app.inject({ method: "PATCH", url: `/api/sso/link/${member.id}/`, headers: { authorization: `Bearer ${adminToken}` }, payload: { sso_provider: "test-idp", sso_id: subject } });
  assert.equal(link.json(), { id: member.id, sso_provider: "test-idp", sso_id: subject });
  const memberToken = await services.signer.sign("access", { tenantId, userId: member.id }, 60);
  assert.is((await app.inject({ method: "PATCH", url: `/api/sso/link/${member.id}/`, headers: { authorization: `Bearer ${memberToken}` }, payload: { sso_provider: "test-idp", sso_id: "x" } })).statusCode, 403);

  const answer = await roundTrip(app, subject);
  assert.is(answer.statusCode, 200, answer.body);
  assert.type(answer.json().access, "string");
  assert.ok(answer.cookies.some((cookie) => cookie.name === "meridian_refresh"));
  const me = await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${answer.json().access}` } });
  assert.is(me.json().email, member.email);
});

test("a signed-in user links their own account; a replayed or forged callback is refused", async () => {
  const { app, services } = await setup();
  const tenantId = await createTestTenant();
  const member = await createTestUser(tenantId);
  const token = await services.signer.sign("access", { tenantId, userId: member.id }, 60);
  const subject = `bob-${Date.now()}`;
  const linked = await roundTrip(app, subject, { method: "POST" as never, url: "/api/sso/test-idp/link-start/", headers: { authorization: `Bearer ${token}` } });
  assert.equal(linked.json(), { linked: true, provider: "test-idp" });
  const signedIn = await roundTrip(app, subject);
  assert.type(signedIn.json().access, "string");
  const forged = await app.inject({ method: "POST", url: "/api/sso/callback/", payload: { code: "x", state: "y" } });
  assert.equal(forged.json(), { detail: ["The single sign-on took too long or was started elsewhere. Please try again."] });
});

test.run();
