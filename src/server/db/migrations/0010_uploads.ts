import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Excel and CSV uploads. `uploads` keeps each checked file: its problems (by row and column) and
 * what its rows would write (`checked_rows`), until the person imports it (then the rows are
 * cleared and the outcome kept for the history) or cancels it (the row is deleted). The file
 * itself is never stored; a preview of its first rows is. `upload_mappings` remembers which
 * header a person gave each column, per upload type, for their next upload.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table uploads (
       tenant_id uuid not null,
       id bigint generated always as identity,
       user_id bigint not null,
       type text not null check (type in ('reporting', 'planning', 'forecasting', 'dimensions', 'fx')),
       file_name text not null,
       status text not null default 'checked' check (status in ('checked', 'imported')),
       state text not null check (state in ('successful', 'contains warnings', 'partially successful with errors')),
       layout text not null check (layout in ('months-as-columns', 'one-value-per-row')),
       columns jsonb not null,
       mapping jsonb not null,
       problems jsonb not null,
       checked_rows jsonb not null,
       preview jsonb not null,
       row_count integer not null,
       valid_row_count integer not null,
       value_count integer not null,
       unchanged_count integer not null,
       error_count integer not null,
       warning_count integer not null,
       forecast_id bigint,
       imported_rows text check (imported_rows in ('all', 'valid')),
       imported_value_count integer,
       created_at timestamptz not null default now(),
       imported_at timestamptz,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
       foreign key (tenant_id, forecast_id) references forecasts (tenant_id, id) on delete set null (forecast_id),
       check ((status = 'imported') = (imported_at is not null))
     )`,
    `create index uploads_by_user on uploads (tenant_id, user_id, created_at desc)`,
    `create table upload_mappings (
       tenant_id uuid not null,
       user_id bigint not null,
       type text not null check (type in ('reporting', 'planning', 'forecasting', 'dimensions', 'fx')),
       mapping jsonb not null,
       updated_at timestamptz not null default now(),
       primary key (tenant_id, user_id, type),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
  );
  for (const table of ["uploads", "upload_mappings"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table upload_mappings", "drop table uploads");
}
