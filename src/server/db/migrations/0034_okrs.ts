import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * OKRs (issue 16): objectives at three levels (corporate, team, employee), their key results
 * (tracked by hand or fed by a KPI), milestones, check-ins with confidence, status options,
 * external tasks, each person's list-view columns, and the change log every change writes.
 *
 * - A team objective belongs to a unit of the organizational structure (its "organizational
 *   category"); an employee objective to its owner. Parents are links, at most two for a team
 *   objective (the service says so; the table allows the general case).
 * - The change log (okr_changes) is written by the same transaction as the change and keeps the
 *   item's title, so it still reads after the item is deleted: no foreign keys to the items.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table okr_status_options (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 60),
       color text not null check (color ~ '^#[0-9a-f]{6}$'),
       position integer not null default 0,
       primary key (tenant_id, id)
     )`,
    `create unique index okr_status_options_name on okr_status_options (tenant_id, lower(name))`,
    `create table okr_objectives (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       level text not null check (level in ('corporate', 'team', 'employee')),
       category_id bigint,
       owner_user_id bigint,
       title text not null check (length(title) between 1 and 200),
       description text not null default '' check (length(description) <= 5000),
       starts_on date not null,
       ends_on date not null,
       position integer not null default 0,
       status_id bigint,
       created_by bigint,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       check (ends_on >= starts_on),
       check ((level = 'team') = (category_id is not null)),
       check ((level = 'employee') = (owner_user_id is not null)),
       foreign key (tenant_id, category_id) references org_units (tenant_id, id) on delete restrict,
       foreign key (tenant_id, owner_user_id) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, status_id) references okr_status_options (tenant_id, id) on delete set null (status_id),
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
     )`,
    `create index okr_objectives_period on okr_objectives (tenant_id, starts_on, ends_on)`,
    `create table okr_objective_links (
       tenant_id uuid not null references tenants (id) on delete cascade,
       objective_id bigint not null,
       parent_id bigint not null,
       primary key (tenant_id, objective_id, parent_id),
       check (objective_id <> parent_id),
       foreign key (tenant_id, objective_id) references okr_objectives (tenant_id, id) on delete cascade,
       foreign key (tenant_id, parent_id) references okr_objectives (tenant_id, id) on delete cascade
     )`,
    `create table okr_objective_responsibles (
       tenant_id uuid not null references tenants (id) on delete cascade,
       objective_id bigint not null,
       user_id bigint not null,
       primary key (tenant_id, objective_id, user_id),
       foreign key (tenant_id, objective_id) references okr_objectives (tenant_id, id) on delete cascade,
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    // direction: increasing (more is progress), decreasing (less is progress), binary (done or not:
    // start 0, target 1). A KPI-fed key result takes actual_value from the KPI (kpi_id set).
    `create table okr_key_results (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       objective_id bigint not null,
       title text not null check (length(title) between 1 and 200),
       direction text not null check (direction in ('increasing', 'decreasing', 'binary')),
       unit text not null default '' check (length(unit) <= 30),
       start_value double precision not null default 0,
       target_value double precision not null,
       actual_value double precision,
       kpi_id bigint,
       responsible_user_id bigint,
       status_id bigint,
       position integer not null default 0,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       check (direction <> 'binary' or (start_value = 0 and target_value = 1)),
       check (direction = 'binary' or start_value <> target_value),
       foreign key (tenant_id, objective_id) references okr_objectives (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete set null (kpi_id),
       foreign key (tenant_id, responsible_user_id) references users (tenant_id, id) on delete set null (responsible_user_id),
       foreign key (tenant_id, status_id) references okr_status_options (tenant_id, id) on delete set null (status_id)
     )`,
    `create index okr_key_results_objective on okr_key_results (tenant_id, objective_id)`,
    `create index okr_key_results_kpi on okr_key_results (tenant_id, kpi_id) where kpi_id is not null`,
    // A check-in: how sure the person is (0 to 10) that the key result will be reached, what it
    // stands at (null for a KPI-fed one: the KPI says), and why. Kept as the key result's history.
    `create table okr_check_ins (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       key_result_id bigint not null,
       author_user_id bigint,
       value double precision,
       confidence smallint not null check (confidence between 0 and 10),
       comment text not null default '' check (length(comment) <= 2000),
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, key_result_id) references okr_key_results (tenant_id, id) on delete cascade,
       foreign key (tenant_id, author_user_id) references users (tenant_id, id) on delete set null (author_user_id)
     )`,
    `create index okr_check_ins_key_result on okr_check_ins (tenant_id, key_result_id, created_at)`,
    `create table okr_milestones (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       objective_id bigint not null,
       title text not null check (length(title) between 1 and 200),
       due_on date,
       done_at timestamptz,
       responsible_user_id bigint,
       position integer not null default 0,
       primary key (tenant_id, id),
       foreign key (tenant_id, objective_id) references okr_objectives (tenant_id, id) on delete cascade,
       foreign key (tenant_id, responsible_user_id) references users (tenant_id, id) on delete set null (responsible_user_id)
     )`,
    // Work tracked elsewhere (an issue tracker's ticket), attached to an objective or a key result.
    `create table okr_external_tasks (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       origin text not null check (length(origin) between 1 and 40),
       project text not null check (length(project) between 1 and 120),
       external_id text not null check (length(external_id) between 1 and 120),
       title text not null check (length(title) between 1 and 300),
       url text check (url is null or url ~ '^https?://'),
       status text not null default '' check (length(status) <= 60),
       meta jsonb not null default '{}',
       objective_id bigint,
       key_result_id bigint,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, origin, project, external_id),
       foreign key (tenant_id, objective_id) references okr_objectives (tenant_id, id) on delete cascade,
       foreign key (tenant_id, key_result_id) references okr_key_results (tenant_id, id) on delete cascade
     )`,
    // The change log: one row per change to an objective, key result or milestone. details is a
    // JSON array of { field, from, to } (empty for created and deleted).
    `create table okr_changes (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       at timestamptz not null default now(),
       user_id bigint,
       action_type text not null check (action_type in ('created', 'updated', 'deleted', 'moved', 'copied', 'checked_in')),
       item_type text not null check (item_type in ('objective', 'key_result', 'milestone')),
       item_id bigint not null,
       item_title text not null,
       objective_id bigint not null,
       level text not null check (level in ('corporate', 'team', 'employee')),
       category_id bigint,
       owner_user_id bigint,
       details jsonb not null default '[]',
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete set null (user_id)
     )`,
    `create index okr_changes_at on okr_changes (tenant_id, at, id)`,
    // Each person's choice of list-view columns (null: the default columns).
    `create table okr_user_settings (
       tenant_id uuid not null references tenants (id) on delete cascade,
       user_id bigint not null,
       list_columns jsonb,
       primary key (tenant_id, user_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
  );
  for (const table of ["okr_status_options", "okr_objectives", "okr_objective_links", "okr_objective_responsibles", "okr_key_results", "okr_check_ins", "okr_milestones", "okr_external_tasks", "okr_user_settings"]) {
    await protectTenantTable(db, table);
  }
  // The log is history: the app role may add to it and read it, never change it.
  await protectTenantTable(db, "okr_changes", { grants: "select, insert" });
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    `drop table okr_user_settings`,
    `drop table okr_changes`,
    `drop table okr_external_tasks`,
    `drop table okr_milestones`,
    `drop table okr_check_ins`,
    `drop table okr_key_results`,
    `drop table okr_objective_responsibles`,
    `drop table okr_objective_links`,
    `drop table okr_objectives`,
    `drop table okr_status_options`,
  );
}
