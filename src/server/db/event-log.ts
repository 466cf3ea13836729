import { sql, type Kysely, type Transaction } from "kysely";
import type { DatabaseSchema } from "./schema";

export interface NewDomainEvent {
  readonly type: string;
  readonly version?: number;
  readonly payload: unknown;
  readonly commandId?: string | null;
}

export interface StoredDomainEvent {
  readonly seq: number;
  readonly type: string;
  readonly version: number;
  readonly payload: unknown;
  readonly actor: string;
  readonly commandId: string | null;
  /** The browser tab the change came from (never sent to a browser: the stream uses it to skip that tab). */
  readonly originTab: string | null;
  readonly occurredAt: string;
}

/** Appends one event with the tenant's next seq (the counter row stays locked until commit). */
export async function appendEvent(
  db: Transaction<DatabaseSchema>,
  tenantId: string,
  actor: string,
  event: NewDomainEvent,
  originTab?: string,
): Promise<StoredDomainEvent> {
  const counter = await db
    .insertInto("event_counters")
    .values({ tenant_id: tenantId, last_seq: 1 })
    .onConflict((oc) => oc.column("tenant_id").doUpdateSet({ last_seq: sql`event_counters.last_seq + 1` }))
    .returning("last_seq")
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto("events")
    .values({
      tenant_id: tenantId,
      seq: counter.last_seq,
      type: event.type,
      version: event.version ?? 1,
      payload: JSON.stringify(event.payload ?? null),
      actor,
      command_id: event.commandId ?? null,
      origin_tab: originTab ?? null,
    })
    .returning(["seq", "type", "version", "payload", "actor", "command_id", "origin_tab", "occurred_at"])
    .executeTakeFirstOrThrow();
  return toStoredEvent(row);
}

/** The tenant's events after `afterSeq`, oldest first, at most `limit`. Run inside withTenant. */
export async function readEventsAfter(db: Kysely<DatabaseSchema>, afterSeq: number, limit: number) {
  const rows = await db
    .selectFrom("events")
    .select(["seq", "type", "version", "payload", "actor", "command_id", "origin_tab", "occurred_at"])
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map(toStoredEvent);
}

function toStoredEvent(row: {
  seq: number;
  type: string;
  version: number;
  payload: unknown;
  actor: string;
  command_id: string | null;
  origin_tab: string | null;
  occurred_at: Date;
}): StoredDomainEvent {
  return {
    seq: row.seq,
    type: row.type,
    version: row.version,
    payload: row.payload,
    actor: row.actor,
    commandId: row.command_id,
    originTab: row.origin_tab,
    occurredAt: row.occurred_at.toISOString(),
  };
}
