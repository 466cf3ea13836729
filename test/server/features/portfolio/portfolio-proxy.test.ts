import { test } from "uvu";
import * as assert from "uvu/assert";
import { INSTANCE_NOT_AUTHORIZED, PORTFOLIO_USER_INACTIVE } from "../../../../src/contracts/portfolio";
import { PROXY_MALFORMED_ENDPOINT, PROXY_NOT_ALLOWED, PROXY_READS_ONLY } from "../../../../src/domain/portfolio/proxy-allow-list";
import { ROLE_PERMISSIONS } from "../../../../src/domain/permissions/roles";
import { PROXY_RULE } from "../../../../src/server/features/portfolio/portfolio-proxy";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;

/** A portfolio company with an Investor user and a report shared with that user, and one not shared. */
async function portfolioCompany(name: string) {
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant({ name });
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: [...ROLE_PERMISSIONS.Administrator] }] });
  const investor = await createTestUser(tenantId, { groups: [{ name: "Investor", permissions: [...ROLE_PERMISSIONS.Investor] }] });
  const reports = await withTenant(tenantId, system, async ({ db }) => {
    const report = (name: string) => db.insertInto("investor_reports").values({ tenant_id: tenantId, name, end_date: "2026-06-01", owner_id: admin.id }).returning("id").executeTakeFirstOrThrow();
    const shared = await report(`Board pack of ${name}`);
    const internal = await report(`Internal of ${name}`);
    await db.insertInto("investor_report_shares").values({ tenant_id: tenantId, report_id: shared.id, user_id: investor.id }).execute();
    return { shared: shared.id, internal: internal.id };
  });
  return { tenantId, name, admin, investor, reports };
}

/** An investor instance registered with two companies (as each one's Investor user), and a pending third. */
async function world() {
  const { app, services } = await testApp();
  const { withTenant } = await testDatabase();
  const north = await portfolioCompany(`North ${Date.now()}`);
  const south = await portfolioCompany(`South ${Date.now()}`);
  const pending = await portfolioCompany(`Pending ${Date.now()}`);
  const investorTenant = await createTestTenant({ kind: "investor" });
  const partner = await createTestUser(investorTenant);
  const register = (company: Awaited<ReturnType<typeof portfolioCompany>>, state: "authorized" | "requested" | "denied") =>
    withTenant(investorTenant, system, ({ db }) =>
      db
        .insertInto("registered_instances")
        .values({ tenant_id: investorTenant, target_tenant_id: company.tenantId, instance_name: company.name, authorization_state: state, target_user_id: company.investor.id })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id),
    );
  const instances = { north: await register(north, "authorized"), south: await register(south, "authorized"), pending: await register(pending, "requested") };
  const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: investorTenant, userId: partner.id }, 600)}` };
  const proxy = (instance: number, body: Record<string, unknown>, as = headers) => app.inject({ method: "POST", url: `/api/portfolios/${instance}/proxy/`, headers: as, payload: body });
  return { app, services, withTenant, north, south, pending, investorTenant, partner, instances, headers, proxy };
}

const shared = await world();

test("allow-listed reads answer with the company's own data, as its Investor user", async () => {
  const { proxy, instances, north, south } = shared;
  const company = await proxy(instances.north, { method: "GET", endpoint: "/company/", service: "main" });
  assert.is(company.statusCode, 200);
  assert.is(company.json().name, north.name);
  assert.is(company.headers["cache-control"], "no-store");
  assert.is((await proxy(instances.south, { method: "GET", endpoint: "/company/" })).json().name, south.name, "service defaults to main");

  const reports = await proxy(instances.north, { method: "GET", endpoint: "/investor-reporting/reports/", service: "main", payload: {} });
  assert.is(reports.statusCode, 200);
  assert.equal(
    reports.json().reports.map((report: { name: string }) => report.name),
    [`Board pack of ${north.name}`],
    "only the report shared with the Investor user, none of the other company's",
  );
  const one = await proxy(instances.north, { method: "GET", endpoint: `/investor-reporting/reports/${north.reports.shared}/` });
  assert.is(one.statusCode, 200);
  assert.is(one.json().name, `Board pack of ${north.name}`);
  assert.equal(one.json().recipients, [], "a reader sees no recipients");
  const data = await proxy(instances.north, { method: "GET", endpoint: `/investor-reporting/reports/${north.reports.shared}/data/` });
  assert.is(data.statusCode, 200);
});

test("the viewing user's permissions apply: a report not shared with it is 404, a KPI query decodes as in the company", async () => {
  const { proxy, instances, north } = shared;
  const internal = await proxy(instances.north, { method: "GET", endpoint: `/investor-reporting/reports/${north.reports.internal}/` });
  assert.is(internal.statusCode, 404);
  const history = await proxy(instances.north, { method: "GET", endpoint: "/kpis/history/", payload: { endDate: "2026-06-01", timeRange: 12, bucketSize: 1 } });
  assert.is(history.statusCode, 200);
  assert.ok("results" in history.json(), "the company's history answer");
  const badQuery = await proxy(instances.north, { method: "GET", endpoint: "/kpis/history/", payload: { endDate: "not a date" } });
  assert.is(badQuery.statusCode, 400, "the company's route decodes the parameters");
});

test("KPI sensitivity is the viewing user's: an Investor reads sensitive KPIs, not super-sensitive ones", async () => {
  const { proxy, instances, north, withTenant } = shared;
  await withTenant(north.tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: north.tenantId, name: "P&L", kind: "financial", position: 0 }).returning("id").executeTakeFirstOrThrow();
    const kpi = (key: string, sensitivity: number) => ({ tenant_id: north.tenantId, category_id: category.id, parent_id: null, key, name: `${key} KPI`, unit: "currency" as const, aggregation_type: "cum" as const, sensitivity, formula: null, weighted_ratio: false, position: 0, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null });
    await db.insertInto("kpis").values([kpi("revenue", 1), kpi("salaries", 3)]).execute();
  });
  const meta = await proxy(instances.north, { method: "GET", endpoint: "/kpis/meta/" });
  assert.is(meta.statusCode, 200);
  assert.equal(meta.json().map((entry: { name: string }) => entry.name), ["revenue KPI"]);
});

test("one company's ids never reach another: a North report asked through the South registration is 404", async () => {
  const { proxy, instances, north, south } = shared;
  for (const endpoint of [`/investor-reporting/reports/${north.reports.shared}/`, `/investor-reporting/reports/${north.reports.shared}/data/`]) {
    const answer = await proxy(instances.south, { method: "GET", endpoint });
    assert.is(answer.statusCode, 404, endpoint);
    assert.not.match(answer.body, north.name);
  }
  assert.is((await proxy(instances.north, { method: "GET", endpoint: `/investor-reporting/reports/${south.reports.shared}/` })).statusCode, 404);
});

test("writes are refused before anything is forwarded, and nothing changes", async () => {
  const { proxy, instances, north, withTenant } = shared;
  for (const method of ["POST", "PUT", "PATCH", "DELETE", "get", "HEAD", "OPTIONS"]) {
    const answer = await proxy(instances.north, { method, endpoint: `/investor-reporting/reports/${north.reports.shared}/`, payload: { name: "Renamed" } });
    assert.equal([answer.statusCode, answer.json()], [403, { detail: PROXY_READS_ONLY }], method);
  }
  const names = await withTenant(north.tenantId, system, ({ db }) => db.selectFrom("investor_reports").select("name").orderBy("id").execute());
  assert.equal(names.map((row) => row.name), [`Board pack of ${north.name}`, `Internal of ${north.name}`]);
});

test("endpoints outside the allow-list are refused, whatever the service", async () => {
  const { proxy, instances, north } = shared;
  const refused = [
    { endpoint: "/auth/users/me/" },
    { endpoint: "/outbox/" },
    { endpoint: "/vw/auth/users/" },
    { endpoint: `/investor-reporting/reports/${north.reports.shared}/files/1/` },
    { endpoint: "/investor-reporting/schema-templates/" },
    { endpoint: "/company/", service: "warehouse" },
    { endpoint: "/company/", service: "auth" },
    { endpoint: "/company/", service: "nowhere" },
  ];
  for (const call of refused) {
    const answer = await proxy(instances.north, { method: "GET", ...call });
    assert.equal([answer.statusCode, answer.json()], [403, { detail: PROXY_NOT_ALLOWED }], JSON.stringify(call));
  }
});

test("path traversal and query tricks are malformed (400)", async () => {
  const { proxy, instances } = shared;
  const tricks = [
    "/company/../outbox/",
    "/investor-reporting/reports/../../outbox/",
    "/company/./",
    "/company/%2e%2e/outbox/",
    "/company/?x=1",
    "/kpis/history/?fxRate=1",
    "/company/#fragment",
    "//company/",
    "/company//",
    "company/",
    "/company",
    "http://evil.example/company/",
    "\\company\\",
    "/Company/",
    "/investor-reporting/reports/0/",
    "/investor-reporting/reports/-1/",
    "/investor-reporting/reports/1e3/",
    "/investor-reporting/reports/{id}/",
    "",
  ];
  for (const endpoint of tricks) {
    const answer = await proxy(instances.north, { method: "GET", endpoint });
    assert.equal([answer.statusCode, answer.json()], [400, { endpoint: [PROXY_MALFORMED_ENDPOINT] }], JSON.stringify(endpoint));
  }
  assert.is((await proxy(instances.north, { method: "GET", endpoint: "/company/\u0000/" })).statusCode, 400, "the platform refuses NUL first");
  for (const payload of [{ "a&b": "1" }, { "fx rate": 1 }, { x: "y".repeat(600) }, { nested: { a: 1 } }, { list: [1, 2] }]) {
    assert.is((await proxy(instances.north, { method: "GET", endpoint: "/company/", payload })).statusCode, 400, JSON.stringify(payload).slice(0, 40));
  }
  const encoded = await proxy(instances.north, { method: "GET", endpoint: "/kpis/history/", payload: { endDate: "2026-06-01&idList=1" } });
  assert.is(encoded.statusCode, 400, "a value cannot add parameters: it is one (malformed) endDate");
});

test("registrations not authorized are refused; another instance's registration is unknown", async () => {
  const { proxy, instances, app, services, withTenant, investorTenant, north } = shared;
  const pending = await proxy(instances.pending, { method: "GET", endpoint: "/company/" });
  assert.equal([pending.statusCode, pending.json()], [403, { detail: INSTANCE_NOT_AUTHORIZED }]);
  await withTenant(investorTenant, system, ({ db }) => db.updateTable("registered_instances").set({ authorization_state: "denied" }).where("id", "=", instances.pending).execute());
  assert.is((await proxy(instances.pending, { method: "GET", endpoint: "/company/" })).statusCode, 403);

  const otherInvestor = await createTestTenant({ kind: "investor" });
  const outsider = await createTestUser(otherInvestor, { groups: [{ name: "Administrator", permissions: [...ROLE_PERMISSIONS.Administrator] }] });
  const outsiderHeaders = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: otherInvestor, userId: outsider.id }, 600)}` };
  const foreign = await proxy(instances.north, { method: "GET", endpoint: "/company/" }, outsiderHeaders);
  assert.is(foreign.statusCode, 404);
  assert.not.match(foreign.body, north.name);
  const companyAdmin = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: north.tenantId, userId: north.admin.id }, 600)}` };
  assert.is((await proxy(instances.north, { method: "GET", endpoint: "/company/" }, companyAdmin)).statusCode, 404, "the company itself has no such registration");
  assert.is((await app.inject({ method: "POST", url: `/api/portfolios/${instances.north}/proxy/`, payload: { method: "GET", endpoint: "/company/" } })).statusCode, 401);
});

test("a viewing user that can no longer sign in makes the registration answer 403", async () => {
  const { app, services, withTenant } = shared;
  const company = await portfolioCompany(`Closed ${Date.now()}`);
  const investorTenant = await createTestTenant({ kind: "investor" });
  const partner = await createTestUser(investorTenant);
  const instance = await withTenant(investorTenant, system, ({ db }) =>
    db.insertInto("registered_instances").values({ tenant_id: investorTenant, target_tenant_id: company.tenantId, instance_name: company.name, authorization_state: "authorized", target_user_id: company.investor.id }).returning("id").executeTakeFirstOrThrow(),
  );
  await withTenant(company.tenantId, system, ({ db }) => db.updateTable("users").set({ is_active: false }).where("id", "=", company.investor.id).execute());
  const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: investorTenant, userId: partner.id }, 600)}` };
  const answer = await app.inject({ method: "POST", url: `/api/portfolios/${instance.id}/proxy/`, headers, payload: { method: "GET", endpoint: "/company/" } });
  assert.equal([answer.statusCode, answer.json()], [403, { detail: PORTFOLIO_USER_INACTIVE }]);
});

test("each person has a budget of reads a minute", async () => {
  const { proxy, instances, services, investorTenant, partner } = shared;
  await services.database.system
    .insertInto("auth_throttle")
    .values({ key: `portfolio-proxy:${investorTenant}:${partner.id}`, window_start: new Date(), attempts: PROXY_RULE.limit - 1 })
    .onConflict((oc) => oc.column("key").doUpdateSet({ window_start: new Date(), attempts: PROXY_RULE.limit - 1 }))
    .execute();
  assert.is((await proxy(instances.north, { method: "GET", endpoint: "/company/" })).statusCode, 200, "the last read of the minute");
  const over = await proxy(instances.north, { method: "GET", endpoint: "/company/" });
  assert.is(over.statusCode, 429);
  assert.match(over.json().detail, "Too many requests to your portfolio companies");
  assert.ok(Number(over.headers["retry-after"]) > 0);
});

test.run();
