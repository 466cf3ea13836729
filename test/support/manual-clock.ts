import type { JobClock } from "../../src/server/platform/jobs/clock";

/**
 * A clock the test moves: timers fire when `advance` passes their time, in order, and never by
 * themselves. Schedules and backoff are tested without sleeping.
 */
export interface ManualClock extends JobClock {
  /** Moves the time on by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void;
  /** Moves the time to `at` (never backwards). */
  advanceTo(at: Date): void;
  date(): Date;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let now = start.getTime();
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: ManualClock = {
    now: () => now,
    date: () => new Date(now),
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      clock.advanceTo(new Date(now + ms));
    },
    advanceTo(at) {
      const target = Math.max(now, at.getTime());
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
      }
      now = target;
    },
  };
  return clock;
}
