import { Schema } from "@effect/schema";

/**
 * A command in flight: what a person asked for, with ids that tie every event it causes back to
 * it. `correlationId` groups a chain of commands (a command issued by an epic keeps its cause's).
 */
export const CommandMeta = Schema.Struct({
  commandId: Schema.String,
  issuedAt: Schema.String,
  correlationId: Schema.String,
});
export type CommandMeta = typeof CommandMeta.Type;

/** Where an event came from: this tab's epics, the server's stream, or a recorded log. */
export const EventOrigin = Schema.Literal("local", "remote", "replay");
export type EventOrigin = typeof EventOrigin.Type;

/**
 * An event as the store folds it. `seq` orders events within this client session; `version`
 * is the payload schema's version, so an old recorded log can still be read or reported.
 */
export interface EventEnvelope<E extends { readonly _tag: string } = { readonly _tag: string }> {
  readonly seq: number;
  readonly type: E["_tag"];
  readonly version: number;
  readonly payload: E;
  readonly commandId?: string;
  readonly occurredAt: string;
  readonly origin: EventOrigin;
}

export interface CommandEnvelope<C extends { readonly _tag: string } = { readonly _tag: string }> extends CommandMeta {
  readonly command: C;
}
