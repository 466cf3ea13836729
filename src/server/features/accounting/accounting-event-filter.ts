import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";

/**
 * The wizard's own events (file names, counts of bookings) concern the people who manage the
 * company's integrations, as the wizard does. The KPI values it writes travel as KpiValueEdited,
 * narrowed per reader by the KPI filter like every other value edit.
 */
const integrationManagersFilter: EventFilter = async (payload, context, userId) => {
  const reader = await permissionsOf(context, userId);
  return reader.isStaff || reader.permissions.has("manage_data_integrations") ? payload : null;
};

export const accountingEventFilters: Readonly<Record<string, EventFilter>> = {
  AccountingStatementSaved: integrationManagersFilter,
  AccountingImportUploaded: integrationManagersFilter,
  AccountingImportDeleted: integrationManagersFilter,
  AccountingAccountsMapped: integrationManagersFilter,
  AccountingSetupCompleted: integrationManagersFilter,
};
