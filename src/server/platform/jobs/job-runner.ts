import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { TenantContext, WithTenant } from "../../db/tenancy";
import { claimRun, finishRun, insertRun, appendRunLog, recoverableRuns, failInterruptedRuns } from "./job-runs";

/**
 * Jobs (DESIGN.md section 4, "Jobs"): work that runs apart from a request, now or later, for one
 * company — an integration's sync today; alerts, OKR reminders and mail later. One interface with
 * two queues behind it: pg-boss on PostgreSQL (DATABASE_URL), so any number of server processes
 * share the work, and an in-process queue on the embedded default, where one process is all
 * there is. The same job definitions run on both.
 *
 * Every run is a row of `job_runs`, written in the transaction that asks for it: the run exists
 * exactly when the change that asked for it does, and its state, its log lines and how it ended
 * are rows a screen can show. The queue carries only (tenant, run id); a run is claimed by moving
 * its row from queued to running, so a run delivered twice (a re-sent dispatch, a second process)
 * runs once. A failing job is recorded on its row and logged; it never takes the server down.
 */
export interface JobDefinition<Data = unknown> {
  /** The queue's name: lower-case letters, digits and dashes ("integration-sync"). */
  readonly name: string;
  /** A run that takes longer counts as failed. */
  readonly timeoutSeconds?: number;
  /**
   * Backoff: the waits before the second, third, … attempt of a failed run (so at most one more
   * attempt than delays). Each attempt is a run of its own, with its own row and log. Only failures
   * that may pass retry: an unexpected error, a deadline, or a JobFailure that says `retry`.
   */
  readonly retryDelaysSeconds?: readonly number[];
  /**
   * At start, before queued runs are handed over: queue what should be waiting and is not (a
   * schedule across companies, on the owner connection). A failure is logged; start goes on.
   */
  atStart?(database: Database, now: Date): Promise<void>;
  run(job: RunningJob<Data>): Promise<void>;
}

export interface RunningJob<Data> {
  readonly runId: number;
  readonly tenantId: string;
  readonly data: Data;
  /** The user who asked for the run; null when the system did (a schedule). */
  readonly requestedBy: number | null;
  /** 1 for the first attempt; a retry counts on. */
  readonly attempt: number;
  /** Adds a line to the run's log, in its own short transaction so a screen sees progress. */
  log(message: string): Promise<void>;
}

/**
 * An expected failure: its message is recorded on the run as its error, for people to read. Any
 * other error is recorded as the generic text and its details go only to the server's log (an
 * unexpected error may carry what no screen should show).
 */
export class JobFailure extends Error {
  /** Whether trying again later may help (a source that is away), if the job retries at all. */
  readonly retry: boolean;
  constructor(message: string, options: { retry?: boolean } = {}) {
    super(message);
    this.retry = options.retry ?? false;
  }
}

export const JOB_FAILED_UNEXPECTEDLY = "The job failed unexpectedly. Please try again.";
export const JOB_TIMED_OUT = "The job took too long and was stopped.";
export const JOB_INTERRUPTED = "The job was interrupted by a restart of the server.";
export const UNKNOWN_JOB = "This job is not known to the server.";

export interface EnqueueOptions {
  /** What the run is about, for lists of runs ("integration:12"). */
  readonly subject?: string;
  /** Run at this time or later (default: now). */
  readonly runAt?: Date;
  readonly requestedBy?: number | null;
}

export interface JobRunner {
  readonly engine: "in-process" | "pg-boss";
  /** Registers a job; every job is defined before start (src/server/jobs.ts). */
  define<Data>(definition: JobDefinition<Data>): void;
  /**
   * Queues a run of `name` in the caller's transaction: it is handed to the queue once that
   * commits, and never if it rolls back.
   */
  enqueue<Data>(context: TenantContext, name: string, data: Data, options?: EnqueueOptions): Promise<{ runId: number }>;
  /** Starts working: runs left queued by an earlier process are handed to the queue again. */
  start(): Promise<void>;
  /** Stops taking runs and waits a while for the running ones. */
  stop(): Promise<void>;
  /** Resolves when nothing handed to this process's queue is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
}

/** What carries runs to workers: the in-process queue or pg-boss. */
export interface QueueBackend {
  readonly engine: JobRunner["engine"];
  /** Hands a run over; repeated hand-overs of one run are harmless (the claim decides). */
  dispatch(run: QueuedRun): Promise<void>;
  start(names: readonly string[], execute: (run: QueuedRun) => Promise<void>, timeoutSeconds: (name: string) => number): Promise<void>;
  stop(): Promise<void>;
  idle(): Promise<void>;
  /** Whether runs still marked running at start belong to no live process (true for in-process). */
  readonly ownsAllRuns: boolean;
}

export interface QueuedRun {
  readonly name: string;
  readonly tenantId: string;
  readonly runId: number;
  readonly runAt: Date;
}

export interface JobRunnerDeps {
  readonly database: Database;
  readonly withTenant: WithTenant;
  readonly log: Pick<FastifyBaseLogger, "error" | "warn" | "info">;
  /** The time of claims, retries and schedules (the queue's clock; tests move it). */
  readonly now?: () => Date;
}

/** How a retry is announced in the failed run's log. */
export const retryLine = (attempt: number, attempts: number, at: Date) => `Attempt ${attempt} of ${attempts} failed; the next attempt is at ${at.toISOString().slice(0, 16).replace("T", " ")} UTC.`;
export const lastAttemptLine = (attempts: number) => `Attempt ${attempts} of ${attempts} failed; there are no further attempts.`;

const DEFAULT_TIMEOUT_SECONDS = 15 * 60;

export function createJobRunner(backend: QueueBackend, deps: JobRunnerDeps): JobRunner {
  const definitions = new Map<string, JobDefinition<any>>();
  const now = deps.now ?? (() => new Date());
  const timeoutOf = (name: string) => definitions.get(name)?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  let started = false;

  const dispatch = (run: QueuedRun) =>
    backend.dispatch(run).catch((error: unknown) => deps.log.error({ err: error, job: run.name, runId: run.runId }, "a job run could not be queued; it is queued again at the next start"));

  /** Claims a run and runs it; records how it ended. Never throws. */
  async function execute(run: QueuedRun): Promise<void> {
    const actor = { kind: "system", name: `job:${run.name}` } as const;
    try {
      const claimed = await deps.withTenant(run.tenantId, actor, ({ db }) => claimRun(db, run.runId, now()));
      if (!claimed) return; // already ran, runs elsewhere, or is gone with its company
      const definition = definitions.get(claimed.job);
      if (!definition) {
        await deps.withTenant(run.tenantId, actor, ({ db }) => finishRun(db, run.runId, "failed", UNKNOWN_JOB, now()));
        return;
      }
      const job: RunningJob<unknown> = {
        runId: run.runId,
        tenantId: run.tenantId,
        data: claimed.data,
        requestedBy: claimed.requested_by,
        attempt: claimed.attempt,
        log: (message) => deps.withTenant(run.tenantId, actor, ({ db }) => appendRunLog(db, run.runId, message, now())),
      };
      let timer: NodeJS.Timeout | undefined;
      // A running job keeps the process alive until it ends or its deadline passes.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new JobFailure(JOB_TIMED_OUT)), timeoutOf(claimed.job) * 1000);
      });
      try {
        await Promise.race([definition.run(job), deadline]);
        await deps.withTenant(run.tenantId, actor, ({ db }) => finishRun(db, run.runId, "succeeded", null, now()));
      } catch (error) {
        if (!(error instanceof JobFailure)) deps.log.error({ err: error, job: claimed.job, runId: run.runId }, "a job failed unexpectedly");
        const message = error instanceof JobFailure ? error.message : JOB_FAILED_UNEXPECTEDLY;
        const delays = definition.retryDelaysSeconds ?? [];
        const mayPass = error instanceof JobFailure ? error.retry : true;
        const attempts = delays.length + 1;
        await deps.withTenant(run.tenantId, actor, async (context) => {
          const at = now();
          const delay = mayPass ? delays[claimed.attempt - 1] : undefined;
          if (delay !== undefined) {
            // The next attempt is a run of its own, queued with this one's end: both or neither.
            const retryAt = new Date(at.getTime() + delay * 1000);
            await appendRunLog(context.db, run.runId, retryLine(claimed.attempt, attempts, retryAt), at);
            const runId = await insertRun(context.db, { tenantId: run.tenantId, job: claimed.job, subject: claimed.subject, data: claimed.data, requestedBy: claimed.requested_by, runAfter: retryAt, attempt: claimed.attempt + 1 });
            context.afterCommit(() => dispatch({ name: claimed.job, tenantId: run.tenantId, runId, runAt: retryAt }));
          } else if (mayPass && delays.length > 0) {
            await appendRunLog(context.db, run.runId, lastAttemptLine(attempts), at);
          }
          await finishRun(context.db, run.runId, "failed", message, at);
        });
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      // The database itself failed around the run: the row may stay running until the next start.
      deps.log.error({ err: error, job: run.name, runId: run.runId }, "a job run could not be recorded");
    }
  }

  return {
    engine: backend.engine,
    define(definition) {
      if (started) throw new Error(`define the job ${definition.name} before the job runner starts`);
      if (!/^[a-z0-9-]+$/.test(definition.name)) throw new Error(`a job's name is lower-case letters, digits and dashes: ${definition.name}`);
      definitions.set(definition.name, definition as JobDefinition<any>);
    },
    async enqueue(context, name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`no job named ${name} is defined`);
      const runAt = options.runAt ?? now();
      const runId = await insertRun(context.db, { tenantId: context.tenantId, job: name, subject: options.subject ?? "", data, requestedBy: options.requestedBy ?? null, runAfter: runAt });
      context.afterCommit(() => dispatch({ name, tenantId: context.tenantId, runId, runAt }));
      return { runId };
    },
    async start() {
      if (started) return;
      started = true;
      // Runs a stopped process left behind: the unfinished are failed (before this process claims
      // any), the queued handed over again.
      const names = [...definitions.keys()];
      await failInterruptedRuns(deps.database, names.map((name) => ({ name, olderThanSeconds: backend.ownsAllRuns ? 0 : timeoutOf(name) * 2 })), JOB_INTERRUPTED);
      for (const definition of definitions.values()) {
        await definition.atStart?.(deps.database, now()).catch((error: unknown) => deps.log.error({ err: error, job: definition.name }, "a job's schedule could not be checked at start"));
      }
      await backend.start(names, execute, timeoutOf);
      for (const run of await recoverableRuns(deps.database, names)) await dispatch(run);
    },
    async stop() {
      if (!started) return;
      started = false;
      await backend.stop();
    },
    idle: () => backend.idle(),
  };
}
