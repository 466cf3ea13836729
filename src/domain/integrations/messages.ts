/**
 * The words of integrations: the spec's error texts (section 8) and the rerun wait (section 4,
 * "Rerun of an integration is blocked for a waiting time, with a message"), and the summary cache
 * (section 9). One place, so server answers, the sync log and the screens say the same.
 */

/** Credentials were refused by the source: someone has to connect it again (reconnect). */
export const NEEDS_SIGN_IN = "The integration requires a new sign in.";
/** Reading from the source failed (unreachable, the query failed, too much data, wrong columns). */
export const SYNC_ERROR = "Synchronization error";
/** Writing the read values into the KPIs failed (a KPI gone, no longer writable, the write failed). */
export const RECALCULATING_ERROR = "KPIs recalculating error";

/** An integration's state after its last synchronization (or its connection). */
export type IntegrationStatus = "connected" | "needs_sign_in" | "sync_error" | "recalculating_error";

export const STATUS_TEXT: Readonly<Record<IntegrationStatus, string>> = {
  connected: "Connected",
  needs_sign_in: NEEDS_SIGN_IN,
  sync_error: SYNC_ERROR,
  recalculating_error: RECALCULATING_ERROR,
};

/** Integration summaries by names are kept this long (spec section 9: 600000 ms). */
export const INTEGRATION_SUMMARY_CACHE_MS = 600_000;

/**
 * How long a synchronization blocks the next one, counted from when it was asked for: a person
 * pressing "Sync now" again and again would only load the company's own database. Five minutes is
 * ours (the spec leaves the time open): long enough to protect the source, short enough to retry
 * after fixing a query.
 */
export const RERUN_WAIT_MS = 5 * 60_000;

/** Milliseconds until the integration may synchronize again (0: now). */
export function rerunWaitLeft(lastRequestedAt: Date | null, now: Date, waitMs = RERUN_WAIT_MS): number {
  if (!lastRequestedAt) return 0;
  const left = lastRequestedAt.getTime() + waitMs - now.getTime();
  return left > 0 ? Math.min(left, waitMs) : 0;
}

/** The message of a refused rerun: the whole wait and what is left of it, in whole minutes or seconds. */
export function rerunWaitMessage(leftMs: number, waitMs = RERUN_WAIT_MS): string {
  return `This integration was synchronized less than ${durationText(waitMs)} ago. You can run it again in ${durationText(leftMs)}.`;
}

function durationText(ms: number): string {
  if (ms >= 60_000) {
    const minutes = Math.ceil(ms / 60_000);
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}
