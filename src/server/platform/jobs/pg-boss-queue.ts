import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import type { JobRunnerDeps, QueueBackend, QueuedRun } from "./job-runner";

/** pg-boss keeps its tables in a schema of its own, apart from the app's. */
export const PG_BOSS_SCHEMA = "pgboss";

/**
 * The queue on PostgreSQL: pg-boss 10. Every server process works the queues, so runs spread over
 * processes and survive any one of them; a run asked for later waits in the database
 * (`startAfter`). pg-boss only carries (tenant, run id): retries are off because a run is claimed
 * once (its job_runs row), and a job that should try again queues a new run.
 */
export function pgBossQueue(connectionString: string, log: JobRunnerDeps["log"], options: { pollingIntervalSeconds?: number } = {}): QueueBackend {
  const boss = new PgBoss({ connectionString, schema: PG_BOSS_SCHEMA, max: 3, application_name: "meridian-jobs" });
  // pg-boss reports failures of its own work (maintenance, polling) as events: logged, never thrown.
  boss.on("error", (error) => log.error({ err: error }, "the job queue reported an error"));
  let active = 0;
  let names: readonly string[] = [];
  let timeoutOf: (name: string) => number = () => 900;
  let started = false;

  return {
    engine: "pg-boss",
    ownsAllRuns: false,
    async dispatch(run) {
      if (!started) throw new Error("the job queue is not started");
      // The run's own id: handing a run over twice inserts one job (pg-boss ignores the second).
      // The runner's own deadline ends a run; pg-boss's expiry, a minute later, is only a backstop.
      const expireInSeconds = Math.ceil(timeoutOf(run.name)) + 60;
      await boss.send(run.name, { tenantId: run.tenantId, runId: run.runId }, { id: jobIdOf(run), startAfter: run.runAt, retryLimit: 0, expireInSeconds });
    },
    async start(queueNames, execute, timeouts) {
      names = queueNames;
      timeoutOf = timeouts;
      await boss.start();
      started = true;
      for (const name of names) {
        await boss.createQueue(name);
        await boss.work<{ tenantId: string; runId: number }>(name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
          if (!job) return;
          active += 1;
          try {
            await execute({ name, tenantId: job.data.tenantId, runId: job.data.runId, runAt: new Date() });
          } finally {
            active -= 1;
          }
        });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async idle() {
      // Waiting: jobs of ours due now and not yet done (any process's); running: this process's.
      // Jobs asked for later do not count, as in the in-process queue.
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(`select count(*)::int as waiting from ${PG_BOSS_SCHEMA}.job where name = any($1::text[]) and state < 'completed' and start_after <= now()`, [names]);
        if (Number(rows[0]?.waiting ?? 0) === 0 && active === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** A uuid made from the run: the same run always has the same pg-boss job id. */
function jobIdOf(run: QueuedRun): string {
  const hex = createHash("sha256").update(`${run.tenantId}/${run.runId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
