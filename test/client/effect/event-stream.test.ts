import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ServerEvent } from "../../../src/contracts/server-events";
import { serverEventStream } from "../../../src/client/effect/event-stream";
import { makeApi } from "../../../src/client/effect/http-client";
import { createTokenKeeper } from "../../../src/client/effect/token-keeper";
import { fakeServer, json, tokensBody, type FakeCall, type FakeRoute } from "./fake-server";

const roots = { main: "/api", auth: "/auth-api", warehouse: "/warehouse-api", ai: "/ai-api" };
const STREAM = "GET /api/events/stream/";
const REFRESH = "POST /api/auth/token/refresh/";

const event = (seq: number) =>
  `id: ${seq}\nevent: Tick\ndata: ${JSON.stringify({ seq, type: "Tick", version: 1, payload: {}, actor: "system:test", actorName: null, commandId: null, occurredAt: new Date().toISOString() })}\n\n`;
const end = (reason: string) => `event: end\ndata: ${JSON.stringify({ reason })}\n\n`;

/** A server-sent event body: `frames`, then the end of the body, or (open) kept open until the request is aborted. */
function sse(call: FakeCall, frames: string[], open = false) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(frames.join("")));
      if (!open) controller.close();
      else call.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

/** The stream client over a fake server, signed in with the access token "old". */
function connect(routes: Record<string, FakeRoute>) {
  const server = fakeServer(routes);
  const tokens = createTokenKeeper(null);
  const cleared: string[] = [];
  tokens.subscribe((session, reason) => {
    if (!session && reason) cleared.push(reason);
  });
  tokens.set({ access: "old", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 30 * 60_000 });
  const api = makeApi({ fetch: server.fetch, roots, tokens, now: Date.now });
  const received: ServerEvent[] = [];
  let completed = false;
  const subscription = serverEventStream({ fetch: server.fetch, roots, tokens, api }, 0).subscribe({
    next: (value) => received.push(value),
    complete: () => (completed = true),
  });
  return { server, tokens, cleared, received, isCompleted: () => completed, stop: () => subscription.unsubscribe() };
}

async function until(condition: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test("'expired': the token is renewed and the stream resumes at once after the last seq, losing nothing", async () => {
  const started = Date.now();
  const client = connect({
    [STREAM]: (call, count) => (count === 1 ? sse(call, [": connected at seq 0\n\n", event(1), event(2), end("expired")]) : sse(call, [event(3)], true)),
    [REFRESH]: () => json(200, tokensBody("fresh")),
  });
  try {
    await until(() => client.received.length === 3, "the third event");
    const streams = client.server.calls.filter((call) => call.path === "/api/events/stream/");
    assert.equal(
      streams.map((call) => [call.token, call.headers.get("last-event-id")]),
      [
        ["old", "0"],
        ["fresh", "2"],
      ],
    );
    assert.equal(client.received.map((received) => received.seq), [1, 2, 3]);
    assert.is(client.server.countOf(REFRESH), 1);
    assert.ok(Date.now() - started < 900, "no backoff pause before resuming");
    assert.equal([client.cleared, client.isCompleted()], [[], false]);
  } finally {
    client.stop();
  }
});

test("'signed-out' ends this tab's session and the stream: no reconnect, no refresh", async () => {
  const client = connect({ [STREAM]: (call) => sse(call, [event(1), end("signed-out")]), [REFRESH]: () => json(200, tokensBody("fresh")) });
  try {
    await until(client.isCompleted, "the stream to complete");
    assert.equal(client.cleared, ["signed-out"]);
    assert.is(client.tokens.current(), null);
    assert.equal(client.received.map((received) => received.seq), [1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal([client.server.countOf(STREAM), client.server.countOf(REFRESH)], [1, 0]);
  } finally {
    client.stop();
  }
});

for (const reason of ["revoked", "deactivated"]) {
  test(`'${reason}' ends the session as a failed refresh does (the app goes to sign-in)`, async () => {
    const client = connect({ [STREAM]: (call) => sse(call, [end(reason)]), [REFRESH]: () => json(200, tokensBody("fresh")) });
    try {
      await until(client.isCompleted, "the stream to complete");
      assert.equal(client.cleared, ["refresh-failed"]);
      assert.equal([client.server.countOf(STREAM), client.server.countOf(REFRESH)], [1, 0]);
    } finally {
      client.stop();
    }
  });
}

test("an end reason this client does not know reconnects like a lost connection; an ended session then signs out", async () => {
  const client = connect({
    [STREAM]: (call, count) => (count === 1 ? sse(call, [end("moved-elsewhere")]) : json(401, { detail: "Given token not valid for any token type" })),
    [REFRESH]: () => json(401, { detail: "Token is invalid or expired" }),
  });
  try {
    await until(client.isCompleted, "the stream to complete", 5000);
    assert.is(client.server.countOf(STREAM), 2);
    assert.equal(client.cleared, ["refresh-failed"]);
  } finally {
    client.stop();
  }
});

test.run();
