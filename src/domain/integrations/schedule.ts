import type { SyncSchedule } from "../../contracts/integrations";

/**
 * How often a connected integration synchronizes by itself, as its manager picks it, counted from
 * its last sync (a sync asked for by hand moves the next one on, so a source is never read twice
 * in a row for nothing). Daily is the default: most bookkeeping is closed a day at a time.
 */
export const SYNC_SCHEDULES: readonly { readonly schedule: SyncSchedule; readonly label: string; readonly intervalMs: number }[] = [
  { schedule: "hourly", label: "Every hour", intervalMs: 60 * 60_000 },
  { schedule: "daily", label: "Every day", intervalMs: 24 * 60 * 60_000 },
  { schedule: "weekly", label: "Every week", intervalMs: 7 * 24 * 60 * 60_000 },
];

export const DEFAULT_SYNC_SCHEDULE: SyncSchedule = "daily";

export function syncIntervalMs(schedule: SyncSchedule): number {
  return SYNC_SCHEDULES.find((entry) => entry.schedule === schedule)!.intervalMs;
}

export function scheduleLabel(schedule: SyncSchedule): string {
  return SYNC_SCHEDULES.find((entry) => entry.schedule === schedule)!.label;
}

/**
 * A sync that failed because its source was away (unreachable, too slow, a failing query) tries
 * again after 1, 5 and 30 minutes: four attempts within 36 minutes, so even an hourly schedule
 * has given up before its next run. A refused sign-in or a KPI that may no longer be written does
 * not pass by itself and is not retried.
 */
export const SYNC_RETRY_DELAYS_SECONDS: readonly number[] = [60, 5 * 60, 30 * 60];
