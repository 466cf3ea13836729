import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/** Mail outbox, password reset tokens, TOTP second factors and the sign-in throttle. */
export async function up(db: Kysely<any>) {
  await run(
    db,
    // Tokens issued before this instant are refused (2FA reset, deactivation, password change).
    `alter table users add column sessions_revoked_at timestamptz`,
    `create table outbox_mails (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       to_address text not null,
       subject text not null,
       text_body text not null,
       transport text not null check (transport in ('smtp', 'outbox')),
       status text not null default 'pending' check (status in ('pending', 'sent', 'stored', 'failed')),
       error text,
       created_at timestamptz not null default now(),
       sent_at timestamptz,
       primary key (tenant_id, id)
     )`,
    `create table password_reset_tokens (
       tenant_id uuid not null,
       id bigint generated always as identity,
       user_id bigint not null,
       token_hash text not null,
       created_at timestamptz not null default now(),
       expires_at timestamptz not null,
       used_at timestamptz,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create table user_totp (
       tenant_id uuid not null,
       user_id bigint not null,
       secret_sealed text not null,
       confirmed_at timestamptz,
       last_used_step bigint not null default 0,
       created_at timestamptz not null default now(),
       primary key (tenant_id, user_id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    // Attempt counters for sign-in, codes and resets, shared by every server process. Keys name
    // an account or an address, never whether an account exists.
    `create table auth_throttle (
       key text primary key,
       window_start timestamptz not null,
       attempts integer not null
     )`,
  );
  for (const table of ["outbox_mails", "password_reset_tokens", "user_totp"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table auth_throttle", "drop table user_totp", "drop table password_reset_tokens", "drop table outbox_mails", "alter table users drop column sessions_revoked_at");
}
