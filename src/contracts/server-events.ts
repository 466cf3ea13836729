import { Schema } from "@effect/schema";

/**
 * A domain event as the server stores and streams it (GET /api/events/stream/, one SSE message
 * per event, `id:` = seq). The client wraps it in its envelope with origin "remote".
 */
export const ServerEvent = Schema.Struct({
  seq: Schema.Number,
  type: Schema.String,
  version: Schema.Number,
  payload: Schema.Unknown,
  actor: Schema.String,
  /** The acting user's display name when the actor is a user of the tenant (null otherwise). */
  actorName: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  commandId: Schema.NullOr(Schema.String),
  occurredAt: Schema.String,
});
export type ServerEvent = typeof ServerEvent.Type;
