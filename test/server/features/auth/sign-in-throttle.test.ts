import { test } from "uvu";
import * as assert from "uvu/assert";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser } from "../../../support/database";

const PASSWORD = "a good long password";

test("failed sign-ins are limited per account: then even the right password waits, with Retry-After", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const attempt = (password: string, address: string) => app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: user.email, password }, remoteAddress: address });
  for (let index = 0; index < 10; index++) assert.is((await attempt("wrong", `10.1.0.${index}`)).statusCode, 401);
  const limited = await attempt(PASSWORD, "10.1.1.1");
  assert.is(limited.statusCode, 429);
  assert.match(limited.json().detail, /^Too many attempts\. Please try again in \d+ minutes?\.$/);
  assert.ok(Number(limited.headers["retry-after"]) > 0);
});

test("an unknown address is limited exactly like a known one (nothing tells whether it exists)", async () => {
  const { app } = await testApp();
  const attempt = () => app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: "ghost@nowhere.example", password: "wrong" }, remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.1` });
  for (let index = 0; index < 10; index++) assert.is((await attempt()).statusCode, 401);
  assert.is((await attempt()).statusCode, 429);
});

test("failed sign-ins of untrusted clients are limited per client address across accounts", async () => {
  const { app } = await testApp();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId, { password: PASSWORD });
  const address = "10.3.3.3";
  for (let index = 0; index < 5; index++) await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: user.email, password: "wrong" }, remoteAddress: "10.3.9.9" });
  assert.is((await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: user.email, password: PASSWORD }, remoteAddress: "10.3.9.9" })).statusCode, 200);
  for (let index = 0; index < 50; index++) {
    await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: `probe-${index}@x.example`, password: "wrong" }, remoteAddress: address });
  }
  const blocked = await app.inject({ method: "POST", url: "/auth-api/auth/token/", payload: { email: user.email, password: PASSWORD }, remoteAddress: address });
  assert.is(blocked.statusCode, 429);
});

test.run();
