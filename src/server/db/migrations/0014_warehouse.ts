import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * The warehouse: a company's raw business data as uploaded (deals, employees, products, sales
 * targets), the history of those uploads, and pipeline snapshots. Raw rows reference each other
 * by the ids the files use (a deal's owner and product) and not by foreign keys: each kind is
 * replaced as a whole by its next upload, and a reference that does not resolve is a data issue
 * to show, not an upload to refuse. Checks hold only what no upload may store (a stage that is
 * no stage); business rules (a negative deal size) are data issues.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table warehouse_deals (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       deal_key text not null check (length(deal_key) between 1 and 100),
       name text not null default '',
       customer text not null default '',
       owner_key text,
       product_key text,
       stage text check (stage in ('lead', 'mql', 'sql', 'proposal', 'negotiation', 'won', 'lost')),
       amount double precision,
       cost double precision,
       recurring_months integer check (recurring_months between 1 and 120),
       created_on date not null,
       mql_on date,
       sql_on date,
       proposal_on date,
       negotiation_on date,
       expected_close_on date,
       closed_on date,
       primary key (tenant_id, id),
       unique (tenant_id, deal_key)
     )`,
    `create table warehouse_employees (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       employee_key text not null check (length(employee_key) between 1 and 100),
       name text not null,
       department text,
       hired_on date not null,
       left_on date,
       fte double precision not null default 1,
       primary key (tenant_id, id),
       unique (tenant_id, employee_key)
     )`,
    `create table warehouse_products (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       product_key text not null check (length(product_key) between 1 and 100),
       name text not null,
       category text,
       price double precision,
       unit_cost double precision,
       primary key (tenant_id, id),
       unique (tenant_id, product_key)
     )`,
    `create table warehouse_sales_targets (
       tenant_id uuid not null references tenants (id) on delete cascade,
       month date not null check (extract(day from month) = 1),
       amount double precision not null,
       primary key (tenant_id, month)
     )`,
    // One row per accepted upload: what came in, when and from whom (the raw data screen's history).
    `create table warehouse_uploads (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       kind text not null check (kind in ('deals', 'employees', 'products', 'sales-targets')),
       file_name text not null,
       row_count integer not null,
       uploaded_by bigint,
       uploaded_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, uploaded_by) references users (tenant_id, id) on delete set null (uploaded_by)
     )`,
    // A pipeline kept as it was on a day: its open deals then, so later data can be compared with it.
    `create table warehouse_snapshots (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 100),
       as_of date not null,
       taken_by bigint,
       taken_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, name),
       foreign key (tenant_id, taken_by) references users (tenant_id, id) on delete set null (taken_by)
     )`,
    `create table warehouse_snapshot_deals (
       tenant_id uuid not null,
       snapshot_id bigint not null,
       deal_key text not null,
       name text not null,
       stage text not null check (stage in ('lead', 'mql', 'sql', 'proposal', 'negotiation')),
       amount double precision not null,
       expected_close_on date,
       primary key (tenant_id, snapshot_id, deal_key),
       foreign key (tenant_id, snapshot_id) references warehouse_snapshots (tenant_id, id) on delete cascade
     )`,
  );
  for (const table of ["warehouse_deals", "warehouse_employees", "warehouse_products", "warehouse_sales_targets", "warehouse_uploads", "warehouse_snapshots", "warehouse_snapshot_deals"]) {
    await protectTenantTable(db, table);
  }
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table warehouse_snapshot_deals",
    "drop table warehouse_snapshots",
    "drop table warehouse_uploads",
    "drop table warehouse_sales_targets",
    "drop table warehouse_products",
    "drop table warehouse_employees",
    "drop table warehouse_deals",
  );
}
