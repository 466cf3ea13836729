import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * KPI reporting per user: favorite KPIs (ordered) and app settings. Dated FX rates start on the
 * first day of a month, like every KPI value (the API refuses other dates; this keeps it so).
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table kpi_favorites (
       tenant_id uuid not null,
       user_id bigint not null,
       kpi_id bigint not null,
       position integer not null default 0,
       created_at timestamptz not null default now(),
       primary key (tenant_id, user_id, kpi_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create table user_settings (
       tenant_id uuid not null,
       user_id bigint not null,
       settings jsonb not null default '{}'::jsonb,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, user_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `alter table fx_rate_values add constraint fx_rate_values_first_of_month check (extract(day from valid_from) = 1)`,
  );
  for (const table of ["kpi_favorites", "user_settings"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "alter table fx_rate_values drop constraint fx_rate_values_first_of_month", "drop table user_settings", "drop table kpi_favorites");
}
