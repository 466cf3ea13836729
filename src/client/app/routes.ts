import type { ComponentType } from "react";
import { lazyScreen } from "./lazy-screen";

/**
 * The screens that exist, each its own chunk. Public screens render without the shell; main
 * screens inside it. A screen is added here when it lands (and marked `landed` in
 * domain/navigation/screens.ts, which puts it in the menu).
 *
 * A screen names the features it needs besides the core ones (app/features.ts): they register
 * with the bus when the screen's chunk loads.
 *
 * Paths match the whole address (routes are not nested: a nested route makes every link inside
 * its screen relative to it). A screen with sub-addresses says so with `:param?` or `*?`.
 */
export interface RouteEntry {
  readonly path: string;
  readonly screen: ComponentType;
}

export const PUBLIC_SCREENS: readonly RouteEntry[] = [
  { path: "/login", screen: lazyScreen("login", () => import("../features/session/views/login-screen"), ["account"]) },
  { path: "/login/mfa", screen: lazyScreen("login-mfa", () => import("../features/account/views/mfa-screen"), ["account"]) },
  { path: "/forgetpassword", screen: lazyScreen("forgot-password", () => import("../features/account/views/forgot-password-screen"), ["account"]) },
  { path: "/iframelogin", screen: lazyScreen("iframe-login", () => import("../features/account/views/iframe-login-screen"), ["account"]) },
  { path: "/oauth", screen: lazyScreen("oauth", () => import("../features/account/views/oauth-screen"), ["account"]) },
  { path: "/password/reset/confirm/:uid/:token", screen: lazyScreen("reset-password", () => import("../features/account/views/reset-password-screen"), ["account"]) },
  // A custom dashboard on paper (the print pipeline renders these with a print token).
  { path: "/print/reporting/custom-dashboard/:id", screen: lazyScreen("print-custom-dashboard", () => import("../features/custom-dashboards/views/print-dashboard-screen"), ["customDashboards", "kpis"]) },
  { path: "/export/custom-dashboard/:id", screen: lazyScreen("export-custom-dashboard", () => import("../features/custom-dashboards/views/print-dashboard-screen"), ["customDashboards", "kpis"]) },
  // The board pack (a person's preview, and what the server prints for the PDF export and for sending).
  { path: "/print/investor-reporting/:reportId", screen: lazyScreen("print-investor-report", () => import("../features/investor-reporting/views/print-report-screen"), ["investorReporting", "kpis", "charts"]) },
];

export const MAIN_SCREENS: readonly RouteEntry[] = [
  { path: "/my-dashboard/:tab?", screen: lazyScreen("my-dashboard", () => import("../features/kpis/views/my-dashboard-screen"), ["kpis"]) },
  { path: "/reporting/operational-dashboard", screen: lazyScreen("operational-dashboard", () => import("../features/kpis/views/operational-dashboard-screen"), ["kpis"]) },
  { path: "/reporting/financial-dashboard/:categoryId?", screen: lazyScreen("financial-dashboard", () => import("../features/kpis/views/financial-dashboard-screen"), ["kpis", "planning"]) },
  { path: "/reporting/list-view", screen: lazyScreen("list-view", () => import("../features/kpis/views/list-view-screen"), ["kpis"]) },
  { path: "/reporting/kpi-detail/:kpiId/*?", screen: lazyScreen("kpi-detail", () => import("../features/kpis/views/kpi-detail-screen"), ["kpis", "charts", "collaboration", "alerts", "kpiAnalysis", "copilot"]) },
  // Comments become actions (issue 15): the company's actions, one action with its thread, and the issues view.
  { path: "/reporting/actions/:actionId?", screen: lazyScreen("actions", () => import("../features/collaboration/views/actions-screen"), ["collaboration", "kpis"]) },
  { path: "/reporting/issues", screen: lazyScreen("issues", () => import("../features/collaboration/views/issues-screen"), ["collaboration"]) },
  { path: "/reporting/alerts", screen: lazyScreen("my-alerts", () => import("../features/alerts/views/my-alerts-screen"), ["alerts"]) },
  { path: "/reporting/kpi-tree", screen: lazyScreen("kpi-tree", () => import("../features/kpi-analysis/views/kpi-tree-screen"), ["kpis"]) },
  { path: "/reporting/kpi-comparison", screen: lazyScreen("kpi-comparison", () => import("../features/kpi-analysis/views/kpi-comparison-screen"), ["kpis"]) },
  { path: "/reporting/custom", screen: lazyScreen("custom-dashboards", () => import("../features/custom-dashboards/views/overview-screen"), ["customDashboards"]) },
  { path: "/reporting/custom-dashboard/:id?", screen: lazyScreen("custom-dashboard", () => import("../features/custom-dashboards/views/dashboard-screen"), ["customDashboards", "kpis"]) },
  { path: "/reporting/strategic-dashboard", screen: lazyScreen("strategic-dashboard", () => import("../features/kpis/views/strategic-dashboard-screen"), ["kpis"]) },
  { path: "/query-builder", screen: lazyScreen("query-builder", () => import("../features/query-builder/views/query-overview-screen"), ["queryBuilder"]) },
  { path: "/query-builder/:queryId", screen: lazyScreen("query-editor", () => import("../features/query-builder/views/query-editor-screen"), ["queryBuilder", "kpis"]) },
  { path: "/integration/:name/wizard", screen: lazyScreen("accounting-wizard", () => import("../features/accounting/views/accounting-wizard-screen"), ["accounting"]) },
  { path: "/forecasting", screen: lazyScreen("forecasting", () => import("../features/forecasting/views/forecasting-screen"), ["forecasting"]) },
  { path: "/forecasting/category/:categoryId", screen: lazyScreen("forecasting-category", () => import("../features/forecasting/views/category-screen"), ["forecasting"]) },
  { path: "/forecasting/:forecastId", screen: lazyScreen("forecast", () => import("../features/forecasting/views/forecast-screen"), ["forecasting"]) },
  { path: "/data-management", screen: lazyScreen("uploads", () => import("../features/uploads/views/uploads-screen"), ["uploads"]) },
  { path: "/data-management/data-input", screen: lazyScreen("data-input", () => import("../features/uploads/views/data-input-screen"), ["kpis"]) },
  { path: "/settings/two-factor-auth", screen: lazyScreen("two-factor", () => import("../features/account/views/two-factor-screen"), ["account"]) },
  // /integration/{viewName?}: the overview, a connector's connect view, an integration's manage view.
  { path: "/integration/:viewName?", screen: lazyScreen("integrations", () => import("../features/integrations/views/integrations-screen"), ["integrations"]) },
  { path: "/settings/user-management", screen: lazyScreen("user-management", () => import("../features/users/views/user-management-screen"), ["users"]) },
  { path: "/warehouse/sales", screen: lazyScreen("warehouse-sales", () => import("../features/warehouse/views/sales-screen"), ["warehouse"]) },
  { path: "/warehouse/list-view/:variant?", screen: lazyScreen("warehouse-list-view", () => import("../features/warehouse/views/list-view-screen"), ["warehouse"]) },
  { path: "/warehouse/snapshots/:id?", screen: lazyScreen("warehouse-snapshots", () => import("../features/warehouse/views/snapshots-screen"), ["warehouse"]) },
  { path: "/warehouse/data-issues", screen: lazyScreen("warehouse-data-issues", () => import("../features/warehouse/views/data-issues-screen"), ["warehouse"]) },
  { path: "/warehouse/raw-data", screen: lazyScreen("warehouse-raw-data", () => import("../features/warehouse/views/raw-data-screen"), ["warehouse"]) },
  { path: "/planning/financial-planning/:categoryId?", screen: lazyScreen("financial-planning", () => import("../features/planning/views/planning-screen").then((module) => ({ default: module.FinancialPlanningScreen })), ["kpis", "planning"]) },
  { path: "/planning/operational-planning", screen: lazyScreen("operational-planning", () => import("../features/planning/views/planning-screen").then((module) => ({ default: module.OperationalPlanningScreen })), ["kpis", "planning"]) },
  { path: "/reporting/custom-dashboard-helper", screen: lazyScreen("chart-builder", () => import("../features/charts/views/chart-builder-screen"), ["kpis", "charts"]) },
  // /investor-reporting/{reportId?}/{tab?}: the reports, or one report on a tab (report, recipients, settings).
  { path: "/investor-reporting/:reportId?/:tab?", screen: lazyScreen("investor-reporting", () => import("../features/investor-reporting/views/report-screen"), ["investorReporting", "kpis", "charts"]) },
  { path: "/holding/reporting", screen: lazyScreen("holding-reporting", () => import("../features/holding/views/reporting-screen"), ["holding"]) },
  { path: "/holding/portfolio", screen: lazyScreen("holding-portfolio", () => import("../features/holding/views/portfolio-screen"), ["holding"]) },
  { path: "/settings/company-settings", screen: lazyScreen("company-settings", () => import("../features/company/views/company-settings-screen"), ["company"]) },
  // ── the copilot (issue 18): the chat and its settings ──
  { path: "/chat/:conversationId?", screen: lazyScreen("chat", () => import("../features/copilot/views/chat-screen"), ["copilot"]) },
  { path: "/settings/chatgpt-settings", screen: lazyScreen("chatgpt-settings", () => import("../features/copilot/views/copilot-settings-screen"), ["copilot"]) },
  // ── end of the copilot screens ──
  { path: "/settings/currency-settings", screen: lazyScreen("currency-settings", () => import("../features/company/views/fx-table-screen"), ["company"]) },
  { path: "/settings/organizational-structure", screen: lazyScreen("organizational-structure", () => import("../features/company/views/organization-screen"), ["company"]) },
  { path: "/settings/holdings", screen: lazyScreen("holding-requests", () => import("../features/holding/views/holding-requests-screen"), ["holding"]) },
  { path: "/settings/kpi-management", screen: lazyScreen("kpi-management", () => import("../features/kpi-settings/views/kpi-management-screen"), ["kpiSettings"]) },
  { path: "/settings/kpi-glossary", screen: lazyScreen("kpi-glossary-maintenance", () => import("../features/kpi-settings/views/glossary-screen").then((module) => ({ default: module.MaintainGlossaryScreen })), ["kpiSettings"]) },
  // /reporting/kpi-glossary/{kpiId?}: the glossary, opened at a KPI's entry from its card or detail.
  { path: "/reporting/kpi-glossary/:kpiId?", screen: lazyScreen("kpi-glossary", () => import("../features/kpi-settings/views/glossary-screen"), ["kpiSettings", "kpis"]) },
  // An investor instance's portfolio: switcher, reports received, multi-instance linking (one screen, so the company frames stay open).
  { path: "/portfolio/:view", screen: lazyScreen("portfolio", () => import("../features/portfolio/views/portfolio-screen"), ["portfolio"]) },
  // ── OKRs (issue 16): objectives by level and unit, one objective (okrs feature) ──
  { path: "/objectives/overview/:categoryId?", screen: lazyScreen("objectives-overview", () => import("../features/okrs/views/objectives-screen"), ["okrs", "kpis"]) },
  { path: "/objectives/corporate", screen: lazyScreen("objectives-corporate", () => import("../features/okrs/views/objectives-screen").then((module) => ({ default: module.CorporateObjectivesScreen })), ["okrs", "kpis"]) },
  { path: "/objectives/teams/:category?", screen: lazyScreen("objectives-teams", () => import("../features/okrs/views/objectives-screen").then((module) => ({ default: module.TeamObjectivesScreen })), ["okrs", "kpis"]) },
  { path: "/objectives/users/teams/:user", screen: lazyScreen("objectives-user-teams", () => import("../features/okrs/views/objectives-screen").then((module) => ({ default: module.UserTeamObjectivesScreen })), ["okrs", "kpis"]) },
  { path: "/objectives/users/:user", screen: lazyScreen("objectives-user", () => import("../features/okrs/views/objectives-screen").then((module) => ({ default: module.UserObjectivesScreen })), ["okrs", "kpis"]) },
  { path: "/objectives/id/:id?", screen: lazyScreen("objective", () => import("../features/okrs/views/objective-screen"), ["okrs", "kpis"]) },
  // ── end of the objectives screens ──
  // ── OKRs: list view, team analytics, change log (okr-insights feature) ──
  { path: "/objectives/okrlistview", screen: lazyScreen("okr-list-view", () => import("../features/okr-insights/views/list-view-screen"), ["okrInsights"]) },
  { path: "/objectives/okrteamanalytics", screen: lazyScreen("okr-team-analytics", () => import("../features/okr-insights/views/team-analytics-screen"), ["okrInsights"]) },
  { path: "/objectives/changelog", screen: lazyScreen("okr-change-log", () => import("../features/okr-insights/views/change-log-screen"), ["okrInsights"]) },
  // ── end of the OKR insight screens ──
  // ── OKRs: the scheduler and OKR settings (okr-scheduler feature) ──
  { path: "/objectives/scheduler", screen: lazyScreen("okr-scheduler", () => import("../features/okr-scheduler/views/scheduler-screen"), ["okrScheduler"]) },
  { path: "/settings/okr-settings", screen: lazyScreen("okr-settings", () => import("../features/okr-scheduler/views/okr-settings-screen"), ["okrScheduler"]) },
  // ── end of the OKR scheduler screens ──
  // ── Liquidity planning: scenarios and their comparison, headcount, expenses (liquidity feature) ──
  { path: "/liquidity-planning", screen: lazyScreen("liquidity-planning", () => import("../features/liquidity/views/scenarios-screen"), ["liquidity"]) },
  { path: "/liquidity-planning/headcount/scenario/:scenarioId", screen: lazyScreen("liquidity-headcount", () => import("../features/liquidity/views/headcount-screen"), ["liquidity"]) },
  { path: "/liquidity-planning/expenses/scenario/:scenarioId", screen: lazyScreen("liquidity-expenses", () => import("../features/liquidity/views/expenses-screen"), ["liquidity"]) },
  // ── end of the liquidity planning screens ──
  // The design system as a living style guide (spec section 2: internal, always reachable).
  { path: "/uipatterns", screen: lazyScreen("uipatterns", () => import("../features/uipatterns/views/uipatterns-screen")) },
];
