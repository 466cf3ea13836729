import { filter, map, type OperatorFunction } from "rxjs";
import type { Command, CommandOf, CommandTag, DomainEvent, EventOf, EventTag } from "../../contracts/messages";
import type { CommandEnvelope, EventEnvelope } from "../../contracts/messages/envelopes";
import type { Emitted } from "./bus";

/** Keeps the commands of the given tags, narrowed to their types. */
export function ofCommand<T extends CommandTag>(...tags: T[]): OperatorFunction<CommandEnvelope<Command>, CommandEnvelope<CommandOf<T>>> {
  return filter((envelope): envelope is CommandEnvelope<CommandOf<T>> => (tags as string[]).includes(envelope.command._tag));
}

/** Keeps the events of the given tags, narrowed to their types. */
export function ofEvent<T extends EventTag>(...tags: T[]): OperatorFunction<EventEnvelope<DomainEvent>, EventEnvelope<EventOf<T>>> {
  return filter((envelope): envelope is EventEnvelope<EventOf<T>> => (tags as string[]).includes(envelope.type));
}

/** Tags events with the command that caused them. */
export const causedBy = (commandId: string | undefined) => map((event: DomainEvent): Emitted => ({ event, commandId }));
