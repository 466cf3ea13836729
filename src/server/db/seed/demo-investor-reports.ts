import { defaultSettings } from "../../../domain/investor-reporting/section-settings";
import { monthDateOf, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../tenancy";
import { DEMO_GMBH_ID, type DemoCompany } from "./demo-companies";

/**
 * Demo GmbH's board pack to its investors: a draft of the administrator's to last month with a KPI
 * section (revenue, gross margin, new bookings), a financial section (the P&L by quarter) and a
 * text section, shared with the company's Investor and addressed to Atlas Ventures' partners, so
 * approving and sending it shows the whole flow. Only Demo GmbH gets it; a few inserts, no figures
 * (a draft is computed when it is read).
 */
export const DEMO_REPORT_NAME = "Board pack";

export async function seedDemoInvestorReport({ db, tenantId }: TenantContext, company: DemoCompany, currentMonth: MonthIndex): Promise<void> {
  if (company.id !== DEMO_GMBH_ID) return;
  const emailOf = (role: string) => company.users.find((user) => user.role === role)?.email ?? "";
  const users = new Map((await db.selectFrom("users").select(["id", "email"]).execute()).map((user) => [user.email, user.id]));
  const kpis = new Map((await db.selectFrom("kpis").select(["id", "key"]).execute()).map((kpi) => [kpi.key, kpi.id]));
  const pl = await db.selectFrom("kpi_categories").select("id").where("name", "=", "P&L").executeTakeFirst();
  const owner = users.get(emailOf("Administrator")) ?? null;
  const report = await db
    .insertInto("investor_reports")
    .values({ tenant_id: tenantId, name: DEMO_REPORT_NAME, end_date: monthDateOf(currentMonth - 1), owner_id: owner })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The settings a new KPI section starts with, showing the three KPIs.
  const kpiSettings = { ...defaultSettings("kpi"), kpiIds: ["revenue", "gross_margin", "new_bookings"].map((key) => kpis.get(key)).filter((id): id is number => id !== undefined) };
  const letter = {
    html:
      "<p>Revenue grew <strong>ahead of plan</strong> this quarter, driven by new bookings in the mid-market segment.</p>" +
      "<ul><li>Gross margin held steady despite higher hosting costs.</li><li>Two senior hires in sales start next month.</li></ul>",
  };
  await db
    .insertInto("investor_report_sections")
    .values([
      { tenant_id: tenantId, report_id: report.id, name: "Key figures", slug: "kpi_1", variant: "kpi", position: 0, settings: JSON.stringify(kpiSettings), content: null },
      { tenant_id: tenantId, report_id: report.id, name: "Profit and loss", slug: "financial_reporting_2", variant: "financial_reporting", position: 1, settings: JSON.stringify({ ...kpiSettings, kpiIds: [], categoryId: pl?.id ?? null, viewType: "quarter" }), content: null },
      { tenant_id: tenantId, report_id: report.id, name: "Letter", slug: "text_3", variant: "text", position: 2, settings: "{}", content: JSON.stringify(letter) },
    ])
    .execute();
  const investor = users.get(emailOf("Investor"));
  if (investor !== undefined) await db.insertInto("investor_report_shares").values({ tenant_id: tenantId, report_id: report.id, user_id: investor }).execute();
  await db.insertInto("investor_report_recipients").values({ tenant_id: tenantId, report_id: report.id, email: "partners@atlas.example", name: "Atlas Ventures partners" }).execute();
}
