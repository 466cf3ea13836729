import { Schema } from "@effect/schema";
import { Effect, Either, Fiber } from "effect";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeApi } from "../../../src/client/effect/http-client";
import { createTokenKeeper } from "../../../src/client/effect/token-keeper";
import { fakeServer, json, never, tokensBody, type FakeRoute } from "./fake-server";

const roots = { main: "/api", auth: "/auth-api", warehouse: "/warehouse-api", ai: "/ai-api" };

function setup(routes: Record<string, FakeRoute>, session: { access: string; expired?: boolean } | null = { access: "old" }) {
  const server = fakeServer(routes);
  const tokens = createTokenKeeper(null);
  const ended: string[] = [];
  tokens.subscribe((current, reason) => {
    if (!current && reason) ended.push(reason);
  });
  if (session) tokens.set({ access: session.access, accessExpiresAt: Date.now() + (session.expired ? -1000 : 60_000), refreshExpiresAt: Date.now() + 30 * 60_000 });
  const api = makeApi({ fetch: server.fetch, roots, tokens, now: Date.now });
  return { api, server, tokens, ended };
}

const getReports = { root: "main", method: "GET", path: "/reports/" } as const;
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect));

test("five concurrent requests hitting 401 cause exactly one refresh, then all succeed", async () => {
  const { api, server } = setup({
    "GET /api/reports/": (call) => (call.token === "fresh" ? json(200, { ok: true }) : json(401, { detail: "expired" })),
    "POST /api/auth/token/refresh/": async () => {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the others arrive while it runs
      return json(200, tokensBody("fresh"));
    },
  });
  const results = await Promise.all(Array.from({ length: 5 }, () => run(api.request(getReports))));
  assert.equal(results.map((result) => Either.isRight(result)), [true, true, true, true, true]);
  assert.is(server.countOf("POST /api/auth/token/refresh/"), 1);
  assert.equal(server.calls.filter((call) => call.path === "/api/reports/").map((call) => call.token).sort(), ["fresh", "fresh", "fresh", "fresh", "fresh", "old", "old", "old", "old", "old"]);
});

test("an expired access token is refreshed once before the requests, which wait for it", async () => {
  const { api, server } = setup(
    {
      "GET /api/reports/": (call) => json(call.token === "fresh" ? 200 : 401, {}),
      "POST /api/auth/token/refresh/": () => json(200, tokensBody("fresh")),
    },
    { access: "old", expired: true },
  );
  const results = await Promise.all(Array.from({ length: 5 }, () => run(api.request(getReports))));
  assert.ok(results.every(Either.isRight));
  assert.is(server.countOf("POST /api/auth/token/refresh/"), 1);
  assert.ok(server.calls.filter((call) => call.path === "/api/reports/").every((call) => call.token === "fresh"), "no request went out with the expired token");
});

test("a 401 on the refresh signs out: the request fails with SessionEnded and the tokens are cleared", async () => {
  const { api, tokens, ended } = setup({
    "GET /api/reports/": () => json(401, {}),
    "POST /api/auth/token/refresh/": () => json(401, { detail: "Token is invalid or expired" }),
  });
  const result = await run(api.request(getReports));
  assert.ok(Either.isLeft(result) && result.left._tag === "SessionEnded");
  assert.is(tokens.current(), null);
  assert.equal(ended, ["refresh-failed"]);
});

test("a request that is still 401 after the refresh fails with Unauthorized (no loop)", async () => {
  const { api, server } = setup({
    "GET /api/reports/": () => json(401, {}),
    "POST /api/auth/token/refresh/": () => json(200, tokensBody("fresh")),
  });
  const result = await run(api.request(getReports));
  assert.ok(Either.isLeft(result) && result.left._tag === "Unauthorized");
  assert.is(server.countOf("GET /api/reports/"), 2);
  assert.is(server.countOf("POST /api/auth/token/refresh/"), 1);
});

test("idempotent requests retry network errors and 5xx; a POST does not", async () => {
  const { api, server } = setup({
    "GET /api/reports/": (_call, count) => (count < 3 ? json(503, {}) : json(200, [1, 2])),
    "POST /api/reports/": () => json(503, { detail: "busy" }),
  });
  const got = await run(api.request(getReports));
  assert.equal(got, Either.right([1, 2]));
  assert.is(server.countOf("GET /api/reports/"), 3);
  const posted = await run(api.request({ root: "main", method: "POST", path: "/reports/", body: {} }));
  assert.ok(Either.isLeft(posted) && posted.left._tag === "ServerError");
  assert.is(server.countOf("POST /api/reports/"), 1);
});

test("a 429 waits as long as Retry-After asks before retrying", async () => {
  const { api, server } = setup({ "GET /api/reports/": (_call, count) => (count === 1 ? json(429, {}, { "retry-after": "1" }) : json(200, "ok")) });
  const started = Date.now();
  assert.equal(await run(api.request(getReports)), Either.right("ok"));
  assert.ok(Date.now() - started >= 1000, "waited at least the second Retry-After asked for");
  assert.is(server.countOf("GET /api/reports/"), 2);
});

test("a request that takes too long fails with Timeout and its fetch is aborted", async () => {
  const { api, server } = setup({ "POST /api/slow/": never });
  const result = await run(api.request({ root: "main", method: "POST", path: "/slow/", timeoutMs: 50 }));
  assert.ok(Either.isLeft(result) && result.left._tag === "Timeout");
  assert.ok(server.calls[0]?.signal?.aborted);
});

test("cancelling a request aborts its fetch and yields nothing", async () => {
  const { api, server } = setup({ "GET /api/reports/": never });
  const fiber = Effect.runFork(api.request(getReports));
  await new Promise((resolve) => setTimeout(resolve, 10));
  await Effect.runPromise(Fiber.interrupt(fiber));
  assert.ok(server.calls[0]?.signal?.aborted);
});

test("answers are decoded with their schema; an unexpected shape is a ServerError", async () => {
  const { api } = setup({ "GET /api/reports/": () => json(200, { count: "three" }) });
  const result = await run(api.request({ ...getReports, decode: Schema.Struct({ count: Schema.Number }) }));
  assert.ok(Either.isLeft(result) && result.left._tag === "ServerError");
});

test("field errors come back as Invalid with the server's body; requests without a session fail fast", async () => {
  const { api } = setup({ "POST /api/things/": () => json(400, { name: ["This field may not be blank."] }) });
  const result = await run(api.request({ root: "main", method: "POST", path: "/things/", body: {} }));
  assert.ok(Either.isLeft(result) && result.left._tag === "Invalid");
  assert.equal((result as { left: { body: unknown } }).left.body, { name: ["This field may not be blank."] });
  const anonymous = setup({}, null);
  const refused = await run(anonymous.api.request(getReports));
  assert.ok(Either.isLeft(refused) && refused.left._tag === "SessionEnded");
  assert.is(anonymous.server.calls.length, 0);
});

test("a refresh that completes after a sign-out does not bring the session back", async () => {
  let answer: (() => void) | undefined;
  const { api, tokens } = setup({
    "POST /api/auth/token/refresh/": () => new Promise<Response>((resolve) => (answer = () => resolve(json(200, tokensBody("resurrected"))))),
  });
  const pending = run(api.refresh("old"));
  await new Promise((resolve) => setTimeout(resolve, 10));
  tokens.clear("signed-out");
  answer!();
  const result = await pending;
  assert.ok(Either.isLeft(result) && result.left._tag === "SessionEnded" && result.left.reason === "signed-out");
  assert.is(tokens.current(), null);
});

test.run();
