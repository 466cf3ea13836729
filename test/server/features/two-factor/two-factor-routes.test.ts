import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODE_INVALID, MFA_SETUP_REQUIRED, NO_2FA_TO_RESET, NOT_ALLOWED_TO_REMOVE_2FA } from "../../../../src/contracts/two-factor";
import { codeAt } from "../../../../src/server/features/two-factor/totp";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const PASSWORD = "a good long password";
type App = Awaited<ReturnType<typeof testApp>>["app"];
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function signIn(app: App, email: string) {
  const response = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email, password: PASSWORD }, remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.2` });
  return { response, body: response.json() as { access?: string; ephemeral_token?: string }, refresh: response.cookies.find((cookie) => cookie.name === "meridian_refresh")?.value };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed-in user who set up the authenticator app; returns its secret. */
async function userWithSecondFactor(app: App, options: { admin?: boolean } = {}) {
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD, ...(options.admin ? { groups: [{ name: "Administrator", permissions: ["manage_users"] }] } : {}) });
  const { body } = await signIn(app, user.email);
  const setup = (await app.inject({ method: "POST", url: "/api/auth/2fa/setup/", headers: bearer(body.access!) })).json();
  const activated = await app.inject({ method: "POST", url: "/api/auth/2fa/activate/", headers: bearer(body.access!), payload: { passcode: codeAt(setup.secret, new Date()) } });
  assert.is(activated.statusCode, 200);
  return { tenantId, user, secret: setup.secret as string, access: body.access! };
}

test("setup shows the secret, the otpauth URL and a QR code; a wrong code does not activate", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const { body } = await signIn(app, user.email);
  const setup = await app.inject({ method: "POST", url: "/api/auth/2fa/setup/", headers: bearer(body.access!) });
  const { secret, otpauth_url, qr_svg } = setup.json();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.match(otpauth_url, new RegExp(`^otpauth://totp/Meridian:${encodeURIComponent(user.email)}\\?.*secret=${secret}`));
  assert.match(qr_svg, /^<svg/);
  const wrong = await app.inject({ method: "POST", url: "/api/auth/2fa/activate/", headers: bearer(body.access!), payload: { passcode: "000000" } });
  assert.equal([wrong.statusCode, wrong.json()], [400, { passcode: [CODE_INVALID] }]);
  const status = (await app.inject({ method: "GET", url: "/api/auth/2fa/", headers: bearer(body.access!) })).json();
  assert.equal(status, { enabled: false, pending: true, policy: "optional", can_remove: false, can_set_policy: false });
});

test("with a second factor, the password step answers only an ephemeral token; the code completes sign-in once", async () => {
  const { app } = await testApp();
  const { user, secret } = await userWithSecondFactor(app);
  const first = await signIn(app, user.email);
  assert.equal(Object.keys(first.body), ["ephemeral_token"]);
  assert.is(first.refresh, undefined, "no session yet");
  const ephemeral = first.body.ephemeral_token!;
  assert.is((await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: bearer(ephemeral) })).statusCode, 401, "the ephemeral token is good for nothing else");

  const validate = (passcode: string, token = ephemeral) => app.inject({ method: "POST", url: "/auth-api/auth/otp/validate", headers: bearer(token), payload: { passcode } });
  assert.equal((await validate("123")).json(), { passcode: [CODE_INVALID] });
  const code = codeAt(secret, later(30)); // the activation used the current step
  const done = await validate(code);
  assert.is(done.statusCode, 200);
  assert.type(done.json().access, "string");
  assert.ok(done.cookies.some((cookie) => cookie.name === "meridian_refresh"));
  assert.is((await validate(code)).statusCode, 401, "the ephemeral token is spent");

  const again = (await signIn(app, user.email)).body.ephemeral_token!;
  assert.equal((await validate(code, again)).json(), { passcode: [CODE_INVALID] }, "a code is accepted once");
});

test("code entry is rate-limited", async () => {
  const { app } = await testApp();
  const { user } = await userWithSecondFactor(app);
  const ephemeral = (await signIn(app, user.email)).body.ephemeral_token!;
  for (let attempt = 0; attempt < 5; attempt++) {
    assert.is((await app.inject({ method: "POST", url: "/auth-api/auth/otp/validate", headers: bearer(ephemeral), payload: { passcode: "000000" } })).statusCode, 400);
  }
  const limited = await app.inject({ method: "POST", url: "/auth-api/auth/otp/validate", headers: bearer(ephemeral), payload: { passcode: "000000" } });
  assert.is(limited.statusCode, 429);
});

test("an ordinary user may not remove 2FA; an administrator may, with a code", async () => {
  const { app } = await testApp();
  const ordinary = await userWithSecondFactor(app);
  const refused = await app.inject({ method: "POST", url: "/api/auth/2fa/deactivate/", headers: bearer(ordinary.access), payload: { passcode: codeAt(ordinary.secret, later(30)) } });
  assert.equal([refused.statusCode, refused.json()], [403, { detail: NOT_ALLOWED_TO_REMOVE_2FA }]);
  const admin = await userWithSecondFactor(app, { admin: true });
  const removed = await app.inject({ method: "POST", url: "/api/auth/2fa/deactivate/", headers: bearer(admin.access), payload: { passcode: codeAt(admin.secret, later(30)) } });
  assert.equal([removed.statusCode, removed.json()], [200, { enabled: false }]);
});

test("an administrator resets a user's 2FA, which ends the user's sessions; nothing to reset is a clear error", async () => {
  const { app } = await testApp();
  const target = await userWithSecondFactor(app);
  const adminUser = await createTestUser(target.tenantId, { password: PASSWORD, groups: [{ name: "Administrator", permissions: ["manage_users"] }] });
  const admin = (await signIn(app, adminUser.email)).body.access!;
  const reset = (id: number, token = admin) => app.inject({ method: "POST", url: `/api/auth/users/${id}/reset-2fa/`, headers: bearer(token) });
  assert.is((await reset(target.user.id, target.access)).statusCode, 403, "only administrators");
  assert.is((await reset(target.user.id)).statusCode, 204);
  assert.is((await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: bearer(target.access) })).statusCode, 401, "the user's sessions ended");
  assert.equal((await reset(target.user.id)).json(), { detail: [NO_2FA_TO_RESET] });
  assert.is((await reset(999_999_999)).statusCode, 404);
  const elsewhere = await userWithSecondFactor(app);
  assert.is((await reset(elsewhere.user.id)).statusCode, 404, "another company's user is unknown here");
  assert.type((await signIn(app, target.user.email)).body.access, "string", "signs in with the password alone again");
});

test("mandatory policy: a user without a second factor may only set it up, then everything opens", async () => {
  const { app } = await testApp();
  const { database } = await testDatabase();
  const tenantId = await createTestTenant();
  await database.system.updateTable("tenants").set({ two_factor_policy: "mandatory" }).where("id", "=", tenantId).execute();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const { body, refresh } = await signIn(app, user.email);
  const me = await app.inject({ method: "GET", url: "/api/auth/users/me/", headers: bearer(body.access!) });
  assert.equal(me.json().two_factor, { enabled: false, required: true });
  const stream = await app.inject({ method: "GET", url: "/api/events/stream/", headers: bearer(body.access!) });
  assert.equal([stream.statusCode, stream.json().detail], [403, MFA_SETUP_REQUIRED]);
  const setup = (await app.inject({ method: "POST", url: "/api/auth/2fa/setup/", headers: bearer(body.access!) })).json();
  await app.inject({ method: "POST", url: "/api/auth/2fa/activate/", headers: bearer(body.access!), payload: { passcode: codeAt(setup.secret, new Date()) } });
  const renewed = await app.inject({ method: "POST", url: "/api/auth/token/refresh/", headers: { "x-requested-with": "meridian" }, cookies: { meridian_refresh: refresh! } });
  const access = renewed.json().access;
  const company = await app.inject({ method: "GET", url: "/api/auth/2fa/", headers: bearer(access) });
  assert.is(company.json().enabled, true);
  const password = await app.inject({ method: "POST", url: "/api/auth/users/set_password/", headers: bearer(access), payload: { current_password: "wrong", new_password: "x" } });
  assert.is(password.statusCode, 400, "other endpoints open once the factor is active");
});

test("only company administrators set the 2FA policy", async () => {
  const { app, services } = await testApp();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: ["manage_company_settings"] }] });
  const member = await createTestUser(tenantId);
  const patch = async (userId: number, policy: string) =>
    app.inject({ method: "PATCH", url: "/api/auth/2fa/policy/", headers: bearer(await services.signer.sign("access", { tenantId, userId }, 60)), payload: { policy } });
  assert.is((await patch(member.id, "mandatory")).statusCode, 403);
  assert.is((await patch(admin.id, "sometimes")).statusCode, 400);
  assert.equal((await patch(admin.id, "mandatory")).json(), { policy: "mandatory" });
  const status = await app.inject({ method: "GET", url: "/api/auth/2fa/", headers: bearer(await services.signer.sign("access", { tenantId, userId: admin.id }, 60)) });
  assert.equal([status.json().policy, status.json().can_set_policy], ["mandatory", true]);
});

test.run();
