import type { DashboardFilter } from "./kpis";

// Apart from kpis.ts (re-exported there) so the client's state can start from it without
// loading @effect/schema with the first screen.

/** Spec section 9, "Default filter settings". */
export const DEFAULT_DASHBOARD_FILTER: DashboardFilter = { trendDuration: 1, trendOffset: 0, benchmarkCategory: "meridian", up: true, neutral: true, down: true, null: true, planningAsBenchmark: false };
