import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { visibleDashboards } from "./dashboard-repository";

/**
 * A dashboard's events reach its readers only: staff and the users in the event's `audience`
 * (its owner and shares when it happened, before and after a share change, so someone taken off
 * the list learns it too). The audience itself is not sent on: a reader learns nothing of who
 * else sees the dashboard from its events. Payloads hold ids and revisions, never figures.
 */
const audienceFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as { audience?: unknown } | null;
  if (!event || !Array.isArray(event.audience)) return null;
  const { audience, ...rest } = event;
  if (audience.includes(userId) || (await permissionsOf(context, userId)).isStaff) return rest;
  return null;
};

/** The company's new order: to each reader, the dashboards they see in it; nothing if none. */
const reorderedFilter: EventFilter = async (payload, context: TenantContext, userId) => {
  const event = payload as { ids?: unknown } | null;
  if (!event || !Array.isArray(event.ids)) return null;
  const { isStaff, permissions } = await permissionsOf(context, userId);
  const seen = new Set((await visibleDashboards(context, { isStaff, permissions, userId })).map((row) => row.id));
  const ids = event.ids.filter((id) => seen.has(id as number));
  return ids.length ? { ...event, ids } : null;
};

export const customDashboardEventFilters: Readonly<Record<string, EventFilter>> = {
  CustomDashboardCreated: audienceFilter,
  CustomDashboardChanged: audienceFilter,
  CustomDashboardDeleted: audienceFilter,
  CustomDashboardSharesChanged: audienceFilter,
  CustomDashboardsReordered: reorderedFilter,
  DashboardCardAdded: audienceFilter,
  DashboardCardChanged: audienceFilter,
  DashboardCardRemoved: audienceFilter,
  DashboardLayoutChanged: audienceFilter,
};
