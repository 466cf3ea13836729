import { test } from "uvu";
import * as assert from "uvu/assert";
import { CANNOT_CHANGE_YOURSELF, EMAIL_TAKEN } from "../../../../src/contracts/users";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { outboxOf, resetLinkOf } from "../../../support/outbox";

const PASSWORD = "a good long password";
type App = Awaited<ReturnType<typeof testApp>>["app"];

async function companyWithAdmin() {
  const { app, services } = await testApp();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { password: PASSWORD, groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
  const token = await services.signer.sign("access", { tenantId, userId: admin.id }, 300);
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { app, services, tenantId, admin, call };
}

test("an administrator invites a user without a password: 30 random characters and a welcome mail with a link", async () => {
  const { app, tenantId, call } = await companyWithAdmin();
  const groups = (await call("GET", "/api/permissions/groups/")).json();
  const created = await call("POST", "/api/auth/users/", { email: "New.Person@Example.com", first_name: "New", last_name: "Person", groups: [groups[0].id] });
  assert.is(created.statusCode, 201);
  const user = created.json();
  assert.equal([user.email, user.first_name, user.is_active, user.groups.map((group: { name: string }) => group.name)], ["new.person@example.com", "New", true, ["Administrator"]]);
  const [mail] = await outboxOf(tenantId, "new.person@example.com");
  assert.match(mail!.subject, /^Welcome to Meridian at /);
  const { uid, token } = resetLinkOf(mail!.text_body);
  const weak = await app.inject({ method: "POST", url: "/api/auth/users/reset_password_confirm/", payload: { uid, token, new_password: "new.person99" } });
  assert.equal([weak.statusCode, weak.json()], [400, { new_password: ["The password is too similar to your e-mail address or name."] }], "the welcome link's password obeys the rules");
  assert.is((await app.inject({ method: "POST", url: "/api/auth/users/reset_password_confirm/", payload: { uid, token, new_password: "my own long password" } })).statusCode, 204);
  assert.is((await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: "new.person@example.com", password: "my own long password" } })).statusCode, 200);
  const hash = await (await testDatabase()).withTenant(tenantId, { kind: "system", name: "t" }, ({ db }) => db.selectFrom("users").select("password_hash").where("email", "=", "new.person@example.com").executeTakeFirst());
  assert.ok(hash?.password_hash?.startsWith("scrypt$"));
});

test("e-mail addresses are unique in the installation; invalid input is field errors and writes nothing", async () => {
  const { call, tenantId } = await companyWithAdmin();
  const other = await createTestUser(await createTestTenant());
  assert.equal((await call("POST", "/api/auth/users/", { email: other.email })).json(), { email: [EMAIL_TAKEN] });
  assert.equal((await call("POST", "/api/auth/users/", { email: "not-an-address" })).json(), { email: ["Enter a valid email address."] });
  const badGroup = await call("POST", "/api/auth/users/", { email: "x@example.com", groups: [999999] });
  assert.is(badGroup.statusCode, 400);
  const users = (await call("GET", "/api/vw/auth/users/")).json();
  assert.equal(users.map((user: { email: string }) => user.email).filter((email: string) => email === "x@example.com"), [], "nothing was written");
  void tenantId;
});

test("a password an administrator sets obeys the password rules: field errors, nothing written; a good one signs in", async () => {
  const { app, call } = await companyWithAdmin();
  const cases: [string, string[]][] = [
    ["", ["This password is too short. It must contain at least 12 characters."]],
    ["short", ["This password is too short. It must contain at least 12 characters."]],
    ["password1234", ["This password is too common."]],
    ["384756192837465", ["This password is entirely numeric."]],
    ["Grace's own secret", ["The password is too similar to your e-mail address or name."]],
  ];
  for (const [password, messages] of cases) {
    const refused = await call("POST", "/api/auth/users/", { email: "grace@rules.example", first_name: "Grace", last_name: "Hopper", password });
    assert.equal([refused.statusCode, refused.json()], [400, { password: messages }], JSON.stringify(password));
  }
  assert.equal((await call("GET", "/api/vw/auth/users/?search=rules.example")).json(), [], "nothing was written");
  const created = await call("POST", "/api/auth/users/", { email: "grace@rules.example", first_name: "Grace", last_name: "Hopper", password: "a compiler of her own" });
  assert.is(created.statusCode, 201, created.body);
  const signIn = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: "grace@rules.example", password: "a compiler of her own" } });
  assert.is(signIn.statusCode, 200);
});

test("list with search leaves superusers out; edit names, groups and per-user grants", async () => {
  const { call, tenantId } = await companyWithAdmin();
  const { withTenant } = await testDatabase();
  const target = await createTestUser(tenantId);
  await withTenant(tenantId, { kind: "system", name: "t" }, ({ db }) => db.insertInto("users").values({ tenant_id: tenantId, email: `root-${target.id}@x.example`, password_hash: null, is_superuser: true }).execute());
  const listed = (await call("GET", "/api/vw/auth/users/")).json();
  assert.not.ok(listed.some((user: { email: string }) => user.email.startsWith("root-")), "superusers left out");
  const found = (await call("GET", `/api/vw/auth/users/?search=${encodeURIComponent(target.email.slice(0, 12).toUpperCase())}`)).json();
  assert.equal(found.map((user: { id: number }) => user.id), [target.id]);
  const renamed = await call("PATCH", `/api/auth/users/${target.id}/`, { first_name: " Grace ", last_name: "Hopper" });
  assert.equal([renamed.json().first_name, renamed.json().last_name], ["Grace", "Hopper"]);
  const granted = await call("PATCH", `/api/permissions/users/${target.id}/`, { user_permissions: ["can_build_kpis"] });
  assert.equal(granted.json().user_permissions, ["can_build_kpis"]);
  const refused = await call("PATCH", `/api/permissions/users/${target.id}/`, { user_permissions: ["manage_users"] });
  assert.equal(refused.json(), { user_permissions: ['"manage_users" cannot be granted to a single user.'] });
});

test("deactivation ends the user's sessions at once; administrators cannot deactivate or delete themselves", async () => {
  const { app, services, call, tenantId, admin } = await companyWithAdmin();
  const target = await createTestUser(tenantId, { password: PASSWORD });
  const signedIn = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: target.email, password: PASSWORD } });
  const access = signedIn.json().access;
  assert.is((await call("PATCH", `/api/auth/users/${target.id}/`, { is_active: false })).json().is_active, false);
  assert.is((await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: { authorization: `Bearer ${access}` } })).statusCode, 401);
  assert.is((await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: target.email, password: PASSWORD } })).statusCode, 401);
  assert.equal((await call("PATCH", `/api/auth/users/${admin.id}/`, { is_active: false })).json(), { is_active: [CANNOT_CHANGE_YOURSELF] });
  assert.equal((await call("DELETE", `/api/auth/users/${admin.id}/`)).json(), { detail: [CANNOT_CHANGE_YOURSELF] });
  assert.is((await call("DELETE", `/api/auth/users/${target.id}/`)).statusCode, 204);
  assert.is((await call("DELETE", `/api/auth/users/${target.id}/`)).statusCode, 404);
  void services;
});

test("another company's users are unknown here (404), and the welcome mail is resent on request", async () => {
  const { call, tenantId } = await companyWithAdmin();
  const stranger = await createTestUser(await createTestTenant());
  for (const [method, url] of [["PATCH", `/api/auth/users/${stranger.id}/`], ["DELETE", `/api/auth/users/${stranger.id}/`], ["PATCH", `/api/permissions/users/${stranger.id}/`], ["GET", `/api/auth/users/${stranger.id}/send-welcome-email/`]] as const) {
    assert.is((await call(method, url, method === "PATCH" ? {} : undefined)).statusCode, 404, `${method} ${url}`);
  }
  const member = await createTestUser(tenantId);
  const resent = await call("GET", `/api/auth/users/${member.id}/send-welcome-email/`);
  assert.equal([resent.statusCode, resent.json()], [200, { detail: "Successfully sent 1 e-mails." }]);
  assert.is((await outboxOf(tenantId, member.email)).length, 1);
});

test.run();
