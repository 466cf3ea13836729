import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Investor reporting (issue 14). A report (names unique per company whatever their case) has
 * ordered sections, the users it is shared with, recipients, attachments (their bytes kept here,
 * a budget per report enforced by the service), and company templates of sections.
 *
 * Frozen is a data guarantee, not only a rule of the service: approving stores every section's
 * computed data in `frozen_data` in the same update that leaves draft, a check ties the two
 * together, and triggers refuse
 * - any change to the sections or attachments of a report that is not a draft (deleting the whole
 *   report still cascades: a delete reached through the foreign key runs one trigger level down);
 * - any change of an approved or sent report's frozen data, and a way back to draft.
 *
 * A recipient's personal link is stored as the SHA-256 of its secret: the link in the mail is its
 * only copy. A user deleted leaves their reports (owner and status stamps become null).
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table investor_reports (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 150),
       status text not null default 'draft' check (status in ('draft', 'approved', 'sent')),
       is_visible boolean not null default true,
       end_date date not null check (extract(day from end_date) = 1),
       owner_id bigint,
       frozen_data jsonb,
       approved_by bigint,
       approved_at timestamptz,
       sent_by bigint,
       sent_at timestamptz,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       check ((status = 'draft') = (frozen_data is null)),
       foreign key (tenant_id, owner_id) references users (tenant_id, id) on delete set null (owner_id),
       foreign key (tenant_id, approved_by) references users (tenant_id, id) on delete set null (approved_by),
       foreign key (tenant_id, sent_by) references users (tenant_id, id) on delete set null (sent_by)
     )`,
    `create unique index investor_reports_name on investor_reports (tenant_id, lower(name))`,
    `create table investor_report_sections (
       tenant_id uuid not null,
       id bigint generated always as identity,
       report_id bigint not null,
       name text not null check (length(name) between 1 and 150),
       slug text not null,
       variant text not null check (variant in ('financial_reporting', 'kpi', 'planning', 'forecasting', 'chart', 'text', 'attachments', 'deepdrill', 'chartgenius')),
       selected_view text not null default 'actual_comparison' check (selected_view in ('actual_comparison', 'flexible_columns')),
       position integer not null check (position >= 0),
       settings jsonb not null default '{}' check (jsonb_typeof(settings) = 'object'),
       content jsonb,
       primary key (tenant_id, id),
       unique (tenant_id, report_id, slug),
       foreign key (tenant_id, report_id) references investor_reports (tenant_id, id) on delete cascade
     )`,
    `create index investor_report_sections_report on investor_report_sections (tenant_id, report_id, position)`,
    `create table investor_report_shares (
       tenant_id uuid not null,
       report_id bigint not null,
       user_id bigint not null,
       primary key (tenant_id, report_id, user_id),
       foreign key (tenant_id, report_id) references investor_reports (tenant_id, id) on delete cascade,
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index investor_report_shares_user on investor_report_shares (tenant_id, user_id)`,
    `create table investor_report_recipients (
       tenant_id uuid not null,
       id bigint generated always as identity,
       report_id bigint not null,
       email text not null check (length(email) between 3 and 320),
       name text not null default '' check (length(name) <= 150),
       link_hash text,
       last_sent_at timestamptz,
       first_opened_at timestamptz,
       last_opened_at timestamptz,
       open_count integer not null default 0,
       primary key (tenant_id, id),
       unique (tenant_id, report_id, email),
       foreign key (tenant_id, report_id) references investor_reports (tenant_id, id) on delete cascade
     )`,
    `create table investor_report_attachments (
       tenant_id uuid not null,
       id bigint generated always as identity,
       report_id bigint not null,
       file_name text not null check (length(file_name) between 1 and 255),
       media_type text not null,
       size integer not null check (size > 0),
       bytes bytea not null,
       uploaded_by bigint,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, report_id) references investor_reports (tenant_id, id) on delete cascade,
       foreign key (tenant_id, uploaded_by) references users (tenant_id, id) on delete set null (uploaded_by)
     )`,
    `create index investor_report_attachments_report on investor_report_attachments (tenant_id, report_id)`,
    `create table investor_report_templates (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 150),
       sections jsonb not null check (jsonb_typeof(sections) = 'array'),
       created_by bigint,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
     )`,
    `create unique index investor_report_templates_name on investor_report_templates (tenant_id, lower(name))`,
    // A section or attachment of a report past draft is never written; a cascaded delete of the
    // whole report (pg_trigger_depth() > 1: fired by the foreign key's own trigger) is let through.
    `create function investor_report_part_guard() returns trigger language plpgsql as $$
     declare
       part_tenant uuid;
       part_report bigint;
     begin
       if tg_op = 'DELETE' then
         if pg_trigger_depth() > 1 then return old; end if;
         part_tenant := old.tenant_id;
         part_report := old.report_id;
       else
         part_tenant := new.tenant_id;
         part_report := new.report_id;
       end if;
       if exists (select 1 from investor_reports r where r.tenant_id = part_tenant and r.id = part_report and r.status <> 'draft') then
         raise exception 'investor report % is frozen', part_report using errcode = 'check_violation';
       end if;
       if tg_op = 'DELETE' then return old; end if;
       return new;
     end
     $$`,
    `create trigger investor_report_sections_frozen before insert or update or delete on investor_report_sections for each row execute function investor_report_part_guard()`,
    `create trigger investor_report_attachments_frozen before insert or update or delete on investor_report_attachments for each row execute function investor_report_part_guard()`,
    `create function investor_report_freeze_guard() returns trigger language plpgsql as $$
     begin
       if old.status <> 'draft' and (new.status = 'draft' or new.frozen_data is distinct from old.frozen_data) then
         raise exception 'investor report % is frozen', old.id using errcode = 'check_violation';
       end if;
       return new;
     end
     $$`,
    `create trigger investor_reports_frozen before update on investor_reports for each row execute function investor_report_freeze_guard()`,
  );
  for (const table of ["investor_reports", "investor_report_sections", "investor_report_shares", "investor_report_recipients", "investor_report_attachments", "investor_report_templates"]) {
    await protectTenantTable(db, table);
  }
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table investor_report_templates",
    "drop table investor_report_attachments",
    "drop table investor_report_recipients",
    "drop table investor_report_shares",
    "drop table investor_report_sections",
    "drop table investor_reports",
    "drop function investor_report_part_guard()",
    "drop function investor_report_freeze_guard()",
  );
}
