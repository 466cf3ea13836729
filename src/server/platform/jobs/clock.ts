/**
 * The time as the job runner sees it: when a run is due, when a retry or the next scheduled run
 * falls. The real clock in the server; tests hand a manual one (test/support/manual-clock.ts) and
 * move it, so schedules and backoff are tested without sleeping.
 */
export interface JobClock {
  now(): number;
  /** Calls `callback` once `ms` of this clock's time have passed. */
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** setTimeout's longest delay (about 24.8 days); a later run waits in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export const realClock: JobClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, Math.min(ms, MAX_DELAY_MS));
    timer.unref(); // a scheduled run never keeps a finished process alive
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
