import type { EventFilter } from "../../platform/events/stream-route";
import { ownEventFilter } from "../kpis/kpi-event-filter";
import { ALERT_EVENTS } from "./alert-service";

/** Alerts are personal: their events reach their owner only (payload.userId). */
export const alertEventFilters: Readonly<Record<string, EventFilter>> = Object.fromEntries(ALERT_EVENTS.map((type) => [type, ownEventFilter]));
