import type { Kysely } from "kysely";
import { APP_ROLE } from "../tenancy-sql";
import { protectTenantTable, run } from "./sql-helpers";

/** Tenants, users, permission groups, the domain event log and installation settings. */
export async function up(db: Kysely<any>) {
  // Roles are cluster-wide on PostgreSQL: another database of the same server may have made it.
  await run(
    db,
    `do $$ begin
       if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
         create role ${APP_ROLE} nologin nosuperuser nobypassrls nocreatedb nocreaterole;
       end if;
     exception when duplicate_object or unique_violation then null;
     end $$`,
    // The connecting role must be able to SET ROLE to it (superusers can anyway).
    `do $$ begin
       if not pg_has_role(current_user, '${APP_ROLE}', 'member') then
         execute format('grant ${APP_ROLE} to %I', current_user);
       end if;
     end $$`,
    `grant usage on schema public to ${APP_ROLE}`,
  );

  await run(
    db,
    `create table installation (
       key text primary key,
       value jsonb not null,
       updated_at timestamptz not null default now()
     )`,
    `create table tenants (
       id uuid primary key default gen_random_uuid(),
       kind text not null check (kind in ('company', 'investor', 'holding')),
       name text not null check (length(trim(name)) > 0),
       fiscal_year_offset smallint not null default 0 check (fiscal_year_offset between 0 and 11),
       local_currency char(3) not null default 'EUR' check (local_currency ~ '^[A-Z]{3}$'),
       multi_currency boolean not null default false,
       features jsonb not null default '{}'::jsonb,
       two_factor_policy text not null default 'optional' check (two_factor_policy in ('optional', 'mandatory')),
       created_at timestamptz not null default now()
     )`,
  );
  await protectTenantTable(db, "tenants", { grants: "select, update", tenantColumn: "id" });

  await run(
    db,
    `create table users (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       email text not null check (email = lower(email) and position('@' in email) > 1),
       first_name text not null default '',
       last_name text not null default '',
       password_hash text,
       is_staff boolean not null default false,
       is_superuser boolean not null default false,
       is_active boolean not null default true,
       created_at timestamptz not null default now(),
       last_login_at timestamptz,
       primary key (tenant_id, id),
       unique (tenant_id, email)
     )`,
    // Sign-in starts from an e-mail alone, so an address names one user across the installation.
    `create table login_emails (
       email text primary key check (email = lower(email)),
       tenant_id uuid not null,
       user_id bigint not null,
       unique (tenant_id, user_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create table groups (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null,
       primary key (tenant_id, id),
       unique (tenant_id, name)
     )`,
    `create table user_groups (
       tenant_id uuid not null,
       user_id bigint not null,
       group_id bigint not null,
       primary key (tenant_id, user_id, group_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete cascade
     )`,
  );
  for (const table of ["users", "login_emails", "groups", "user_groups"]) await protectTenantTable(db, table);

  // The append-only event log: one gapless sequence per tenant. The counter row is locked by the
  // appending transaction until it commits, so within a tenant seq order is commit order and a
  // reader resuming "after seq N" never skips an event that commits late.
  await run(
    db,
    `create table event_counters (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       last_seq bigint not null
     )`,
    `create table events (
       tenant_id uuid not null references tenants (id) on delete cascade,
       seq bigint not null,
       type text not null,
       version integer not null default 1,
       payload jsonb not null,
       actor text not null,
       command_id uuid,
       occurred_at timestamptz not null default now(),
       primary key (tenant_id, seq)
     )`,
  );
  await protectTenantTable(db, "event_counters", { grants: "select, insert, update" });
  await protectTenantTable(db, "events", { grants: "select, insert" });
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table events",
    "drop table event_counters",
    "drop table user_groups",
    "drop table groups",
    "drop table login_emails",
    "drop table users",
    "drop table tenants",
    "drop table installation",
  );
}
