import { test } from "uvu";
import * as assert from "uvu/assert";
import { createWithTenant } from "../../../src/server/db/tenancy";
import { EventWakeups } from "../../../src/server/platform/events/wakeups";
import { testApp } from "../../support/app";
import { readServerEvents } from "../../support/sse";
import { createTestTenant, createTestUser, testDatabase, TEST_ENGINE } from "../../support/database";

const system = { kind: "system", name: "test" } as const;

// Closed after every test, passed or failed, so a failure never leaves a server holding the run open.
const openApps: { close(): Promise<unknown> }[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
});

async function listeningApp(options: { wakeups?: EventWakeups } = {}) {
  const { app, services } = await testApp({}, options.wakeups ? { wakeups: options.wakeups } : {});
  openApps.push(app);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, services, address };
}

async function signedInUser(services: Awaited<ReturnType<typeof testApp>>["services"]) {
  const tenantId = await createTestTenant();
  const user = await createTestUser(tenantId);
  const token = await services.signer.sign("access", { tenantId, userId: user.id }, 300);
  return { tenantId, user, token };
}


test("the stream needs a valid access token in the Authorization header", async () => {
  const { app, services, address } = await listeningApp();
  const { tenantId, user } = await signedInUser(services);
  const url = `${address}/api/events/stream/`;
  assert.is((await fetch(url)).status, 401);
  assert.is((await fetch(url, { headers: { authorization: "Bearer not-a-token" } })).status, 401);
  const mfaToken = await services.signer.sign("mfa", { tenantId, userId: user.id }, 300);
  assert.is((await fetch(url, { headers: { authorization: `Bearer ${mfaToken}` } })).status, 401, "an MFA-step token is no access token");
  const inactive = await createTestUser(tenantId, { isActive: false });
  const inactiveToken = await services.signer.sign("access", { tenantId, userId: inactive.id }, 300);
  const refused = await fetch(url, { headers: { authorization: `Bearer ${inactiveToken}` } });
  assert.is(refused.status, 401);
  assert.equal(await refused.json(), { detail: "Given token not valid for any token type" });
  const badResume = await fetch(`${url}?after=-4`, { headers: { authorization: `Bearer ${(await signedInUser(services)).token}` } });
  assert.is(badResume.status, 400);
  await app.close();
});

test("new events of the user's tenant arrive live, other tenants' never", async () => {
  const { app, services, address } = await listeningApp();
  const { withTenant } = await testDatabase();
  const { tenantId, token } = await signedInUser(services);
  const other = await createTestTenant();
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "BeforeConnect", payload: {} }));
  const response = await fetch(`${address}/api/events/stream/`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(response.status, 200);
  assert.match(String(response.headers.get("content-type")), /text\/event-stream/);
  const received = readServerEvents(response, 2);
  await withTenant(other, system, (context) => context.appendEvent({ type: "ElsewhereHappened", payload: { secret: true } }));
  const author = await createTestUser(tenantId);
  await withTenant(tenantId, system, ({ db }) => db.updateTable("users").set({ first_name: "Ada", last_name: "Administrator" }).where("id", "=", author.id).execute());
  await withTenant(tenantId, { kind: "user", userId: author.id }, (context) => context.appendEvent({ type: "ValueNoted", payload: { kpi: 1, value: 5 } }));
  // A type no feature filters (ReportApproved, used here before, now reaches only the report's readers).
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "MaintenanceAnnounced", payload: { at: "2026-12-01" } }));
  const events = await received;
  assert.equal(events.map((event) => [event.seq, event.type]), [[2, "ValueNoted"], [3, "MaintenanceAnnounced"]]);
  assert.equal(events[0]?.payload, { kpi: 1, value: 5 });
  assert.is(events[0]?.actor, `user:${author.id}`);
  assert.is(events[0]?.actorName, "Ada Administrator", "the stream names who acted");
  assert.is(events[1]?.actorName, null, "a system actor has no name");
  await app.close();
});

test("a stream resumes after the last seq it saw (Last-Event-ID or ?after=)", async () => {
  const { app, services, address } = await listeningApp();
  const { withTenant } = await testDatabase();
  const { tenantId, token } = await signedInUser(services);
  for (const type of ["A", "B", "C", "D"]) await withTenant(tenantId, system, (context) => context.appendEvent({ type, payload: {} }));
  const byHeader = await fetch(`${address}/api/events/stream/`, { headers: { authorization: `Bearer ${token}`, "last-event-id": "2" } });
  assert.equal((await readServerEvents(byHeader, 2)).map((event) => event.type), ["C", "D"]);
  const byQuery = await fetch(`${address}/api/events/stream/?after=0`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal((await readServerEvents(byQuery, 4)).map((event) => event.seq), [1, 2, 3, 4]);
  await app.close();
});

test("a person's change reaches their other tabs but not the tab it came from, and no tab id is ever sent", async () => {
  const { app, services, address } = await listeningApp();
  const { withTenant } = await testDatabase();
  const { tenantId, user, token } = await signedInUser(services);
  const [tabA, tabB] = ["6f1c2b1e-9d7a-4c1e-8f00-000000000001", "6f1c2b1e-9d7a-4c1e-8f00-000000000002"];
  const open = (tab: string) => fetch(`${address}/api/events/stream/?after=0`, { headers: { authorization: `Bearer ${token}`, "x-meridian-tab": tab } });
  await withTenant(tenantId, { kind: "user", userId: user.id, tab: tabA }, (context) => context.appendEvent({ type: "ChangedInTabA", payload: {} }));
  await withTenant(tenantId, { kind: "user", userId: user.id, tab: tabB }, (context) => context.appendEvent({ type: "ChangedInTabB", payload: {} }));
  await withTenant(tenantId, { kind: "user", userId: user.id }, (context) => context.appendEvent({ type: "ChangedWithoutTab", payload: {} }));
  const inA = await readServerEvents(await open(tabA), 2);
  const inB = await readServerEvents(await open(tabB), 2);
  assert.equal(inA.map((event) => event.type), ["ChangedInTabB", "ChangedWithoutTab"]);
  assert.equal(inB.map((event) => event.type), ["ChangedInTabA", "ChangedWithoutTab"]);
  assert.ok([...inA, ...inB].every((event) => !("originTab" in event)), "the tab ids stay on the server");
  await app.close();
});

test("a request's tab header is recorded with the events it causes; a malformed one is no tab", async () => {
  const { app, services } = await listeningApp();
  const { withTenant } = await testDatabase();
  const { tenantId, token } = await signedInUser(services);
  const tab = "6f1c2b1e-9d7a-4c1e-8f00-0000000000aa";
  const save = (header: string) =>
    app.inject({ method: "PUT", url: "/api/settings/", headers: { authorization: `Bearer ${token}`, "x-meridian-tab": header }, payload: { daterangeFilter: { endDate: "2026-06-01", ignoreLastMonths: 1 } } });
  const tabs = async () => (await withTenant(tenantId, system, ({ db }) => db.selectFrom("events").select("origin_tab").orderBy("seq").execute())).map((row) => row.origin_tab);
  const before = (await tabs()).length;
  const first = await save(tab);
  assert.ok(first.statusCode < 300, first.body);
  await save("not-a-tab");
  const recorded = (await tabs()).slice(before);
  assert.ok(recorded.length >= 2, "the saves wrote events");
  assert.is(recorded[0], tab);
  assert.is(recorded.at(-1), null);
});

if (TEST_ENGINE === "postgres") {
  test("on PostgreSQL, a commit in another process wakes the stream through LISTEN/NOTIFY", async () => {
    const { database } = await testDatabase();
    const listening = new EventWakeups();
    await listening.listen(database, console as never);
    const { app, services, address } = await listeningApp({ wakeups: listening });
    try {
      const { tenantId, token } = await signedInUser(services);
      // This writer wakes nobody in-process, like a server process of its own would.
      const otherProcess = createWithTenant(database, () => {});
      const response = await fetch(`${address}/api/events/stream/`, { headers: { authorization: `Bearer ${token}` } });
      const received = readServerEvents(response, 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await otherProcess(tenantId, system, (context) => context.appendEvent({ type: "FromAnotherProcess", payload: {} }));
      assert.equal((await received).map((event) => event.type), ["FromAnotherProcess"]);
    } finally {
      await app.close();
      await listening.close();
    }
  });
}

test.run();
