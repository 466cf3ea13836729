import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Saved charts of the chart builder (issue 13): a chart keeps its name and settings (contracts
 * ChartSettings, as JSON) and who made it; its figures are read when it is drawn. Its KPIs are
 * also kept as rows of chart_kpis in the chart's order, so a KPI detail finds its charts by index
 * and a deleted KPI leaves every chart that drew it (docs/decisions.md, "Chart builder").
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table charts (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 150),
       settings jsonb not null,
       created_by bigint,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
     )`,
    `create table chart_kpis (
       tenant_id uuid not null,
       chart_id bigint not null,
       kpi_id bigint not null,
       position integer not null,
       primary key (tenant_id, chart_id, kpi_id),
       foreign key (tenant_id, chart_id) references charts (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create index chart_kpis_by_kpi on chart_kpis (tenant_id, kpi_id)`,
  );
  for (const table of ["charts", "chart_kpis"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table chart_kpis", "drop table charts");
}
