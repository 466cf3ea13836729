import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Issue 15's KPI settings:
 * - `is_custom` on categories and KPIs: what the company added itself (it may change and delete
 *   those; catalogue KPIs and categories stay as delivered, docs/decisions.md);
 * - `kpi_glossary_entries`: one entry per KPI (definition, formula in words, owner, source),
 *   draft until an administrator approves it; who wrote and who approved it, when;
 * - `kpi_responsibles`: the people who answer for a KPI (spec "responsibles").
 * A user who leaves keeps no entry: the owner goes empty, responsibilities go.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `alter table kpi_categories add column is_custom boolean not null default false`,
    `alter table kpis add column is_custom boolean not null default false`,
    `create table kpi_glossary_entries (
       tenant_id uuid not null,
       kpi_id bigint not null,
       definition text not null check (length(definition) between 1 and 2000),
       formula_in_words text not null default '' check (length(formula_in_words) <= 1000),
       source text not null default '' check (length(source) <= 300),
       owner_id bigint,
       state text not null default 'draft' check (state in ('draft', 'approved')),
       updated_at timestamptz not null default now(),
       updated_by bigint,
       approved_at timestamptz,
       approved_by bigint,
       primary key (tenant_id, kpi_id),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade,
       foreign key (tenant_id, owner_id) references users (tenant_id, id) on delete set null (owner_id),
       foreign key (tenant_id, updated_by) references users (tenant_id, id) on delete set null (updated_by),
       foreign key (tenant_id, approved_by) references users (tenant_id, id) on delete set null (approved_by),
       check ((state = 'approved') = (approved_at is not null))
     )`,
    `create table kpi_responsibles (
       tenant_id uuid not null,
       kpi_id bigint not null,
       user_id bigint not null,
       primary key (tenant_id, kpi_id, user_id),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade,
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
  );
  await protectTenantTable(db, "kpi_glossary_entries");
  await protectTenantTable(db, "kpi_responsibles");
}

export async function down(db: Kysely<any>) {
  await run(db, `drop table kpi_responsibles`, `drop table kpi_glossary_entries`, `alter table kpis drop column is_custom`, `alter table kpi_categories drop column is_custom`);
}
