import { appSettingsRoutes } from "./app-settings";
import { kpiCategoryRoutes } from "./kpi-categories";
import { kpiCurrencyRoutes } from "./kpi-currencies";
import { kpiFavoritesRoutes } from "./kpi-favorites";
import { kpiRoutes } from "./kpi-routes";
import { kpiValuesRoutes } from "./kpi-values-routes";

/**
 * KPI reporting (main API): meta, aggregates and history, monthly values and planning edits,
 * favorites, currencies, categories with their columns, and the user's app settings.
 */
export const kpiReportingRoutes = [...kpiRoutes, ...kpiValuesRoutes, ...kpiFavoritesRoutes, ...kpiCurrencyRoutes, ...kpiCategoryRoutes, ...appSettingsRoutes];
