import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Planning versions: the working plan of a fiscal year kept under a name (a budget, a Q2
 * reforecast) as a full copy of its planning values, so later edits of the working plan, KPI
 * renames or a deleted month never change what the version said (docs/decisions.md, "Planning
 * versions"). Names are unique per company whatever their case. A version goes with its values;
 * a deleted KPI takes its rows out of every version.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table planning_versions (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 100),
       fiscal_year_start date not null check (extract(day from fiscal_year_start) = 1),
       value_count integer not null,
       created_by bigint,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
     )`,
    `create unique index planning_versions_name on planning_versions (tenant_id, lower(name))`,
    `create table planning_version_values (
       tenant_id uuid not null,
       version_id bigint not null,
       kpi_id bigint not null,
       month date not null check (extract(day from month) = 1),
       value double precision not null,
       primary key (tenant_id, version_id, kpi_id, month),
       foreign key (tenant_id, version_id) references planning_versions (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
  );
  for (const table of ["planning_versions", "planning_version_values"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table planning_version_values", "drop table planning_versions");
}
