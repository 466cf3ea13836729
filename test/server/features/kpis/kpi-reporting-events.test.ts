import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ServerEvent } from "../../../../src/contracts/server-events";
import { kpiEventFilters } from "../../../../src/server/features/kpis/kpi-event-filter";
import { readServerEvents } from "../../../support/sse";
import { reportingCompany, system } from "./reporting-fixture";

const openApps: { close(): Promise<unknown> }[] = [];
test.after.each(async () => {
  for (const app of openApps.splice(0)) await app.close().catch(() => {});
});

test("event stream: planning edits narrowed to readable KPIs, personal events to their user, company settings to KPI readers", async () => {
  const { app, services, tenantId, ids, userWith, withTenant } = await reportingCompany();
  openApps.push(app);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const planner = await userWith(["write_most_sensitive", "access_financial_planning", "manage_company_settings"]);
  const basic = await userWith(["read_sensitive"]);
  const noKpis = await userWith(["access_my_dashboard"]);
  const stream = async (userId: number) => fetch(`${address}/api/events/stream/`, { headers: { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId }, 300)}` } });
  const plannerEvents = readServerEvents(await stream(planner.id), 5);
  const basicEvents = readServerEvents(await stream(basic.id), 4);
  const noKpiEvents = readServerEvents(await stream(noKpis.id), 1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const inject = (headers: Record<string, string>, method: "POST" | "PUT" | "PATCH", url: string, payload: object) => app.inject({ method, url, headers, payload });
  const edit = await inject(planner.headers, "POST", "/api/kpis/planning-values/", {
    values: [
      { kpi: ids.revenue, date: "2026-10-01", value: 1 },
      { kpi: ids.cogs, date: "2026-10-01", value: 2 },
    ],
  });
  assert.is(edit.statusCode, 200);
  assert.is((await inject(planner.headers, "PUT", "/api/settings/", { daterangeFilter: { endDate: "2026-06-01", ignoreLastMonths: 0 } })).statusCode, 200);
  assert.is((await inject(planner.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { name: "US dollar" })).statusCode, 200);
  assert.is((await inject(planner.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig: [] })).statusCode, 200);
  await withTenant(tenantId, system, (context) => context.appendEvent({ type: "SomethingPublic", payload: {} }));

  const seen = (events: ServerEvent[]) => events.map((event) => event.type);
  const planned = await plannerEvents;
  assert.equal(seen(planned), ["PlanningValueEdited", "AppSettingsChanged", "CurrencyChanged", "CategoryColumnsChanged", "SomethingPublic"]);
  assert.equal((planned[0]!.payload as { values: unknown[] }).values.length, 2);
  const basics = await basicEvents;
  assert.equal(seen(basics), ["PlanningValueEdited", "CurrencyChanged", "CategoryColumnsChanged", "SomethingPublic"], "not the planner's own settings");
  assert.equal(basics[0]!.payload, { values: [{ kpi: ids.revenue, date: "2026-10-01", value: 1 }], by: planner.id }, "the level-2 cogs value is left out");
  assert.equal(seen(await noKpiEvents), ["SomethingPublic"]);
});

test("the filters refuse payloads they cannot vouch for", async () => {
  const { tenantId, userWith, withTenant } = await reportingCompany();
  const user = await userWith(["read_super_sensitive"]);
  await withTenant(tenantId, system, async (context) => {
    assert.is(await kpiEventFilters["PlanningValueEdited"]!({ nothing: true }, context, user.id), null);
    assert.is(await kpiEventFilters["FavoriteAdded"]!(null, context, user.id), null);
    assert.is(await kpiEventFilters["FavoriteAdded"]!({ userId: String(user.id), kpi: 1 }, context, user.id), null);
    assert.equal(await kpiEventFilters["FavoriteAdded"]!({ userId: user.id, kpi: 1 }, context, user.id), { userId: user.id, kpi: 1 });
  });
});

test.run();
