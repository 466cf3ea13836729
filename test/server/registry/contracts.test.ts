// The registry is the whole surface: every route Fastify serves is declared there, every declared
// route has a contract for its answer and a sample for the suites, /api/openapi.json lists them
// all with their inputs, and docs/api.md is the generated reference of exactly that document.
import { readFileSync } from "node:fs";
import { Schema } from "@effect/schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { apiMarkdown } from "../../../src/server/platform/http/api-markdown";
import { fastifyPath } from "../../../src/server/platform/http/register-routes";
import { registeredRoutes } from "../../../src/server/platform/http/route-audit";
import { apiDocument, mountedRoutes } from "../../../src/server/routes";
import { testApp } from "../../support/app";
import { routeKey, SAMPLES } from "./samples";

const declared = () => mountedRoutes().flatMap((mount) => mount.routes.map((route) => ({ route, path: `${mount.prefix}${route.path}` })));

test("every declared route has a summary, an answer's contract and a sample for the suites", () => {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { route, path } of declared()) {
    const key = routeKey(route.method, path);
    if (seen.has(key)) problems.push(`${key}: declared twice`);
    seen.add(key);
    if (!route.summary.trim()) problems.push(`${key}: no summary`);
    if (!route.response && route.status !== 204) problems.push(`${key}: no response contract`);
    if (!SAMPLES[key]) problems.push(`${key}: no sample in test/server/registry/samples.ts`);
    if (["POST", "PUT", "PATCH"].includes(route.method) && route.body && !Schema.isSchema(route.body)) problems.push(`${key}: body is not a schema`);
  }
  for (const key of Object.keys(SAMPLES)) if (!seen.has(key)) problems.push(`${key}: a sample for a route that is not declared`);
  assert.equal(problems, []);
});

test("Fastify serves nothing outside the registry", async () => {
  const { app } = await testApp();
  await app.ready();
  const declaredRoutes = new Set(declared().map(({ route, path }) => `${route.method} ${fastifyPath(path)}`));
  const outside = registeredRoutes(app)
    .filter((route) => route.method !== "HEAD")
    .map((route) => `${route.method} ${route.url}`)
    .filter((route) => !declaredRoutes.has(route));
  assert.equal(outside, []);
  assert.ok(registeredRoutes(app).length >= declaredRoutes.size, "the audit saw the routes");
  await app.close();
});

test("GET /api/openapi.json lists every declared route with its inputs", async () => {
  const { app } = await testApp();
  const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
  assert.is(response.statusCode, 200);
  const document = response.json() as { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; "x-access": string }>> };
  assert.is(document.openapi, "3.1.0");
  for (const { route, path } of declared()) {
    const operation = document.paths[path]?.[route.method.toLowerCase()];
    assert.ok(operation, `${route.method} ${path} is in the document`);
    for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)) {
      assert.ok(operation!.parameters?.some((parameter) => parameter.in === "path" && parameter.name === name), `${route.method} ${path} documents its path parameter ${name}`);
    }
    if (route.body || route.upload) assert.ok(operation!.requestBody, `${route.method} ${path} documents its body`);
    assert.ok(operation!["x-access"], `${route.method} ${path} says who may call it`);
  }
  const users = document.paths["/api/auth/users/{id}/"]!["patch"]!;
  assert.is(users["x-access"], "signed in with manage_users");
  await app.close();
});

test("docs/api.md is generated from the document (npm run api-docs)", () => {
  const written = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
  assert.ok(written === apiMarkdown(apiDocument()), "docs/api.md is stale: run npm run api-docs");
});

test.run();
