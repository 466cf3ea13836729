import { test } from "uvu";
import * as assert from "uvu/assert";
import { readServerEvents } from "../../../support/sse";
import { reportingCompany, system } from "./reporting-fixture";

const openApps: { close(): Promise<unknown> }[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
});

test("favorites: add (idempotent), remove, list in order; KPI meta marks them; events only for real changes", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const user = await userWith(["read_most_sensitive"]);
  const favorites = (method: "GET" | "POST" | "PUT" | "DELETE", url = "/api/kpis/favorites/", payload?: object) => call(user.headers, method, url, payload);
  assert.equal(await favorites("GET"), { status: 200, body: { kpis: [] } });
  assert.equal((await favorites("POST", undefined, { kpi: ids.customers })).body, { kpis: [ids.customers] });
  assert.equal((await favorites("POST", undefined, { kpi: ids.revenue })).body, { kpis: [ids.customers, ids.revenue] }, "new favorites go last");
  assert.equal((await favorites("POST", undefined, { kpi: ids.customers })).body, { kpis: [ids.customers, ids.revenue] }, "adding twice changes nothing");
  const meta = (await call(user.headers, "GET", "/api/kpis/meta/")).body as { id: number; favorite: boolean }[];
  assert.equal(meta.filter((kpi) => kpi.favorite).map((kpi) => kpi.id), [ids.revenue, ids.customers]);
  assert.ok(meta.some((kpi) => !kpi.favorite));

  assert.equal((await favorites("DELETE", `/api/kpis/favorites/${ids.customers}/`)).body, { kpis: [ids.revenue] });
  assert.equal((await favorites("DELETE", `/api/kpis/favorites/${ids.customers}/`)).body, { kpis: [ids.revenue] }, "removing twice changes nothing");
  assert.equal((await favorites("GET")).body, { kpis: [ids.revenue] });

  assert.equal((await events("FavoriteAdded")).map((event) => event.payload), [
    { userId: user.id, kpi: ids.customers },
    { userId: user.id, kpi: ids.revenue },
  ]);
  assert.equal((await events("FavoriteRemoved")).map((event) => event.payload), [{ userId: user.id, kpi: ids.customers }]);

  const someoneElse = await userWith(["read_sensitive"]);
  assert.equal((await call(someoneElse.headers, "GET", "/api/kpis/favorites/")).body, { kpis: [] }, "favorites are personal");
});

test("favorites: PUT replaces the ordered list; duplicates are a field error; unknown or unreadable KPIs leave the list as it was", async () => {
  const { ids, userWith, call, events, withTenant, tenantId } = await reportingCompany();
  const user = await userWith(["read_sensitive"]);
  const put = (kpis: number[]) => call(user.headers, "PUT", "/api/kpis/favorites/", { kpis });
  assert.equal(await put([ids.revenue, ids.customers]), { status: 200, body: { kpis: [ids.revenue, ids.customers] } });
  assert.equal((await put([ids.customers, ids.revenue])).body, { kpis: [ids.customers, ids.revenue] });
  assert.equal((await call(user.headers, "GET", "/api/kpis/favorites/")).body, { kpis: [ids.customers, ids.revenue] });

  assert.equal(await put([ids.revenue, ids.revenue]), { status: 400, body: { kpis: ["Each KPI may appear only once."] } });
  assert.is((await put([ids.revenue, ids.cash])).status, 404, "cash is level 3");
  assert.is((await put([ids.grossMargin])).status, 404, "gross margin (level 0) reads level-2 cogs through gross profit");
  const other = await reportingCompany();
  assert.is((await put([other.ids.revenue])).status, 404);
  assert.is((await call(user.headers, "POST", "/api/kpis/favorites/", { kpi: ids.cogs })).status, 404, "cogs is level 2");
  assert.is((await call(user.headers, "POST", "/api/kpis/favorites/", { kpi: other.ids.revenue })).status, 404);
  assert.is((await call(user.headers, "DELETE", `/api/kpis/favorites/${other.ids.revenue}/`)).status, 404);
  assert.is((await call(user.headers, "DELETE", "/api/kpis/favorites/revenue/")).status, 400);
  assert.is((await call(user.headers, "PUT", "/api/kpis/favorites/", { kpis: null })).status, 400);
  assert.is((await call(user.headers, "PUT", "/api/kpis/favorites/", {})).status, 400);
  const badBody = await call(user.headers, "POST", "/api/kpis/favorites/", { kpi: "revenue" });
  assert.equal([badBody.status, Object.keys(badBody.body)], [400, ["kpi"]]);
  const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_favorites").select(["kpi_id", "position"]).where("user_id", "=", user.id).orderBy("position").execute());
  assert.equal(stored, [{ kpi_id: ids.customers, position: 0 }, { kpi_id: ids.revenue, position: 1 }], "rejected requests wrote nothing");
  assert.equal((await events("FavoritesReplaced")).map((event) => event.payload), [
    { userId: user.id, kpis: [ids.revenue, ids.customers] },
    { userId: user.id, kpis: [ids.customers, ids.revenue] },
  ]);
  assert.equal((await put([])).body, { kpis: [] });
});

test("favorites of KPIs the user can no longer read are not listed", async () => {
  const { ids, userWith, call, withTenant, tenantId } = await reportingCompany();
  const user = await userWith(["read_super_sensitive"]);
  await call(user.headers, "PUT", "/api/kpis/favorites/", { kpis: [ids.cash, ids.revenue] });
  await withTenant(tenantId, system, ({ db }) => db.updateTable("kpis").set({ sensitivity: 3 }).where("id", "=", ids.revenue).execute());
  const reduced = await userWith(["read_most_sensitive"]);
  await withTenant(tenantId, system, ({ db }) => db.insertInto("kpi_favorites").values({ tenant_id: tenantId, user_id: reduced.id, kpi_id: ids.cash, position: 0 }).execute());
  assert.equal((await call(reduced.headers, "GET", "/api/kpis/favorites/")).body, { kpis: [] });
  assert.equal((await call(user.headers, "GET", "/api/kpis/favorites/")).body, { kpis: [ids.cash, ids.revenue] });
});

test("favorite events stream only to their user", async () => {
  const { app, services, tenantId, ids, userWith, withTenant } = await reportingCompany();
  openApps.push(app);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const owner = await userWith(["read_sensitive"]);
  const colleague = await userWith(["read_super_sensitive", "manage_users"]);
  const stream = async (userId: number) => fetch(`${address}/api/events/stream/`, { headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 300)}` } });
  const ownerEvents = readServerEvents(await stream(owner.id), 4);
  const colleagueEvents = readServerEvents(await stream(colleague.id), 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await app.inject({ method: "POST", url: "/api/kpis/favorites/", headers: owner.headers, payload: { kpi: ids.revenue } });
  await app.inject({ method: "PUT", url: "/api/kpis/favorites/", headers: owner.headers, payload: { kpis: [ids.customers, ids.revenue] } });
  await app.inject({ method: "DELETE", url: `/api/kpis/favorites/${ids.revenue}/`, headers: owner.headers });
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "SomethingPublic", payload: {} }));
  assert.equal((await ownerEvents).map((event) => event.type), ["FavoriteAdded", "FavoritesReplaced", "FavoriteRemoved", "SomethingPublic"]);
  assert.equal((await colleagueEvents).map((event) => event.type), ["SomethingPublic"]);
});

test.run();
