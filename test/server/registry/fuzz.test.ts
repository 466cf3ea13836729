// The fuzz suite: every declared route, every malformed variant of its declared inputs, sent as
// company A's administrator. No answer is a 5xx or a hang; refusals are small, in the error
// shape, and write nothing. Driven by the registry: a route added later is attacked too.
import { Schema } from "@effect/schema";
import Fastify from "fastify";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { registerErrorHandling } from "../../../src/server/platform/http/errors";
import { registerJsonBody } from "../../../src/server/platform/http/json-body";
import { registerRoutes } from "../../../src/server/platform/http/register-routes";
import { publicRoute } from "../../../src/server/platform/http/route";
import { mountedRoutes } from "../../../src/server/routes";
import { fuzzRoute } from "./fuzz";
import { send } from "./requests";
import { routeKey, SAMPLES } from "./samples";
import { registryWorld } from "./world";

test("no declared route answers malformed input with a 5xx, a hang, a big or shapeless body, or a write", async () => {
  const world = await registryWorld();
  let sent = 0;
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let routes = 0;
  for (const mount of mountedRoutes()) {
    for (const route of mount.routes) {
      const path = `${mount.prefix}${route.path}`;
      const sample = SAMPLES[routeKey(route.method, path)];
      if (!sample) {
        failures.push(`${route.method} ${path}: no sample request (test/server/registry/samples.ts)`);
        continue;
      }
      routes += 1;
      const outcome = await fuzzRoute(world.app, route, path, sample(world.ids), world.admin.headers, () => world.lastSeqOf(world.companyA));
      sent += outcome.sent;
      failures.push(...outcome.failures);
      for (const [status, count] of outcome.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
    }
  }
  const fivexx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(`fuzz: ${routes} routes, ${sent} malformed requests, ${fivexx} answers of 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  assert.ok(sent > 1000, `a real attack sends many requests (${sent})`);
  assert.equal(failures, []);
  await world.app.close();
});

test("malformed credentials in cookies and links answer 401 or 400, never reach the tenant helper", async () => {
  const world = await registryWorld();
  const malformed = ["", "x", "------------------------------------.secret", "00000000-0000-0000-0000-000000000000", "%00.%00", `${"a".repeat(36)}.${"b".repeat(3000)}`];
  for (const token of malformed) {
    for (const path of ["/api/auth/token/refresh/", "/api/auth/logout/"]) {
      const answer = await send(world.app, { method: "POST", path, headers: { cookie: `meridian_refresh=${encodeURIComponent(token)}`, "x-requested-with": "meridian" } });
      assert.ok([204, 400, 401].includes(answer.status), `${path} with cookie ${JSON.stringify(token.slice(0, 40))}: ${answer.status}`);
    }
    const uid = Buffer.from(`${token}.1`).toString("base64url");
    const reset = await send(world.app, { method: "POST", path: "/api/auth/users/reset_password_confirm/", body: { uid, token: "t", new_password: "A-long-enough-passphrase-42" } });
    assert.ok([400, 429].includes(reset.status), `reset link with uid of ${JSON.stringify(token.slice(0, 40))}: ${reset.status}`);
  }
  await world.app.close();
});

test("the fuzzer catches a route that answers 500 to malformed input", async () => {
  // A route written the way the old routes were: it trusts its input's shape.
  const careless = publicRoute({
    method: "POST",
    path: "/careless/",
    summary: "Trusts what it is sent",
    body: Schema.Unknown,
    response: Schema.Struct({ total: Schema.Number }),
    handle: ({ body }) => ({ total: (body as { values: number[] }).values.reduce((sum, value) => sum + value, 0) }),
  });
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerJsonBody(app);
  await registerRoutes(app, [careless], {} as never);
  const outcome = await fuzzRoute(app, careless, "/careless/", { body: { values: [1, 2] } }, {}, async () => 0);
  assert.ok(outcome.failures.some((failure) => /: 500 /.test(failure)), outcome.failures.join("\n"));
  await app.close();
});

test.run();
