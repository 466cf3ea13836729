import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * The accounting import wizard (/integration/accounting/wizard): the company's setup (which
 * financial category is the statement and which of its KPIs are lines, income or expense), the
 * one current import (a ZIP of CSV files: accounts, bookings, open positions of debtors and
 * creditors), the category of each account (by account number, so it survives the next import),
 * and which KPI months the last completed setup wrote, so the next one replaces exactly those.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table accounting_setups (
       tenant_id uuid not null references tenants (id) on delete cascade,
       statement_category_id bigint,
       status text not null default 'not_started' check (status in ('not_started', 'completed')),
       completed_at timestamptz,
       updated_at timestamptz not null default now(),
       primary key (tenant_id),
       foreign key (tenant_id, statement_category_id) references kpi_categories (tenant_id, id) on delete set null (statement_category_id)
     )`,
    `create table accounting_statement_lines (
       tenant_id uuid not null,
       kpi_id bigint not null,
       side text not null check (side in ('income', 'expense')),
       primary key (tenant_id, kpi_id),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create table accounting_imports (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       file_name text not null,
       uploaded_by bigint,
       uploaded_at timestamptz not null default now(),
       first_month date check (extract(day from first_month) = 1),
       last_month date check (extract(day from last_month) = 1),
       accounts integer not null,
       bookings integer not null,
       debtors integer not null,
       creditors integer not null,
       primary key (tenant_id, id),
       foreign key (tenant_id, uploaded_by) references users (tenant_id, id) on delete set null (uploaded_by)
     )`,
    // One current import per company: a new one replaces it in the same transaction.
    `create unique index accounting_imports_one_per_tenant on accounting_imports (tenant_id)`,
    `create table accounting_accounts (
       tenant_id uuid not null,
       import_id bigint not null,
       number text not null,
       name text not null,
       type text not null check (type in ('revenue', 'expense', 'asset', 'liability', 'equity')),
       primary key (tenant_id, import_id, number),
       foreign key (tenant_id, import_id) references accounting_imports (tenant_id, id) on delete cascade
     )`,
    `create table accounting_bookings (
       tenant_id uuid not null,
       import_id bigint not null,
       line integer not null,
       booking_date date not null,
       debit_account text not null,
       credit_account text not null,
       amount_cents bigint not null check (amount_cents > 0),
       document_number text not null default '',
       text text not null default '',
       primary key (tenant_id, import_id, line),
       foreign key (tenant_id, import_id) references accounting_imports (tenant_id, id) on delete cascade
     )`,
    `create index accounting_bookings_by_date on accounting_bookings (tenant_id, import_id, booking_date, line)`,
    `create table accounting_open_positions (
       tenant_id uuid not null,
       import_id bigint not null,
       kind text not null check (kind in ('debtor', 'creditor')),
       line integer not null,
       number text not null,
       name text not null,
       document_number text not null,
       document_date date not null,
       due_date date,
       amount_cents bigint not null check (amount_cents <> 0),
       primary key (tenant_id, import_id, kind, line),
       foreign key (tenant_id, import_id) references accounting_imports (tenant_id, id) on delete cascade
     )`,
    // kpi_id null: the account is not part of the statement (a tax or interest account).
    `create table accounting_account_mappings (
       tenant_id uuid not null references tenants (id) on delete cascade,
       account_number text not null,
       kpi_id bigint,
       primary key (tenant_id, account_number),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create table accounting_written_values (
       tenant_id uuid not null,
       kpi_id bigint not null,
       month date not null check (extract(day from month) = 1),
       primary key (tenant_id, kpi_id, month),
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
  );
  for (const table of [
    "accounting_setups",
    "accounting_statement_lines",
    "accounting_imports",
    "accounting_accounts",
    "accounting_bookings",
    "accounting_open_positions",
    "accounting_account_mappings",
    "accounting_written_values",
  ]) {
    await protectTenantTable(db, table);
  }
}

export async function down(db: Kysely<any>) {
  await run(
    db,
    "drop table accounting_written_values",
    "drop table accounting_account_mappings",
    "drop table accounting_open_positions",
    "drop table accounting_bookings",
    "drop table accounting_accounts",
    "drop table accounting_imports",
    "drop table accounting_statement_lines",
    "drop table accounting_setups",
  );
}
