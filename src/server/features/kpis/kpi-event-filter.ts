import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { mayReadReporting } from "./kpi-access";
import { loadKpis } from "./kpi-repository";
import { mayRead } from "./kpi-service";

interface EditedValues {
  readonly values: readonly { readonly kpi: number }[];
}

/**
 * KpiValueEdited to one reader: only the values of KPIs they may read (by effective sensitivity,
 * as every read answer decides it); nothing if none.
 */
export const kpiValueEditedFilter: EventFilter = async (payload, context: TenantContext, userId) => {
  const edited = payload as Partial<EditedValues> | null;
  if (!edited || !Array.isArray(edited.values)) return null; // not a shape this filter can vouch for
  const reader = await permissionsOf(context, userId);
  const readable = new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
  const values = edited.values.filter((value) => readable.has(value?.kpi));
  return values.length ? { ...edited, values } : null;
};

/** PlanningValueEdited carries the same shape: only the values of KPIs the reader may read. */
export const planningValueEditedFilter: EventFilter = kpiValueEditedFilter;

/** Favorites and app settings are personal: only the user they belong to (payload.userId) gets them. */
export const ownEventFilter: EventFilter = async (payload, _context, userId) => {
  const owner = (payload as { userId?: unknown } | null)?.userId;
  return owner === userId ? payload : null;
};

/** Currencies and category columns go to users who may read KPI reporting at all. */
export const reportingReadersFilter: EventFilter = async (payload, context, userId) =>
  mayReadReporting(await permissionsOf(context, userId)) ? payload : null;

/** Every KPI event type whose payload depends on the reader, with its filter (registered on the event stream). */
export const kpiEventFilters: Readonly<Record<string, EventFilter>> = {
  KpiValueEdited: kpiValueEditedFilter,
  PlanningValueEdited: planningValueEditedFilter,
  FavoriteAdded: ownEventFilter,
  FavoriteRemoved: ownEventFilter,
  FavoritesReplaced: ownEventFilter,
  AppSettingsChanged: ownEventFilter,
  CurrencyCreated: reportingReadersFilter,
  CurrencyChanged: reportingReadersFilter,
  CorporateCurrencyChanged: reportingReadersFilter,
  CategoryColumnsChanged: reportingReadersFilter,
};
