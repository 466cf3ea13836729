import { test } from "uvu";
import * as assert from "uvu/assert";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";
import { monthDateOf, monthIndexAt } from "../../../../src/domain/months";
import { testApp } from "../../../support/app";
import { reportingCompany, system } from "./reporting-fixture";

const ADMIN = ["manage_company_settings", "read_super_sensitive"];

test("currencies: the corporate currency first (id 0, rate 1), then each named rate with its rate in force", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const reader = await userWith(["read_non_sensitive"]);
  assert.equal(await call(reader.headers, "GET", "/api/kpis/currencies/"), {
    status: 200,
    body: {
      currencies: [
        { id: 0, code: "EUR", name: "Corporate currency", exchangeRate: 1, corporate: true },
        { id: ids.usd, code: "USD", name: "USD", exchangeRate: 3, corporate: false },
      ],
    },
  });
  assert.equal((await call(reader.headers, "GET", `/api/kpis/currencies/${ids.usd}/`)).body, {
    id: ids.usd,
    code: "USD",
    name: "USD",
    exchangeRate: 3,
    corporate: false,
    rates: [
      { validFrom: "2025-01-01", rate: 1.5 },
      { validFrom: "2026-01-01", rate: 2 },
      { validFrom: "2026-06-01", rate: 3 },
    ],
  });
  assert.equal((await call(reader.headers, "GET", "/api/kpis/currencies/0/")).body, { id: 0, code: "EUR", name: "Corporate currency", exchangeRate: 1, corporate: true, rates: [] });
  const other = await reportingCompany();
  assert.is((await call(reader.headers, "GET", `/api/kpis/currencies/${other.ids.usd}/`)).status, 404);
  assert.is((await call(reader.headers, "GET", "/api/kpis/currencies/usd/")).status, 400);
  assert.is((await call(reader.headers, "GET", "/api/kpis/currencies/99999999999999999999/")).status, 404);
  const noReading = await userWith(["access_my_dashboard"]);
  assert.is((await call(noReading.headers, "GET", "/api/kpis/currencies/")).status, 403);
});

test("currencies: the rate answered is the one in force this month, not a newer future-dated one", async () => {
  const { userWith, call } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const now = monthIndexAt(new Date());
  const dated = (offset: number, rate: number) => ({ validFrom: monthDateOf(now + offset), rate });
  const chf = await call(admin.headers, "POST", "/api/kpis/currencies/", { name: "CHF", code: "CHF", rates: [dated(-2, 0.9), dated(0, 0.95), dated(1, 0.97), dated(12, 1.4)] });
  assert.equal([chf.status, chf.body.exchangeRate], [201, 0.95]);
  const gbp = await call(admin.headers, "POST", "/api/kpis/currencies/", { name: "GBP", code: "GBP", rates: [dated(-3, 0.8), dated(2, 0.85)] });
  assert.is(gbp.body.exchangeRate, 0.8, "last dated before this month");
  const later = await call(admin.headers, "POST", "/api/kpis/currencies/", { name: "NOK", code: "NOK", rates: [dated(3, 11), dated(6, 12)] });
  assert.is(later.body.exchangeRate, 11, "only future rates: the earliest, as conversions use it for earlier months");
  const listed = (await call(admin.headers, "GET", "/api/kpis/currencies/")).body.currencies as { name: string; exchangeRate: number }[];
  assert.equal(listed.map((currency) => [currency.name, currency.exchangeRate]), [["Corporate currency", 1], ["CHF", 0.95], ["GBP", 0.8], ["NOK", 11], ["USD", 3]]);
  assert.is((await call(admin.headers, "GET", `/api/kpis/currencies/${chf.body.id}/`)).body.exchangeRate, 0.95);
  const replaced = await call(admin.headers, "PUT", `/api/kpis/currencies/${chf.body.id}/rates/`, { rates: [dated(-1, 1.01), dated(5, 1.2)] });
  assert.is(replaced.body.exchangeRate, 1.01);
});

test("currencies: create a named rate; values convert with it by date; the company becomes multi-currency", async () => {
  const { app, services } = await testApp();
  const { database } = await testDatabase();
  const tenantId = await createTestTenant();
  const admin = await createTestUser(tenantId, { groups: [{ name: "Admins", permissions: ADMIN }] });
  const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: admin.id }, 300)}` };
  assert.equal((await app.inject({ method: "GET", url: "/api/company/", headers })).json().fxRates, [], "single-currency at first");
  const created = await app.inject({
    method: "POST",
    url: "/api/kpis/currencies/",
    headers,
    payload: { name: "  CHF (monthly)  ", code: "CHF", rates: [{ validFrom: "2026-03-01", rate: 0.95 }, { validFrom: "2026-01-01", rate: 0.9 }] },
  });
  assert.is(created.statusCode, 201);
  const chf = created.json();
  assert.equal(chf, {
    id: chf.id,
    code: "CHF",
    name: "CHF (monthly)",
    exchangeRate: 0.95,
    corporate: false,
    rates: [
      { validFrom: "2026-01-01", rate: 0.9 },
      { validFrom: "2026-03-01", rate: 0.95 },
    ],
  });
  const tenant = await database.system.selectFrom("tenants").select("multi_currency").where("id", "=", tenantId).executeTakeFirstOrThrow();
  assert.is(tenant.multi_currency, true);
  const company = (await app.inject({ method: "GET", url: "/api/company/", headers })).json();
  assert.equal([company.multiCurrency, company.fxRates], [true, [{ id: chf.id, name: "CHF (monthly)", currency: "CHF" }]]);
});

test("currencies: a created rate converts values month by month", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const created = await call(admin.headers, "POST", "/api/kpis/currencies/", { name: "GBP", code: "GBP", rates: [{ validFrom: "2026-05-01", rate: 0.5 }, { validFrom: "2026-06-01", rate: 0.25 }] });
  const values = (await call(admin.headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-06-01", idList: [ids.revenue], fxRate: created.body.id })).body;
  // April is before the earliest date, so the earliest rate applies.
  assert.equal(values.kpis[0].values.map((month: { value: number }) => month.value), [50, 100, 75]);
});

test("currencies: bad input answers field errors and creates nothing", async () => {
  const { tenantId, userWith, call, withTenant, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const create = (payload: object) => call(admin.headers, "POST", "/api/kpis/currencies/", payload);
  const valid = { name: "CHF", code: "CHF", rates: [{ validFrom: "2026-01-01", rate: 0.9 }] };
  assert.equal(await create({ ...valid, code: "chf" }), { status: 400, body: { code: ["Enter a three-letter currency code in capitals, such as USD."] } });
  assert.equal(await create({ ...valid, rates: [{ validFrom: "2026-01-01", rate: 0 }] }), { status: 400, body: { "rates.0.rate": ["Enter a rate above 0."] } });
  assert.equal(await create({ ...valid, rates: [{ validFrom: "2026-01-01", rate: -2 }] }), { status: 400, body: { "rates.0.rate": ["Enter a rate above 0."] } });
  assert.equal(await create({ ...valid, rates: [{ validFrom: "2026-01-15", rate: 1 }] }), { status: 400, body: { "rates.0.validFrom": ["Enter the first day of a month (YYYY-MM-01)."] } });
  assert.equal(await create({ ...valid, rates: [] }), { status: 400, body: { rates: ["Enter at least one rate."] } });
  assert.equal(await create({ ...valid, rates: [{ validFrom: "2026-01-01", rate: 1 }, { validFrom: "2026-01-01", rate: 2 }] }), { status: 400, body: { rates: ["Each month may have only one rate."] } });
  assert.equal(await create({ ...valid, name: "   " }), { status: 400, body: { name: ["Enter a name."] } });
  assert.equal(await create({ ...valid, name: "usd" }), { status: 400, body: { name: ["FX Rate name must be unique"] } }, "names are unique regardless of case");
  assert.is((await create({ ...valid, rates: null })).status, 400);
  assert.equal(await create({ ...valid, rates: [{ validFrom: "2026-01-01" }] }), { status: 400, body: { "rates.0.rate": ["This field is required."] } });
  const all = await create({});
  assert.equal([all.status, Object.keys(all.body).sort()], [400, ["code", "name", "rates"]]);
  const rates = await withTenant(tenantId, system, ({ db }) => db.selectFrom("fx_rates").select("name").execute());
  assert.equal(rates, [{ name: "USD" }]);
  assert.equal(await events("CurrencyCreated"), []);
  const created = await create(valid);
  assert.is(created.status, 201);
  assert.equal((await events("CurrencyCreated")).map((event) => event.payload), [{ id: created.body.id, name: "CHF", code: "CHF", rates: valid.rates }]);
});

test("currencies: edit name and code, replace the dated rates; unknown ids are 404; rejected changes keep the old state", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const chf = (await call(admin.headers, "POST", "/api/kpis/currencies/", { name: "CHF", code: "CHF", rates: [{ validFrom: "2026-01-01", rate: 0.9 }] })).body;
  const renamed = await call(admin.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { name: "US dollar (monthly)" });
  assert.equal([renamed.status, renamed.body.name, renamed.body.code], [200, "US dollar (monthly)", "USD"]);
  assert.equal((await call(admin.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { code: "USN" })).body.code, "USN");
  assert.equal((await call(admin.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { name: "us dollar (MONTHLY)" })).status, 200, "its own name in another case is no clash");
  assert.equal(await call(admin.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { name: "chf" }), { status: 400, body: { name: ["FX Rate name must be unique"] } });
  assert.equal(await call(admin.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { code: "US" }), { status: 400, body: { code: ["Enter a three-letter currency code in capitals, such as USD."] } });
  const other = await reportingCompany();
  assert.is((await call(admin.headers, "PATCH", `/api/kpis/currencies/${other.ids.usd}/`, { name: "Mine" })).status, 404);
  assert.is((await call(admin.headers, "PATCH", "/api/kpis/currencies/0/", { name: "Mine" })).status, 404, "the corporate currency changes through /corporate/");

  const replaced = await call(admin.headers, "PUT", `/api/kpis/currencies/${chf.id}/rates/`, { rates: [{ validFrom: "2026-06-01", rate: 0.97 }, { validFrom: "2026-02-01", rate: 0.93 }] });
  assert.equal([replaced.status, replaced.body.rates, replaced.body.exchangeRate], [200, [{ validFrom: "2026-02-01", rate: 0.93 }, { validFrom: "2026-06-01", rate: 0.97 }], 0.97]);
  const rejected = await call(admin.headers, "PUT", `/api/kpis/currencies/${chf.id}/rates/`, { rates: [{ validFrom: "2026-07-01", rate: 1 }, { validFrom: "2026-08-01", rate: 0 }] });
  assert.equal(rejected, { status: 400, body: { "rates.1.rate": ["Enter a rate above 0."] } });
  assert.equal((await call(admin.headers, "GET", `/api/kpis/currencies/${chf.id}/`)).body.rates, replaced.body.rates, "a rejected replacement keeps the rates");
  assert.is((await call(admin.headers, "PUT", `/api/kpis/currencies/${other.ids.usd}/rates/`, { rates: [{ validFrom: "2026-07-01", rate: 1 }] })).status, 404);
  const otherRates = await other.call((await other.userWith(ADMIN)).headers, "GET", `/api/kpis/currencies/${other.ids.usd}/`);
  assert.is(otherRates.body.rates.length, 3, "another company's rates are untouched");
  assert.equal((await events("CurrencyChanged")).map((event) => event.payload), [
    { id: ids.usd, name: "US dollar (monthly)" },
    { id: ids.usd, code: "USN" },
    { id: ids.usd, name: "us dollar (MONTHLY)" },
    { id: chf.id, rates: [{ validFrom: "2026-06-01", rate: 0.97 }, { validFrom: "2026-02-01", rate: 0.93 }] },
  ]);
});

test("currencies: the corporate currency changes the company's local currency", async () => {
  const { userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  assert.equal(await call(admin.headers, "PATCH", "/api/kpis/currencies/corporate/", { code: "CHF" }), { status: 200, body: { id: 0, code: "CHF", name: "Corporate currency", exchangeRate: 1, corporate: true } });
  const company = (await call(admin.headers, "GET", "/api/company/")).body;
  assert.equal([company.localCurrency, company.multiCurrency], ["CHF", true]);
  assert.equal((await call(admin.headers, "GET", "/api/kpis/currencies/")).body.currencies[0].code, "CHF");
  assert.equal(await call(admin.headers, "PATCH", "/api/kpis/currencies/corporate/", { code: "chf" }), { status: 400, body: { code: ["Enter a three-letter currency code in capitals, such as USD."] } });
  assert.equal((await events("CorporateCurrencyChanged")).map((event) => event.payload), [{ code: "CHF", previous: "EUR" }]);
});

test("currencies: changes need manage_company_settings (or staff)", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const cLevel = await userWith(["read_super_sensitive", "write_super_sensitive", "access_financial_planning"]);
  const attempts = [
    () => call(cLevel.headers, "POST", "/api/kpis/currencies/", { name: "CHF", code: "CHF", rates: [{ validFrom: "2026-01-01", rate: 0.9 }] }),
    () => call(cLevel.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { name: "Mine" }),
    () => call(cLevel.headers, "PUT", `/api/kpis/currencies/${ids.usd}/rates/`, { rates: [{ validFrom: "2026-01-01", rate: 0.9 }] }),
    () => call(cLevel.headers, "PATCH", "/api/kpis/currencies/corporate/", { code: "USD" }),
  ];
  for (const attempt of attempts) assert.is((await attempt()).status, 403);
  const staff = await userWith([], { isStaff: true });
  assert.is((await call(staff.headers, "PATCH", `/api/kpis/currencies/${ids.usd}/`, { name: "Staff's" })).status, 200);
  assert.is((await events("CurrencyChanged")).length, 1);
});

test.run();
