/**
 * Every permission codename of the product (spec section 6). Routes and endpoints name the
 * permissions they need; a user holds the union of their groups' and their own grants.
 */
export const PERMISSIONS = [
  // dashboards
  "access_my_dashboard",
  "access_operational_reporting",
  "access_strategic_reporting",
  "access_financial_reporting",
  "control_custom_dashboards",
  // planning
  "access_operational_planning",
  "access_financial_planning",
  "access_liquidity_planning",
  "read_liquidity_scenarios",
  "write_liquidity_scenarios",
  "approve_liquidity_scenarios",
  "access_liquidity_planning_admin",
  // KPI values by sensitivity (basic, confidential, strictly confidential, level 3)
  "read_non_sensitive",
  "read_sensitive",
  "read_most_sensitive",
  "read_super_sensitive",
  "write_non_sensitive",
  "write_sensitive",
  "write_most_sensitive",
  "write_super_sensitive",
  // KPIs, forecasting, query builder
  "create_custom_kpis",
  "can_build_kpis",
  "read_forecasts",
  "write_forecasts",
  // OKR
  "read_employee_okrs",
  "read_team_okrs",
  "read_corporate_okrs",
  "write_employee_okrs",
  "write_team_okrs",
  "write_corporate_okrs",
  "manage_okr_scheduler",
  // data management
  "upload_download_excel_data",
  "manage_data_integrations",
  // investor reporting
  "read_investor_reporting",
  "write_investor_reporting",
  // AI and deep drills
  "access_copilot_chat",
  "access_copilot",
  "access_deep_drills",
  // administration: only company administrators
  "manage_users",
  "manage_company_settings",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/**
 * "Higher permissions include lower ones": holding a key implies every permission listed for it.
 * Applied once when a user's permissions are resolved, so checks stay simple set lookups.
 */
export const IMPLIED_PERMISSIONS: Partial<Record<Permission, readonly Permission[]>> = {
  read_super_sensitive: ["read_most_sensitive", "read_sensitive", "read_non_sensitive"],
  read_most_sensitive: ["read_sensitive", "read_non_sensitive"],
  read_sensitive: ["read_non_sensitive"],
  write_super_sensitive: ["write_most_sensitive", "write_sensitive", "write_non_sensitive", "read_super_sensitive"],
  write_most_sensitive: ["write_sensitive", "write_non_sensitive", "read_most_sensitive"],
  write_sensitive: ["write_non_sensitive", "read_sensitive"],
  write_non_sensitive: ["read_non_sensitive"],
  write_corporate_okrs: ["read_corporate_okrs", "write_team_okrs"],
  write_team_okrs: ["read_team_okrs", "write_employee_okrs"],
  write_employee_okrs: ["read_employee_okrs"],
  read_corporate_okrs: ["read_team_okrs"],
  read_team_okrs: ["read_employee_okrs"],
  manage_okr_scheduler: ["read_corporate_okrs"],
  write_forecasts: ["read_forecasts"],
  write_investor_reporting: ["read_investor_reporting"],
  approve_liquidity_scenarios: ["read_liquidity_scenarios"],
  write_liquidity_scenarios: ["read_liquidity_scenarios"],
  access_liquidity_planning_admin: ["access_liquidity_planning", "read_liquidity_scenarios", "write_liquidity_scenarios", "approve_liquidity_scenarios"],
  access_copilot: ["access_copilot_chat"],
};

/** The granted permissions plus everything they imply. */
export function withImpliedPermissions(granted: Iterable<string>): Set<Permission> {
  const result = new Set<Permission>();
  const visit = (permission: Permission) => {
    if (result.has(permission)) return;
    result.add(permission);
    for (const implied of IMPLIED_PERMISSIONS[permission] ?? []) visit(implied);
  };
  for (const permission of granted) if (isPermission(permission)) visit(permission);
  return result;
}
