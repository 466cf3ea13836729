import { sql, type Kysely } from "kysely";
import { ROLE_PERMISSIONS } from "../../../domain/permissions/roles";
import { protectTenantTable, run } from "./sql-helpers";

/** Permission grants (by group and per user) and the refresh-token families of sign-in. */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table group_permissions (
       tenant_id uuid not null,
       group_id bigint not null,
       permission text not null,
       primary key (tenant_id, group_id, permission),
       foreign key (tenant_id, group_id) references groups (tenant_id, id) on delete cascade
     )`,
    `create table user_permissions (
       tenant_id uuid not null,
       user_id bigint not null,
       permission text not null,
       primary key (tenant_id, user_id, permission),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    // Opaque refresh tokens, stored as SHA-256 hashes. A sign-in starts a family; each refresh
    // replaces the presented token with a new one of the same family. Presenting a replaced token
    // after the grace window is reuse: the whole family is revoked.
    `create table refresh_tokens (
       tenant_id uuid not null,
       id uuid not null default gen_random_uuid(),
       user_id bigint not null,
       family_id uuid not null,
       token_hash text not null unique,
       created_at timestamptz not null default now(),
       idle_expires_at timestamptz not null,
       family_expires_at timestamptz not null,
       replaced_at timestamptz,
       revoked_at timestamptz,
       revoked_reason text,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index refresh_tokens_family on refresh_tokens (tenant_id, family_id)`,
  );
  for (const table of ["group_permissions", "user_permissions", "refresh_tokens"]) await protectTenantTable(db, table);

  // Groups that existed before permissions did are the role groups: give them their defaults.
  for (const [role, permissions] of Object.entries(ROLE_PERMISSIONS)) {
    await sql`insert into group_permissions (tenant_id, group_id, permission)
              select g.tenant_id, g.id, p.permission from groups g cross join unnest(${permissions}::text[]) as p(permission)
              where g.name = ${role} on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table refresh_tokens", "drop table user_permissions", "drop table group_permissions");
}
