import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * Which user of the portfolio company an investor instance views it as. It lives in another
 * tenant, so there is no foreign key: the embed-token exchange checks it in that tenant.
 */
export async function up(db: Kysely<any>) {
  await run(db, `alter table registered_instances add column target_user_id bigint`);
}

export async function down(db: Kysely<any>) {
  await run(db, `alter table registered_instances drop column target_user_id`);
}
