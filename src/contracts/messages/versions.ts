import type { EventTag } from "./index";

// Apart from the unions in index.ts so the bus can stamp versions without loading every schema.

/** Payload schema versions; bump one when its event's shape changes. Unlisted events are v1. */
export const EVENT_VERSIONS: Partial<Record<EventTag, number>> = {};
export const versionOf = (tag: EventTag) => EVENT_VERSIONS[tag] ?? 1;
