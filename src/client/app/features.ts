import type { Feature } from "../bus/bus";
import type { EpicDeps } from "./deps";
import type { AppState } from "./state";

export type AppFeature = Feature<AppState, EpicDeps>;

/**
 * The features that register with the bus when a screen that needs them loads (routes.ts), each
 * its own chunk: the first screen does not carry their message schemas and epics. The core
 * features (session, shell, notifications) are in the platform chunk (platform.ts).
 */
export const LAZY_FEATURES = {
  account: () => import("../features/account/feature"),
  users: () => import("../features/users/feature"),
  kpis: () => import("../features/kpis/feature"),
  queryBuilder: () => import("../features/query-builder/feature"),
  accounting: () => import("../features/accounting/feature"),
  uploads: () => import("../features/uploads/feature"),
  warehouse: () => import("../features/warehouse/feature"),
  integrations: () => import("../features/integrations/feature"),
  forecasting: () => import("../features/forecasting/feature"),
  planning: () => import("../features/planning/feature"),
  charts: () => import("../features/charts/feature"),
  customDashboards: () => import("../features/custom-dashboards/feature"),
  investorReporting: () => import("../features/investor-reporting/feature"),
  holding: () => import("../features/holding/feature"),
  portfolio: () => import("../features/portfolio/feature"),
  collaboration: () => import("../features/collaboration/feature"),
  alerts: () => import("../features/alerts/feature"),
  kpiAnalysis: () => import("../features/kpi-analysis/feature"),
  kpiSettings: () => import("../features/kpi-settings/feature"),
  company: () => import("../features/company/feature"),
  okrs: () => import("../features/okrs/feature"),
  okrInsights: () => import("../features/okr-insights/feature"),
  okrScheduler: () => import("../features/okr-scheduler/feature"),
  liquidity: () => import("../features/liquidity/feature"),
  copilot: () => import("../features/copilot/feature"),
} satisfies Record<string, () => Promise<{ feature: AppFeature }>>;

export type LazyFeatureName = keyof typeof LAZY_FEATURES;
