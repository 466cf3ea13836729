import { Schema } from "@effect/schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { InvestorReport, ReportData } from "../../../../src/contracts/investor-reporting";
import { DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { DEMO_REPORT_NAME } from "../../../../src/server/db/seed/demo-investor-reports";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { testApp } from "../../../support/app";
import { testDatabase } from "../../../support/database";

const NOW = new Date("2026-11-21T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

test("Demo GmbH: a draft board pack with a KPI, a financial and a text section, read by the company's Investor with figures to last month", async () => {
  const shared = await testDatabase();
  await seedDemoData(shared.database, shared.withTenant, NOW);
  const { app, services } = await testApp();
  const userId = async (email: string) => shared.withTenant(DEMO_GMBH_ID, system, async ({ db }) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
  const headersOf = async (email: string) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: await userId(email) }, 300)}` });
  const get = async (headers: Record<string, string>, url: string) => (await app.inject({ method: "GET", url, headers })).json();
  const investor = await headersOf("investor@demo.example");
  const list = await get(investor, "/api/investor-reporting/reports/");
  assert.equal(list.reports.map((report: { name: string; status: string }) => [report.name, report.status]), [[DEMO_REPORT_NAME, "draft"]]);
  const report = Schema.decodeUnknownSync(InvestorReport)(await get(await headersOf("admin@demo.example"), `/api/investor-reporting/reports/${list.reports[0].id}/`));
  assert.equal(report.schema.sections.map((section) => section.variant), ["kpi", "financial_reporting", "text"]);
  assert.equal([report.endDate, report.recipients.length], ["2026-10-01", 1]);
  const data = Schema.decodeUnknownSync(ReportData)(await get(investor, `/api/investor-reporting/reports/${report.id}/data/`));
  const kpis = data.data["kpi_1"];
  assert.ok(kpis?.kind === "kpis" && kpis.kpis.length === 3, "revenue, gross margin and new bookings, all readable by the Investor");
  assert.ok(kpis.kpis[0]!.history.at(-1)!.actual !== null, "last month has figures");
  const pl = data.data["financial_reporting_2"];
  assert.ok(pl?.kind === "kpis" && pl.kpis.length > 5, "the P&L category's KPIs");
  await app.close();
});

test.run();
