/**
 * A fake `fetch` for the HTTP layer's tests: routes answer by method and path, and every call is
 * recorded with the access token it carried and its abort signal.
 */
export interface FakeCall {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly token: string | null;
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
  readonly body: unknown;
}

export type FakeRoute = (call: FakeCall, count: number) => Response | Promise<Response>;

export function fakeServer(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const counts = new Map<string, number>();
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const headers = new Headers(init?.headers);
    const method = init?.method ?? "GET";
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      token: headers.get("authorization")?.replace(/^Bearer /, "") ?? null,
      headers,
      signal: init?.signal ?? undefined,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (!route) return json(404, { detail: "Not found." });
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (init?.signal?.aborted) throw new DOMException("aborted", "AbortError");
    return route(call, count);
  }) as typeof globalThis.fetch;
  return { fetch, calls, countOf: (key: string) => counts.get(key) ?? 0 };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A fetch answer that never comes (until the request is aborted). */
export const never = (call: FakeCall) =>
  new Promise<Response>((_, reject) => call.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));

export const tokensBody = (access: string, now = Date.now()) => ({
  access,
  access_expires_at: new Date(now + 5 * 60_000).toISOString(),
  refresh_expires_at: new Date(now + 30 * 60_000).toISOString(),
});
