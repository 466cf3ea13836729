import { createTestTenant, createTestUser } from "../../../support/database";
import { reportingCompany } from "../kpis/reporting-fixture";

/**
 * The custom dashboards' company: the KPI reporting company (revenue at level 1, cogs at 2,
 * customers at 0, cash at 3…) with
 * - owner: control_custom_dashboards, reads up to level 1 (revenue, customers);
 * - editor and viewer: no permission of their own, reads up to level 0 (customers) / nothing;
 * - outsider: control_custom_dashboards and every KPI, but no dashboard shared;
 * - staff: is_staff, no grants.
 */
export async function dashboardsCompany() {
  const world = await reportingCompany();
  const [owner, editor, viewer, outsider, staff] = [
    await world.userWith(["control_custom_dashboards", "read_sensitive"]),
    await world.userWith(["read_non_sensitive"]),
    await world.userWith([]),
    await world.userWith(["control_custom_dashboards", "read_super_sensitive"]),
    await world.userWith([], { isStaff: true }),
  ];
  /** Another company's administrator-like user, with the permission. */
  const stranger = async () => {
    const tenantId = await createTestTenant();
    const user = await createTestUser(tenantId, { groups: [{ name: "Dashboards", permissions: ["control_custom_dashboards", "read_super_sensitive"] }] });
    return { id: user.id, headers: { authorization: `Bearer ${await world.services.signer.sign("access", { tenantId, userId: user.id }, 300)}` } };
  };
  /** A dashboard of the owner's, shared with the editor (edit) and the viewer (view), with a KPI card and a text card. */
  const sharedDashboard = async (name = "Board", kind: "grid" | "canvas" = "canvas") => {
    const created = await world.call(owner.headers, "POST", "/api/custom-dashboards/", { name, kind });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.id as number;
    await world.call(owner.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: world.ids.revenue });
    await world.call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "Notes", content: { type: "text", text: "Quarter close" } });
    const shared = await world.call(owner.headers, "PUT", `/api/custom-dashboards/${id}/permissions/`, { shares: [{ userId: editor.id, canEdit: true }, { userId: viewer.id, canEdit: false }] });
    if (shared.status !== 200) throw new Error(`share: ${shared.status} ${JSON.stringify(shared.body)}`);
    return shared.body as { id: number; revision: number; cards: { id: number; position: number; layout: { x: number; y: number; w: number; h: number } }[] };
  };
  /** A saved chart (through the charts API, the owner's unless said): the KPIs' actuals and plan by quarter over the six months to June 2026. */
  const savedChart = async (name: string, kpiIds: number[], by: { headers: Record<string, string> } = owner) => {
    const settings = { type: "bar", kpiIds, period: { months: 6, endMonth: "2026-06-01" }, bucket: "Q", series: ["actual", "planning"], colourScheme: "meridian", axis: { startAtZero: true, gridLines: true, valueLabels: false }, legend: { show: true, position: "bottom" }, pivot: { rows: "kpis", subtotals: false, totals: true, sort: "manual", rowOrder: [] } };
    const created = await world.call(by.headers, "POST", "/api/charts/", { name, settings });
    if (created.status !== 201) throw new Error(`chart: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as number;
  };
  return { ...world, owner, editor, viewer, outsider, staff, stranger, sharedDashboard, savedChart };
}
