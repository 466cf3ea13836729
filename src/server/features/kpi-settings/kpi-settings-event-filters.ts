import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import { reportingReadersFilter } from "../kpis/kpi-event-filter";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";

/** An event about one KPI (payload.kpiId) goes to the people who may read that KPI, as it is now. */
const readersOfKpi: EventFilter = async (payload, context: TenantContext, userId) => {
  const kpiId = (payload as { kpiId?: unknown } | null)?.kpiId;
  if (typeof kpiId !== "number") return null;
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === kpiId);
  return kpi && mayRead(await permissionsOf(context, userId), kpi) ? payload : null;
};

/** A deleted KPI is no longer there to ask: its level at deletion (payload.sensitivity) decides. */
const readersOfDeletedKpi: EventFilter = async (payload, context, userId) => {
  const level = (payload as { sensitivity?: unknown } | null)?.sensitivity;
  if (typeof level !== "number") return null;
  const reader = await permissionsOf(context, userId);
  return reader.isStaff || canReadSensitivity(reader.permissions, level) ? payload : null;
};

/** The KPI settings' events by who may see them; categories go to everyone who reads KPI reporting. */
export const kpiSettingsEventFilters: Readonly<Record<string, EventFilter>> = {
  CustomKpiCreated: readersOfKpi,
  KpiSettingsChanged: readersOfKpi,
  KpiResponsiblesChanged: readersOfKpi,
  KpiBenchmarksChanged: readersOfKpi,
  GlossaryEntrySaved: readersOfKpi,
  GlossaryEntryApproved: readersOfKpi,
  CustomKpiDeleted: readersOfDeletedKpi,
  KpiCategoryCreated: reportingReadersFilter,
  KpiCategoryRenamed: reportingReadersFilter,
  KpiCategoryDeleted: reportingReadersFilter,
};

/** The events after which a reader's KPI meta is out of date (the client loads it again). */
export const KPI_META_CHANGES = Object.keys(kpiSettingsEventFilters);
