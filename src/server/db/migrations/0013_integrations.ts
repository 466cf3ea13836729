import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Jobs and integrations.
 *
 * `job_runs` is the log of every job run (platform/jobs): what ran for whom, when, how it ended
 * and its log lines, as rows a screen can show. The queue behind it (pg-boss on PostgreSQL, an
 * in-process queue on PGlite) only carries (tenant, run id); the row is the truth about a run.
 *
 * `integrations` are the connected sources of a company. The connection (a connection string, an
 * address that may carry a token) is stored sealed with AES-GCM under a key derived from
 * SECRET_KEY; `target` is the part people may see (host, port, database, user). `kpi_id` and
 * `owner_id` have no foreign keys on purpose: deleting a KPI or a user must not delete the
 * integration; the next sync says what is missing ('KPIs recalculating error').
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table job_runs (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       job text not null,
       subject text not null default '',
       data jsonb not null default '{}'::jsonb,
       state text not null default 'queued' check (state in ('queued', 'running', 'succeeded', 'failed')),
       requested_by bigint,
       queued_at timestamptz not null default now(),
       run_after timestamptz not null default now(),
       started_at timestamptz,
       finished_at timestamptz,
       error text,
       log jsonb not null default '[]'::jsonb,
       primary key (tenant_id, id)
     )`,
    `create index job_runs_subject on job_runs (tenant_id, subject, queued_at desc)`,
    // Start-up looks for runs that never started or never finished, across tenants.
    `create index job_runs_unfinished on job_runs (state, run_after) where state in ('queued', 'running')`,
    `create table integrations (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       kind text not null check (kind in ('postgresql', 'csv-url')),
       name text not null,
       secret_sealed text not null,
       target text not null,
       query text not null default '',
       kpi_id bigint,
       status text not null default 'connected' check (status in ('connected', 'needs_sign_in', 'sync_error', 'recalculating_error')),
       owner_id bigint not null,
       next_sync_at timestamptz,
       last_written jsonb not null default '[]'::jsonb,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id)
     )`,
  );
  await protectTenantTable(db, "job_runs");
  await protectTenantTable(db, "integrations");
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table integrations", "drop table job_runs");
}
