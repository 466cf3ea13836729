import { createTestTenant, createTestUser } from "../../../support/database";
import { reportingCompany } from "../kpis/reporting-fixture";

/**
 * The investor reporting company: the KPI reporting company (revenue at level 1, cogs at 2,
 * customers at 0, cash at 3; P&L and Growth categories; actuals April–June 2025 and 2026) with
 * - writer: write_investor_reporting, reads every level (read_super_sensitive);
 * - reader: read_investor_reporting, reads level 0 only (customers);
 * - other: read_investor_reporting and every level, nothing shared with them;
 * - nobody: no permission.
 */
export async function investorCompany() {
  const world = await reportingCompany();
  const [writer, reader, other, nobody] = [
    await world.userWith(["write_investor_reporting", "read_super_sensitive"]),
    await world.userWith(["read_investor_reporting", "read_non_sensitive"]),
    await world.userWith(["read_investor_reporting", "read_super_sensitive"]),
    await world.userWith([]),
  ];
  /** Another company's user with every investor reporting permission, of the given kind. */
  const stranger = async (kind: "company" | "investor" | "holding" = "company") => {
    const tenantId = await createTestTenant({ kind });
    const user = await createTestUser(tenantId, { groups: [{ name: "Reports", permissions: ["write_investor_reporting", "read_super_sensitive"] }] });
    return { tenantId, id: user.id, headers: { authorization: `Bearer ${await world.services.signer.sign("access", { tenantId, userId: user.id }, 300)}` } };
  };
  const ok = (response: { status: number; body: any }, status = 200) => {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  /**
   * A draft of the writer's to June 2026, shared with the reader: a KPI section (revenue and
   * customers, by month, April–June 2026 against April–June 2025), a financial section (the P&L
   * category) and a text section.
   */
  const boardPack = async (name = "Board pack Q1") => {
    const report = ok(await world.call(writer.headers, "POST", "/api/investor-reporting/reports/", { name, endDate: "2026-06-01" }), 201);
    const id = report.id as number;
    const ranges = { toStartDate: "2026-04-01", toEndDate: "2026-06-01", fromStartDate: "2025-04-01", fromEndDate: "2025-06-01" };
    ok(await world.call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/sections/`, { variant: "kpi", settings: { kpiIds: [world.ids.revenue, world.ids.customers], ...ranges } }), 201);
    ok(await world.call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/sections/`, { variant: "financial_reporting", settings: { categoryId: world.ids.pl, viewType: "quarter", ...ranges } }), 201);
    const last = ok(await world.call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/sections/`, { variant: "text", content: { html: `<h2>Highlights</h2><p onclick="steal()">=A strong quarter<script>alert(1)</script></p>` } }), 201);
    ok(await world.call(writer.headers, "PUT", `/api/investor-reporting/reports/${id}/shares/`, { userIds: [reader.id] }));
    return { id, sections: last.schema.sections as { id: number; slug: string; name: string; variant: string }[] };
  };
  /** Changes a stored actual value directly, as an upload or integration would. */
  const setActual = (kpiId: number, month: string, value: number) =>
    world.withTenant(world.tenantId, { kind: "system", name: "test" }, ({ db }) => db.updateTable("kpi_values").set({ value }).where("kpi_id", "=", kpiId).where("series", "=", "actual").where("month", "=", month).execute());
  return { ...world, writer, reader, other, nobody, stranger, ok, boardPack, setActual };
}

/** The reported-range actuals of a KPI in a section's data, month by month. */
export const actualsOf = (data: any, slug: string, kpiId: number): (number | null)[] => data.data[slug].kpis.find((kpi: { id: number }) => kpi.id === kpiId)?.history.map((bucket: { actual: number | null }) => bucket.actual) ?? [];
