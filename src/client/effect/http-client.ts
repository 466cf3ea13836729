import { Schema } from "@effect/schema";
import { Duration, Effect, Schedule } from "effect";
import type { AppConfig } from "../../contracts/app-config";
import { SessionTokens } from "../../contracts/auth";
import { errorOfStatus, NetworkError, ServerError, SessionEnded, Timeout, type ApiError } from "./errors";
import { TAB_ID } from "./tab-id";
import type { SessionTimes, TokenKeeper } from "./token-keeper";

export type ApiRoot = keyof AppConfig["roots"];
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest<A> {
  readonly root: ApiRoot;
  readonly method: HttpMethod;
  readonly path: string;
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Decodes the answer; without it the answer is returned as parsed JSON (or null). */
  readonly decode?: Schema.Schema<A, any>;
  /** Safe to send twice; retried on network errors, 429 and 5xx. Default: GET, PUT, DELETE. */
  readonly idempotent?: boolean;
  readonly timeoutMs?: number;
  /** Sends the access token and refreshes it as needed. Default true. */
  readonly authenticated?: boolean;
  /** A token of its own for an unauthenticated call (the MFA step's ephemeral token). */
  readonly bearer?: string;
  /**
   * "blob" for file downloads; "stream" for a streamed answer (text/event-stream): the body is
   * handed over unread once the headers arrive, so the timeout covers only the wait for them.
   * JSON otherwise.
   */
  readonly expect?: "json" | "blob" | "stream";
}

export interface HttpDeps {
  readonly fetch: typeof fetch;
  readonly roots: AppConfig["roots"];
  readonly tokens: TokenKeeper;
  readonly now: () => number;
  /** Runs a refresh under a lock shared by all tabs (Web Locks), so tabs never race it. */
  readonly crossTabLock?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Renews the session another way than the refresh cookie: a frame opened by an investor
   * instance asks its parent for a new embed token.
   */
  readonly renewSession?: () => Promise<SessionTokens>;
}

export interface Api {
  request<A = unknown>(request: ApiRequest<A>): Effect.Effect<A, ApiError>;
  /** Renews the session from the refresh cookie; fails with SessionEnded when it cannot. */
  refresh(staleAccess: string | null): Effect.Effect<SessionTimes, SessionEnded>;
  /** Stores the tokens a sign-in answered. */
  startSession(tokens: SessionTokens): SessionTimes;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** An access token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 5_000;

/** Backoff with jitter for safe retries: about 0.3 s, 0.6 s, 1.2 s. */
export const retrySchedule = Schedule.exponential(Duration.millis(300), 2).pipe(Schedule.jittered, Schedule.intersect(Schedule.recurs(3)));

const isRetryable = (error: ApiError) => error._tag === "NetworkError" || error._tag === "ServerError" || error._tag === "TooManyRequests" || error._tag === "Timeout";

const sessionOf = (tokens: SessionTokens): SessionTimes => ({
  access: tokens.access,
  accessExpiresAt: Date.parse(tokens.access_expires_at),
  refreshExpiresAt: Date.parse(tokens.refresh_expires_at),
});

export function makeApi(deps: HttpDeps): Api {
  const refreshGate = Effect.unsafeMakeSemaphore(1);
  const lock = deps.crossTabLock ?? ((work) => work());

  const urlOf = (request: Pick<ApiRequest<unknown>, "root" | "path" | "query">) => {
    const query = Object.entries(request.query ?? {}).filter(([, value]) => value !== undefined);
    const search = query.length ? `?${new URLSearchParams(query.map(([key, value]) => [key, String(value)]))}` : "";
    return `${deps.roots[request.root]}${request.path}${search}`;
  };

  /** One HTTP exchange: fetch (aborted on interruption), a per-request timeout, status → error. */
  const send = <A>(request: ApiRequest<A>, access: string | null): Effect.Effect<A, ApiError> => {
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return Effect.tryPromise({
      try: (signal) =>
        deps.fetch(urlOf(request), {
          method: request.method,
          signal,
          credentials: "same-origin",
          headers: {
            accept: request.expect === "blob" ? "*/*" : request.expect === "stream" ? "text/event-stream" : "application/json",
            // FormData sets its own multipart content type (with the boundary).
            ...(request.body === undefined || isFormData(request.body) ? {} : { "content-type": "application/json" }),
            ...(access ? { authorization: `Bearer ${access}` } : {}),
            "x-requested-with": "meridian",
            "x-meridian-tab": TAB_ID,
          },
          ...(request.body === undefined ? {} : { body: isFormData(request.body) ? request.body : JSON.stringify(request.body) }),
        }),
      catch: (error) => new NetworkError({ message: error instanceof Error ? error.message : String(error) }),
    }).pipe(
      Effect.flatMap((response) =>
        Effect.tryPromise({
          try: async () => ({
            response,
            body:
              response.status === 204
                ? null
                : request.expect === "stream" && response.ok
                  ? response.body
                  : request.expect === "blob" && response.ok
                    ? await response.blob()
                    : await response.json().catch(() => null),
          }),
          catch: (error) => new NetworkError({ message: String(error) }),
        }),
      ),
      Effect.flatMap(({ response, body }): Effect.Effect<A, ApiError> => {
        if (!response.ok) {
          const retryAfter = Number(response.headers.get("retry-after"));
          return Effect.fail(errorOfStatus(response.status, body, Number.isFinite(retryAfter) ? retryAfter * 1000 : 1000));
        }
        if (!request.decode || (request.expect === "stream" && response.ok)) return Effect.succeed(body as A);
        return Schema.decodeUnknown(request.decode)(body).pipe(
          Effect.mapError(() => new ServerError({ status: response.status, body: { detail: `Unexpected answer from ${request.path}` } })),
        );
      }),
      Effect.timeoutFail({ duration: Duration.millis(timeoutMs), onTimeout: () => new Timeout({ afterMs: timeoutMs }) }),
    );
  };

  /** Retries what is safe to retry; a 429 first waits as long as Retry-After asks. */
  const withRetries = <A>(idempotent: boolean, effect: Effect.Effect<A, ApiError>) => {
    if (!idempotent) return effect;
    const waitingForRetryAfter = effect.pipe(
      Effect.catchTag("TooManyRequests", (error) => Effect.sleep(Duration.millis(error.retryAfterMs)).pipe(Effect.zipRight(Effect.fail(error)))),
    );
    return Effect.retry(waitingForRetryAfter, { schedule: retrySchedule, while: isRetryable });
  };

  const refresh = (staleAccess: string | null): Effect.Effect<SessionTimes, SessionEnded> =>
    refreshGate.withPermits(1)(
      Effect.suspend(() => {
        // Another request (or tab) refreshed while this one waited: use its token.
        const current = deps.tokens.current();
        if (current && current.access !== staleAccess && current.accessExpiresAt - deps.now() > EXPIRY_MARGIN_MS) return Effect.succeed(current);
        // Retrying a refresh is safe: a token whose answer was lost is still good in the grace window.
        const renew = withRetries(true, send({ root: "main", method: "POST", path: "/auth/token/refresh/", decode: SessionTokens, authenticated: false }, null));
        const generation = deps.tokens.generation();
        return Effect.tryPromise({
          try: () =>
            lock(async () => {
              const shared = deps.tokens.current();
              if (shared && shared.access !== staleAccess && shared.accessExpiresAt - deps.now() > EXPIRY_MARGIN_MS) return shared;
              const tokens = deps.renewSession ? await deps.renewSession() : await Effect.runPromise(renew);
              // Signed out while this refresh was on its way: it must not sign the user back in.
              if (deps.tokens.generation() !== generation) throw new SignedOutMeanwhile();
              const session = sessionOf(tokens);
              deps.tokens.set(session);
              return session;
            }),
          catch: (error) => {
            if (error instanceof SignedOutMeanwhile) return new SessionEnded({ reason: "signed-out" });
            deps.tokens.clear("refresh-failed");
            return new SessionEnded({ reason: "refresh-failed" });
          },
        });
      }),
    );

  const request = <A>(request: ApiRequest<A>): Effect.Effect<A, ApiError> => {
    const idempotent = request.idempotent ?? (request.method !== "POST" && request.method !== "PATCH");
    if (request.authenticated === false) return withRetries(idempotent, send(request, request.bearer ?? null));
    const validAccess = Effect.suspend(() => {
      const current = deps.tokens.current();
      if (!current) return Effect.fail(new SessionEnded({ reason: "signed-out" }));
      if (current.accessExpiresAt - deps.now() > EXPIRY_MARGIN_MS) return Effect.succeed(current.access);
      return refresh(current.access).pipe(Effect.map((session) => session.access));
    });
    return validAccess.pipe(
      Effect.flatMap((access) =>
        withRetries(idempotent, send(request, access)).pipe(
          // A 401 on a normal call: refresh once and try once more; a second 401 stands.
          Effect.catchTag("Unauthorized", () =>
            refresh(access).pipe(Effect.flatMap((session) => withRetries(idempotent, send(request, session.access)))),
          ),
        ),
      ),
    );
  };

  return {
    request,
    refresh,
    startSession(tokens) {
      const session = sessionOf(tokens);
      deps.tokens.set(session);
      return session;
    },
  };
}

class SignedOutMeanwhile extends Error {}

const isFormData = (body: unknown): body is FormData => typeof FormData !== "undefined" && body instanceof FormData;

/** The cross-tab lock of the browser (Web Locks), where it exists. */
export function browserCrossTabLock(): (<T>(work: () => Promise<T>) => Promise<T>) | undefined {
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (work) => locks.request("meridian-token-refresh", work) : undefined;
}
