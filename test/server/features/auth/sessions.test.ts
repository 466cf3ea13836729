import { test } from "uvu";
import * as assert from "uvu/assert";
import { rotateSession, startSession, type IssuedRefresh, type SessionPolicy } from "../../../../src/server/features/auth/sessions";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const policy: SessionPolicy = { idleMinutes: 30, absoluteHours: 12, graceSeconds: 30 };
const system = { kind: "system", name: "test" } as const;
const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

async function session() {
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId);
  const start = new Date();
  const first = await withTenant(tenantId, system, (context) => startSession(context, user.id, policy, start));
  const rotate = (token: string, now: Date) => withTenant(tenantId, system, (context) => rotateSession(context, token, policy, now));
  return { start, first, rotate };
}

test("a token is good until its idle lifetime runs out", async () => {
  const { start, first, rotate } = await session();
  assert.is(await rotate(first.token, at(start, 31)), "expired");
  const { start: s2, first: f2, rotate: r2 } = await session();
  assert.type(await r2(f2.token, at(s2, 29)), "object");
});

test("refreshing keeps a session alive, but never past the absolute lifetime of 12 hours", async () => {
  const { start, first, rotate } = await session();
  let token = first.token;
  let minutes = 0;
  for (;;) {
    minutes += 25;
    const outcome = await rotate(token, at(start, minutes));
    if (typeof outcome === "string") {
      assert.is(outcome, "expired");
      break;
    }
    token = (outcome as IssuedRefresh).token;
    assert.ok(outcome.idleExpiresAt.getTime() <= at(start, 12 * 60).getTime());
  }
  assert.ok(minutes > 11 * 60 && minutes <= 12 * 60 + 25, `ended after ${minutes} min`);
});

test("a replaced token presented after the grace window revokes the whole family", async () => {
  const { start, first, rotate } = await session();
  const second = (await rotate(first.token, at(start, 1))) as IssuedRefresh;
  const withinGrace = await rotate(first.token, at(start, 1.25));
  assert.type(withinGrace, "object", "a second tab within 30 s gets a token too");
  assert.is(await rotate(first.token, at(start, 2)), "reused");
  assert.is(await rotate(second.token, at(start, 2.1)), "revoked", "the thief's and the owner's tokens both die");
  assert.is(await rotate("garbage", at(start, 2.2)), "unknown");
});

test.run();
