import { OKR_CHANGED_EVENT, type OkrChangedPayload } from "../../../contracts/okrs";
import { mayReadObjective } from "../../../domain/okrs/objective-rules";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";

/**
 * OkrChanged reaches the people who may read the objective it is about (its level's read
 * permission, or its owner for an employee objective), as the objective was after the change;
 * nobody else learns that anything changed.
 */
export const okrChangedFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as Partial<OkrChangedPayload> | null;
  if (!event || (event.level !== "corporate" && event.level !== "team" && event.level !== "employee")) return null;
  const reader = await permissionsOf(context, userId);
  return mayReadObjective({ ...reader, userId }, { level: event.level, ownerUserId: event.ownerUserId ?? null }) ? payload : null;
};

/** Who receives which OKR event on the event stream (issue 16). */
export const okrEventFilters: Readonly<Record<string, EventFilter>> = { [OKR_CHANGED_EVENT]: okrChangedFilter };
