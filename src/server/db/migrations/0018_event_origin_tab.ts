import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * The browser tab a user's change came from (a random id the tab sends with its requests), so
 * the event stream can leave out exactly the tab that already folded the change, and a person's
 * other tabs still follow it live. Never sent to any browser.
 */
export async function up(db: Kysely<any>) {
  await run(db, `alter table events add column origin_tab uuid`);
}

export async function down(db: Kysely<any>) {
  await run(db, `alter table events drop column origin_tab`);
}
