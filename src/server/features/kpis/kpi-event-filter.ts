import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { loadKpis } from "./kpi-repository";
import { mayRead } from "./kpi-service";

interface EditedValues {
  readonly values: readonly { readonly kpi: number }[];
}

/** KpiValueEdited to one reader: only the values of KPIs they may read; nothing if none. */
export const kpiValueEditedFilter: EventFilter = async (payload, context: TenantContext, userId) => {
  const edited = payload as Partial<EditedValues> | null;
  if (!edited || !Array.isArray(edited.values)) return null; // not a shape this filter can vouch for
  const reader = await permissionsOf(context, userId);
  const readable = new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
  const values = edited.values.filter((value) => readable.has(value?.kpi));
  return values.length ? { ...edited, values } : null;
};
