import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Comments on KPIs and the actions they become (issue 15).
 * - kpi_comments: a comment on a KPI, or on one month of it (`month`, the first of the month);
 *   `pinned_at` orders pinned ones first (the latest pin on top).
 * - kpi_actions: an owned piece of work about a KPI, usually made from a comment (`comment_id`,
 *   one action per comment; the action stays when its comment is deleted). `done_at` is when it
 *   was marked done, so the issues view can tell an action done late from one done in time.
 * - action_comments: an action's own thread.
 * Authors and assignees are users of the company; deleting a user deletes what they wrote and
 * unassigns their actions only through the application (users are deactivated, not deleted).
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table kpi_comments (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       kpi_id bigint not null,
       month date check (month is null or extract(day from month) = 1),
       author_id bigint not null,
       text text not null check (length(text) between 1 and 5000),
       pinned_at timestamptz,
       created_at timestamptz not null default now(),
       edited_at timestamptz,
       primary key (tenant_id, id),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade,
       foreign key (tenant_id, author_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index kpi_comments_kpi on kpi_comments (tenant_id, kpi_id, created_at desc)`,
    `create table kpi_actions (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       kpi_id bigint not null,
       comment_id bigint,
       title text not null check (length(title) between 1 and 300),
       assigned_user_id bigint not null,
       status text not null default 'open' check (status in ('open', 'in_progress', 'done')),
       due_date date,
       created_by bigint not null,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       done_at timestamptz,
       primary key (tenant_id, id),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade,
       foreign key (tenant_id, assigned_user_id) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, comment_id) references kpi_comments (tenant_id, id) on delete set null (comment_id)
     )`,
    `create unique index kpi_actions_comment on kpi_actions (tenant_id, comment_id) where comment_id is not null`,
    `create index kpi_actions_kpi on kpi_actions (tenant_id, kpi_id)`,
    `create index kpi_actions_assignee on kpi_actions (tenant_id, assigned_user_id, status)`,
    `create table action_comments (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       action_id bigint not null,
       author_id bigint not null,
       text text not null check (length(text) between 1 and 5000),
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, action_id) references kpi_actions (tenant_id, id) on delete cascade,
       foreign key (tenant_id, author_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index action_comments_action on action_comments (tenant_id, action_id, created_at)`,
  );
  for (const table of ["kpi_comments", "kpi_actions", "action_comments"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table action_comments", "drop table kpi_actions", "drop table kpi_comments");
}
