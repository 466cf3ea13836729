import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * A person's notifications (issue 15): what happened that concerns them personally (a mention,
 * an action assigned to them, a triggered alert), kept until read so one missed while offline
 * still waits in the inbox. `link` is the in-app path the notification opens.
 *
 * And the company's time zone (an IANA name): when "6.30 pm" is for its alerts and reminders, and
 * where its nightly jobs fall. UTC until an administrator sets it in the company settings.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table user_notifications (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       user_id bigint not null,
       kind text not null check (length(kind) between 1 and 60),
       title text not null check (length(title) between 1 and 300),
       body text not null default '' check (length(body) <= 2000),
       link text check (link is null or (length(link) <= 500 and link like '/%')),
       created_at timestamptz not null default now(),
       read_at timestamptz,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index user_notifications_unread on user_notifications (tenant_id, user_id, created_at desc)`,
  );
  await protectTenantTable(db, "user_notifications");
  await run(db, `alter table tenants add column time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64)`);
}

export async function down(db: Kysely<any>) {
  await run(db, `drop table user_notifications`, `alter table tenants drop column time_zone`);
}
