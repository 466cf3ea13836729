import type { Kysely } from "kysely";
import { APP_ROLE, CURRENT_TENANT_SQL, QUERY_LEVEL_SQL, QUERY_ROLE } from "../tenancy-sql";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * The query builder (docs/decisions.md, "Query builder"): the role user SQL runs as, the `qb`
 * schema of views it may read, the policies that keep it to the reader's sensitivity, set_config
 * out of its reach, and the saved queries.
 */
export async function up(db: Kysely<any>) {
  // Roles are cluster-wide on PostgreSQL: another database of the same server may have made it.
  await run(
    db,
    `do $$ begin
       if not exists (select 1 from pg_roles where rolname = '${QUERY_ROLE}') then
         create role ${QUERY_ROLE} nologin nosuperuser nobypassrls nocreatedb nocreaterole noinherit;
       end if;
     exception when duplicate_object or unique_violation then null;
     end $$`,
    // The connecting role SETs ROLE to it (superusers can anyway).
    `do $$ begin
       if not pg_has_role(current_user, '${QUERY_ROLE}', 'member') then
         execute format('grant ${QUERY_ROLE} to %I', current_user);
       end if;
     end $$`,
  );

  // set_config is the one function that changes settings: with it, user SQL could set
  // app.tenant_id (another company's rows) or role (undoing SET LOCAL ROLE). Only our own roles
  // keep it: the app role and the owner connection (which sets up every transaction).
  await run(
    db,
    `revoke execute on function pg_catalog.set_config(text, text, boolean) from public`,
    `grant execute on function pg_catalog.set_config(text, text, boolean) to ${APP_ROLE}`,
    `do $$ begin
       execute format('grant execute on function pg_catalog.set_config(text, text, boolean) to %I', current_user);
     end $$`,
  );

  // The query role reads KPIs and values only up to the level the server set for the transaction.
  // Restrictive: on top of the tenant policy, and only for the query role. A value is readable
  // when its KPI is, which the subquery decides under the KPI table's own policies.
  await run(
    db,
    `create policy qb_readable_level on kpis as restrictive for select to ${QUERY_ROLE}
       using (sensitivity <= ${QUERY_LEVEL_SQL})`,
    `create policy qb_readable_level on kpi_values as restrictive for select to ${QUERY_ROLE}
       using (exists (select 1 from kpis k
                      where k.tenant_id = kpi_values.tenant_id and k.id = kpi_values.kpi_id
                        and k.tenant_id = ${CURRENT_TENANT_SQL} and k.sensitivity <= ${QUERY_LEVEL_SQL}))`,
  );

  // security_invoker: the views read as the query role, so the tenant policy and the level policy
  // apply (a view run with its owner's rights would bypass both: the owner is a superuser on
  // PGlite). security_barrier: a condition of the user's query never runs before the view's own.
  // The query role gets exactly the base columns the views show (and those the policies compare).
  const view = "with (security_invoker = true, security_barrier = true)";
  await run(
    db,
    `create schema qb`,
    `revoke all on schema qb from public`,
    `grant usage on schema qb to ${QUERY_ROLE}`,
    `create view qb.kpis ${view} as
       select id, key, name, unit, aggregation_type, category_id, parent_id, sensitivity, higher_is_better, formula is not null as is_calculated
       from public.kpis`,
    `create view qb.kpi_categories ${view} as select id, name, kind from public.kpi_categories`,
    `create view qb.kpi_values ${view} as select kpi_id, dimension_key, series, month, value from public.kpi_values`,
    `create view qb.fx_rates ${view} as select id, name, currency from public.fx_rates`,
    `create view qb.fx_rate_values ${view} as select fx_rate_id, valid_from, rate from public.fx_rate_values`,
    `grant select on qb.kpis, qb.kpi_categories, qb.kpi_values, qb.fx_rates, qb.fx_rate_values to ${QUERY_ROLE}`,
    `grant select (tenant_id, id, key, name, unit, aggregation_type, category_id, parent_id, sensitivity, higher_is_better, formula) on public.kpis to ${QUERY_ROLE}`,
    `grant select (tenant_id, id, name, kind) on public.kpi_categories to ${QUERY_ROLE}`,
    `grant select (tenant_id, kpi_id, dimension_key, series, month, value) on public.kpi_values to ${QUERY_ROLE}`,
    `grant select (tenant_id, id, name, currency) on public.fx_rates to ${QUERY_ROLE}`,
    `grant select (tenant_id, fx_rate_id, valid_from, rate) on public.fx_rate_values to ${QUERY_ROLE}`,
  );

  // A saved query computes one KPI (one query per KPI); it goes with its KPI.
  await run(
    db,
    `create table kpi_queries (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       title text not null check (length(trim(title)) between 1 and 200),
       kpi_id bigint not null,
       sql text not null check (length(sql) between 1 and 20000),
       status text not null default 'draft' check (status in ('draft', 'active')),
       created_by bigint,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       evaluated_at timestamptz,
       primary key (tenant_id, id),
       unique (tenant_id, kpi_id),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade,
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
     )`,
  );
  await protectTenantTable(db, "kpi_queries");
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table kpi_queries",
    "drop schema qb cascade",
    `revoke select on public.kpis, public.kpi_categories, public.kpi_values, public.fx_rates, public.fx_rate_values from ${QUERY_ROLE}`,
    "drop policy qb_readable_level on kpi_values",
    "drop policy qb_readable_level on kpis",
    "grant execute on function pg_catalog.set_config(text, text, boolean) to public",
  );
}
