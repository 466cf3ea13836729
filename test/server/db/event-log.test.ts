import { test } from "uvu";
import * as assert from "uvu/assert";
import { readEventsAfter } from "../../../src/server/db/event-log";
import { createTestTenant, testDatabase } from "../../support/database";

const system = { kind: "system", name: "test" } as const;

test("each tenant has its own gapless sequence", async () => {
  const { withTenant } = await testDatabase();
  const [tenantA, tenantB] = [await createTestTenant(), await createTestTenant()];
  for (const type of ["One", "Two", "Three"]) await withTenant(tenantA, system, (context) => context.appendEvent({ type, payload: {} }));
  await withTenant(tenantB, { kind: "user", userId: 7 }, async (context) => {
    await context.appendEvent({ type: "First", payload: { n: 1 }, version: 2 });
    await context.appendEvent({ type: "Second", payload: { n: 2 } });
  });
  const eventsA = await withTenant(tenantA, system, ({ db }) => readEventsAfter(db, 0, 100));
  const eventsB = await withTenant(tenantB, system, ({ db }) => readEventsAfter(db, 0, 100));
  assert.equal(eventsA.map((event) => [event.seq, event.type]), [[1, "One"], [2, "Two"], [3, "Three"]]);
  assert.equal(eventsB.map((event) => [event.seq, event.type, event.version, event.actor]), [
    [1, "First", 2, "user:7"],
    [2, "Second", 1, "user:7"],
  ]);
  assert.equal(eventsB[0]?.payload, { n: 1 });
  assert.equal((await withTenant(tenantA, system, ({ db }) => readEventsAfter(db, 2, 100))).map((event) => event.seq), [3]);
});

test("an event exists exactly when its change does: a rolled back change leaves no event and no gap", async () => {
  const { withTenant, wakeups } = await testDatabase();
  const tenantId = await createTestTenant();
  let wakes = 0;
  const unsubscribe = wakeups.subscribe(tenantId, () => wakes++);
  await withTenant(tenantId, system, async (context) => {
    await context.db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Kept" }).execute();
    await context.appendEvent({ type: "CategoryCreated", payload: { name: "Kept" } });
  });
  await withTenant(tenantId, system, async (context) => {
    await context.db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Lost" }).execute();
    await context.appendEvent({ type: "CategoryCreated", payload: { name: "Lost" } });
    throw new Error("the change fails after its event was appended");
  }).catch(() => {});
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "CategoryCreated", payload: { name: "Next" } }));
  unsubscribe();
  const events = await withTenant(tenantId, system, ({ db }) => readEventsAfter(db, 0, 100));
  assert.equal(events.map((event) => [event.seq, (event.payload as { name: string }).name]), [[1, "Kept"], [2, "Next"]]);
  const categories = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_categories").select("name").execute());
  assert.equal(categories, [{ name: "Kept" }]);
  assert.is(wakes, 2, "streams wake after each commit, never after a rollback");
});

test("concurrent appends to one tenant get distinct consecutive seqs", async () => {
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const stored = await Promise.all(
    Array.from({ length: 12 }, (_, index) => withTenant(tenantId, system, (context) => context.appendEvent({ type: "Parallel", payload: { index } }))),
  );
  assert.equal(stored.map((event) => event.seq).sort((a, b) => a - b), Array.from({ length: 12 }, (_, index) => index + 1));
});

test("withTenant refuses a tenant id that is not a uuid", async () => {
  const { withTenant } = await testDatabase();
  let message = "";
  await withTenant("1 or 1=1", system, async () => null).catch((error: Error) => (message = error.message));
  assert.match(message, /needs a tenant uuid/);
});

test.run();
