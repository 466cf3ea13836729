import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/**
 * Custom dashboards (issue 13): a dashboard is owned by the user who made it, kept in one order
 * per company (`position`), and grows its `revision` with every change, so a layout change made
 * on an old copy is refused instead of overwriting someone else's move. Names are unique per
 * company whatever their case.
 *
 * A card keeps what it shows as jsonb (`content`, the contract's tagged union, validated on the
 * way in), so a new card type needs no migration. The KPI a card shows is also a generated
 * column with a foreign key: a deleted KPI takes its cards with it (docs/decisions.md, "Custom
 * dashboards API"), and the KPI meta's placements are one indexed lookup. A chart card names its
 * chart by id only: the charts table belongs to another migration.
 *
 * A share gives one user view or edit rights. A deleted user takes the dashboards they own and
 * their shares with them.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table custom_dashboards (
       tenant_id uuid not null references tenants (id) on delete cascade,
       id bigint generated always as identity,
       name text not null check (length(name) between 1 and 150),
       kind text not null check (kind in ('grid', 'canvas')),
       locked boolean not null default false,
       owner_id bigint not null,
       position integer not null default 0,
       revision integer not null default 1,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, owner_id) references users (tenant_id, id) on delete cascade
     )`,
    `create unique index custom_dashboards_name on custom_dashboards (tenant_id, lower(name))`,
    `create index custom_dashboards_owner on custom_dashboards (tenant_id, owner_id)`,
    `create table custom_dashboard_cards (
       tenant_id uuid not null,
       id bigint generated always as identity,
       dashboard_id bigint not null,
       title text not null default '' check (length(title) <= 150),
       content jsonb not null check (jsonb_typeof(content) = 'object' and content ? 'type'),
       card_type text generated always as (content ->> 'type') stored,
       kpi_id bigint generated always as (case when content ->> 'type' in ('kpi', 'kpiChart') then (content ->> 'kpiId')::bigint end) stored,
       position integer not null check (position >= 0),
       layout_x integer not null check (layout_x between 0 and 11),
       layout_y integer not null check (layout_y >= 0),
       layout_w integer not null check (layout_w between 1 and 12 and layout_x + layout_w <= 12),
       layout_h integer not null check (layout_h between 1 and 24),
       primary key (tenant_id, id),
       foreign key (tenant_id, dashboard_id) references custom_dashboards (tenant_id, id) on delete cascade,
       foreign key (tenant_id, kpi_id) references kpis (tenant_id, id) on delete cascade
     )`,
    `create index custom_dashboard_cards_dashboard on custom_dashboard_cards (tenant_id, dashboard_id, position)`,
    `create index custom_dashboard_cards_kpi on custom_dashboard_cards (tenant_id, kpi_id) where kpi_id is not null`,
    `create table custom_dashboard_shares (
       tenant_id uuid not null,
       dashboard_id bigint not null,
       user_id bigint not null,
       can_edit boolean not null default false,
       primary key (tenant_id, dashboard_id, user_id),
       foreign key (tenant_id, dashboard_id) references custom_dashboards (tenant_id, id) on delete cascade,
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    `create index custom_dashboard_shares_user on custom_dashboard_shares (tenant_id, user_id)`,
  );
  for (const table of ["custom_dashboards", "custom_dashboard_cards", "custom_dashboard_shares"]) await protectTenantTable(db, table);
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table custom_dashboard_shares", "drop table custom_dashboard_cards", "drop table custom_dashboards");
}
