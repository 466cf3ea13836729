import { availableParallelism } from "node:os";

/**
 * Who waits for a hash. `interactive`: a person waiting for their own sign-in, reset or change.
 * `bulk`: passwords set for other people (an administrator's create, a users import), which can
 * come by the thousand and must never delay the first kind.
 */
export type HashPriority = "interactive" | "bulk";

export interface HashingLimits {
  /** Hashes running at once, in total. */
  readonly slots: number;
  /** Of those, at most this many bulk ones: the rest stay free for interactive work. */
  readonly bulkSlots: number;
}

export interface HashingQueue {
  /** Runs `job` when a slot is free: interactive jobs first, bulk ones only within their slots. */
  run<T>(priority: HashPriority, job: () => Promise<T>): Promise<T>;
  /** How many jobs wait and run, by priority (for tests and the bench). */
  state(): { waiting: Record<HashPriority, number>; running: Record<HashPriority, number> };
}

/**
 * scrypt runs in libuv's threadpool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file system, DNS and zlib work share. Hashing takes at most one thread less than the pool has,
 * and no more than there are CPUs (more would only slow each hash down); at least two, so one
 * is always there for sign-ins while bulk work runs.
 */
export function defaultHashingLimits(threadpoolSize = Number(process.env["UV_THREADPOOL_SIZE"]) || 4, cpus = availableParallelism()): HashingLimits {
  const slots = Math.max(2, Math.min(cpus, threadpoolSize - 1));
  return { slots, bulkSlots: slots - 1 };
}

/**
 * A two-level priority queue with bounded concurrency. Waiting interactive jobs always start
 * before waiting bulk ones, and bulk jobs never take the last slots, so a sign-in that arrives
 * during a 1,000-row import starts at once instead of queueing behind a thousand hashes.
 */
export function createHashingQueue(limits: HashingLimits): HashingQueue {
  const waiting: Record<HashPriority, (() => void)[]> = { interactive: [], bulk: [] };
  const running: Record<HashPriority, number> = { interactive: 0, bulk: 0 };

  const startNext = () => {
    while (running.interactive + running.bulk < limits.slots) {
      const next = waiting.interactive.shift() ?? (running.bulk < limits.bulkSlots ? waiting.bulk.shift() : undefined);
      if (!next) return;
      next();
    }
  };

  return {
    run(priority, job) {
      return new Promise((resolve, reject) => {
        // The slot is free again before the caller hears the outcome.
        const finished = () => {
          running[priority]--;
          startNext();
        };
        waiting[priority].push(() => {
          running[priority]++;
          Promise.resolve()
            .then(job)
            .then(
              (value) => (finished(), resolve(value)),
              (error: unknown) => (finished(), reject(error)),
            );
        });
        startNext();
      });
    },
    state: () => ({
      waiting: { interactive: waiting.interactive.length, bulk: waiting.bulk.length },
      running: { ...running },
    }),
  };
}
