// Rotating the key that seals stored connection strings: new seals use the new key, the old key
// still opens, and the reseal command moves every stored connection to the new key.
import type { FastifyInstance } from "fastify";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connectionSealer, UNREADABLE_CONNECTION } from "../../../../src/server/features/integrations/integration-sources";
import { resealConnections } from "../../../../src/server/features/integrations/reseal-connections";
import { createRotatingSealer, createSealer } from "../../../../src/server/platform/auth/sealing";
import { TEST_SECRET_KEY, testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { sourceDatabase } from "../../../support/source-database";

const system = { kind: "system", name: "test" } as const;
const PURPOSE = "integration-connections";
const OLD = "old-connection-key-0123456789-0123456789";
const NEW = "new-connection-key-9876543210-9876543210";

test("a rotating sealer: new seals name the current key; old keys and text sealed before key ids still open; an unknown key does not", () => {
  const before = createSealer(OLD, PURPOSE).seal("postgres://u:secret@db/x");
  const oldSealer = createRotatingSealer(OLD, [], PURPOSE);
  const underOld = oldSealer.seal("postgres://u:secret@db/y");
  assert.match(underOld, /^k1\.[0-9a-f]{16}\./);
  assert.not.match(underOld, /secret/);

  const rotated = createRotatingSealer(NEW, [OLD], PURPOSE);
  assert.is(rotated.open(before), "postgres://u:secret@db/x", "sealed before key ids: tried with every key");
  assert.is(rotated.open(underOld), "postgres://u:secret@db/y", "the old key still opens");
  const underNew = rotated.seal("postgres://u:secret@db/z");
  assert.equal([rotated.isCurrent(underNew), rotated.isCurrent(underOld), rotated.isCurrent(before)], [true, false, false]);
  assert.not.equal(underNew.split(".")[1], underOld.split(".")[1], "another key, another id");

  const newOnly = createRotatingSealer(NEW, [], PURPOSE);
  assert.is(newOnly.open(underNew), "postgres://u:secret@db/z");
  assert.throws(() => newOnly.open(underOld), /key this installation does not have/);
  assert.throws(() => newOnly.open(before));
  assert.throws(() => createRotatingSealer(NEW, [OLD], "totp").open(underOld), "the purpose is part of the key");
});

const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
test.after.each(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => {});
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
});

test("the operator rotates: the server with the new key and the old one listed reads every connection; the reseal command moves them all to the new key", async () => {
  const source = await sourceDatabase(["create table t (month date, value numeric)", "insert into t values ('2025-01-01', 1)"]);
  cleanups.push(source.drop);
  const hosts = { integrationDatabaseHosts: [{ host: source.host, port: source.port }] };
  const { withTenant, database } = await testDatabase();
  const tenantId = await createTestTenant();
  const kpi = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Finance" }).returning("id").executeTakeFirstOrThrow();
    return (await db.insertInto("kpis").values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key: "revenue", name: "Revenue", unit: "number", aggregation_type: "cum", sensitivity: 0, formula: null, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null }).returning("id").executeTakeFirstOrThrow()).id;
  });
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: ["manage_data_integrations", "write_super_sensitive"] }] });
  const appWith = async (keys: { connectionKey?: string; connectionOldKeys?: string[] }) => {
    const { app, services } = await testApp({ ...hosts, ...keys });
    apps.push(app);
    return {
      services,
      call: async (method: "GET" | "POST", url: string, payload?: object) => {
        const response = await app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: admin.id }, 300)}` }, ...(payload ? { payload } : {}) });
        return { status: response.statusCode, body: response.json() as any };
      },
    };
  };
  const query = "select month, value from t";

  // Before: connected under SECRET_KEY (the default key), one of them before key ids existed.
  const before = await appWith({});
  const first = await before.call("POST", "/integrations/", { kind: "postgresql", name: "First", connection: source.connectionString(), query, kpi });
  assert.is(first.status, 201, JSON.stringify(first.body));
  const second = await before.call("POST", "/integrations/", { kind: "postgresql", name: "Second", connection: source.connectionString(), query, kpi });
  await withTenant(tenantId, system, ({ db }) => db.updateTable("integrations").set({ secret_sealed: createSealer(TEST_SECRET_KEY, PURPOSE).seal(source.connectionString()) }).where("id", "=", second.body.id).execute());
  const readable = async (app: Awaited<ReturnType<typeof appWith>>, id: number) => app.call("POST", "/integrations/preview/", { kind: "postgresql", integration: id, query, kpi });

  // The new key, the old one still listed: everything opens; what is sealed now uses the new key.
  const rotated = await appWith({ connectionKey: NEW, connectionOldKeys: [TEST_SECRET_KEY] });
  for (const id of [first.body.id, second.body.id]) assert.is((await readable(rotated, id)).status, 200, `integration ${id} opens with the old key listed`);
  const third = await rotated.call("POST", "/integrations/", { kind: "postgresql", name: "Third", connection: source.connectionString(), query, kpi });
  const sealedOf = async (id: number) => (await withTenant(tenantId, system, ({ db }) => db.selectFrom("integrations").select("secret_sealed").where("id", "=", id).executeTakeFirstOrThrow())).secret_sealed;
  const newOnly = createRotatingSealer(NEW, [], PURPOSE);
  assert.ok(newOnly.isCurrent(await sealedOf(third.body.id)), "a new connection is sealed with the new key");

  // Without the old key nothing sealed before opens…
  const withoutOld = await appWith({ connectionKey: NEW });
  assert.equal(await readable(withoutOld, first.body.id), { status: 400, body: { connection: [UNREADABLE_CONNECTION] } });

  // …until the reseal command has run (with the old key still listed). A connection no key opens is named, not changed.
  await withTenant(tenantId, system, ({ db }) => db.insertInto("integrations").values({ tenant_id: tenantId, kind: "postgresql", name: "Lost", secret_sealed: createSealer("some-other-installation-key-0123456789", PURPOSE).seal("x"), target: "x", owner_id: admin.id }).execute());
  const outcome = await resealConnections(database, connectionSealer(rotated.services.config));
  const ours = outcome.unreadable.filter((row) => row.tenantId === tenantId);
  assert.equal(ours.map((row) => row.name), ["Lost"]);
  assert.ok(outcome.resealed >= 2 && outcome.current >= 1);
  for (const id of [first.body.id, second.body.id, third.body.id]) {
    assert.ok(newOnly.isCurrent(await sealedOf(id)), `integration ${id} is sealed with the new key`);
    assert.is((await readable(withoutOld, id)).status, 200, `integration ${id} opens without the old key`);
  }
  const again = await resealConnections(database, connectionSealer(rotated.services.config));
  assert.is(again.resealed, 0, "running it again changes nothing");
  assert.not.match(JSON.stringify(outcome), /secret|postgres:\/\//, "the outcome names ids, never connections");
});

test.run();
