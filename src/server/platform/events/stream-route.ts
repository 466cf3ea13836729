import { Schema } from "@effect/schema";
import { sql } from "kysely";
import { WholeNumberFromString } from "../../../contracts/fields";
import { readEventsAfter } from "../../db/event-log";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../http/errors";
import { originTabOf } from "../http/origin-tab";
import { signedIn, userRoute, type RouteDefinition } from "../http/route";
import { endFrame, sessionEventFilters, SessionWatch } from "./session-watch";
import { userNames } from "../people";

/**
 * Narrows an event to what one reader may see: the payload to send, or null to skip the event.
 * Features register one per event type that carries data behind permissions.
 */
export type EventFilter = (payload: unknown, context: TenantContext, userId: number) => Promise<unknown | null>;

export interface EventStreamSettings {
  heartbeatMs?: number;
  /** How often a stream re-reads its session without an event prompting it (a safety net). */
  sessionRecheckMs?: number;
  filters?: Readonly<Record<string, EventFilter>>;
}

const BATCH = 500;

/** The open streams of each app (keyed by its services), so closing the app ends them. */
const openStreams = new WeakMap<object, Set<() => void>>();

/** Ends every open stream of the app these services belong to (its preClose hook). */
export function endEventStreams(services: object) {
  for (const end of openStreams.get(services) ?? []) end();
}

const StreamQuery = Schema.Struct({
  after: Schema.optional(WholeNumberFromString(0, Number.MAX_SAFE_INTEGER, "Must be a non-negative whole number.")),
});

/**
 * GET /events/stream/: the tenant's new domain events as server-sent events (`id:` = seq).
 * Clients read it with fetch, sending the Authorization header (never a token in the URL), and
 * resume with `Last-Event-ID` or `?after=<seq>`; without either, the stream starts at "now".
 * A stream ends with its session: `event: end` names why (`SessionWatch`).
 */
export function eventStreamRoute(settings: EventStreamSettings = {}): RouteDefinition {
  const { heartbeatMs = 15_000, sessionRecheckMs = 60_000 } = settings;
  const filters: Readonly<Record<string, EventFilter>> = { ...sessionEventFilters, ...settings.filters };
  return userRoute<undefined, typeof StreamQuery.Type, undefined>({
    method: "GET",
    path: "/events/stream/",
    summary: "The company's new domain events as server-sent events, each as the caller may see it",
    description: "Resume with the Last-Event-ID header or ?after=<seq>. The stream ends with the session (event: end with its reason).",
    access: signedIn(),
    query: StreamQuery,
    response: { mediaType: "text/event-stream", description: "Server-sent events: id is the event's seq" },
    handle: async ({ query, user, request, reply, services }) => {
      const { withTenant, wakeups } = services;
      const actor = { kind: "user", userId: user.userId } as const;
      // This tab folded its own changes already: they are left out of its stream, not of the person's other tabs.
      const ownTab = originTabOf(request);
      const resumeFrom = parseResumePoint(request.headers["last-event-id"]) ?? query.after ?? null;
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
      const watch = new SessionWatch(user.session, sessionRecheckMs, () => wakeUp?.());
      const end = () => {
        if (closed) return;
        closed = true;
        wakeUp?.();
        raw.end();
      };
      const open = openStreams.get(services) ?? new Set();
      openStreams.set(services, open);
      open.add(end);
      const unsubscribe = wakeups.subscribe(user.tenantId, () => {
        pending = true;
        wakeUp?.();
      });
      request.raw.on("close", end);

      try {
        while (!closed) {
          if (watch.checkDue()) await withTenant(user.tenantId, actor, ({ db }) => watch.check(db));
          if (watch.ended) {
            raw.write(endFrame(watch.ended));
            break;
          }
          if (pending) {
            pending = false;
            for (;;) {
              const events = await withTenant(user.tenantId, actor, async (context) => {
                const batch = await watch.upToEnd(context.db, await readEventsAfter(context.db, lastSeq, BATCH));
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
              for (const { event: { originTab, ...event }, payload } of events) {
                if (payload !== null && (ownTab === undefined || originTab !== ownTab)) raw.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event, payload })}\n\n`);
                lastSeq = event.seq;
              }
              if (events.length < BATCH || closed || watch.ended) break;
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
        watch.dispose();
        unsubscribe();
        open.delete(end);
        end();
      }
      return reply;
    },
  });
}

/**
 * The display names of the users behind `actors` ("user:<id>"), read with the batch so a
 * notification can say who did something ("Ada Administrator changed …"). System actors and
 * deleted users have none.
 */
async function actorNames(context: TenantContext, actors: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(actors.map((actor) => /^user:(\d+)$/.exec(actor)?.[1]).filter((id): id is string => id !== undefined).map(Number))];
  if (ids.length === 0) return new Map();
  const names = await userNames(context, ids);
  return new Map([...names].map(([id, name]) => [`user:${id}`, name]));
}

/** The Last-Event-ID header a reconnecting EventSource sends: a seq, or nothing. */
function parseResumePoint(lastEventId: string | string[] | undefined): number | null {
  const value = Array.isArray(lastEventId) ? lastEventId[0] : lastEventId;
  if (value === undefined || value === "") return null;
  const seq = Number(value);
  if (!Number.isSafeInteger(seq) || seq < 0) throw badRequest({ "Last-Event-ID": ["Must be a non-negative whole number."] });
  return seq;
}
