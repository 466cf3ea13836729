import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * The OKR scheduler (issue 16, scope 6): the company's OKR settings, its planning years split into
 * periods with their phase dates, a check-in schedule per level, and the reminders sent.
 *
 * - A planning year is named by the calendar year its fiscal year starts in; its periods are
 *   written when it is created (the split and phase defaults of that moment) and then edited.
 * - okr_reminders_sent is what makes each reminder go out once: unique (key, person), where the
 *   key names the occasion ("check_in:team:2026-03-27", "draft:<period id>:2026-03-18"). A re-run
 *   job, a late run after a restart or a second server process finds the row and sends nothing.
 *   The app role may only add to it and read it: it is the record of what went out.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table okr_scheduler_settings (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       split text not null default 'quarters' check (split in ('quarters', 'trimesters', 'halves')),
       draft_lead_days integer not null default 14 check (draft_lead_days between 0 and 92),
       set_days integer not null default 14 check (set_days between 0 and 60),
       review_lead_days integer not null default 7 check (review_lead_days between 0 and 60),
       default_cadence text not null default 'weekly' check (default_cadence in ('weekly', 'biweekly', 'monthly')),
       default_weekday integer not null default 5 check (default_weekday between 1 and 7),
       default_day_of_month integer not null default 1 check (default_day_of_month between 1 and 31),
       default_time text not null default '09:00' check (default_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
       phase_reminders boolean not null default true,
       updated_at timestamptz not null default now()
     )`,
    `create table okr_scheduler_years (
       tenant_id uuid not null references tenants (id) on delete cascade,
       year integer not null check (year between 2000 and 2100),
       split text not null check (split in ('quarters', 'trimesters', 'halves')),
       created_at timestamptz not null default now(),
       primary key (tenant_id, year)
     )`,
    `create table okr_scheduler_periods (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       year integer not null,
       number integer not null check (number between 1 and 4),
       name text not null check (length(name) between 1 and 60),
       starts_on date not null,
       ends_on date not null,
       draft_on date not null,
       set_on date not null,
       review_on date not null,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, year, number),
       check (ends_on > starts_on and draft_on <= starts_on and set_on between starts_on and ends_on and review_on >= set_on),
       foreign key (tenant_id, year) references okr_scheduler_years (tenant_id, year) on delete cascade
     )`,
    `create table okr_check_in_schedules (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       level text not null check (level in ('corporate', 'team', 'employee')),
       cadence text not null check (cadence in ('weekly', 'biweekly', 'monthly')),
       weekday integer not null check (weekday between 1 and 7),
       day_of_month integer not null check (day_of_month between 1 and 31),
       time text not null check (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
       enabled boolean not null default true,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, level)
     )`,
    `create table okr_reminders_sent (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       reminder_key text not null check (length(reminder_key) between 1 and 120),
       kind text not null check (kind in ('check_in', 'draft', 'set', 'review')),
       level text check (level in ('corporate', 'team', 'employee')),
       title text not null check (length(title) between 1 and 300),
       due_on date not null,
       user_id bigint not null,
       sent_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, reminder_key, user_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index okr_reminders_sent_recent on okr_reminders_sent (tenant_id, sent_at desc)`,
  );
  for (const table of ["okr_scheduler_settings", "okr_scheduler_years", "okr_scheduler_periods", "okr_check_in_schedules"]) await protectTenantTable(db, table);
  await protectTenantTable(db, "okr_reminders_sent", { grants: "select, insert" });
}

export async function down(db: Kysely<any>) {
  await run(db, `drop table okr_reminders_sent`, `drop table okr_check_in_schedules`, `drop table okr_scheduler_periods`, `drop table okr_scheduler_years`, `drop table okr_scheduler_settings`);
}
