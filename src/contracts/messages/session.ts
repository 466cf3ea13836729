import { Schema } from "@effect/schema";
import { Company, Menu, UserProfile } from "../auth";
import { SensitiveString } from "../sensitive";

/**
 * Sign-in, session and shell: the commands a person issues and the events that record what
 * happened. Events carry everything their reducers need (the server's answers, the times), so a
 * recorded log folds without a server. Tokens never appear in events.
 */

// ── commands ────────────────────────────────────────────────────────────────
export class SignIn extends Schema.TaggedStruct("SignIn", {
  email: Schema.String,
  password: SensitiveString,
}) {}
export class RestoreSession extends Schema.TaggedStruct("RestoreSession", {}) {}
export class LoadSession extends Schema.TaggedStruct("LoadSession", {}) {}
export class ExtendSession extends Schema.TaggedStruct("ExtendSession", {}) {}
export class SignOut extends Schema.TaggedStruct("SignOut", {
  reason: Schema.Literal("user", "idle", "expired"),
}) {}
export class SelectFxRate extends Schema.TaggedStruct("SelectFxRate", { fxRateId: Schema.NullOr(Schema.Number) }) {}
export class CycleTheme extends Schema.TaggedStruct("CycleTheme", {}) {}
export class Navigate extends Schema.TaggedStruct("Navigate", { to: Schema.String, replace: Schema.Boolean }) {}
/** The guard sent a signed-out visitor to /login; after sign-in they come back to `returnTo`. */
export class RequireSignIn extends Schema.TaggedStruct("RequireSignIn", { returnTo: Schema.String }) {}

export const SessionCommand = Schema.Union(
  SignIn,
  RestoreSession,
  LoadSession,
  ExtendSession,
  SignOut,
  SelectFxRate,
  CycleTheme,
  Navigate,
  RequireSignIn,
);

// ── events ──────────────────────────────────────────────────────────────────
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

export class SignInStarted extends Schema.TaggedStruct("SignInStarted", { email: Schema.String }) {}
export class SignInSucceeded extends Schema.TaggedStruct("SignInSucceeded", {
  email: Schema.String,
  refreshExpiresAt: Schema.String,
}) {}
export class SignInFailed extends Schema.TaggedStruct("SignInFailed", {
  message: Schema.String,
  fields: FieldMessages,
}) {}
/** A reload found a live session (the refresh cookie) or found none. */
export class SessionRestored extends Schema.TaggedStruct("SessionRestored", { refreshExpiresAt: Schema.String }) {}
export class SessionAbsent extends Schema.TaggedStruct("SessionAbsent", {}) {}
export class SessionLoadStarted extends Schema.TaggedStruct("SessionLoadStarted", {}) {}
export class SessionLoaded extends Schema.TaggedStruct("SessionLoaded", {
  profile: UserProfile,
  menu: Menu,
  company: Company,
}) {}
export class SessionLoadFailed extends Schema.TaggedStruct("SessionLoadFailed", { message: Schema.String }) {}
export class SessionExtended extends Schema.TaggedStruct("SessionExtended", { refreshExpiresAt: Schema.String }) {}
export class SignedOut extends Schema.TaggedStruct("SignedOut", {
  reason: Schema.Literal("user", "idle", "expired", "refresh-failed", "other-tab"),
}) {}
export class SignInRequired extends Schema.TaggedStruct("SignInRequired", { returnTo: Schema.String }) {}
export class FxRateSelected extends Schema.TaggedStruct("FxRateSelected", { fxRateId: Schema.NullOr(Schema.Number) }) {}
export class ThemeChanged extends Schema.TaggedStruct("ThemeChanged", { theme: Schema.Literal("dark", "light", "auto") }) {}
export class ChunkLoadFailed extends Schema.TaggedStruct("ChunkLoadFailed", { chunk: Schema.String, message: Schema.String }) {}
/** An epic failed in a way no feature expected; the bus goes on. */
export class EpicFailed extends Schema.TaggedStruct("EpicFailed", { epic: Schema.String, message: Schema.String }) {}
/** A domain event another user caused, pushed by the server's stream. */
export class ServerEventReceived extends Schema.TaggedStruct("ServerEventReceived", {
  seq: Schema.Number,
  type: Schema.String,
  actor: Schema.String,
  actorName: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  payload: Schema.Unknown,
  occurredAt: Schema.String,
}) {}

export const SessionEvent = Schema.Union(
  SignInStarted,
  SignInSucceeded,
  SignInFailed,
  SessionRestored,
  SessionAbsent,
  SessionLoadStarted,
  SessionLoaded,
  SessionLoadFailed,
  SessionExtended,
  SignedOut,
  FxRateSelected,
  ThemeChanged,
  ChunkLoadFailed,
  EpicFailed,
  ServerEventReceived,
  SignInRequired,
);
