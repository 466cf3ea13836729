import type { TenantContext } from "../db/tenancy";

/** How a person is named to others: first and last name, or their e-mail address while they have none. */
export const personName = (row: { first_name: string; last_name: string; email: string }) => `${row.first_name} ${row.last_name}`.trim() || row.email;

/** Names of users by id, one query; a deleted user (or none, null) has no entry. */
export async function userNames({ db }: TenantContext, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("users").select(["id", "first_name", "last_name", "email"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, personName(row)]));
}

/** The company's active users by last and first name, with their e-mail addresses: for features that need the address (mentions). */
export function activeUsers({ db }: TenantContext) {
  return db.selectFrom("users").select(["id", "first_name", "last_name", "email"]).where("is_active", "=", true).orderBy("last_name").orderBy("first_name").orderBy("id").execute();
}

/** The company's active people by name (id and name only, no e-mail addresses): whom something can be shared with. */
export async function activePeople(context: TenantContext): Promise<{ id: number; name: string }[]> {
  return (await activeUsers(context)).map((row) => ({ id: row.id, name: personName(row) }));
}
