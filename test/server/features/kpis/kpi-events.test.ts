import { test } from "uvu";
import * as assert from "uvu/assert";
import { testApp } from "../../../support/app";
import { readServerEvents } from "../../../support/sse";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;


const openApps: { close(): Promise<unknown> }[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
});

test("a KPI value edit streams only to users who may read the KPI", async () => {
  const { app, services } = await testApp();
  openApps.push(app);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const secret = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Finance" }).returning("id").executeTakeFirstOrThrow();
    return db
      .insertInto("kpis")
      .values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key: "cash", name: "Cash", unit: "currency", aggregation_type: "dd", sensitivity: 2, formula: null, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
      .returning("id")
      .executeTakeFirstOrThrow();
  });
  const insider = await createTestUser(tenantId, { groups: [{ name: "Insiders", permissions: ["write_most_sensitive"] }] });
  const outsider = await createTestUser(tenantId, { groups: [{ name: "Outsiders", permissions: ["read_non_sensitive"] }] });
  const stream = async (userId: number) =>
    fetch(`${address}/api/events/stream/`, { headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 300)}` } });
  const insiderEvents = readServerEvents(await stream(insider.id), 2);
  const outsiderEvents = readServerEvents(await stream(outsider.id), 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const edit = await app.inject({
    method: "POST",
    url: "/api/kpis/monthly-values/",
    headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: insider.id }, 300)}` },
    payload: { values: [{ kpi: secret.id, date: "2026-10-01", value: 4_500_000 }] },
  });
  assert.is(edit.statusCode, 200);
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "SomethingPublic", payload: {} }));
  assert.equal((await insiderEvents).map((event) => event.type), ["KpiValueEdited", "SomethingPublic"]);
  const seenByOutsider = await outsiderEvents;
  assert.equal(seenByOutsider.map((event) => event.type), ["SomethingPublic"], "the edit of a KPI the outsider cannot read never reaches them");
});

test.run();
