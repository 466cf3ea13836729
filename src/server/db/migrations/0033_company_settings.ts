import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Company settings (issue 15): the company's two logos, one per theme, each a checked raster image
 * (PNG or JPEG, sniffed from its bytes, at most 5 MB) with its pixel size; and the organizational
 * structure, departments with their teams, each with an optional lead and members. A team's
 * department cannot be deleted while the team exists (restrict): the service says so first.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table company_logos (
       tenant_id uuid not null references tenants (id) on delete cascade,
       theme text not null check (theme in ('light', 'dark')),
       file_name text not null check (length(file_name) between 1 and 255),
       media_type text not null check (media_type in ('image/png', 'image/jpeg')),
       size integer not null check (size > 0 and size <= 5242880),
       width integer not null check (width > 0),
       height integer not null check (height > 0),
       bytes bytea not null,
       uploaded_by bigint,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, theme),
       foreign key (tenant_id, uploaded_by) references users (tenant_id, id) on delete set null (uploaded_by)
     )`,
    `create table org_units (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       kind text not null check (kind in ('department', 'team')),
       parent_id bigint,
       name text not null check (length(name) between 1 and 120),
       lead_user_id bigint,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       check ((kind = 'department') = (parent_id is null)),
       foreign key (tenant_id, parent_id) references org_units (tenant_id, id) on delete restrict,
       foreign key (tenant_id, lead_user_id) references users (tenant_id, id) on delete set null (lead_user_id)
     )`,
    // Unique per parent regardless of case: "Sales" and "sales" would be one department to a reader.
    `create unique index org_units_name_per_parent on org_units (tenant_id, coalesce(parent_id, 0), lower(name))`,
    `create table org_unit_members (
       tenant_id uuid not null references tenants (id) on delete cascade,
       unit_id bigint not null,
       user_id bigint not null,
       primary key (tenant_id, unit_id, user_id),
       foreign key (tenant_id, unit_id) references org_units (tenant_id, id) on delete cascade,
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
  );
  await protectTenantTable(db, "company_logos");
  await protectTenantTable(db, "org_units");
  await protectTenantTable(db, "org_unit_members");
}

export async function down(db: Kysely<any>) {
  await run(db, `drop table org_unit_members`, `drop table org_units`, `drop table company_logos`);
}
