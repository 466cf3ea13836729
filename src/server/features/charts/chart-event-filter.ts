import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { mayReadReporting } from "../kpis/kpi-access";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";

/**
 * A saved chart was created, changed or deleted: to those who read KPI reporting and may read at
 * least one of its KPIs (as GET /api/charts/ shows it to them), with the KPI ids narrowed to those.
 */
const chartChangeFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as { kpiIds?: unknown } | null;
  if (!event || !Array.isArray(event.kpiIds)) return null;
  const reader = await permissionsOf(context, userId);
  if (!mayReadReporting(reader)) return null;
  const readable = new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
  const kpiIds = (event.kpiIds as unknown[]).filter((kpi) => readable.has(kpi as number));
  return kpiIds.length ? { ...event, kpiIds } : null;
};

export const chartEventFilters: Readonly<Record<string, EventFilter>> = {
  ChartCreated: chartChangeFilter,
  ChartChanged: chartChangeFilter,
  ChartDeleted: chartChangeFilter,
};
