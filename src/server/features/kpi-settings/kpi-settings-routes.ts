import { customCategoryRoutes } from "./custom-category-routes";
import { glossaryRoutes } from "./glossary-routes";
import { kpiManagementRoutes } from "./kpi-management-routes";

/** Issue 15's company settings for KPIs: management, custom categories, the glossary. */
export const kpiSettingsRoutes = [...kpiManagementRoutes, ...customCategoryRoutes, ...glossaryRoutes];
