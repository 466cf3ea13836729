import type { Database } from "../../db/database";
import type { WithTenant } from "../../db/tenancy";
import { inProcessQueue } from "./in-process-queue";
import { createJobRunner, type JobRunner, type JobRunnerDeps } from "./job-runner";
import { pgBossQueue } from "./pg-boss-queue";

/** The job runner of this installation: pg-boss on PostgreSQL (DATABASE_URL), in-process on PGlite. */
export function openJobRunner(options: { databaseUrl: string | undefined; database: Database; withTenant: WithTenant; log: JobRunnerDeps["log"] }): JobRunner {
  const backend = options.databaseUrl ? pgBossQueue(options.databaseUrl, options.log) : inProcessQueue();
  return createJobRunner(backend, { database: options.database, withTenant: options.withTenant, log: options.log });
}
