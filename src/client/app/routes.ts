import type { ComponentType } from "react";
import { lazyScreen } from "./lazy-screen";

/**
 * The screens that exist, each its own chunk. Public screens render without the shell; main
 * screens inside it. A screen is added here when it lands (and marked `landed` in
 * domain/navigation/screens.ts, which puts it in the menu).
 *
 * Paths match the whole address (routes are not nested: a nested route makes every link inside
 * its screen relative to it). A screen with sub-addresses says so with `:param?` or `*?`.
 */
export interface RouteEntry {
  readonly path: string;
  readonly screen: ComponentType;
}

export const PUBLIC_SCREENS: readonly RouteEntry[] = [
  { path: "/login", screen: lazyScreen("login", () => import("../features/session/views/login-screen")) },
  { path: "/login/mfa", screen: lazyScreen("login-mfa", () => import("../features/account/views/mfa-screen")) },
  { path: "/forgetpassword", screen: lazyScreen("forgot-password", () => import("../features/account/views/forgot-password-screen")) },
  { path: "/iframelogin", screen: lazyScreen("iframe-login", () => import("../features/account/views/iframe-login-screen")) },
  { path: "/oauth", screen: lazyScreen("oauth", () => import("../features/account/views/oauth-screen")) },
  { path: "/password/reset/confirm/:uid/:token", screen: lazyScreen("reset-password", () => import("../features/account/views/reset-password-screen")) },
];

export const MAIN_SCREENS: readonly RouteEntry[] = [
  { path: "/my-dashboard/:tab?", screen: lazyScreen("my-dashboard", () => import("../features/kpis/views/my-dashboard-screen")) },
  { path: "/reporting/operational-dashboard", screen: lazyScreen("operational-dashboard", () => import("../features/kpis/views/operational-dashboard-screen")) },
  { path: "/reporting/financial-dashboard/:categoryId?", screen: lazyScreen("financial-dashboard", () => import("../features/kpis/views/financial-dashboard-screen")) },
  { path: "/reporting/list-view", screen: lazyScreen("list-view", () => import("../features/kpis/views/list-view-screen")) },
  { path: "/reporting/kpi-detail/:kpiId/*?", screen: lazyScreen("kpi-detail", () => import("../features/kpis/views/kpi-detail-screen")) },
  { path: "/reporting/strategic-dashboard", screen: lazyScreen("strategic-dashboard", () => import("../features/kpis/views/strategic-dashboard-screen")) },
  { path: "/settings/two-factor-auth", screen: lazyScreen("two-factor", () => import("../features/account/views/two-factor-screen")) },
  { path: "/settings/user-management", screen: lazyScreen("user-management", () => import("../features/users/views/user-management-screen")) },
  // The design system as a living style guide (spec section 2: internal, always reachable).
  { path: "/uipatterns", screen: lazyScreen("uipatterns", () => import("../features/uipatterns/views/uipatterns-screen")) },
];
