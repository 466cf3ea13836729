import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEVICE_COOKIE_PATH, DEVICE_COOKIE_PREFIX } from "../../../../src/server/platform/auth/device-cookie";
import { SIGN_IN_LIMITS, stateOf } from "../../../../src/server/platform/auth/sign-in-budget";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser } from "../../../support/database";

const PASSWORD = "the owner's own password";
type App = Awaited<ReturnType<typeof testApp>>["app"];
type Cookie = { name: string; value: string };

function signIn(app: App, email: string, password: string, options: { address: string; cookies?: Cookie[] }) {
  const cookies = Object.fromEntries((options.cookies ?? []).map((cookie) => [cookie.name, cookie.value]));
  return app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email, password }, remoteAddress: options.address, cookies });
}

const deviceCookieOf = (response: { cookies: unknown[] }) => (response.cookies as (Cookie & Record<string, unknown>)[]).find((cookie) => cookie.name.startsWith(DEVICE_COOKIE_PREFIX));

async function owner() {
  const { app } = await testApp();
  const user = await createTestUser(await createTestTenant(), { password: PASSWORD });
  return { app, email: user.email };
}

test("budgets as a table: refused at the limit, until the oldest counted failure leaves the window", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const rule = { limit: 3, windowSeconds: 15 * 60 };
  assert.equal(stateOf([], rule, now), { allowed: true, retryAfterSeconds: 0 });
  assert.equal(stateOf([minutesAgo(20), minutesAgo(10), minutesAgo(5)], rule, now), { allowed: true, retryAfterSeconds: 0 }, "one is outside the window");
  assert.equal(stateOf([minutesAgo(10), minutesAgo(5), minutesAgo(1)], rule, now), { allowed: false, retryAfterSeconds: 5 * 60 });
  assert.equal(stateOf([minutesAgo(14), minutesAgo(10), minutesAgo(5), minutesAgo(1)], rule, now), { allowed: false, retryAfterSeconds: 5 * 60 }, "over the limit: two must leave");
  assert.equal([SIGN_IN_LIMITS.untrusted.limit, SIGN_IN_LIMITS.trusted.limit, SIGN_IN_LIMITS.account.limit, SIGN_IN_LIMITS.account.windowSeconds], [10, 5, 100, 3600]);
});

test("a stranger's failures do not stop the owner signing in from a browser or an address that signed in before", async () => {
  const { app, email } = await owner();
  const home = await signIn(app, email, PASSWORD, { address: "10.40.0.1" });
  assert.is(home.statusCode, 200);
  const device = deviceCookieOf(home)!;
  assert.ok(device, "a device cookie is set on success");
  assert.equal([device["httpOnly"], device["sameSite"], device["path"], device["secure"]], [true, "Strict", DEVICE_COOKIE_PATH, undefined]);
  assert.ok(Number(device["maxAge"]) >= 90 * 24 * 60 * 60, "long-lived");
  assert.not.match(device.name + device.value, email.split("@")[0]!, "the cookie does not name the account");

  for (let index = 0; index < 10; index++) assert.is((await signIn(app, email, "a stranger's guess", { address: `10.41.0.${index}` })).statusCode, 401);
  const refused = await signIn(app, email, PASSWORD, { address: "10.41.1.1" });
  assert.is(refused.statusCode, 429, "strangers are refused, even with the right password");
  assert.match(refused.json().detail, /^Too many attempts\. Please try again in \d+ minutes?\.$/);
  const retryAfter = Number(refused.headers["retry-after"]);
  assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);

  assert.is((await signIn(app, email, PASSWORD, { address: "10.42.0.1", cookies: [device] })).statusCode, 200, "the owner's browser, from anywhere");
  assert.is((await signIn(app, email, PASSWORD, { address: "10.40.0.1" })).statusCode, 200, "the owner's address, without the cookie");
  assert.is((await signIn(app, email, PASSWORD, { address: "10.43.0.1" })).statusCode, 429, "a new browser at a new address is a stranger");
});

test("a forged, altered, expired-looking or another account's device cookie counts as no cookie", async () => {
  const { app, email } = await owner();
  const other = await createTestUser(await createTestTenant(), { password: PASSWORD });
  const own = deviceCookieOf(await signIn(app, email, PASSWORD, { address: "10.50.0.1" }))!;
  const foreign = deviceCookieOf(await signIn(app, other.email, PASSWORD, { address: "10.50.0.2" }))!;
  assert.is.not(own.name, foreign.name, "one cookie per account");
  for (let index = 0; index < 10; index++) await signIn(app, email, "guess", { address: `10.51.0.${index}` });

  const [nonce, expires, mac] = own.value.split(".");
  const presented: [string, Cookie[]][] = [
    ["the other account's cookie", [foreign]],
    ["the other account's value under this account's name", [{ name: own.name, value: foreign.value }]],
    ["garbage", [{ name: own.name, value: "forged" }]],
    ["a later expiry", [{ name: own.name, value: `${nonce}.${Number(expires) + 1}.${mac}` }]],
    ["another nonce", [{ name: own.name, value: `x${nonce!.slice(1)}.${expires}.${mac}` }]],
  ];
  for (const [label, cookies] of presented) assert.is((await signIn(app, email, PASSWORD, { address: "10.52.0.1", cookies })).statusCode, 429, label);
  assert.is((await signIn(app, email, PASSWORD, { address: "10.52.0.1", cookies: [own] })).statusCode, 200, "the real one");
});

test("each trusted browser has a budget of its own", async () => {
  const { app, email } = await owner();
  const first = deviceCookieOf(await signIn(app, email, PASSWORD, { address: "10.60.0.1" }))!;
  const second = deviceCookieOf(await signIn(app, email, PASSWORD, { address: "10.60.0.1" }))!;
  for (let index = 0; index < 5; index++) assert.is((await signIn(app, email, "typo", { address: "10.61.0.1", cookies: [first] })).statusCode, 401);
  assert.is((await signIn(app, email, PASSWORD, { address: "10.61.0.1", cookies: [first] })).statusCode, 429, "the first browser has spent its budget");
  assert.is((await signIn(app, email, PASSWORD, { address: "10.61.0.1", cookies: [second] })).statusCode, 200, "the second has not");
  assert.is((await signIn(app, email, PASSWORD, { address: "10.62.0.1" })).statusCode, 200, "nor have the untrusted clients");
});

test("an address's limit across accounts holds strangers, not a browser that signed in before", async () => {
  const { app, email } = await owner();
  const device = deviceCookieOf(await signIn(app, email, PASSWORD, { address: "10.80.0.1" }))!;
  const shared = "10.81.0.1";
  await Promise.all(Array.from({ length: 50 }, (_, index) => signIn(app, `probe-${index}@spray.example`, "guess", { address: shared })));
  assert.is((await signIn(app, email, PASSWORD, { address: shared })).statusCode, 429, "without the cookie: the address is spent");
  assert.is((await signIn(app, email, PASSWORD, { address: shared, cookies: [device] })).statusCode, 200, "with it: the browser's own budget");
});

test("at most 100 failures an hour against one account, however many trusted browsers, even at once", async () => {
  const { app, email } = await owner();
  const devices: Cookie[] = [];
  for (let index = 0; index < 23; index++) devices.push(deviceCookieOf(await signIn(app, email, PASSWORD, { address: "10.70.0.1" }))!);
  // 22 browsers × 5 = 110 attempts at once: exactly 100 are checked, the rest refused.
  const answers = await Promise.all(devices.slice(0, 22).flatMap((device) => Array.from({ length: 5 }, () => signIn(app, email, "guess", { address: "10.71.0.1", cookies: [device] }))));
  const statuses = answers.map((answer) => answer.statusCode);
  assert.equal([statuses.filter((status) => status === 401).length, statuses.filter((status) => status === 429).length], [100, 10]);
  const last = await signIn(app, email, PASSWORD, { address: "10.72.0.1", cookies: [devices[22]!] });
  assert.is(last.statusCode, 429, "the 101st is refused, even from a trusted browser with its budget untouched");
  assert.ok(Number(last.headers["retry-after"]) > 55 * 60, `Retry-After ${last.headers["retry-after"]}: when the first failure is an hour old`);
});

test.run();
