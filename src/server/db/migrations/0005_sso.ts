import type { Kysely } from "kysely";
import { protectTenantTable, run } from "./sql-helpers";

/** Links between users and their accounts at external OpenID Connect providers. */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `create table sso_links (
       tenant_id uuid not null,
       user_id bigint not null,
       provider text not null,
       subject text not null,
       created_at timestamptz not null default now(),
       primary key (tenant_id, user_id, provider),
       foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
     )`,
    // A provider's account signs in to one user of the installation (like an e-mail address).
    `create unique index sso_links_subject on sso_links (provider, subject)`,
  );
  await protectTenantTable(db, "sso_links");
}

export async function down(db: Kysely<any>) {
  await run(db, "drop table sso_links");
}
