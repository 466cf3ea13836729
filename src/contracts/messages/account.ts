import { Schema } from "@effect/schema";
import { Sensitive, SensitiveString } from "../sensitive";
import { TwoFactorStatus } from "../two-factor";

/** Second factor at sign-in, password reset and the two-factor settings. */

// ── commands ────────────────────────────────────────────────────────────────
export class VerifySignInCode extends Schema.TaggedStruct("VerifySignInCode", { passcode: SensitiveString }) {}
export class RequestPasswordReset extends Schema.TaggedStruct("RequestPasswordReset", { email: Schema.String }) {}
export class ConfirmPasswordReset extends Schema.TaggedStruct("ConfirmPasswordReset", {
  uid: Schema.String,
  token: SensitiveString,
  password: SensitiveString,
  repeat: SensitiveString,
}) {}
export class LoadTwoFactor extends Schema.TaggedStruct("LoadTwoFactor", {}) {}
export class StartTwoFactorSetup extends Schema.TaggedStruct("StartTwoFactorSetup", {}) {}
export class ActivateTwoFactor extends Schema.TaggedStruct("ActivateTwoFactor", { passcode: SensitiveString }) {}
export class SetTwoFactorPolicy extends Schema.TaggedStruct("SetTwoFactorPolicy", { policy: Schema.Literal("optional", "mandatory") }) {}
export class DeactivateTwoFactor extends Schema.TaggedStruct("DeactivateTwoFactor", { passcode: SensitiveString }) {}

export class LoadSsoProviders extends Schema.TaggedStruct("LoadSsoProviders", {}) {}
/** Leaves for the provider's sign-in page; `next` is where to go afterwards. */
export class StartSso extends Schema.TaggedStruct("StartSso", { provider: Schema.String, next: Schema.String }) {}
export class CompleteSso extends Schema.TaggedStruct("CompleteSso", { code: SensitiveString, state: Schema.String, iss: Schema.String }) {}
export class StartSsoLink extends Schema.TaggedStruct("StartSsoLink", { provider: Schema.String }) {}

/** A frame opened by an investor instance waits for its parent's embed token. */
export class AwaitEmbedSession extends Schema.TaggedStruct("AwaitEmbedSession", { landing: Schema.Boolean }) {}

export const AccountCommand = Schema.Union(
  AwaitEmbedSession,
  VerifySignInCode,
  RequestPasswordReset,
  ConfirmPasswordReset,
  LoadTwoFactor,
  StartTwoFactorSetup,
  ActivateTwoFactor,
  DeactivateTwoFactor,
  SetTwoFactorPolicy,
  LoadSsoProviders,
  StartSso,
  CompleteSso,
  StartSsoLink,
);

// ── events ──────────────────────────────────────────────────────────────────
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

/** The password was right; the authenticator code comes next (/login/mfa). */
export class SecondFactorRequired extends Schema.TaggedStruct("SecondFactorRequired", { email: Schema.String }) {}
export class CodeVerificationStarted extends Schema.TaggedStruct("CodeVerificationStarted", {}) {}
export class CodeRejected extends Schema.TaggedStruct("CodeRejected", { message: Schema.String, fields: FieldMessages }) {}
export class PasswordResetRequestStarted extends Schema.TaggedStruct("PasswordResetRequestStarted", { email: Schema.String }) {}
export class PasswordResetRequested extends Schema.TaggedStruct("PasswordResetRequested", { email: Schema.String }) {}
export class PasswordResetRequestFailed extends Schema.TaggedStruct("PasswordResetRequestFailed", { message: Schema.String }) {}
export class PasswordResetConfirmStarted extends Schema.TaggedStruct("PasswordResetConfirmStarted", {}) {}
export class PasswordResetConfirmed extends Schema.TaggedStruct("PasswordResetConfirmed", {}) {}
/** Every message of the server, one per line. */
export class PasswordResetConfirmFailed extends Schema.TaggedStruct("PasswordResetConfirmFailed", { messages: Schema.Array(Schema.String) }) {}
export class TwoFactorLoadStarted extends Schema.TaggedStruct("TwoFactorLoadStarted", {}) {}
export class TwoFactorLoaded extends Schema.TaggedStruct("TwoFactorLoaded", { status: TwoFactorStatus }) {}
export class TwoFactorLoadFailed extends Schema.TaggedStruct("TwoFactorLoadFailed", { message: Schema.String }) {}
export class TwoFactorSetupStarted extends Schema.TaggedStruct("TwoFactorSetupStarted", {
  secret: SensitiveString,
  otpauthUrl: SensitiveString,
  qrSvg: Sensitive(Schema.String),
}) {}
export class TwoFactorSetupFailed extends Schema.TaggedStruct("TwoFactorSetupFailed", { message: Schema.String }) {}
export class TwoFactorActivated extends Schema.TaggedStruct("TwoFactorActivated", {}) {}
export class TwoFactorActivationFailed extends Schema.TaggedStruct("TwoFactorActivationFailed", { message: Schema.String }) {}
export class TwoFactorDeactivated extends Schema.TaggedStruct("TwoFactorDeactivated", {}) {}
export class TwoFactorPolicySet extends Schema.TaggedStruct("TwoFactorPolicySet", { policy: Schema.Literal("optional", "mandatory") }) {}
export class TwoFactorPolicyFailed extends Schema.TaggedStruct("TwoFactorPolicyFailed", { message: Schema.String }) {}
export class TwoFactorDeactivationFailed extends Schema.TaggedStruct("TwoFactorDeactivationFailed", { message: Schema.String }) {}

export class SsoProvidersLoaded extends Schema.TaggedStruct("SsoProvidersLoaded", { providers: Schema.Array(Schema.Struct({ name: Schema.String, label: Schema.String })) }) {}
export class SsoCompleting extends Schema.TaggedStruct("SsoCompleting", {}) {}
export class SsoFailed extends Schema.TaggedStruct("SsoFailed", { message: Schema.String }) {}
export class SsoAccountLinked extends Schema.TaggedStruct("SsoAccountLinked", { provider: Schema.String }) {}

export class EmbedSignInFailed extends Schema.TaggedStruct("EmbedSignInFailed", { message: Schema.String }) {}

export const AccountEvent = Schema.Union(
  EmbedSignInFailed,
  SsoProvidersLoaded,
  SsoCompleting,
  SsoFailed,
  SsoAccountLinked,
  SecondFactorRequired,
  CodeVerificationStarted,
  CodeRejected,
  PasswordResetRequestStarted,
  PasswordResetRequested,
  PasswordResetRequestFailed,
  PasswordResetConfirmStarted,
  PasswordResetConfirmed,
  PasswordResetConfirmFailed,
  TwoFactorLoadStarted,
  TwoFactorLoaded,
  TwoFactorLoadFailed,
  TwoFactorSetupStarted,
  TwoFactorSetupFailed,
  TwoFactorActivated,
  TwoFactorActivationFailed,
  TwoFactorDeactivated,
  TwoFactorDeactivationFailed,
  TwoFactorPolicySet,
  TwoFactorPolicyFailed,
);
