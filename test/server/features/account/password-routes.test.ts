import { test } from "uvu";
import * as assert from "uvu/assert";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { outboxOf, resetLinkOf } from "../../../support/outbox";

const OLD = "old password of twelve+";
const NEW = "a brand new passphrase";

async function signedIn(app: Awaited<ReturnType<typeof testApp>>["app"], email: string, password: string) {
  const response = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email, password }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });
  return { status: response.statusCode, access: response.json().access as string, refresh: response.cookies.find((cookie) => cookie.name === "meridian_refresh")?.value };
}

test("reset: the same answer for any address; a link only for an account", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: OLD });
  const known = await app.inject({ method: "POST", url: "/api/auth/users/reset_password/", payload: { email: user.email } });
  const unknown = await app.inject({ method: "POST", url: "/api/auth/users/reset_password/", payload: { email: "nobody@nowhere.example" } });
  assert.equal([known.statusCode, known.body], [204, ""]);
  assert.equal([unknown.statusCode, unknown.body], [204, ""]);
  const mails = await outboxOf(tenantId);
  assert.is(mails.length, 1);
  assert.equal([mails[0]?.to_address, mails[0]?.status, mails[0]?.transport], [user.email, "stored", "outbox"]);
  assert.match(mails[0]!.text_body, /http:\/\/localhost:3000\/password\/reset\/confirm\//);
});

test("reset confirm: failures listed per field; success sets the password once and ends every session", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: OLD });
  const before = await signedIn(app, user.email, OLD);
  await app.inject({ method: "POST", url: "/api/auth/users/reset_password/", payload: { email: user.email } });
  const { uid, token } = resetLinkOf((await outboxOf(tenantId))[0]!.text_body);
  const confirm = (payload: object) => app.inject({ method: "POST", url: "/api/auth/users/reset_password_confirm/", payload: { uid, token, ...payload } });

  const weak = await confirm({ new_password: "short", re_new_password: "short" });
  assert.is(weak.statusCode, 400);
  assert.equal(weak.json(), { new_password: ["This password is too short. It must contain at least 12 characters."] });
  assert.equal((await confirm({ new_password: NEW, re_new_password: NEW + "!" })).json(), { non_field_errors: ["The two password fields didn't match."] });
  assert.equal((await confirm({ token: "forged", new_password: NEW })).json(), { token: ["Invalid token for given user."] });
  assert.equal((await confirm({ uid: "bm9wZQ", new_password: NEW })).json(), { uid: ["Invalid user id or user doesn't exist."] });

  assert.is((await confirm({ new_password: NEW, re_new_password: NEW })).statusCode, 204);
  assert.equal((await confirm({ new_password: NEW })).json(), { token: ["Invalid token for given user."] }, "single use");

  const me = await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${before.access}` } });
  assert.is(me.statusCode, 401, "the old access token stops working at once");
  const refresh = await app.inject({ method: "POST", url: "/api/auth/token/refresh/", headers: { "x-requested-with": "meridian" }, cookies: { meridian_refresh: before.refresh! } });
  assert.is(refresh.statusCode, 401, "the old session cannot be renewed");
  assert.is((await signedIn(app, user.email, OLD)).status, 401);
  const after = await signedIn(app, user.email, NEW);
  assert.is(after.status, 200);
  assert.is((await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${after.access}` } })).statusCode, 200);
});

test("an expired reset link does not work", async () => {
  const { app } = await testApp();
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: OLD });
  await app.inject({ method: "POST", url: "/api/auth/users/reset_password/", payload: { email: user.email } });
  const { uid, token } = resetLinkOf((await outboxOf(tenantId))[0]!.text_body);
  await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => db.updateTable("password_reset_tokens").set({ expires_at: new Date(Date.now() - 1000) }).execute());
  const response = await app.inject({ method: "POST", url: "/api/auth/users/reset_password_confirm/", payload: { uid, token, new_password: NEW } });
  assert.equal(response.json(), { token: ["Invalid token for given user."] });
});

test("changing the password needs the current one and keeps only the current session", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: OLD });
  const here = await signedIn(app, user.email, OLD);
  const elsewhere = await signedIn(app, user.email, OLD);
  const change = (payload: object) => app.inject({ method: "POST", url: "/api/auth/users/set_password/", headers: { authorization: `Bearer ${here.access}` }, cookies: { meridian_refresh: here.refresh! }, payload });
  assert.equal((await change({ current_password: "wrong one entirely", new_password: NEW })).json(), { current_password: ["Invalid password."] });
  assert.equal((await change({ current_password: OLD, new_password: "password1234" })).json(), { new_password: ["This password is too common."] });
  assert.is((await change({ current_password: OLD, new_password: NEW })).statusCode, 204);
  const refresh = (token: string) => app.inject({ method: "POST", url: "/api/auth/token/refresh/", headers: { "x-requested-with": "meridian" }, cookies: { meridian_refresh: token } });
  assert.is((await refresh(here.refresh!)).statusCode, 200, "this session goes on");
  assert.is((await refresh(elsewhere.refresh!)).statusCode, 401, "the other session ended");
  assert.is((await app.inject({ method: "POST", url: "/api/auth/users/set_password/", payload: {} })).statusCode, 401);
});

test.run();
