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

/**
 * Why the server ended an event stream, sent as its last message (`event: end`). `expired`: the
 * access token ran out, so the client renews it and resumes after its last seq. The others end
 * the session: signed out (its sign-in ended), revoked (refresh token reuse, a password change
 * elsewhere, a password or 2FA reset) or deactivated.
 */
export const SessionEnd = Schema.Literal("expired", "signed-out", "revoked", "deactivated");
export type SessionEnd = typeof SessionEnd.Type;

export const StreamEnd = Schema.Struct({ reason: SessionEnd });
