import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";

/**
 * Integration events name integrations and who changed them: only people who may manage
 * integrations (or staff) get them. They never carry a connection.
 */
export const integrationManagersFilter: EventFilter = async (payload, context, userId) => {
  const reader = await permissionsOf(context, userId);
  return reader.isStaff || reader.permissions.has("manage_data_integrations") ? payload : null;
};

/** Every integration event type, with its filter (registered on the event stream). */
export const integrationEventFilters: Readonly<Record<string, EventFilter>> = {
  IntegrationConnected: integrationManagersFilter,
  IntegrationChanged: integrationManagersFilter,
  IntegrationReconnected: integrationManagersFilter,
  IntegrationRemoved: integrationManagersFilter,
  IntegrationSyncRequested: integrationManagersFilter,
  IntegrationSyncFinished: integrationManagersFilter,
};
