import { LIQUIDITY_EVENTS, type LiquidityEventPayload, type LiquidityEventType } from "../../../contracts/liquidity-events";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import type { TenantContext } from "../../db/tenancy";
import { isLiquidityAdmin, namedReaders, type ScenarioAccessFacts } from "./liquidity-access";

/**
 * Writes a liquidity event with the change (same transaction). The stored payload names who may
 * read the scenario as it is after the change (author, read and write users), so the filter
 * decides without reading a scenario that may be gone; readers never receive that list.
 */
export function recordLiquidityEvent(context: TenantContext, type: LiquidityEventType, scenarioId: number, scenario: ScenarioAccessFacts, mergedFrom: readonly number[] = []) {
  const payload: LiquidityEventPayload & { readerIds: number[] } = { scenarioId, mergedFrom: [...mergedFrom], readerIds: namedReaders(scenario) };
  return context.appendEvent({ type, payload });
}

/** A liquidity event reaches holders of access_liquidity_planning who may read its scenario. */
export const liquidityEventFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as Partial<LiquidityEventPayload & { readerIds: number[] }> | null;
  if (!event || typeof event.scenarioId !== "number") return null;
  const held = await permissionsOf(context, userId);
  const reader = { userId, ...held };
  if (!reader.isStaff && !reader.permissions.has("access_liquidity_planning")) return null;
  if (!isLiquidityAdmin(reader) && !(event.readerIds ?? []).includes(userId)) return null;
  return { scenarioId: event.scenarioId, mergedFrom: event.mergedFrom ?? [] } satisfies LiquidityEventPayload;
};

/** Who receives which liquidity event on the event stream (issue 17). */
export const liquidityEventFilters: Readonly<Record<string, EventFilter>> = Object.fromEntries(LIQUIDITY_EVENTS.map((type) => [type, liquidityEventFilter]));
