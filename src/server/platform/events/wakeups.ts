import type pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import { EVENTS_CHANNEL } from "../../db/tenancy";

/**
 * Wakes the event streams of a tenant when new events committed. Within one process a commit
 * calls `wake` directly; on PostgreSQL a LISTEN connection also relays the NOTIFY that every
 * process's commits send, so streams of all processes wake. A wake only says "look again":
 * streams read the events themselves, so a duplicate or lost wake-up cannot corrupt a stream.
 */
export class EventWakeups {
  private readonly listeners = new Map<string, Set<() => void>>();
  private listener: pg.Client | null = null;

  subscribe(tenantId: string, onWake: () => void): () => void {
    let set = this.listeners.get(tenantId);
    if (!set) this.listeners.set(tenantId, (set = new Set()));
    set.add(onWake);
    return () => {
      set.delete(onWake);
      if (set.size === 0) this.listeners.delete(tenantId);
    };
  }

  wake(tenantId: string) {
    for (const onWake of this.listeners.get(tenantId) ?? []) onWake();
  }

  /** Starts relaying NOTIFY on PostgreSQL; a no-op on PGlite. */
  async listen(database: Database, log: FastifyBaseLogger) {
    const client = await database.openListener();
    if (!client) return;
    client.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) this.wake(message.payload);
    });
    client.on("error", (error) => log.error({ err: error }, "event listener connection failed"));
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.listener = client;
  }

  async close() {
    await this.listener?.end();
    this.listener = null;
  }
}
