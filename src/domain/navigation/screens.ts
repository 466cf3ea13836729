import { accountingWizardPath } from "../integrations/accounting";
import type { Permission } from "../permissions/catalogue";

/**
 * The screens of the main layout: where they live, what they are called in the menu, and what a
 * user needs to reach them (any one of `anyOf`, and the tenant's `feature` flag). The server
 * builds the menu from this table and the route guard checks routes against it.
 *
 * `landed` says the screen is built. Until then it is in neither the menu nor the route table:
 * the product shows no placeholder pages.
 */
export interface Screen {
  readonly path: string;
  readonly label: string;
  readonly section: MenuSection;
  readonly anyOf: readonly Permission[] | "anyone";
  readonly feature?: string;
  readonly instances: readonly ("company" | "investor" | "holding")[];
  readonly landed: boolean;
  /** False: reached from another screen, not from the menu (its route and access check stay). */
  readonly menu?: false;
}

export type MenuSection =
  | "My dashboard"
  | "Reporting"
  | "Planning"
  | "Forecasting"
  | "Objectives"
  | "Investor reporting"
  | "Query builder"
  | "Data management"
  | "Warehouse"
  | "Holding"
  | "Portfolio"
  | "Copilot"
  | "Settings";

const COMPANY = ["company", "investor"] as const;
const ALL = ["company", "investor", "holding"] as const;
const OKR_READ: Permission[] = ["read_corporate_okrs", "read_team_okrs", "read_employee_okrs"];
const KPI_READ: Permission[] = ["read_super_sensitive", "read_most_sensitive", "read_sensitive", "read_non_sensitive"];

export const SCREENS: readonly Screen[] = [
  { path: "/my-dashboard", label: "My dashboard", section: "My dashboard", anyOf: ["access_my_dashboard"], feature: "my_dashboard", instances: COMPANY, landed: true },
  { path: "/reporting/operational-dashboard", label: "Operational dashboard", section: "Reporting", anyOf: ["access_operational_reporting"], instances: COMPANY, landed: true },
  { path: "/reporting/strategic-dashboard", label: "Strategic dashboard", section: "Reporting", anyOf: ["access_strategic_reporting"], instances: COMPANY, landed: true },
  { path: "/reporting/financial-dashboard", label: "Financial dashboard", section: "Reporting", anyOf: ["access_financial_reporting"], instances: COMPANY, landed: true },
  { path: "/reporting/custom", label: "Custom dashboards", section: "Reporting", anyOf: ["control_custom_dashboards"], instances: COMPANY, landed: true },
  // One custom dashboard: reached from the overview (spec: /reporting/custom-dashboard/{id?}), not the menu.
  { path: "/reporting/custom-dashboard", label: "Custom dashboard", section: "Reporting", anyOf: ["control_custom_dashboards"], instances: COMPANY, landed: true, menu: false },
  { path: "/reporting/list-view", label: "List view", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  // The chart builder (issue 13): saved charts for the KPI detail and custom dashboards.
  { path: "/reporting/custom-dashboard-helper", label: "Chart builder", section: "Reporting", anyOf: ["control_custom_dashboards"], instances: COMPANY, landed: true },
  { path: "/reporting/actions", label: "Actions", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  { path: "/reporting/issues", label: "Issues", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  // Issue 15: the KPIs as a tree of their formulas, and two to six KPIs (or one over three years) side by side.
  { path: "/reporting/kpi-tree", label: "KPI tree", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  { path: "/reporting/kpi-comparison", label: "KPI comparison", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  { path: "/reporting/kpi-detail", label: "KPI detail", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  // The person's KPI alerts (issue 15), each set from a KPI detail's Alerts tab.
  { path: "/reporting/alerts", label: "My alerts", section: "Reporting", anyOf: KPI_READ, instances: COMPANY, landed: true },
  // What each KPI means (issue 15): approved entries of the KPIs the reader may read; a KPI card links to its entry.
  { path: "/reporting/kpi-glossary", label: "KPI glossary", section: "Reporting", anyOf: KPI_READ, feature: "kpi_glossary", instances: COMPANY, landed: true },
  { path: "/planning/financial-planning", label: "Financial planning", section: "Planning", anyOf: ["access_financial_planning"], instances: COMPANY, landed: true },
  { path: "/planning/operational-planning", label: "Operational planning", section: "Planning", anyOf: ["access_operational_planning"], instances: COMPANY, landed: true },
  { path: "/liquidity-planning", label: "Liquidity planning", section: "Planning", anyOf: ["access_liquidity_planning"], instances: COMPANY, landed: true },
  { path: "/forecasting", label: "Forecasting", section: "Forecasting", anyOf: ["read_forecasts"], feature: "forecasting", instances: COMPANY, landed: true },
  // OKRs (issue 16): objectives by level and unit, one objective (okrs feature).
  { path: "/objectives/overview", label: "Objectives", section: "Objectives", anyOf: OKR_READ, feature: "okr", instances: ALL, landed: true },
  { path: "/objectives/corporate", label: "Corporate objectives", section: "Objectives", anyOf: ["read_corporate_okrs"], feature: "okr", instances: ALL, landed: true },
  { path: "/objectives/teams", label: "Team objectives", section: "Objectives", anyOf: ["read_team_okrs"], feature: "okr", instances: ALL, landed: true },
  { path: "/objectives/users", label: "Employee objectives", section: "Objectives", anyOf: OKR_READ, feature: "okr", instances: ALL, landed: true, menu: false },
  { path: "/objectives/id", label: "Objective", section: "Objectives", anyOf: OKR_READ, feature: "okr", instances: ALL, landed: true, menu: false },
  // OKRs (issue 16): the list view, team analytics and change log (okr-insights feature).
  { path: "/objectives/okrlistview", label: "OKR list view", section: "Objectives", anyOf: OKR_READ, feature: "okr", instances: ALL, landed: true },
  { path: "/objectives/okrteamanalytics", label: "Team analytics", section: "Objectives", anyOf: ["read_team_okrs"], feature: "okr", instances: ALL, landed: true },
  { path: "/objectives/changelog", label: "Change log", section: "Objectives", anyOf: OKR_READ, feature: "okr", instances: ALL, landed: true },
  // OKRs (issue 16): the check-in scheduler (okr-scheduler feature; OKR settings are with the settings below).
  { path: "/objectives/scheduler", label: "Scheduler", section: "Objectives", anyOf: ["manage_okr_scheduler"], feature: "okr", instances: ALL, landed: true },
  // End of the OKR screens.
  { path: "/investor-reporting", label: "Investor reporting", section: "Investor reporting", anyOf: ["read_investor_reporting"], instances: COMPANY, landed: true },
  { path: "/query-builder", label: "Query builder", section: "Query builder", anyOf: ["can_build_kpis"], feature: "query_builder", instances: COMPANY, landed: true },
  // Uploads and manual input need the spec's data input permission, not the integrations' (docs/decisions.md, "Uploads").
  { path: "/data-management", label: "Uploads", section: "Data management", anyOf: ["upload_download_excel_data"], instances: COMPANY, landed: true },
  { path: "/data-management/data-input", label: "Data input", section: "Data management", anyOf: ["upload_download_excel_data"], instances: COMPANY, landed: true },
  { path: "/integration", label: "Integrations", section: "Data management", anyOf: ["manage_data_integrations"], feature: "integration_dashboard", instances: COMPANY, landed: true },
  // The accounting import wizard: reached from the integrations overview (spec: /integration/{name}/wizard), not the menu.
  { path: accountingWizardPath(), label: "Accounting import", section: "Data management", anyOf: ["manage_data_integrations"], feature: "integration_dashboard", instances: COMPANY, landed: true, menu: false },
  // The warehouse: analytics over the company's raw deals, employees and products (docs/decisions.md, "Warehouse").
  { path: "/warehouse/sales", label: "Sales analytics", section: "Warehouse", anyOf: ["access_deep_drills"], instances: COMPANY, landed: true },
  { path: "/warehouse/list-view", label: "Warehouse list views", section: "Warehouse", anyOf: ["access_deep_drills"], instances: COMPANY, landed: true },
  { path: "/warehouse/snapshots", label: "Pipeline snapshots", section: "Warehouse", anyOf: ["access_deep_drills"], instances: COMPANY, landed: true },
  { path: "/warehouse/data-issues", label: "Data issues", section: "Warehouse", anyOf: ["access_deep_drills"], instances: COMPANY, landed: true },
  { path: "/warehouse/raw-data", label: "Raw data", section: "Warehouse", anyOf: ["upload_download_excel_data", "access_deep_drills"], instances: COMPANY, landed: true },
  { path: "/portfolio/companies", label: "Portfolio companies", section: "Portfolio", anyOf: "anyone", instances: ["investor"], landed: true },
  { path: "/portfolio/reports", label: "Reports received", section: "Portfolio", anyOf: "anyone", instances: ["investor"], landed: true },
  { path: "/portfolio/linking", label: "Multi-instance linking", section: "Portfolio", anyOf: "anyone", instances: ["investor"], landed: true },
  { path: "/holding/reporting", label: "Holding reporting", section: "Holding", anyOf: "anyone", feature: "holding_reporting", instances: ["holding"], landed: true },
  { path: "/holding/portfolio", label: "Portfolio management", section: "Holding", anyOf: "anyone", feature: "holding_reporting", instances: ["holding"], landed: true },
  { path: "/chat", label: "Copilot", section: "Copilot", anyOf: ["access_copilot_chat", "access_copilot"], feature: "copilot_chat", instances: COMPANY, landed: true },
  { path: "/settings/user-management", label: "User management", section: "Settings", anyOf: ["manage_users"], instances: ALL, landed: true },
  // A company's side of the holding relationship: the holdings' requests, authorized or denied here.
  { path: "/settings/holdings", label: "Holdings", section: "Settings", anyOf: ["manage_company_settings"], instances: ["company"], landed: true },
  // The company's KPIs and categories: custom ones (create_custom_kpis), a catalogue KPI's settings (administrators).
  { path: "/settings/kpi-management", label: "KPI management", section: "Settings", anyOf: ["create_custom_kpis", "manage_company_settings"], instances: COMPANY, landed: true },
  { path: "/settings/kpi-glossary", label: "KPI glossary", section: "Settings", anyOf: ["manage_company_settings"], feature: "kpi_glossary", instances: COMPANY, landed: true },
  // The FX table: readers of reporting view it, administrators edit it (the currency API's rules).
  { path: "/settings/currency-settings", label: "Currency settings", section: "Settings", anyOf: ["manage_company_settings", "read_non_sensitive", "read_sensitive", "read_most_sensitive", "read_super_sensitive"], instances: COMPANY, landed: true },
  // OKR settings (issue 16, okr-scheduler feature): status options, check-in cadence, reminders.
  { path: "/settings/okr-settings", label: "OKR settings", section: "Settings", anyOf: ["manage_company_settings", "manage_okr_scheduler"], feature: "okr", instances: ALL, landed: true },
  // The copilot's settings (issue 18): the company flag, the model, the agreement, the token budget, the request log.
  // No feature flag: this is where the flag is switched on.
  { path: "/settings/chatgpt-settings", label: "Copilot settings", section: "Settings", anyOf: ["manage_company_settings"], instances: COMPANY, landed: true },
  { path: "/settings/two-factor-auth", label: "Two-factor authentication", section: "Settings", anyOf: "anyone", feature: "two_factor_auth", instances: ALL, landed: true },
  // Company administration, like the other company settings; the API lets everyone read the structure (OKRs, liquidity planning show its units).
  { path: "/settings/organizational-structure", label: "Organizational structure", section: "Settings", anyOf: ["manage_company_settings"], instances: COMPANY, landed: true },
  { path: "/settings/company-settings", label: "Company settings", section: "Settings", anyOf: ["manage_company_settings"], instances: ALL, landed: true },
];

/** The screen a path belongs to: the longest screen path that is a prefix of it. */
export function screenOf(path: string, screens: readonly Screen[] = SCREENS): Screen | undefined {
  let best: Screen | undefined;
  for (const screen of screens) {
    if ((path === screen.path || path.startsWith(`${screen.path}/`)) && (!best || screen.path.length > best.path.length)) best = screen;
  }
  return best;
}
