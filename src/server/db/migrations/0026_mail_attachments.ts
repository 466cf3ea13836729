import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * Mail attachments (issue 14: the board pack sent as a PDF). The outbox keeps what each mail
 * carried (file name, media type, size), not the bytes: one board pack mailed to 200 recipients
 * would otherwise be stored 200 times, and the report keeps its figures and files itself.
 */
export async function up(db: Kysely<any>) {
  await run(db, `alter table outbox_mails add column attachments jsonb not null default '[]'::jsonb`);
}

export async function down(db: Kysely<any>) {
  await run(db, `alter table outbox_mails drop column attachments`);
}
