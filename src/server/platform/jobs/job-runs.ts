import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/database";
import type { DatabaseSchema, JobRunState } from "../../db/schema";
import type { QueuedRun } from "./job-runner";

/** A run's log keeps this many lines; a job that says more gets one line saying so. */
export const MAX_LOG_LINES = 200;
/** A log line keeps this many characters. */
export const MAX_LOG_LINE = 500;

type Db = Transaction<DatabaseSchema> | Kysely<DatabaseSchema>;

export async function insertRun(
  db: Db,
  run: { tenantId: string; job: string; subject: string; data: unknown; requestedBy: number | null; runAfter: Date; attempt?: number },
): Promise<number> {
  const row = await db
    .insertInto("job_runs")
    .values({ tenant_id: run.tenantId, job: run.job, subject: run.subject, data: JSON.stringify(run.data ?? {}), requested_by: run.requestedBy, run_after: run.runAfter, attempt: run.attempt ?? 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a queued run to running; null when it is not queued (ran already, runs elsewhere, gone). */
export function claimRun(db: Db, runId: number, at: Date) {
  return db
    .updateTable("job_runs")
    .set({ state: "running", started_at: at })
    .where("id", "=", runId)
    .where("state", "=", "queued")
    .returning(["job", "subject", "data", "requested_by", "attempt"])
    .executeTakeFirst();
}

/** Records how a running run ended (a run stopped by its deadline is not finished twice). */
export async function finishRun(db: Db, runId: number, state: Extract<JobRunState, "succeeded" | "failed">, error: string | null, at: Date) {
  await db.updateTable("job_runs").set({ state, error, finished_at: at }).where("id", "=", runId).where("state", "=", "running").execute();
}

export async function appendRunLog(db: Db, runId: number, message: string, at: Date) {
  const line = JSON.stringify([{ at: at.toISOString(), message: message.slice(0, MAX_LOG_LINE) }]);
  const full = JSON.stringify([{ at: at.toISOString(), message: "Further lines are left out." }]);
  await db
    .updateTable("job_runs")
    .set({
      log: sql`case when jsonb_array_length(log) < ${MAX_LOG_LINES} then log || ${line}::jsonb
                    when jsonb_array_length(log) = ${MAX_LOG_LINES} then log || ${full}::jsonb
                    else log end`,
    })
    .where("id", "=", runId)
    .execute();
}

/**
 * At start, across companies (the owner connection; jobs are system work): runs still marked
 * running that no live process can be working on are failed with `message`. With one process
 * (olderThanSeconds 0) that is every one; with pg-boss, those running past twice their deadline.
 */
export async function failInterruptedRuns(database: Database, jobs: readonly { name: string; olderThanSeconds: number }[], message: string) {
  for (const job of jobs) {
    await database.system
      .updateTable("job_runs")
      .set({ state: "failed", error: message, finished_at: new Date() })
      .where("state", "=", "running")
      .where("job", "=", job.name)
      .where("started_at", "<=", sql<Date>`now() - make_interval(secs => ${job.olderThanSeconds})`)
      .execute();
  }
}

/** Queued runs of these jobs, oldest first: handed to the queue again at start. */
export async function recoverableRuns(database: Database, names: readonly string[]): Promise<QueuedRun[]> {
  if (names.length === 0) return [];
  const rows = await database.system.selectFrom("job_runs").select(["tenant_id", "id", "job", "run_after"]).where("state", "=", "queued").where("job", "in", names).orderBy("run_after").limit(10_000).execute();
  return rows.map((row) => ({ name: row.job, tenantId: row.tenant_id, runId: row.id, runAt: row.run_after }));
}
