import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * KPI alerts (issue 15): a person's watch on one KPI — boundaries (spec section 3) or a percentage
 * change against the month before or plan with a minimum baseline — checked at the company's send
 * times for its frequency (domain/alerts). Each alert fires at most once per period: the unique
 * (alert, period) of kpi_alert_triggers is what makes a re-run, a late run or a second server
 * process send nothing twice; its rows are the alert's history.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table kpi_alerts (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       user_id bigint not null,
       kpi_id bigint not null,
       kind text not null check (kind in ('boundary', 'change')),
       lower_bound double precision,
       upper_bound double precision,
       change_basis text check (change_basis in ('previous_period', 'plan')),
       change_direction text check (change_direction in ('up', 'down', 'either')),
       change_percent double precision check (change_percent > 0),
       minimum_baseline double precision not null default 0 check (minimum_baseline >= 0),
       month_offset integer not null check (month_offset in (0, -1)),
       frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
       paused boolean not null default false,
       last_checked_at timestamptz,
       last_check_note text check (last_check_note is null or length(last_check_note) <= 500),
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       check (kind <> 'boundary' or lower_bound is not null or upper_bound is not null),
       check (lower_bound is null or upper_bound is null or lower_bound <= upper_bound),
       check (kind <> 'change' or (change_basis is not null and change_direction is not null and change_percent is not null)),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create index kpi_alerts_by_user on kpi_alerts (tenant_id, user_id, kpi_id)`,
    `create index kpi_alerts_by_kpi on kpi_alerts (tenant_id, kpi_id)`,
    `create table kpi_alert_triggers (
       tenant_id uuid not null,
       id bigint generated always as identity,
       alert_id bigint not null,
       period text not null check (length(period) between 7 and 10),
       kpi_month date not null,
       value double precision not null,
       baseline double precision,
       reason text not null check (length(reason) between 1 and 500),
       triggered_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, alert_id, period),
       foreign key (tenant_id, alert_id) references kpi_alerts (tenant_id, id) on delete cascade
     )`,
    `create index kpi_alert_triggers_recent on kpi_alert_triggers (tenant_id, triggered_at desc)`,
  );
  for (const table of ["kpi_alerts", "kpi_alert_triggers"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table kpi_alert_triggers", "drop table kpi_alerts");
}
