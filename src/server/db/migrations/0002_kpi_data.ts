import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * KPI catalogue, monthly values, FX rates, forecasts and portfolio links. A month is the atom:
 * a value is (kpi, dimension key, month, series); the forecast series lives per forecast.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table kpi_categories (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null,
       kind text not null default 'kpi' check (kind in ('kpi', 'financial')),
       position integer not null default 0,
       is_complex boolean not null default false,
       flexible_columns_config jsonb not null default '[]'::jsonb,
       primary key (tenant_id, id),
       unique (tenant_id, kind, name)
     )`,
    `create table kpis (
       tenant_id uuid not null,
       id bigint generated always as identity,
       category_id bigint not null,
       parent_id bigint,
       key text not null check (key ~ '^[a-z][a-z0-9_]*$'),
       name text not null,
       description text not null default '',
       unit text not null check (unit in ('number', 'percentage', 'currency', 'seconds', 'days', 'months', 'years', 'positions', 'binary')),
       aggregation_type text not null check (aggregation_type in ('cum', 'ad', 'dd')),
       higher_is_better boolean not null default true,
       sensitivity smallint not null default 0 check (sensitivity between 0 and 3),
       cadence text not null default 'monthly' check (cadence in ('automated', 'weekly', 'bi-weekly', 'monthly', 'bi-monthly', 'quarterly', 'semi-annually', 'annually')),
       validation_state text not null default 'validated' check (validation_state in ('validated', 'in_validation', 'unvalidated')),
       benchmark_bottom25 double precision,
       benchmark_median50 double precision,
       benchmark_top25 double precision,
       benchmark_top5 double precision,
       formula text,
       position integer not null default 0,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, key),
       foreign key (tenant_id, category_id) references kpi_categories (tenant_id, id) on delete cascade,
       foreign key (tenant_id, parent_id) references kpis (tenant_id, id) on delete set null (parent_id)
     )`,
    `create table kpi_values (
       tenant_id uuid not null,
       kpi_id bigint not null,
       dimension_key text not null default '',
       series text not null check (series in ('actual', 'planning')),
       month date not null check (extract(day from month) = 1),
       value double precision not null,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, kpi_id, dimension_key, series, month),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create table fx_rates (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null,
       currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
       primary key (tenant_id, id),
       unique (tenant_id, name)
     )`,
    // rate = units of the FX rate's currency for one unit of local currency, from valid_from on.
    `create table fx_rate_values (
       tenant_id uuid not null,
       fx_rate_id bigint not null,
       valid_from date not null,
       rate double precision not null check (rate > 0),
       primary key (tenant_id, fx_rate_id, valid_from),
       foreign key (tenant_id, fx_rate_id) references fx_rates (tenant_id, id) on delete cascade
     )`,
    `create table forecasts (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null,
       source text not null check (source in ('meridian', 'spreadsheet')),
       method text not null check (method in ('linear_progression')),
       is_system boolean not null default false,
       is_active boolean not null default false,
       actuals_from date not null,
       actuals_to date not null,
       forecast_from date not null,
       forecast_to date not null,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, name),
       check (actuals_from <= actuals_to and forecast_from <= forecast_to)
     )`,
    `create unique index forecasts_one_active on forecasts (tenant_id) where is_active`,
    `create table forecast_values (
       tenant_id uuid not null,
       forecast_id bigint not null,
       kpi_id bigint not null,
       month date not null check (extract(day from month) = 1),
       value double precision not null,
       primary key (tenant_id, forecast_id, kpi_id, month),
       foreign key (tenant_id, forecast_id) references forecasts (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    // An investor or holding instance sees portfolio companies it is registered with.
    `create table registered_instances (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       target_tenant_id uuid not null references tenants (id) on delete cascade,
       instance_name text not null,
       frontend_url text not null default '',
       authorization_state text not null default 'requested' check (authorization_state in ('requested', 'denied', 'authorized')),
       primary key (tenant_id, id),
       unique (tenant_id, target_tenant_id)
     )`,
  );
  for (const table of [
    "kpi_categories",
    "kpis",
    "kpi_values",
    "fx_rates",
    "fx_rate_values",
    "forecasts",
    "forecast_values",
    "registered_instances",
  ]) {
    await protectTenantTable(db, table);
  }
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table registered_instances",
    "drop table forecast_values",
    "drop table forecasts",
    "drop table fx_rate_values",
    "drop table fx_rates",
    "drop table kpi_values",
    "drop table kpis",
    "drop table kpi_categories",
  );
}
