import type { Migration, MigrationProvider } from "kysely/migration";
import * as platform from "./0001_platform";
import * as kpiData from "./0002_kpi_data";
import * as auth from "./0003_auth";
import * as accountSecurity from "./0004_account_security";
import * as sso from "./0005_sso";
import * as portfolioAccess from "./0006_portfolio_access";
import * as kpiReporting from "./0007_kpi_reporting";
import * as kpiPeriodRule from "./0008_kpi_period_rule";
import * as signInBudget from "./0009_sign_in_budget";
import * as queryBuilder from "./0011_query_builder";
import * as accounting from "./0012_accounting";
import * as uploads from "./0010_uploads";
import * as warehouse from "./0014_warehouse";
import * as integrations from "./0013_integrations";
import * as planningVersions from "./0015_planning_versions";
import * as forecasting from "./0016_forecasting";
import * as dataInSchedules from "./0017_data_in_schedules";
import * as eventOriginTab from "./0018_event_origin_tab";
import * as customDashboards from "./0019_custom_dashboards";
import * as charts from "./0020_charts";
import * as investorReports from "./0022_investor_reports";
import * as reportRichText from "./0023_report_rich_text";
import * as holding from "./0024_holding";
import * as mailAttachments from "./0026_mail_attachments";
import * as userNotifications from "./0027_user_notifications";
import * as collaboration from "./0028_collaboration";
import * as kpiAlerts from "./0029_kpi_alerts";
import * as kpiGlossary from "./0032_kpi_glossary";
import * as companySettings from "./0033_company_settings";
import * as okrs from "./0034_okrs";
import * as okrScheduler from "./0035_okr_scheduler";
import * as liquidity from "./0036_liquidity";
import * as copilot from "./0037_copilot";

/**
 * Every migration, in order. Listed in code (not read from a folder) so the server bundle
 * carries them. One set runs on both PGlite and PostgreSQL.
 */
const migrations: Record<string, Migration> = {
  "0001_platform": platform,
  "0002_kpi_data": kpiData,
  "0003_auth": auth,
  "0004_account_security": accountSecurity,
  "0005_sso": sso,
  "0006_portfolio_access": portfolioAccess,
  "0007_kpi_reporting": kpiReporting,
  "0008_kpi_period_rule": kpiPeriodRule,
  "0009_sign_in_budget": signInBudget,
  "0011_query_builder": queryBuilder,
  "0012_accounting": accounting,
  "0010_uploads": uploads,
  "0014_warehouse": warehouse,
  "0013_integrations": integrations,
  "0015_planning_versions": planningVersions,
  "0016_forecasting": forecasting,
  "0017_data_in_schedules": dataInSchedules,
  "0018_event_origin_tab": eventOriginTab,
  "0019_custom_dashboards": customDashboards,
  "0020_charts": charts,
  "0022_investor_reports": investorReports,
  "0023_report_rich_text": reportRichText,
  "0024_holding": holding,
  "0026_mail_attachments": mailAttachments,
  "0027_user_notifications": userNotifications,
  "0028_collaboration": collaboration,
  "0029_kpi_alerts": kpiAlerts,
  "0032_kpi_glossary": kpiGlossary,
  "0033_company_settings": companySettings,
  "0034_okrs": okrs,
  "0035_okr_scheduler": okrScheduler,
  "0036_liquidity": liquidity,
  "0037_copilot": copilot,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
