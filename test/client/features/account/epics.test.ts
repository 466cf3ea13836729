import { test } from "uvu";
import * as assert from "uvu/assert";
import { redactEntry } from "../../../../src/client/bus/session-log";
import { json, tokensBody } from "../../effect/fake-server";
import { testClient } from "../../support/harness";

const profile = { id: 7, email: "ada@demo.example", first_name: "Ada", last_name: "A", features: [], is_holding_instance: false, access_custom_dashboard: false, is_staff: false, user_permissions: [], groups: [], two_factor: { enabled: true, required: false } };
const company = { name: "Demo GmbH", kind: "company", multiCurrency: false, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 3, fxRates: [] };
const loadRoutes = { "GET /api/auth/users/me/": () => json(200, profile), "GET /api/menu/": () => json(200, []), "GET /api/company/": () => json(200, company) };

test("a password step answering an ephemeral token leads to /login/mfa; the code, sent with it, signs in", async () => {
  const client = testClient({
    ...loadRoutes,
    "POST /auth-api/auth/token/": () => json(200, { ephemeral_token: "mfa-token" }),
    "POST /auth-api/auth/otp/validate": (call) => (call.token === "mfa-token" ? json(200, tokensBody("access-2")) : json(401, {})),
  });
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "p" });
  await client.waitFor("SecondFactorRequired");
  assert.equal(client.navigations, ["/login/mfa"]);
  assert.is(client.tokens.current(), null, "no session before the code");
  assert.is(client.store.getState().account.secondFactorStep.email, "ada@demo.example");
  client.bus.dispatch({ _tag: "VerifySignInCode", passcode: "123456" });
  await client.waitFor("SessionLoaded");
  assert.equal(client.types().filter((type) => type !== "SignInStarted"), ["SecondFactorRequired", "CodeVerificationStarted", "SignInSucceeded", "SessionLoadStarted", "SessionLoaded"]);
  assert.is(client.tokens.current()?.access, "access-2");
  assert.not.match(JSON.stringify(client.events), /mfa-token|access-2/, "tokens never enter events");
});

test("a wrong code keeps the user on the step with the server's message", async () => {
  const client = testClient({
    "POST /auth-api/auth/token/": () => json(200, { ephemeral_token: "mfa-token" }),
    "POST /auth-api/auth/otp/validate": () => json(400, { passcode: ["The code is not valid. Enter the current code from your authenticator app."] }),
  });
  client.bus.dispatch({ _tag: "SignIn", email: "ada@demo.example", password: "p" });
  await client.waitFor("SecondFactorRequired");
  client.bus.dispatch({ _tag: "VerifySignInCode", passcode: "000000" });
  await client.waitFor("CodeRejected");
  const step = client.store.getState().account.secondFactorStep;
  assert.equal([step.status, step.fields], ["error", { passcode: ["The code is not valid. Enter the current code from your authenticator app."] }]);
});

test("a failed reset confirmation lists every server message, one per line", async () => {
  const client = testClient({
    "POST /api/auth/users/reset_password_confirm/": () => json(400, { new_password: ["This password is too short. It must contain at least 12 characters.", "This password is too common."], token: ["Invalid token for given user."] }),
  });
  client.bus.dispatch({ _tag: "ConfirmPasswordReset", uid: "u", token: "t", password: "abc", repeat: "abc" });
  await client.waitFor("PasswordResetConfirmFailed");
  assert.equal(client.store.getState().account.resetConfirm.messages, [
    "new_password: This password is too short. It must contain at least 12 characters. This password is too common.",
    "token: Invalid token for given user.",
  ]);
});

test("the setup secret is shown live but redacted in a recorded log", async () => {
  const client = testClient({ "POST /api/auth/2fa/setup/": () => json(200, { secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", qr_svg: "<svg/>" }) });
  client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
  client.bus.dispatch({ _tag: "StartTwoFactorSetup" });
  const started = await client.waitFor("TwoFactorSetupStarted");
  assert.is(client.store.getState().account.twoFactor.setup?.secret, "JBSWY3DPEHPK3PXP");
  assert.not.match(JSON.stringify(redactEntry({ kind: "event", envelope: started })), /JBSWY3DPEHPK3PXP/);
});

test("turning off two-factor authentication says so in a toast", async () => {
  const client = testClient({ "POST /api/auth/2fa/deactivate/": () => json(200, {}) });
  client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
  client.bus.dispatch({ _tag: "DeactivateTwoFactor", passcode: "123456" });
  await client.waitFor("ToastShown");
  assert.equal(client.types().slice(-2), ["TwoFactorDeactivated", "ToastShown"]);
  assert.equal(client.store.getState().notifications.toasts.map((toast) => [toast.tone, toast.text]), [["success", "Two-factor authentication is off"]]);
});

test.run();
