import { OKR_SCHEDULER_CHANGED_EVENT } from "../../../contracts/okr-scheduler";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";

/** OkrSchedulerChanged reaches the people who may open the scheduler or the OKR settings. */
export const okrSchedulerEventFilters: Readonly<Record<string, EventFilter>> = {
  [OKR_SCHEDULER_CHANGED_EVENT]: async (payload, context, userId) => {
    const reader = await permissionsOf(context, userId);
    return reader.isStaff || reader.permissions.has("manage_okr_scheduler") || reader.permissions.has("manage_company_settings") ? payload : null;
  },
};
