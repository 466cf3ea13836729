import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";

const mayReadForecasts = (reader: { isStaff: boolean; permissions: ReadonlySet<string> }) => reader.isStaff || reader.permissions.has("read_forecasts");

async function readableKpis(context: TenantContext, userId: number) {
  const reader = await permissionsOf(context, userId);
  return { reader, readable: new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id)) };
}

/** Created and deleted forecasts: to people who may read forecasts. */
const forecastReadersFilter: EventFilter = async (payload, context, userId) => (mayReadForecasts(await permissionsOf(context, userId)) ? payload : null);

/**
 * Activation, deactivation and recompute change the forecast figures of every open dashboard, KPI
 * detail and financial table: they reach everyone who may read a KPI of the category, with the
 * KPI ids narrowed to those they may read (so a view knows what to reload, and nothing else).
 */
const switchFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as { kpiIds?: unknown } | null;
  if (!event || !Array.isArray(event.kpiIds)) return null;
  const { reader, readable } = await readableKpis(context, userId);
  const kpiIds = (event.kpiIds as unknown[]).filter((kpi) => readable.has(kpi as number));
  if (!kpiIds.length && !mayReadForecasts(reader)) return null;
  return { ...event, kpiIds };
};

/** Adjusted values and overrides: only those of KPIs the reader may read; nothing if none. */
const adjustedFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as { values?: unknown; overrides?: unknown; name?: unknown } | null;
  if (!event || !Array.isArray(event.values) || !Array.isArray(event.overrides)) return null;
  const { reader, readable } = await readableKpis(context, userId);
  const values = (event.values as { kpi?: unknown }[]).filter((value) => readable.has(value?.kpi as number));
  const overrides = (event.overrides as { kpi?: unknown }[]).filter((value) => readable.has(value?.kpi as number));
  if (!values.length && !overrides.length && !(event.name && mayReadForecasts(reader))) return null;
  return { ...event, values, overrides };
};

export const forecastEventFilters: Readonly<Record<string, EventFilter>> = {
  ForecastCreated: forecastReadersFilter,
  ForecastDeleted: forecastReadersFilter,
  ForecastActivated: switchFilter,
  ForecastDeactivated: switchFilter,
  ForecastRecomputed: switchFilter,
  ForecastValuesAdjusted: adjustedFilter,
};
