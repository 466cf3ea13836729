import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_DASHBOARD_FILTER } from "../../../../src/contracts/kpis";
import { reportingCompany, system } from "./reporting-fixture";

test("app settings: none until saved, then the saved settings; a save replaces them; per user", async () => {
  const { userWith, call, events, app } = await reportingCompany();
  const user = await userWith(["read_non_sensitive"]);
  assert.equal(await call(user.headers, "GET", "/api/settings/"), { status: 200, body: {} });
  const settings = {
    kpiDashboardFilter: { operational: { ...DEFAULT_DASHBOARD_FILTER, trendDuration: 3, down: false }, strategic: DEFAULT_DASHBOARD_FILTER },
    daterangeFilter: { endDate: "2026-06-01", ignoreLastMonths: 1 },
  };
  assert.equal(await call(user.headers, "PUT", "/api/settings/", settings), { status: 200, body: settings });
  assert.equal((await call(user.headers, "GET", "/api/settings/")).body, settings);
  const replaced = { daterangeFilter: { endDate: "2026-07-01", ignoreLastMonths: 0 } };
  assert.equal((await call(user.headers, "PUT", "/api/settings/", { ...replaced, unknownField: 1 })).body, replaced, "unknown fields are dropped");
  assert.equal((await call(user.headers, "GET", "/api/settings/")).body, replaced, "the filters saved before are gone");
  const colleague = await userWith(["read_non_sensitive"]);
  assert.equal((await call(colleague.headers, "GET", "/api/settings/")).body, {});
  assert.equal((await events("AppSettingsChanged")).map((event) => event.payload), [
    { userId: user.id, settings },
    { userId: user.id, settings: replaced },
  ]);
  assert.is((await app.inject({ method: "GET", url: "/api/settings/" })).statusCode, 401);
});

test("app settings: invalid settings are field errors and change nothing", async () => {
  const { userWith, call, events, withTenant, tenantId } = await reportingCompany();
  const user = await userWith([]);
  const saved = { daterangeFilter: { endDate: "2026-06-01", ignoreLastMonths: 0 } };
  await call(user.headers, "PUT", "/api/settings/", saved);
  const put = (body: unknown) => call(user.headers, "PUT", "/api/settings/", body);
  const badDuration = await put({ kpiDashboardFilter: { operational: { ...DEFAULT_DASHBOARD_FILTER, trendDuration: 13 } } });
  assert.equal(badDuration, { status: 400, body: { "kpiDashboardFilter.operational.trendDuration": ["must be a number between 1 and 12"] } });
  const badRange = await put({ daterangeFilter: { endDate: "2026-06-15", ignoreLastMonths: 4 } });
  assert.equal([badRange.status, Object.keys(badRange.body).sort()], [400, ["daterangeFilter.endDate", "daterangeFilter.ignoreLastMonths"]]);
  const missing = await put({ kpiDashboardFilter: { operational: { trendDuration: 1 } } });
  assert.is(missing.status, 400);
  assert.ok(!Object.keys(missing.body).includes("kpiDashboardFilter"), "no 'Expected undefined' noise for the optional parent");
  assert.is((await put(null)).status, 400);
  assert.is((await put([])).status, 400);
  const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("user_settings").select("settings").where("user_id", "=", user.id).executeTakeFirstOrThrow());
  assert.equal(stored.settings, saved);
  assert.is((await events("AppSettingsChanged")).length, 1);
});

test.run();
