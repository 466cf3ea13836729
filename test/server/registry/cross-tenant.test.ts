// The cross-tenant walk: every route whose request names a record, sent by the administrators of
// other companies (another company, an investor instance, a holding) with the owner's ids. Each
// is refused (403/404) or answers nothing of the owner's; the owner's rows and event log stay as
// they were. Driven by the registry and the samples: a route added later is walked too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mountedRoutes } from "../../../src/server/routes";
import { send } from "./requests";
import { routeKey, SAMPLES } from "./samples";
import { registryWorld, unusedIds, type WorldIds } from "./world";

/** Which kinds of id a sample names: ask it with unmistakable ids and see which come back. */
function idKindsOf(sample: (ids: WorldIds) => unknown, ids: WorldIds): (keyof WorldIds)[] {
  const probe = unusedIds(ids, 9_000_000_001);
  const text = JSON.stringify(sample(probe));
  return (Object.keys(probe) as (keyof WorldIds)[]).filter((kind) => text.includes(String(probe[kind])));
}

test("another company's administrator, an investor and a holding get nothing of a company by its ids", async () => {
  const world = await registryWorld();
  const owners = [...new Set(Object.values(world.owners))];
  const before = new Map(await Promise.all(owners.map(async (owner) => [owner, { state: await world.stateOf(owner), seq: await world.lastSeqOf(owner) }] as const)));
  const callers = [world.admin, ...world.attackers];
  const failures: string[] = [];
  let attempts = 0;
  let routesWalked = 0;
  for (const mount of mountedRoutes()) {
    for (const route of mount.routes) {
      if (route.access.kind !== "user") continue;
      const path = `${mount.prefix}${route.path}`;
      const sample = SAMPLES[routeKey(route.method, path)];
      if (!sample) continue; // contracts.test.ts fails for a route without a sample
      const kinds = idKindsOf(sample, world.ids);
      if (kinds.length === 0) continue;
      routesWalked += 1;
      const ownersOfIds = new Set(kinds.map((kind) => world.owners[kind]));
      for (const caller of callers.filter((candidate) => !ownersOfIds.has(candidate.tenantId))) {
        attempts += 1;
        const answer = await send(world.app, { method: route.method, path, headers: caller.headers, from: "198.51.100.33", ...sample(world.ids) });
        const where = `${route.method} ${path} as ${caller.name}`;
        const refused = answer.status === 403 || answer.status === 404;
        const pathNamesId = Object.keys(sample(world.ids).params ?? {}).length > 0;
        if (pathNamesId && !refused) failures.push(`${where}: ${answer.status}, expected 403 or 404`);
        if (!pathNamesId && !refused && answer.status < 400 && (answer.text.includes(world.marker) || answer.text.includes(String(world.secretValue)))) failures.push(`${where}: answered the owner's data`);
        if (answer.status >= 500) failures.push(`${where}: ${answer.status}`);
        if (answer.text.includes(world.marker) || answer.text.includes(String(world.secretValue))) failures.push(`${where}: the answer carries the owner's data`);
      }
    }
  }
  for (const owner of owners) {
    assert.equal(await world.stateOf(owner), before.get(owner)!.state, "the owner's rows are as they were");
    assert.is(await world.lastSeqOf(owner), before.get(owner)!.seq, "the owner's event log did not move");
  }
  console.log(`cross-tenant: ${routesWalked} routes that take ids, ${attempts} attempts, ${failures.length} leaks or wrong answers`);
  assert.ok(routesWalked >= 15 && attempts >= 45, `the walk covers the id-taking routes (${routesWalked} routes, ${attempts} attempts)`);
  assert.equal(failures, []);
  await world.app.close();
});

test.run();
