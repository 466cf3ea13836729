import { Schema } from "@effect/schema";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { decodeInput } from "../../src/server/platform/http/decode";
import { notFound } from "../../src/server/platform/http/errors";
import { DEFAULT_BODY_LIMIT_BYTES, jsonNestsDeeperThan, MAX_JSON_DEPTH, TOO_DEEP_DETAIL } from "../../src/server/platform/http/json-body";
import { testApp } from "../support/app";

test("GET /healthz answers ok once the database is migrated", async () => {
  const { app } = await testApp();
  const response = await app.inject({ method: "GET", url: "/healthz" });
  assert.is(response.statusCode, 200);
  assert.equal(response.json(), { status: "ok" });
});

test("GET /config.json gives the client its four API roots", async () => {
  const { app } = await testApp();
  const body = (await app.inject({ method: "GET", url: "/config.json" })).json();
  assert.equal(body.roots, { main: "/api", auth: "/auth-api", warehouse: "/warehouse-api", ai: "/ai-api" });
  assert.ok(body.demo === null || Array.isArray(body.demo.logins));
});

test("unknown API paths answer the JSON 404 on every root; other paths get the client's index.html", async () => {
  const clientDir = mkdtempSync(join(tmpdir(), "meridian-client-"));
  writeFileSync(join(clientDir, "index.html"), "<!doctype html><div id=root></div>");
  const { app } = await testApp({ clientDir });
  for (const url of ["/api/nope", "/auth-api/nope/", "/warehouse-api/x", "/ai-api/chat/none", "/api"]) {
    const response = await app.inject({ method: "GET", url });
    assert.is(response.statusCode, 404, url);
    assert.equal(response.json(), { detail: "Not found." }, url);
  }
  for (const url of ["/", "/login", "/reporting/kpi-detail/12/charts", "/settings/user-management?x=1"]) {
    const response = await app.inject({ method: "GET", url });
    assert.is(response.statusCode, 200, url);
    assert.match(response.body, /<div id=root>/, url);
    assert.is(response.headers["cache-control"], "no-cache");
  }
  const post = await app.inject({ method: "POST", url: "/login", payload: {} });
  assert.is(post.statusCode, 404);
});

test("security headers: a CSP that allows only our own scripts, no framing by others, no sniffing", async () => {
  const { app } = await testApp();
  const response = await app.inject({ method: "GET", url: "/healthz" });
  const csp = String(response.headers["content-security-policy"]);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'self'/);
  assert.match(csp, /object-src 'none'/);
  assert.is(response.headers["x-content-type-options"], "nosniff");
  assert.not.ok(response.headers["strict-transport-security"], "no HSTS on plain http");
});

test("every response carries a request id, and an incoming x-request-id is kept", async () => {
  const { app } = await testApp();
  const fresh = await app.inject({ method: "GET", url: "/healthz" });
  assert.match(String(fresh.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
  const traced = await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "trace-123" } });
  assert.is(traced.headers["x-request-id"], "trace-123");
});

const Body = Schema.Struct({ name: Schema.String.pipe(Schema.minLength(1, { message: () => "This field may not be blank." })), amount: Schema.Number });

async function appWithProbeRoutes() {
  const { app } = await testApp();
  app.post("/api/probe/decode", async (request) => decodeInput(Body, request.body));
  app.get("/api/probe/crash", async () => {
    throw new Error("database password is hunter2");
  });
  app.get("/api/probe/missing", async () => {
    throw notFound();
  });
  return app;
}

test("one error shape: field messages for invalid input, detail otherwise; nothing answers 500 for bad input", async () => {
  const app = await appWithProbeRoutes();
  const invalid = await app.inject({ method: "POST", url: "/api/probe/decode", payload: { name: "", amount: "ten" } });
  assert.is(invalid.statusCode, 400);
  assert.equal(Object.keys(invalid.json()).sort(), ["amount", "name"]);
  assert.equal(invalid.json().name, ["This field may not be blank."]);

  const missing = await app.inject({ method: "POST", url: "/api/probe/decode", payload: {} });
  assert.is(missing.statusCode, 400);
  assert.ok(Array.isArray(missing.json().name) && Array.isArray(missing.json().amount));

  const badJson = await app.inject({ method: "POST", url: "/api/probe/decode", headers: { "content-type": "application/json" }, payload: "{not json" });
  assert.is(badJson.statusCode, 400);
  assert.type(badJson.json().detail, "string");

  // Past the default limit (256 KB) a body answers 413 before it is parsed, with a small error body.
  const tooLarge = await app.inject({ method: "POST", url: "/api/probe/decode", payload: { name: "x".repeat(DEFAULT_BODY_LIMIT_BYTES), amount: 1 } });
  assert.is(tooLarge.statusCode, 413);
  assert.type(tooLarge.json().detail, "string");
  assert.ok(tooLarge.body.length < 200, tooLarge.body);

  // Nesting past the limit answers 400 before parsing; the limit itself still parses.
  const nested = (depth: number) => `${"[".repeat(depth - 1)}{"name":"x","amount":1}${"]".repeat(depth - 1)}`;
  const tooDeep = await app.inject({ method: "POST", url: "/api/probe/decode", headers: { "content-type": "application/json" }, payload: nested(10_000) });
  assert.is(tooDeep.statusCode, 400);
  assert.equal(tooDeep.json(), { detail: TOO_DEEP_DETAIL });
  const deepest = await app.inject({ method: "POST", url: "/api/probe/decode", headers: { "content-type": "application/json" }, payload: nested(MAX_JSON_DEPTH) });
  assert.is(deepest.statusCode, 400, "parsed, then refused by the route's schema (not an object)");
  assert.not.equal(deepest.json(), { detail: TOO_DEEP_DETAIL });

  const poisoned = await app.inject({ method: "POST", url: "/api/probe/decode", headers: { "content-type": "application/json" }, payload: '{"name":"x","amount":1,"__proto__":{"admin":true}}' });
  assert.is(poisoned.statusCode, 400);

  const wrongType = await app.inject({ method: "POST", url: "/api/probe/decode", headers: { "content-type": "application/x-unknown" }, payload: "x" });
  assert.is(wrongType.statusCode, 415);

  assert.equal((await app.inject({ method: "POST", url: "/api/probe/decode", payload: { name: "Revenue", amount: 3 } })).json(), { name: "Revenue", amount: 3 });
  assert.equal((await app.inject({ method: "GET", url: "/api/probe/missing" })).json(), { detail: "Not found." });
});

test("JSON nesting is counted outside strings, so brackets in text never count", () => {
  assert.is(jsonNestsDeeperThan('{"a":[1,[2]]}', 3), false);
  assert.is(jsonNestsDeeperThan('{"a":[1,[2]]}', 2), true);
  assert.is(jsonNestsDeeperThan('{"a":"[[[[[[\\"[[[["}', 1), false);
  assert.is(jsonNestsDeeperThan("[]".repeat(1000), 1), false, "siblings are not nesting");
});

test("a real fault answers 500 with a generic message and never leaks its cause", async () => {
  const app = await appWithProbeRoutes();
  const response = await app.inject({ method: "GET", url: "/api/probe/crash" });
  assert.is(response.statusCode, 500);
  assert.equal(response.json(), { detail: "Something went wrong. Please try again." });
});

test("--roots serves only the named API roots", async () => {
  const { app } = await testApp({ roots: ["auth"] });
  const response = await app.inject({ method: "GET", url: "/api/events/stream/" });
  assert.is(response.statusCode, 404);
  const { app: full } = await testApp();
  assert.is((await full.inject({ method: "GET", url: "/api/events/stream/" })).statusCode, 401);
});

test.run();
