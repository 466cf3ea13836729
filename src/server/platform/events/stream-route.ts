import { sql } from "kysely";
import type { FastifyPluginAsync } from "fastify";
import { readEventsAfter } from "../../db/event-log";
import type { TenantContext, WithTenant } from "../../db/tenancy";
import { authenticate } from "../auth/authenticate";
import type { TokenSigner } from "../auth/tokens";
import { badRequest } from "../http/errors";
import type { EventWakeups } from "./wakeups";

/**
 * Narrows an event to what one reader may see: the payload to send, or null to skip the event.
 * Features register one per event type that carries data behind permissions.
 */
export type EventFilter = (payload: unknown, context: TenantContext, userId: number) => Promise<unknown | null>;

export interface EventStreamOptions {
  signer: TokenSigner;
  withTenant: WithTenant;
  wakeups: EventWakeups;
  heartbeatMs?: number;
  filters?: Readonly<Record<string, EventFilter>>;
}

const BATCH = 500;

/**
 * GET /events/stream/: the tenant's new domain events as server-sent events (`id:` = seq).
 * Clients read it with fetch, sending the Authorization header (never a token in the URL), and
 * resume with `Last-Event-ID` or `?after=<seq>`; without either, the stream starts at "now".
 */
export const eventStreamRoutes: FastifyPluginAsync<EventStreamOptions> = async (app, options) => {
  const { signer, withTenant, wakeups, heartbeatMs = 15_000, filters = {} } = options;
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });

  app.get("/events/stream/", async (request, reply) => {
    const user = await authenticate(request, signer, withTenant);
    const actor = { kind: "user", userId: user.userId } as const;
    const resumeFrom = parseResumePoint(request.headers["last-event-id"], (request.query as { after?: string }).after);
    let lastSeq: number =
      resumeFrom ??
      (await withTenant(user.tenantId, actor, ({ db }) =>
        db
          .selectFrom("events")
          .select(sql<number>`coalesce(max(seq), 0)::bigint`.as("seq"))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.seq)),
      ));

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      "x-request-id": String(request.id),
    });
    raw.write(`retry: 3000\n: connected at seq ${lastSeq}\n\n`);

    let closed = false;
    let pending = true; // read once at start: events may have committed before we subscribed
    let wakeUp: (() => void) | undefined;
    const end = () => {
      if (closed) return;
      closed = true;
      wakeUp?.();
      raw.end();
    };
    open.add(end);
    const unsubscribe = wakeups.subscribe(user.tenantId, () => {
      pending = true;
      wakeUp?.();
    });
    request.raw.on("close", end);

    try {
      while (!closed) {
        if (pending) {
          pending = false;
          for (;;) {
            const events = await withTenant(user.tenantId, actor, async (context) => {
              const batch = await readEventsAfter(context.db, lastSeq, BATCH);
              const names = await actorNames(context, batch.map((event) => event.actor));
              // Permissions are read with every batch, so a change applies to open streams too.
              return Promise.all(
                batch.map(async (event) => {
                  const filter = filters[event.type];
                  const named = { ...event, actorName: names.get(event.actor) ?? null };
                  if (!filter) return { event: named, payload: event.payload };
                  // A filter that fails withholds its event rather than ending the stream.
                  const payload = await filter(event.payload, context, user.userId).catch((error: unknown) => {
                    request.log.error({ err: error, type: event.type }, "event filter failed");
                    return null;
                  });
                  return { event: named, payload };
                }),
              );
            });
            for (const { event, payload } of events) {
              if (payload !== null) raw.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event, payload })}\n\n`);
              lastSeq = event.seq;
            }
            if (events.length < BATCH || closed) break;
          }
          continue;
        }
        const woke = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), heartbeatMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        wakeUp = undefined;
        if (!woke && !closed) raw.write(": keep-alive\n\n");
      }
    } catch (error) {
      request.log.error({ err: error }, "event stream failed");
    } finally {
      unsubscribe();
      open.delete(end);
      end();
    }
  });
};

/**
 * The display names of the users behind `actors` ("user:<id>"), read with the batch so a
 * notification can say who did something ("Ada Administrator changed …"). System actors and
 * deleted users have none.
 */
async function actorNames(context: TenantContext, actors: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(actors.map((actor) => /^user:(\d+)$/.exec(actor)?.[1]).filter((id): id is string => id !== undefined).map(Number))];
  if (ids.length === 0) return new Map();
  const rows = await context.db.selectFrom("users").select(["id", "first_name", "last_name", "email"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [`user:${row.id}`, `${row.first_name} ${row.last_name}`.trim() || row.email]));
}

function parseResumePoint(lastEventId: string | string[] | undefined, after: string | undefined): number | null {
  const value = (Array.isArray(lastEventId) ? lastEventId[0] : lastEventId) ?? after;
  if (value === undefined || value === "") return null;
  const seq = Number(value);
  if (!Number.isSafeInteger(seq) || seq < 0) throw badRequest({ after: ["Must be a non-negative whole number."] });
  return seq;
}
