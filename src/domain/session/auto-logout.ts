/** How often the countdown is checked, and how often mouse activity may extend the session. */
export const AUTO_LOGOUT_CHECK_MS = 10_000;
export const ACTIVITY_CHECK_MS = 30_000;
/** The warning modal opens when this many minutes are left. */
export const LOGOUT_WARNING_MINUTES = 2;

/**
 * Minutes left until automatic logout: the refresh token's remaining lifetime in minutes,
 * rounded up by adding 59 seconds (spec section 4). At 0 or less the user is signed out.
 */
export function minutesUntilLogout(refreshExpiresAtMs: number, nowMs: number): number {
  return Math.floor((refreshExpiresAtMs - nowMs + 59_000) / 60_000);
}
