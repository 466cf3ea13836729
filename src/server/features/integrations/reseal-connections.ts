import type { Database } from "../../db/database";
import type { RotatingSealer } from "../../platform/auth/sealing";

export interface ResealOutcome {
  /** Sealed again with the current key. */
  readonly resealed: number;
  /** Sealed with the current key already. */
  readonly current: number;
  /** Opened by no key of this installation: they need a reconnect ('The integration requires a new sign in.'). */
  readonly unreadable: readonly { readonly tenantId: string; readonly id: number; readonly name: string }[];
}

/**
 * The operator's half of a key rotation (README, "Rotating the connection key"): every stored
 * connection of every company opened with the keys this installation has and sealed again with
 * the current one. Across companies on the owner connection, as other system work; each row is
 * replaced only if it is still what was read (a reconnect meanwhile wins). Safe to run again and
 * while the server runs; the plaintext never leaves this function.
 */
export async function resealConnections(database: Database, sealer: RotatingSealer): Promise<ResealOutcome> {
  const rows = await database.system.selectFrom("integrations").select(["tenant_id", "id", "name", "secret_sealed"]).orderBy("tenant_id").orderBy("id").execute();
  let resealed = 0;
  let current = 0;
  const unreadable: { tenantId: string; id: number; name: string }[] = [];
  for (const row of rows) {
    if (sealer.isCurrent(row.secret_sealed)) {
      current += 1;
      continue;
    }
    let sealed: string;
    try {
      sealed = sealer.seal(sealer.open(row.secret_sealed));
    } catch {
      unreadable.push({ tenantId: row.tenant_id, id: row.id, name: row.name });
      continue;
    }
    const updated = await database.system
      .updateTable("integrations")
      .set({ secret_sealed: sealed })
      .where("tenant_id", "=", row.tenant_id)
      .where("id", "=", row.id)
      .where("secret_sealed", "=", row.secret_sealed)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) resealed += 1;
    else current += 1; // changed meanwhile: a reconnect sealed it with the current key
  }
  return { resealed, current, unreadable };
}
