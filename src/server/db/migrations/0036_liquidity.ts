import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Liquidity planning (issue 17): cash scenarios with their departments and read/write users, the
 * headcount (employees and open positions with their salary increases), the expenses (contracts
 * and transactions) and the company's expenses master-data state (seeding from the accounting
 * import).
 *
 * - An approved scenario never changes again, and neither do its rows: the triggers below refuse
 *   any INSERT, UPDATE or DELETE of an approved scenario's rows and any UPDATE or DELETE of the
 *   approved scenario itself (going back to draft too), whoever writes (the app role included).
 *   They raise SQLSTATE LQ001, which the server answers 409 SCENARIO_APPROVED. Only cascades pass
 *   (pg_trigger_depth() > 1: a foreign key's own action): deleting the company, or a user who was
 *   a scenario's author or on its access lists, must not be blocked by an approved plan.
 * - parent_id, merged_from and the KPI ids are references without foreign keys: history and
 *   choices an approved scenario keeps even when the scenario or KPI they name is deleted (a
 *   foreign key's ON DELETE SET NULL would have to change the approved row).
 * - Money is numeric(14, 2); rates are percent, numeric(5, 2).
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table liquidity_scenarios (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 120),
       author_id bigint,
       status text not null default 'draft' check (status in ('draft', 'approved')),
       approved_at timestamptz,
       approved_by bigint,
       parent_id bigint,
       merged_from bigint[] not null default '{}',
       start_month date not null check (extract(day from start_month) = 1),
       months integer not null check (months between 1 and 60),
       revenue_kpi_id bigint,
       cash_kpi_id bigint,
       payment_delay_days integer not null check (payment_delay_days between 0 and 365),
       revenue_vat_rate numeric(5, 2) not null check (revenue_vat_rate between 0 and 100),
       vat_settlement text not null check (vat_settlement in ('monthly', 'quarterly', 'none')),
       employer_cost_rate numeric(5, 2) not null check (employer_cost_rate between 0 and 100),
       full_time_hours numeric(5, 2) not null check (full_time_hours > 0 and full_time_hours <= 80),
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       check ((status = 'approved') = (approved_at is not null)),
       foreign key (tenant_id, author_id) references users (tenant_id, id) on delete set null (author_id),
       foreign key (tenant_id, approved_by) references users (tenant_id, id) on delete set null (approved_by)
     )`,
    `create unique index liquidity_scenarios_name on liquidity_scenarios (tenant_id, lower(name))`,
    // Departments are org units of kind department (the service checks the kind); a referred-to
    // department is not deleted (organization/org-references.ts counts these rows).
    `create table liquidity_scenario_departments (
       tenant_id uuid not null references tenants (id) on delete cascade,
       scenario_id bigint not null,
       department_id bigint not null,
       primary key (tenant_id, scenario_id, department_id),
       foreign key (tenant_id, scenario_id) references liquidity_scenarios (tenant_id, id) on delete cascade,
       foreign key (tenant_id, department_id) references org_units (tenant_id, id) on delete restrict
     )`,
    `create table liquidity_scenario_users (
       tenant_id uuid not null references tenants (id) on delete cascade,
       scenario_id bigint not null,
       user_id bigint not null,
       access text not null check (access in ('read', 'write')),
       primary key (tenant_id, scenario_id, user_id),
       foreign key (tenant_id, scenario_id) references liquidity_scenarios (tenant_id, id) on delete cascade,
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index liquidity_scenario_users_user on liquidity_scenario_users (tenant_id, user_id)`,
    `create table liquidity_employees (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       scenario_id bigint not null,
       employee_id text check (employee_id is null or length(employee_id) between 1 and 40),
       full_name text not null check (length(full_name) between 1 and 160),
       employment_type text not null check (employment_type in ('full_time', 'part_time', 'working_student', 'intern', 'freelancer')),
       department_id bigint,
       role text not null default '' check (length(role) <= 120),
       weekly_hours numeric(5, 2) not null check (weekly_hours > 0 and weekly_hours <= 80),
       fix_salary numeric(14, 2) not null check (fix_salary >= 0),
       hire_date date,
       termination_date date,
       cost_center text not null default '' check (length(cost_center) <= 60),
       open_position boolean not null default false,
       employer_cost_rate numeric(5, 2) check (employer_cost_rate between 0 and 100),
       position integer not null default 0,
       primary key (tenant_id, id),
       check (termination_date is null or hire_date is null or termination_date >= hire_date),
       foreign key (tenant_id, scenario_id) references liquidity_scenarios (tenant_id, id) on delete cascade,
       foreign key (tenant_id, department_id) references org_units (tenant_id, id) on delete restrict
     )`,
    `create index liquidity_employees_scenario on liquidity_employees (tenant_id, scenario_id, position, id)`,
    `create unique index liquidity_employees_employee_id on liquidity_employees (tenant_id, scenario_id, employee_id) where employee_id is not null`,
    `create table liquidity_salary_increases (
       tenant_id uuid not null references tenants (id) on delete cascade,
       employee_row_id bigint not null,
       effective_from date not null,
       annual_salary numeric(14, 2) not null check (annual_salary >= 0),
       primary key (tenant_id, employee_row_id, effective_from),
       foreign key (tenant_id, employee_row_id) references liquidity_employees (tenant_id, id) on delete cascade
     )`,
    `create table liquidity_expenses (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       scenario_id bigint not null,
       kind text not null check (kind in ('contract', 'transaction')),
       account text not null check (length(account) between 1 and 120),
       vendor text not null default '' check (length(vendor) <= 160),
       cost_driver text not null default '' check (length(cost_driver) <= 120),
       start_date date not null,
       end_date date,
       amount numeric(14, 2) not null check (amount >= 0),
       cost_center text not null default '' check (length(cost_center) <= 60),
       frequency text not null check (frequency in ('daily', 'weekly', 'bi-weekly', 'monthly', 'quarterly', 'yearly')),
       vat_rate numeric(5, 2) not null default 0 check (vat_rate between 0 and 100),
       seeded boolean not null default false,
       primary key (tenant_id, id),
       check (end_date is null or end_date >= start_date),
       foreign key (tenant_id, scenario_id) references liquidity_scenarios (tenant_id, id) on delete cascade
     )`,
    `create index liquidity_expenses_scenario on liquidity_expenses (tenant_id, scenario_id, kind, id)`,
    // The company's expenses master data: which accounting import the seeded transactions came
    // from and when, or why the last seeding failed. The state is derived from this and the
    // imports (liquidity/master-data.ts).
    `create table liquidity_master_data (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       import_id bigint,
       seeded_at timestamptz,
       error text check (error is null or length(error) <= 500),
       updated_at timestamptz not null default now()
     )`,
    // The lock (see above). SECURITY INVOKER: the scenario is read under the writer's own row security.
    `create function liquidity_refuse_approved_scenario() returns trigger language plpgsql as $$
     begin
       if pg_trigger_depth() = 1 and old.status = 'approved' then
         raise exception 'liquidity scenario % is approved', old.id using errcode = 'LQ001';
       end if;
       if tg_op = 'DELETE' then return old; end if;
       return new;
     end $$`,
    `create trigger liquidity_scenarios_lock before update or delete on liquidity_scenarios for each row execute function liquidity_refuse_approved_scenario()`,
    `create function liquidity_refuse_approved_rows() returns trigger language plpgsql as $$
     declare
       tenant uuid;
       scenario_ids bigint[] := '{}';
       employee_ids bigint[] := '{}';
     begin
       if pg_trigger_depth() > 1 then
         if tg_op = 'DELETE' then return old; end if;
         return new;
       end if;
       if tg_op = 'DELETE' then tenant := old.tenant_id; else tenant := new.tenant_id; end if;
       if tg_table_name = 'liquidity_salary_increases' then
         if tg_op <> 'DELETE' then employee_ids := employee_ids || new.employee_row_id; end if;
         if tg_op <> 'INSERT' then employee_ids := employee_ids || old.employee_row_id; end if;
         select coalesce(array_agg(e.scenario_id), '{}') into scenario_ids from liquidity_employees e where e.tenant_id = tenant and e.id = any(employee_ids);
       else
         if tg_op <> 'DELETE' then scenario_ids := scenario_ids || new.scenario_id; end if;
         if tg_op <> 'INSERT' then scenario_ids := scenario_ids || old.scenario_id; end if;
       end if;
       if exists (select 1 from liquidity_scenarios s where s.tenant_id = tenant and s.id = any(scenario_ids) and s.status = 'approved') then
         raise exception 'liquidity scenario is approved' using errcode = 'LQ001';
       end if;
       if tg_op = 'DELETE' then return old; end if;
       return new;
     end $$`,
  );
  for (const table of ["liquidity_scenario_departments", "liquidity_scenario_users", "liquidity_employees", "liquidity_salary_increases", "liquidity_expenses"]) {
    await run(db, `create trigger ${table}_lock before insert or update or delete on ${table} for each row execute function liquidity_refuse_approved_rows()`);
  }
  for (const table of ["liquidity_scenarios", "liquidity_scenario_departments", "liquidity_scenario_users", "liquidity_employees", "liquidity_salary_increases", "liquidity_expenses", "liquidity_master_data"]) {
    await protectTenantTable(db, table);
  }
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    `drop table liquidity_master_data`,
    `drop table liquidity_expenses`,
    `drop table liquidity_salary_increases`,
    `drop table liquidity_employees`,
    `drop table liquidity_scenario_users`,
    `drop table liquidity_scenario_departments`,
    `drop table liquidity_scenarios`,
    `drop function liquidity_refuse_approved_rows()`,
    `drop function liquidity_refuse_approved_scenario()`,
  );
}
