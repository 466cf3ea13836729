import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * The holding instance (issue 14, scope 6).
 *
 * - `holding_links`, in the SUBSIDIARY's tenant: which holding asked to roll it up and what the
 *   subsidiary decided (requested, denied, authorized). This row is the authorization: the
 *   holding's `registered_instances.authorization_state` only mirrors it for its lists, and the
 *   roll-up reads a subsidiary only while this row says authorized.
 * - `holding_link_codes`, in the subsidiary's tenant: one-time codes its administrator gives a
 *   holding to ask with; only their SHA-256 is stored (the code is shown once), looked up across
 *   tenants by hash (unique) the way a password link is.
 * - `holding_fx_rates`, in the HOLDING's tenant: its own monthly average and month-end rates,
 *   units of the holding's currency for one unit of `currency`.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table holding_links (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       holding_tenant_id uuid not null references tenants (id) on delete cascade,
       holding_name text not null check (length(holding_name) between 1 and 200),
       state text not null default 'requested' check (state in ('requested', 'denied', 'authorized')),
       requested_at timestamptz not null default now(),
       decided_at timestamptz,
       decided_by bigint,
       primary key (tenant_id, id),
       unique (tenant_id, holding_tenant_id),
       check (tenant_id <> holding_tenant_id),
       check ((state = 'requested') = (decided_at is null)),
       foreign key (tenant_id, decided_by) references users (tenant_id, id) on delete set null (decided_by)
     )`,
    `create table holding_link_codes (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       code_hash text not null unique check (length(code_hash) = 64),
       expires_at timestamptz not null,
       used_at timestamptz,
       created_by bigint,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
     )`,
    `create table holding_fx_rates (
       tenant_id uuid not null references tenants (id) on delete cascade,
       currency text not null check (currency ~ '^[A-Z]{3}$'),
       month date not null check (extract(day from month) = 1),
       average_rate double precision not null check (average_rate > 0),
       month_end_rate double precision not null check (month_end_rate > 0),
       primary key (tenant_id, currency, month)
     )`,
  );
  for (const table of ["holding_links", "holding_link_codes", "holding_fx_rates"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table holding_fx_rates", "drop table holding_link_codes", "drop table holding_links");
}
