import { Schema } from "@effect/schema";
import { AccountCommand, AccountEvent } from "./account";
import { KpisCommand, KpisEvent } from "./kpis";
import { NotificationsCommand, NotificationsEvent } from "./notifications";
import { SessionCommand, SessionEvent } from "./session";
import { UsersCommand, UsersEvent } from "./users";

/**
 * Every command and every event of the client, as one union each. A feature adds its schemas
 * here; `dispatch`, `ofCommand` and the reducers are then checked against them.
 */
export const Command = Schema.Union(SessionCommand, AccountCommand, UsersCommand, KpisCommand, NotificationsCommand);
export type Command = typeof Command.Type;
export type CommandTag = Command["_tag"];
export type CommandOf<T extends CommandTag> = Extract<Command, { _tag: T }>;

export const DomainEvent = Schema.Union(SessionEvent, AccountEvent, UsersEvent, KpisEvent, NotificationsEvent);
export type DomainEvent = typeof DomainEvent.Type;
export type EventTag = DomainEvent["_tag"];
export type EventOf<T extends EventTag> = Extract<DomainEvent, { _tag: T }>;

/** Payload schema versions; bump one when its event's shape changes. Unlisted events are v1. */
export const EVENT_VERSIONS: Partial<Record<EventTag, number>> = {};
export const versionOf = (tag: EventTag) => EVENT_VERSIONS[tag] ?? 1;
