import { test } from "uvu";
import * as assert from "uvu/assert";
import { REFRESH_FAILED, SIGN_IN_FAILED } from "../../../../src/contracts/auth";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const PASSWORD = "correct horse battery staple";

async function signIn(app: Awaited<ReturnType<typeof testApp>>["app"], email: string, password = PASSWORD) {
  return app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email, password } });
}

const refreshCookie = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === "meridian_refresh");

async function refresh(app: Awaited<ReturnType<typeof testApp>>["app"], token: string | undefined, headers: Record<string, string> = { "x-requested-with": "meridian" }) {
  return app.inject({ method: "POST", url: "/api/auth/token/refresh/", headers, cookies: token ? { meridian_refresh: token } : {} });
}

test("sign-in answers an access token; the refresh token only as an HttpOnly, SameSite=Strict cookie", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const response = await signIn(app, user.email.toUpperCase());
  assert.is(response.statusCode, 200);
  const body = response.json();
  assert.equal(Object.keys(body).sort(), ["access", "access_expires_at", "refresh_expires_at"]);
  const cookie = refreshCookie(response as never) as unknown as Record<string, unknown>;
  assert.ok(cookie, "refresh cookie set");
  assert.is(cookie["httpOnly"], true);
  assert.is(cookie["sameSite"], "Strict");
  assert.is(cookie["path"], "/api/auth/");
  assert.not.match(response.body, String(cookie["value"]), "the refresh token is not in the body");
  const minutes = (Date.parse(body.refresh_expires_at) - Date.now()) / 60_000;
  assert.ok(minutes > 29 && minutes <= 30, `idle lifetime ${minutes} min`);
  assert.is(response.headers["cache-control"], "no-store");
});

test("an unknown e-mail, a wrong password and an inactive user get the same answer", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const inactive = await createTestUser(tenantId, { password: PASSWORD, isActive: false });
  const answers = [await signIn(app, "nobody@nowhere.example"), await signIn(app, user.email, "wrong"), await signIn(app, inactive.email)];
  for (const answer of answers) {
    assert.is(answer.statusCode, 401);
    assert.equal(answer.json(), { detail: SIGN_IN_FAILED });
    assert.is(refreshCookie(answer as never), undefined);
  }
});

test("blank or missing fields are field errors", async () => {
  const { app } = await testApp();
  const blank = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: "", password: "" } });
  assert.is(blank.statusCode, 400);
  assert.equal(blank.json(), { email: ["This field may not be blank."], password: ["This field may not be blank."] });
  const missing = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: {} });
  assert.is(missing.statusCode, 400);
  assert.equal(Object.keys(missing.json()).sort(), ["email", "password"]);
});

test("refresh rotates the cookie and answers a new access token; it needs the X-Requested-With header", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const first = refreshCookie((await signIn(app, user.email)) as never)!.value;
  const noHeader = await refresh(app, first, {});
  assert.is(noHeader.statusCode, 400);
  const rotated = await refresh(app, first);
  assert.is(rotated.statusCode, 200);
  assert.type(rotated.json().access, "string");
  const second = refreshCookie(rotated as never)!.value;
  assert.is.not(second, first);
  assert.is((await refresh(app, second)).statusCode, 200);
  const bodyToken = await app.inject({ method: "POST", url: "/api/auth/token/refresh/", payload: { refresh: "garbage" } });
  assert.is(bodyToken.statusCode, 401);
  assert.equal(bodyToken.json(), { detail: REFRESH_FAILED });
  assert.is((await refresh(app, undefined)).statusCode, 401);
});

test("two tabs refreshing with the same token at once both stay signed in", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const shared = refreshCookie((await signIn(app, user.email)) as never)!.value;
  const [tabA, tabB] = await Promise.all([refresh(app, shared), refresh(app, shared)]);
  assert.is(tabA.statusCode, 200);
  assert.is(tabB.statusCode, 200);
  assert.is((await refresh(app, refreshCookie(tabA as never)!.value)).statusCode, 200);
  assert.is((await refresh(app, refreshCookie(tabB as never)!.value)).statusCode, 200);
});

test("logout ends the session: its refresh token no longer works", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const token = refreshCookie((await signIn(app, user.email)) as never)!.value;
  const logout = await app.inject({ method: "POST", url: "/api/auth/logout/", cookies: { meridian_refresh: token } });
  assert.is(logout.statusCode, 204);
  assert.is(refreshCookie(logout as never)?.value, "");
  assert.is((await refresh(app, token)).statusCode, 401);
});

test("the profile lists features, groups with their permissions and own grants; the menu is an array", async () => {
  const { app, services } = await testApp();
  const { database } = await testDatabase();
  const tenantId = await createTestTenant();
  await database.system.updateTable("tenants").set({ features: JSON.stringify({ okr: true, copilot_chat: false }) }).where("id", "=", tenantId).execute();
  const user = await createTestUser(tenantId, { password: PASSWORD, groups: [{ name: "Employee", permissions: ["access_my_dashboard", "read_sensitive"] }] });
  const access = await services.signer.sign("access", { tenantId, userId: user.id }, 60);
  const me = await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${access}` } });
  assert.is(me.statusCode, 200);
  const profile = me.json();
  assert.equal(profile.features, [{ name: "okr", enabled: true }, { name: "copilot_chat", enabled: false }]);
  assert.equal(profile.groups.map((group: { name: string; permissions: string[] }) => [group.name, group.permissions]), [["Employee", ["access_my_dashboard", "read_sensitive"]]]);
  assert.equal([profile.is_staff, profile.is_holding_instance, profile.user_permissions], [false, false, []]);
  const menu = await app.inject({ method: "GET", url: "/api/menu/", headers: { authorization: `Bearer ${access}` } });
  assert.is(menu.statusCode, 200);
  assert.ok(Array.isArray(menu.json()));
  assert.is((await app.inject({ method: "GET", url: "/api/auth/users/me/" })).statusCode, 401);
});

test("the company lists its named FX rates only when it is multi-currency", async () => {
  const { app, services } = await testApp();
  const { database, withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => db.insertInto("fx_rates").values({ tenant_id: tenantId, name: "USD budget", currency: "USD" }).execute());
  const user = await createTestUser(tenantId);
  const access = await services.signer.sign("access", { tenantId, userId: user.id }, 60);
  const read = async () => (await app.inject({ method: "GET", url: "/api/company/", headers: { authorization: `Bearer ${access}` } })).json();
  assert.equal((await read()).fxRates, []);
  await database.system.updateTable("tenants").set({ multi_currency: true }).where("id", "=", tenantId).execute();
  const company = await read();
  assert.equal(company.fxRates.map((rate: { name: string }) => rate.name), ["USD budget"]);
  assert.is(company.localCurrency, "EUR");
});

test.run();
