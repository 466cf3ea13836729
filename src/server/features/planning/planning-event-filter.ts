import type { EventFilter } from "../../platform/events/stream-route";
import { reportingReadersFilter } from "../kpis/kpi-event-filter";

/** A version's name and year go to those who may read KPI reporting (who can compare with it). */
export const planningEventFilters: Readonly<Record<string, EventFilter>> = {
  PlanningVersionSaved: reportingReadersFilter,
  PlanningVersionDeleted: reportingReadersFilter,
};
