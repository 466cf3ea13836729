import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../../services";
import { appSettingsRoutes } from "./app-settings";
import { kpiCategoryRoutes } from "./kpi-categories";
import { kpiCurrencyRoutes } from "./kpi-currencies";
import { kpiFavoritesRoutes } from "./kpi-favorites";
import { kpiValuesRoutes } from "./kpi-values-routes";

/**
 * KPI reporting beyond meta, aggregates and history (main API): monthly values and planning
 * edits, favorites, currencies, categories with their columns, and the user's app settings.
 */
export const kpiReportingRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  await app.register(kpiValuesRoutes, services);
  await app.register(kpiFavoritesRoutes, services);
  await app.register(kpiCurrencyRoutes, services);
  await app.register(kpiCategoryRoutes, services);
  await app.register(appSettingsRoutes, services);
};
