import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Forecasting (issue 12): a forecast belongs to a KPI category, and each category has at most one
 * active forecast, which the database enforces with a partial unique index (two activations
 * racing each other cannot both commit). A forecast's name is unique within its category, in any
 * letter case. `forecast_values.adjusted` marks a value set by hand in the forecast grid;
 * `kpis.override_forecasting` says a KPI's forecast values are kept by hand: recomputing a
 * forecast leaves that KPI's values as they are (docs/decisions.md, "Forecasting").
 * `forecast_sheet_values` is the company's forecasting spreadsheet: the values its latest
 * forecasting uploads brought, which a spreadsheet-service forecast reads.
 *
 * Existing data: the company-wide forecast of 0002 is split into one forecast per category,
 * each keeping its name, flags and the values of that category's KPIs.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `alter table forecasts add column category_id bigint`,
    `alter table forecasts add column split_from bigint`,
    `alter table forecasts add column created_by bigint`,
    `alter table forecasts add column activated_at timestamptz`,
    `alter table forecasts drop constraint forecasts_tenant_id_name_key`,
    `drop index forecasts_one_active`,
    `insert into forecasts (tenant_id, name, source, method, is_system, is_active, actuals_from, actuals_to, forecast_from, forecast_to, created_at, category_id, split_from, activated_at)
       select forecasts.tenant_id, forecasts.name, forecasts.source, forecasts.method, forecasts.is_system, forecasts.is_active, forecasts.actuals_from, forecasts.actuals_to,
              forecasts.forecast_from, forecasts.forecast_to, forecasts.created_at, kpi_categories.id, forecasts.id, case when forecasts.is_active then forecasts.created_at end
       from forecasts join kpi_categories on kpi_categories.tenant_id = forecasts.tenant_id
       where forecasts.category_id is null`,
    `update forecast_values set forecast_id = split.id
       from forecasts split, kpis
       where split.tenant_id = forecast_values.tenant_id and split.split_from = forecast_values.forecast_id
         and kpis.tenant_id = forecast_values.tenant_id and kpis.id = forecast_values.kpi_id and kpis.category_id = split.category_id`,
    `update uploads set forecast_id = null where forecast_id in (select id from forecasts where category_id is null)`,
    `delete from forecasts where category_id is null`,
    `alter table forecasts drop column split_from`,
    `alter table forecasts alter column category_id set not null`,
    `alter table forecasts add constraint forecasts_category foreign key (tenant_id, category_id) references kpi_categories (tenant_id, id) on delete cascade`,
    `alter table forecasts add constraint forecasts_created_by foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)`,
    `alter table forecasts add constraint forecasts_name_length check (length(name) between 1 and 100)`,
    `create unique index forecasts_name_per_category on forecasts (tenant_id, category_id, lower(name))`,
    `create unique index forecasts_one_active_per_category on forecasts (tenant_id, category_id) where is_active`,
    `alter table forecast_values add column adjusted boolean not null default false`,
    `alter table kpis add column override_forecasting boolean not null default false`,
    // A forecasting upload writes into the active forecast of each KPI's category: the check keeps
    // which forecasts those were (category id → forecast id) so the import can tell a switch since.
    `alter table uploads add column forecast_targets jsonb`,
    `create table forecast_sheet_values (
       tenant_id uuid not null,
       kpi_id bigint not null,
       month date not null check (extract(day from month) = 1),
       value double precision not null,
       upload_id bigint,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, kpi_id, month),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
  );
  await protectTenantTable(db, "forecast_sheet_values");
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table forecast_sheet_values",
    "alter table uploads drop column forecast_targets",
    "alter table kpis drop column override_forecasting",
    "alter table forecast_values drop column adjusted",
    "drop index forecasts_one_active_per_category",
    "drop index forecasts_name_per_category",
    "alter table forecasts drop constraint forecasts_name_length",
    "alter table forecasts drop constraint forecasts_created_by",
    "alter table forecasts drop constraint forecasts_category",
    "alter table forecasts drop column activated_at",
    "alter table forecasts drop column created_by",
    "alter table forecasts drop column category_id",
  );
}
