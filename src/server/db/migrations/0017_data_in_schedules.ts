import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * Schedules and retries (issue 11, closing its gaps).
 *
 * `job_runs.attempt`: a failed run that may try again queues a new run with the next attempt
 * number (platform/jobs), so every attempt is a row of its own with its own log.
 *
 * `integrations.schedule`: how often an integration synchronizes by itself (hourly, daily,
 * weekly), counted from its last sync; the daily rhythm of before is the default.
 *
 * `kpi_queries.evaluated_by` / `evaluation_error`: an active query is calculated again every night
 * as the person who last calculated it (their permissions as of that night); the last scheduled
 * calculation that failed says why. Active queries of before count as calculated by their creator.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `alter table job_runs add column attempt integer not null default 1 check (attempt between 1 and 100)`,
    `alter table integrations add column schedule text not null default 'daily' check (schedule in ('hourly', 'daily', 'weekly'))`,
    `alter table kpi_queries add column evaluated_by bigint`,
    `alter table kpi_queries add column evaluation_error text`,
    `alter table kpi_queries add foreign key (tenant_id, evaluated_by) references users (tenant_id, id) on delete set null (evaluated_by)`,
    `update kpi_queries set evaluated_by = created_by where status = 'active'`,
  );
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "alter table kpi_queries drop column evaluation_error",
    "alter table kpi_queries drop column evaluated_by",
    "alter table integrations drop column schedule",
    "alter table job_runs drop column attempt",
  );
}
