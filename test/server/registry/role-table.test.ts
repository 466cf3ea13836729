// The role table: every declared route × every role (and no one), expected status generated from
// the route's declared permission. Without a sign-in: 401; without the permission: 403; with it:
// anything but 401/403 or a 5xx. Requests that change things name ids that do not exist, so the
// table runs each route for every role without destroying what the next row needs.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ROLE_NAMES, ROLE_PERMISSIONS } from "../../../src/domain/permissions/roles";
import { withImpliedPermissions } from "../../../src/domain/permissions/catalogue";
import { mountedRoutes } from "../../../src/server/routes";
import { send } from "./requests";
import { routeKey, SAMPLES } from "./samples";
import { registryWorld, unusedIds } from "./world";

const ROLE_TABLE_ADDRESS = "198.51.100.21";

test("every route × every role answers as its declared permission says", async () => {
  const world = await registryWorld();
  const nobodys = unusedIds(world.ids, 2 ** 40);
  const failures: string[] = [];
  const table: string[] = [];
  let checks = 0;
  for (const mount of mountedRoutes()) {
    for (const route of mount.routes) {
      const path = `${mount.prefix}${route.path}`;
      const sample = SAMPLES[routeKey(route.method, path)];
      if (!sample) continue; // contracts.test.ts fails for a route without a sample
      const request = sample(route.method === "GET" ? world.ids : nobodys);
      const row: string[] = [];
      const anonymous = await send(world.app, { method: route.method, path, from: ROLE_TABLE_ADDRESS, ...request });
      checks += 1;
      const access = route.access;
      const anonymousOk = access.kind === "public" ? anonymous.status !== 401 && anonymous.status !== 403 : anonymous.status === 401 || (access.kind === "credential" && (anonymous.status === 400 || anonymous.status === 429));
      if (!anonymousOk || anonymous.status >= 500) failures.push(`${route.method} ${path} without a sign-in: ${anonymous.status}`);
      row.push(`anonymous ${anonymous.status}`);
      if (access.kind === "user") {
        for (const role of ROLE_NAMES) {
          const permissions = withImpliedPermissions(ROLE_PERMISSIONS[role]);
          const allowed = access.anyOf.length === 0 || access.anyOf.some((permission) => permissions.has(permission));
          const answer = await send(world.app, { method: route.method, path, headers: world.roles.get(role)!.headers, from: ROLE_TABLE_ADDRESS, ...request });
          checks += 1;
          const ok = allowed ? answer.status !== 401 && answer.status !== 403 && answer.status < 500 : answer.status === 403;
          if (!ok) failures.push(`${route.method} ${path} as ${role}: ${answer.status}, expected ${allowed ? "an answer past the permission check" : 403}`);
          row.push(`${role} ${answer.status}`);
        }
      }
      table.push(`${route.method} ${path}: ${row.join(", ")}`);
    }
  }
  console.log(`role table: ${table.length} routes × ${ROLE_NAMES.length} roles and anonymous, ${checks} checks`);
  assert.ok(checks > 300, `every route × every role (${checks})`);
  assert.equal(failures, []);
  await world.app.close();
});

test.run();
