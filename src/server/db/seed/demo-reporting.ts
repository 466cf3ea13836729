import type { FlexibleColumn } from "../../../contracts/kpis";
import { withImpliedPermissions } from "../../../domain/permissions/catalogue";
import { effectiveSensitivities } from "../../../domain/permissions/effective-sensitivity";
import { ROLE_PERMISSIONS, type RoleName } from "../../../domain/permissions/roles";
import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import type { TenantContext } from "../tenancy";
import type { DemoCompany } from "./demo-companies";

/**
 * The financial table of the P&L: this year against plan and last year, and where the year ends
 * on the forecast.
 */
export const DEMO_PL_COLUMNS: readonly FlexibleColumn[] = [
  { id: "actual_ytd", title: "Actual YTD", type: "ytd", dataType: "actuals" },
  { id: "plan_ytd", title: "Plan YTD", type: "ytd", dataType: "planning" },
  { id: "delta_abs", title: "Δ abs", type: "deviation", deviation: { baseLineColumn: "plan_ytd", comparisonColumn: "actual_ytd", displayIn: "absolute" } },
  { id: "delta_pct", title: "Δ %", type: "deviation", deviation: { baseLineColumn: "plan_ytd", comparisonColumn: "actual_ytd", displayIn: "percent" } },
  { id: "last_year_ytd", title: "Last year YTD", type: "ytd", dataType: "actuals", offset: { value: -1, type: "year" } },
  { id: "forecast_full_year", title: "Full-year forecast", type: "full_year", dataType: "actuals_forecast" },
];

/** Columns of the demo categories that have a financial table. */
export const DEMO_CATEGORY_COLUMNS: Readonly<Record<string, readonly FlexibleColumn[]>> = { "P&L": DEMO_PL_COLUMNS };

/**
 * Six favorites per role, so each demo user's "my dashboard" starts with what that role watches.
 * Each list names more than six: the seed keeps the first six the user may read.
 */
export const DEMO_FAVORITES: Record<RoleName, readonly string[]> = {
  Administrator: ["revenue", "ebitda", "cash_balance", "mrr", "gross_margin", "headcount"],
  "C-Level": ["revenue", "ebitda", "cash_balance", "arr", "nrr", "runway"],
  Delegate: ["revenue", "ebitda", "gross_margin", "net_burn", "runway", "mrr", "new_bookings"],
  "Head of department": ["headcount", "attrition", "time_to_hire", "open_positions", "csat", "support_tickets", "enps"],
  Employee: ["csat", "nps", "support_tickets", "mau", "uptime", "releases", "first_response_time"],
  External: ["csat", "on_time_delivery", "uptime", "nps", "support_tickets", "implementation_time", "mau"],
  Investor: ["revenue", "arr", "mrr", "gross_margin", "customers", "nrr", "new_bookings"],
};

export const DEMO_FAVORITES_PER_USER = 6;

/** Gives every demo user of a company with KPI data their role's favorites (readable ones only). */
export async function seedDemoFavorites({ db, tenantId }: TenantContext, company: DemoCompany) {
  const [users, kpis] = await Promise.all([db.selectFrom("users").select(["id", "email"]).execute(), db.selectFrom("kpis").select(["id", "key", "sensitivity", "formula"]).execute()]);
  const kpiByKey = new Map(kpis.map((kpi) => [kpi.key, kpi] as const));
  const levels = effectiveSensitivities(kpis);
  const rows = company.users.flatMap((demoUser) => {
    const user = users.find((candidate) => candidate.email === demoUser.email);
    if (!user) return [];
    const permissions = withImpliedPermissions(ROLE_PERMISSIONS[demoUser.role]);
    const readable = DEMO_FAVORITES[demoUser.role].flatMap((key) => {
      const kpi = kpiByKey.get(key);
      return kpi && canReadSensitivity(permissions, levels.get(kpi.key)!) ? [kpi.id] : [];
    });
    return readable.slice(0, DEMO_FAVORITES_PER_USER).map((kpiId, position) => ({ tenant_id: tenantId, user_id: user.id, kpi_id: kpiId, position }));
  });
  if (rows.length > 0) await db.insertInto("kpi_favorites").values(rows).execute();
  return rows.length;
}
