// The demo company's query (seeded as a draft) keeps the result contract on the demo data, and
// the demo administrator can preview it and activate it: logo churn becomes its history.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { testApp } from "../../../support/app";
import { testDatabase } from "../../../support/database";

// The same "today" as the other demo seed tests, so the shared database holds one seed whoever seeds it.
const NOW = new Date("2026-11-21T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

test("the seeded draft previews as 35 monthly values of logo churn", async () => {
  const { database, withTenant } = await testDatabase();
  await seedDemoData(database, withTenant, NOW);
  const { app, services } = await testApp();
  try {
    const { admin, query } = await withTenant(DEMO_GMBH_ID, system, async ({ db }) => ({
      admin: await db.selectFrom("users").select("id").where("email", "=", "admin@demo.example").executeTakeFirstOrThrow(),
      query: await db.selectFrom("kpi_queries").select(["id", "sql", "kpi_id", "status"]).executeTakeFirstOrThrow(),
    }));
    assert.is(query.status, "draft");
    const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: admin.id }, 300)}` };
    const preview = await app.inject({ method: "POST", url: "/api/qb/run/", headers, payload: { sql: query.sql, kpi: query.kpi_id } });
    assert.is(preview.statusCode, 200, preview.body);
    const result = preview.json();
    assert.equal(result.columns, ["month", "value"]);
    assert.equal(result.monthlyValues, { ok: true, months: 35, problems: [] }, "every month with a month before it");
    assert.ok(result.rows.every((row: [string, string]) => Number(row[1]) >= 0 && Number(row[1]) < 100), "a share in percent");
  } finally {
    await app.close();
  }
});

test.run();
