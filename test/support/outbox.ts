import { testDatabase } from "./database";

/** The mails of a tenant's outbox, once delivery (which runs after commit) has settled. */
export async function outboxOf(tenantId: string, to?: string) {
  const { withTenant } = await testDatabase();
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = await withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => {
      let query = db.selectFrom("outbox_mails").selectAll().orderBy("id");
      if (to) query = query.where("to_address", "=", to);
      return query.execute();
    });
    if (mails.every((mail) => mail.status !== "pending")) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("mail delivery did not settle");
}

/** The reset link's uid and token from a mail body. */
export function resetLinkOf(text: string) {
  const match = /\/password\/reset\/confirm\/([^/\s]+)\/([^/\s]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { uid: match[1]!, token: match[2]! };
}
