import { PERMISSIONS, type Permission } from "./catalogue";

/** The role names of the product; each is a default permission group of every tenant. */
export const ROLE_NAMES = ["Administrator", "C-Level", "Delegate", "Employee", "External", "Investor", "Head of department"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const DASHBOARDS: Permission[] = ["access_my_dashboard", "access_operational_reporting", "access_strategic_reporting", "access_financial_reporting"];

/**
 * What each role's default group grants (the spec leaves the mapping open; docs/decisions.md
 * gives the reasons). Implied permissions are added on resolution, so each list names only tops.
 */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  Administrator: PERMISSIONS,
  "C-Level": PERMISSIONS.filter((permission) => permission !== "manage_users" && permission !== "manage_company_settings"),
  Delegate: [
    ...DASHBOARDS,
    "control_custom_dashboards",
    "access_financial_planning",
    "access_operational_planning",
    "write_most_sensitive",
    "write_forecasts",
    "write_team_okrs",
    "read_corporate_okrs",
    "write_investor_reporting",
    "upload_download_excel_data",
    "access_copilot_chat",
    "access_deep_drills",
  ],
  "Head of department": [
    "access_my_dashboard",
    "access_operational_reporting",
    "access_strategic_reporting",
    "access_operational_planning",
    "write_most_sensitive",
    "read_forecasts",
    "write_team_okrs",
    "read_corporate_okrs",
    "upload_download_excel_data",
    "access_copilot_chat",
    "access_deep_drills",
  ],
  Employee: ["access_my_dashboard", "access_operational_reporting", "read_sensitive", "write_non_sensitive", "write_employee_okrs", "read_team_okrs"],
  External: ["access_my_dashboard", "access_operational_reporting", "read_non_sensitive"],
  Investor: ["access_my_dashboard", "access_strategic_reporting", "access_financial_reporting", "read_sensitive", "read_investor_reporting"],
};
