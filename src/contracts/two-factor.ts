import { Schema } from "@effect/schema";
import { Text } from "./fields";
import { Sensitive } from "./sensitive";

/** A six-digit code from the authenticator app. */
export const Passcode = Sensitive(Text(64));

/** POST /auth-api/auth/otp/validate and the activate/deactivate calls. */
export const PasscodeRequest = Schema.Struct({ passcode: Passcode });

/** GET /api/auth/2fa/ */
export const TwoFactorStatus = Schema.Struct({
  enabled: Schema.Boolean,
  pending: Schema.Boolean,
  policy: Schema.Literal("optional", "mandatory"),
  can_remove: Schema.Boolean,
  /** Company administrators set the policy for everyone. */
  can_set_policy: Schema.Boolean,
});
export type TwoFactorStatus = typeof TwoFactorStatus.Type;

/** PATCH /api/auth/2fa/policy/ */
export const TwoFactorPolicyChange = Schema.Struct({ policy: Schema.Literal("optional", "mandatory") });

/** POST /api/auth/2fa/setup/: what the authenticator app needs, shown once. */
export const TwoFactorSetup = Schema.Struct({
  secret: Sensitive(Schema.String),
  otpauth_url: Sensitive(Schema.String),
  qr_svg: Sensitive(Schema.String),
});
export type TwoFactorSetup = typeof TwoFactorSetup.Type;

/** The sign-in answer when a second factor is needed instead of tokens. */
export const SecondFactorChallenge = Schema.Struct({ ephemeral_token: Sensitive(Schema.String) });

export const CODE_INVALID = "The code is not valid. Enter the current code from your authenticator app.";
export const NOT_ALLOWED_TO_REMOVE_2FA = "You are not allowed to remove 2FA";
export const NO_2FA_TO_RESET = "This user has not set up two-factor authentication.";
export const TWO_FACTOR_ALREADY_ENABLED = "Two-factor authentication is already enabled.";
export const MFA_SETUP_REQUIRED = "Set up two-factor authentication to continue.";
