import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { kpiValueEditedFilter, ownEventFilter } from "../kpis/kpi-event-filter";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";

/**
 * The upload events on the event stream: a person's own checks, imports, cancellations and
 * remembered columns reach only them (they name files and counts nobody else asked for); values
 * an import wrote reach each reader narrowed to the KPIs they may read, like a hand edit's.
 */
export const uploadEventFilters: Readonly<Record<string, EventFilter>> = {
  UploadChecked: ownEventFilter,
  UploadImported: ownEventFilter,
  UploadCancelled: ownEventFilter,
  UploadMappingRemembered: ownEventFilter,
  ForecastValueEdited: kpiValueEditedFilter,
  KpiDimensionValuesUploaded: async (payload, context: TenantContext, userId) => {
    const uploaded = payload as { values?: unknown } | null;
    if (!uploaded || !Array.isArray(uploaded.values)) return null;
    const reader = await permissionsOf(context, userId);
    const readable = new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
    const values = (uploaded.values as { kpi?: unknown }[]).filter((value) => readable.has(value?.kpi as number));
    return values.length ? { ...uploaded, values } : null;
  },
};
