import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";

/**
 * Query events go only to builders (can_build_kpis, or staff) who may read the query's KPI: the
 * same people who see the query in the overview. The KPI values a query stores travel as
 * KpiValueEdited, which the KPI filter narrows for every reader.
 */
export const builderEventFilter: EventFilter = async (payload, context, userId) => {
  const kpiId = (payload as { kpiId?: unknown } | null)?.kpiId;
  if (typeof kpiId !== "number") return null;
  const reader = await permissionsOf(context, userId);
  if (!reader.isStaff && !reader.permissions.has("can_build_kpis")) return null;
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === kpiId);
  return kpi && mayRead(reader, kpi) ? payload : null;
};

export const queryBuilderEventFilters: Readonly<Record<string, EventFilter>> = {
  QueryCreated: builderEventFilter,
  QueryChanged: builderEventFilter,
  QueryDeleted: builderEventFilter,
  QueryActivated: builderEventFilter,
  QueryDeactivated: builderEventFilter,
  QueryValuesCalculated: builderEventFilter,
};
