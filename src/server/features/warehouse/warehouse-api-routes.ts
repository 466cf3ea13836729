import { rawDataRoutes } from "./raw-data-routes";
import { snapshotRoutes } from "./snapshot-routes";
import { warehouseAnalyticsRoutes } from "./warehouse-routes";

/** The warehouse root (/warehouse-api): analytics, snapshots and raw data uploads. */
export const warehouseRoutes = [...warehouseAnalyticsRoutes, ...snapshotRoutes, ...rawDataRoutes];
