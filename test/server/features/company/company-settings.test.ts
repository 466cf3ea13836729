// Company settings: who reads and changes them, the validation texts, the events every session
// folds, and GET /api/company/ showing the change to every user.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { COMPANY_NAME_BLANK, FISCAL_START_INVALID, TIME_ZONE_UNKNOWN } from "../../../../src/contracts/company";
import { settingsCompany } from "./fixture";

test("administrators and staff read and change the settings; readers and employees get 403", async () => {
  const { call, admin, staff, reader, employee } = await settingsCompany();
  const read = await call(admin.headers, "GET", "/api/company/settings/");
  assert.is(read.status, 200);
  assert.equal(read.body, { name: "Acme GmbH", fiscalYearStartMonth: 1, localCurrency: "EUR", timeZone: "UTC", logos: { light: null, dark: null } });
  assert.is((await call(staff.headers, "GET", "/api/company/settings/")).status, 200);
  for (const who of [reader, employee]) {
    assert.is((await call(who.headers, "GET", "/api/company/settings/")).status, 403);
    assert.is((await call(who.headers, "PATCH", "/api/company/settings/", { name: "Taken over" })).status, 403);
  }
  assert.is((await call(staff.headers, "PATCH", "/api/company/settings/", { fiscalYearStartMonth: 4 })).body.fiscalYearStartMonth, 4);
});

test("a change is saved whole, told to every session as an event, and every user's company shows it", async () => {
  const { call, admin, employee, events } = await settingsCompany();
  const changed = await call(admin.headers, "PATCH", "/api/company/settings/", { name: "  Acme Group  ", fiscalYearStartMonth: 7, localCurrency: "CHF", timeZone: "Europe/Zurich" });
  assert.is(changed.status, 200);
  assert.equal(changed.body, { name: "Acme Group", fiscalYearStartMonth: 7, localCurrency: "CHF", timeZone: "Europe/Zurich", logos: { light: null, dark: null } });
  const company = (await call(employee.headers, "GET", "/api/company/")).body;
  assert.equal([company.name, company.fiscal_year_offset, company.localCurrency, company.timeZone, company.logos], ["Acme Group", 6, "CHF", "Europe/Zurich", { light: null, dark: null }]);
  assert.equal((await events("CompanySettingsChanged")).map((event) => event.payload), [{ name: "Acme Group", fiscalYearStartMonth: 7, localCurrency: "CHF", timeZone: "Europe/Zurich" }]);
  assert.equal((await events("CorporateCurrencyChanged")).map((event) => event.payload), [{ code: "CHF", previous: "EUR" }], "the FX table's corporate currency changed with it");
  const currencies = (await call(admin.headers, "GET", "/api/kpis/currencies/")).body.currencies;
  assert.is(currencies[0].code, "CHF");
  await call(admin.headers, "PATCH", "/api/company/settings/", { name: "Acme Group" });
  assert.is((await events("CorporateCurrencyChanged")).length, 1, "only a new currency is a currency change");
  await call(admin.headers, "PATCH", "/api/company/settings/", {});
  assert.is((await events("CompanySettingsChanged")).length, 2, "an empty change changes nothing and tells no one");
});

test("bad input: the field's own message, nothing saved", async () => {
  const { call, admin, events } = await settingsCompany();
  const table: [unknown, Record<string, string[]>][] = [
    [{ name: "   " }, { name: [COMPANY_NAME_BLANK] }],
    [{ fiscalYearStartMonth: 0 }, { fiscalYearStartMonth: [FISCAL_START_INVALID] }],
    [{ fiscalYearStartMonth: 13 }, { fiscalYearStartMonth: [FISCAL_START_INVALID] }],
    [{ fiscalYearStartMonth: 2.5 }, { fiscalYearStartMonth: [FISCAL_START_INVALID] }],
    [{ timeZone: "Mars/Olympus_Mons" }, { timeZone: [TIME_ZONE_UNKNOWN] }],
    [{ timeZone: "europe/berlin" }, { timeZone: [TIME_ZONE_UNKNOWN] }],
    [{ localCurrency: "eur" }, { localCurrency: ["Enter a three-letter currency code in capitals, such as USD."] }],
  ];
  for (const [body, expected] of table) {
    const answer = await call(admin.headers, "PATCH", "/api/company/settings/", body);
    assert.is(answer.status, 400, JSON.stringify(body));
    assert.equal(answer.body, expected, JSON.stringify(body));
  }
  // A valid name with an invalid time zone: neither is saved.
  assert.is((await call(admin.headers, "PATCH", "/api/company/settings/", { name: "Renamed", timeZone: "Nowhere/Land" })).status, 400);
  assert.is((await call(admin.headers, "GET", "/api/company/settings/")).body.name, "Acme GmbH");
  assert.is((await events("CompanySettingsChanged")).length, 0);
});

test("an alias the runtime knows is accepted as written (Asia/Kolkata)", async () => {
  const { call, admin } = await settingsCompany();
  assert.is((await call(admin.headers, "PATCH", "/api/company/settings/", { timeZone: "Asia/Kolkata" })).body.timeZone, "Asia/Kolkata");
});

test("another company's administrator changes only their own company", async () => {
  const { call, admin, stranger } = await settingsCompany();
  await call(stranger.headers, "PATCH", "/api/company/settings/", { name: "Stranger's rename" });
  assert.is((await call(admin.headers, "GET", "/api/company/settings/")).body.name, "Acme GmbH");
  assert.is((await call(stranger.headers, "GET", "/api/company/settings/")).body.name, "Stranger's rename");
});

test.run();
