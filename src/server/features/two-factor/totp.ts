import * as OTPAuth from "otpauth";

/** RFC 6238: six digits from SHA-1 over 30-second steps; one step of clock drift either way. */
export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
export const TOTP_ISSUER = "Meridian";

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, account: string): string {
  return totpFor(secret, account).toString();
}

/**
 * The time step a code belongs to, or null when it is wrong. A code is accepted once: a step at
 * or before `lastUsedStep` is refused, so a code seen over a shoulder cannot be replayed.
 */
export function acceptedStep(secret: string, code: string, lastUsedStep: number, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, "").validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  return step > lastUsedStep ? step : null;
}

/** The code of a moment (tests and the setup screen's self-check). */
export function codeAt(secret: string, now: Date): string {
  return totpFor(secret, "").generate({ timestamp: now.getTime() });
}

function totpFor(secret: string, account: string) {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label: account, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}
