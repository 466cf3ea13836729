import { realClock, type JobClock } from "./clock";
import type { QueueBackend, QueuedRun } from "./job-runner";

/**
 * The queue of the embedded default: runs wait in memory and `concurrency` of them run at a time
 * in this process. Nothing is lost by a restart: queued runs are rows of job_runs, handed over
 * again when the runner starts. Runs handed over before start wait until it.
 */
export function inProcessQueue(options: { concurrency?: number; stopWaitMs?: number; clock?: JobClock } = {}): QueueBackend {
  const concurrency = options.concurrency ?? 2;
  const stopWaitMs = options.stopWaitMs ?? 10_000;
  const clock = options.clock ?? realClock;
  const ready: QueuedRun[] = [];
  const timers = new Set<unknown>();
  const running = new Set<Promise<void>>();
  let execute: ((run: QueuedRun) => Promise<void>) | null = null;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (ready.length > 0 && execute) return;
    if (running.size > 0) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };

  const pump = () => {
    while (execute && running.size < concurrency && ready.length > 0) {
      const run = ready.shift()!;
      const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => execute?.(run))
        .catch(() => {}) // execute records its own failures; nothing may escape into the process
        .finally(() => {
          running.delete(work);
          pump();
          settleIdle();
        });
      running.add(work);
    }
    settleIdle();
  };

  const later = (run: QueuedRun) => {
    const delay = run.runAt.getTime() - clock.now();
    if (delay <= 0) {
      ready.push(run);
      pump();
      return;
    }
    // The clock's timer is unref'd: a scheduled run never keeps a finished process alive.
    const timer = clock.setTimeout(() => {
      timers.delete(timer);
      later(run);
    }, delay);
    timers.add(timer);
  };

  return {
    engine: "in-process",
    ownsAllRuns: true,
    dispatch: async (run) => later(run),
    start: async (_names, run) => {
      execute = run;
      pump();
    },
    stop: async () => {
      execute = null;
      for (const timer of timers) clock.clearTimeout(timer);
      timers.clear();
      ready.length = 0;
      const waited = Promise.allSettled([...running]);
      await Promise.race([waited, new Promise((resolve) => setTimeout(resolve, stopWaitMs).unref())]);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
  };
}
