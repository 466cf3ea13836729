import { Schema } from "@effect/schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CustomDashboard } from "../../../../src/contracts/custom-dashboards";
import { DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { DEMO_DASHBOARDS } from "../../../../src/server/db/seed/demo-dashboards";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { testApp } from "../../../support/app";
import { testDatabase } from "../../../support/database";

const NOW = new Date("2026-11-21T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

test("Demo GmbH: a grid and a canvas of the administrator's, shared with the Employee, who opens them without the permission", async () => {
  const shared = await testDatabase();
  await seedDemoData(shared.database, shared.withTenant, NOW);
  const { app, services } = await testApp();
  const userId = async (email: string) => shared.withTenant(DEMO_GMBH_ID, system, async ({ db }) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
  const headersOf = async (email: string) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: await userId(email) }, 300)}` });
  const employee = await headersOf("employee@demo.example");
  const get = async (headers: Record<string, string>, url: string) => (await app.inject({ method: "GET", url, headers })).json();

  const list = await get(employee, "/api/custom-dashboards/");
  assert.equal(list.dashboards.map((item: { name: string; kind: string; canEdit: boolean }) => [item.name, item.kind, item.canEdit]), [["Leadership overview", "grid", false], ["Sales canvas", "canvas", true]]);
  for (const [index, summary] of (list.dashboards as { id: number }[]).entries()) {
    const dashboard = Schema.decodeUnknownSync(CustomDashboard)(await get(employee, `/api/custom-dashboards/${summary.id}/`));
    assert.is(dashboard.cards.length, DEMO_DASHBOARDS[index]!.cards.length, `${dashboard.name}: every card's KPI and chart is in the demo`);
    // A card of a saved demo chart, which the Employee the dashboard is shared with can read.
    const charts = dashboard.cards.flatMap((card) => (card.content.type === "chart" ? [{ title: card.title, chartId: card.content.chartId }] : []));
    assert.is(charts.length, 1, `${dashboard.name}: one chart card`);
    const chart = await get(employee, `/api/charts/${charts[0]!.chartId}/`);
    assert.is(chart.name, charts[0]!.title);
  }
  assert.is((await get(employee, "/api/auth/users/me/")).access_custom_dashboard, true);
  await app.close();
});

test.run();
