import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { Observable } from "rxjs";
import type { AppConfig } from "../../contracts/app-config";
import { ServerEvent, StreamEnd, type SessionEnd } from "../../contracts/server-events";
import type { Api } from "./http-client";
import { TAB_ID } from "./tab-id";
import type { TokenKeeper } from "./token-keeper";

export interface EventStreamDeps {
  readonly fetch: typeof fetch;
  readonly roots: AppConfig["roots"];
  readonly tokens: TokenKeeper;
  readonly api: Api;
}

const decodeEvent = Schema.decodeUnknownOption(ServerEvent);
const decodeEnd = Schema.decodeUnknownOption(StreamEnd);
const MAX_BACKOFF_MS = 30_000;

/**
 * The tenant's domain events, live, over fetch (the access token goes in the Authorization
 * header, never in a URL, which EventSource would need). Reconnects with backoff and resumes
 * after the last seq it delivered; a 401 renews the token first. The server ends the stream with
 * its session (`event: end`): at the token's expiry it renews the token and resumes at once; when
 * the session is over (signed out, revoked, deactivated) it ends this tab's session too, so the
 * app goes to sign-in, and does not reconnect. Unsubscribing aborts it.
 */
export function serverEventStream(deps: EventStreamDeps, afterSeq: number | null): Observable<ServerEvent> {
  return new Observable<ServerEvent>((subscriber) => {
    const abort = new AbortController();
    let lastSeq: number | null = afterSeq;
    let backoff = 1_000;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    const connect = async () => {
      while (!abort.signal.aborted) {
        const session = deps.tokens.current();
        if (!session) return subscriber.complete();
        try {
          const response = await deps.fetch(`${deps.roots.main}/events/stream/`, {
            headers: {
              authorization: `Bearer ${session.access}`,
              accept: "text/event-stream",
              "x-meridian-tab": TAB_ID,
              ...(lastSeq === null ? {} : { "last-event-id": String(lastSeq) }),
            },
            signal: abort.signal,
          });
          if (response.status === 401) {
            const renewed = await Effect.runPromise(Effect.either(deps.api.refresh(session.access)));
            if (renewed._tag === "Left") return subscriber.complete();
            continue;
          }
          if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
          backoff = 1_000;
          const ended = await readFrames(
            response.body,
            (event) => {
              lastSeq = event.seq;
              subscriber.next(event);
            },
            (startSeq) => (lastSeq ??= startSeq),
          );
          if (ended === "expired") {
            // Renewed unless another request or tab did already; the next stream resumes after lastSeq.
            const renewed = await Effect.runPromise(Effect.either(deps.api.refresh(session.access)));
            if (renewed._tag === "Left") return subscriber.complete();
            continue;
          }
          if (ended) {
            deps.tokens.clear(ended === "signed-out" ? "signed-out" : "refresh-failed");
            return subscriber.complete();
          }
        } catch (error) {
          if (abort.signal.aborted) return;
        }
        await pause(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    };
    void connect();
    return () => abort.abort();
  });
}

/**
 * Parses server-sent event frames ("data: …" lines ending in a blank line). The server's first
 * comment names the seq a fresh stream starts at, so a reconnect resumes from there. Answers
 * why the server ended the stream, or null when it closed without saying (a network failure).
 */
async function readFrames(body: ReadableStream<Uint8Array>, onEvent: (event: ServerEvent) => void, onStart: (seq: number) => void): Promise<SessionEnd | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return null;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const start = /^: connected at seq (\d+)$/m.exec(frame);
      if (start) onStart(Number(start[1]));
      const data = frame
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      if (!data) continue;
      if (/^event: end$/m.test(frame)) {
        const end = decodeEnd(JSON.parse(data));
        await reader.cancel().catch(() => {});
        // A reason this client does not know yet: reconnect as after a lost connection; if the
        // session is over, the server answers 401 and the failed refresh signs out.
        return end._tag === "Some" ? end.value.reason : null;
      }
      const event = decodeEvent(JSON.parse(data));
      if (event._tag === "Some") onEvent(event.value);
    }
  }
}
