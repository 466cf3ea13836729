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
];

export const MAIN_SCREENS: readonly RouteEntry[] = [
  { path: "/my-dashboard/:tab?", screen: lazyScreen("my-dashboard", () => import("../features/kpis/views/my-dashboard-screen"), ["kpis"]) },
  { path: "/reporting/operational-dashboard", screen: lazyScreen("operational-dashboard", () => import("../features/kpis/views/operational-dashboard-screen"), ["kpis"]) },
  { path: "/reporting/financial-dashboard/:categoryId?", screen: lazyScreen("financial-dashboard", () => import("../features/kpis/views/financial-dashboard-screen"), ["kpis", "planning"]) },
  { path: "/reporting/list-view", screen: lazyScreen("list-view", () => import("../features/kpis/views/list-view-screen"), ["kpis"]) },
  { path: "/reporting/kpi-detail/:kpiId/*?", screen: lazyScreen("kpi-detail", () => import("../features/kpis/views/kpi-detail-screen"), ["kpis", "charts"]) },
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
  // The design system as a living style guide (spec section 2: internal, always reachable).
  { path: "/uipatterns", screen: lazyScreen("uipatterns", () => import("../features/uipatterns/views/uipatterns-screen")) },
];
