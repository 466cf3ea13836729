import { test } from "uvu";
import * as assert from "uvu/assert";
import { ADD_SUBSIDIARY_FAILED } from "../../../../src/contracts/holding";
import { createTestTenant } from "../../../support/database";
import { holdingWorld } from "./holding-fixture";

const close = (actual: number | null, expected: number) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${actual} ≈ ${expected}`);

test("a subsidiary joins by its own code and is rolled up only once it authorized; the figures match the hand-computed conversion", async () => {
  const world = await holdingWorld();
  const alpha = await world.company("Alpha GmbH", "EUR", 1);
  const beta = await world.company("Beta AG", "CHF", 2);
  const gamma = await world.company("Gamma SE", "EUR", 5);
  const delta = await world.company("Delta Ltd", "EUR", 7);
  const links = { alpha: await world.link(alpha), beta: await world.link(beta), gamma: await world.link(gamma), delta: await world.link(delta) };

  // Requested: listed, not authorized, not rolled up.
  const listed = world.ok(await world.call(world.holdingViewer.headers, "GET", "/api/holdings/"));
  assert.equal(listed.map((row: any) => [row.authorization_state, row.is_authorized]), [["requested", false], ["requested", false], ["requested", false], ["requested", false]]);
  assert.equal((await world.rollup()).companies, []);

  // Only the subsidiary decides: the holding has no way to, another company's administrator neither, its own member neither.
  assert.is((await world.call(world.holdingAdmin.headers, "POST", `/api/company/holdings/${links.alpha.requestId}/decision/`, { state: "authorized" })).status, 404);
  assert.is((await world.call(beta.admin.headers, "POST", `/api/company/holdings/${links.alpha.requestId}/decision/`, { state: "authorized" })).status, 404);
  assert.is((await world.call(alpha.member.headers, "POST", `/api/company/holdings/${links.alpha.requestId}/decision/`, { state: "authorized" })).status, 403);

  world.ok(await world.decide(alpha, links.alpha.requestId, "authorized"));
  world.ok(await world.decide(beta, links.beta.requestId, "authorized"));
  const denied = world.ok(await world.decide(delta, links.delta.requestId, "denied"));
  assert.equal([denied.state, denied.is_authorized], ["denied", false]);

  const states = world.ok(await world.call(world.holdingViewer.headers, "GET", "/api/holdings/"));
  assert.equal(
    Object.fromEntries(states.map((row: any) => [row.name.split(" ")[0], [row.authorization_state, row.is_authorized, row.currency]])),
    { Alpha: ["authorized", true, "EUR"], Beta: ["authorized", true, "CHF"], Gamma: ["requested", false, "EUR"], Delta: ["denied", false, "EUR"] },
  );

  const rollup = await world.rollup();
  assert.is(rollup.currency, "CHF");
  assert.equal(rollup.months, ["2026-01-01", "2026-02-01", "2026-03-01"]);
  assert.equal(rollup.companies.map((company: any) => company.name.split(" ")[0]), ["Alpha", "Beta"], "requested and denied subsidiaries are never rolled up");
  const line = (name: string) => rollup.lines.find((candidate: any) => candidate.name === name);
  // Revenue: Alpha 100×0.9 + 200×1.0 + 300×1.1 = 620 CHF; Beta already in CHF: (100+200+300)×2 = 1200.
  close(line("Revenue").total, 1820);
  assert.equal(line("Revenue").companies.map((figure: any) => [figure.local, figure.converted]), [[600, 620], [1200, 1200]]);
  // Cash, a balance: Alpha's March 1200 at March's month end 1.2 = 1440; Beta's 2400.
  close(line("Cash").total, 3840);
  // Most sensitive KPIs and calculated ones are not the holding's to read; a percentage does not add up.
  assert.equal(rollup.lines.map((entry: any) => entry.name), ["Revenue", "Cash"]);
  assert.equal(rollup.unmatched.map((entry: any) => [entry.name, entry.reason]), [["Margin", "not-additive"]]);
  assert.not.ok(JSON.stringify(rollup).includes("777777"), "no salary figure reaches the holding");

  // The fiscal year to date is the same three months here; a month without a rate is named, not guessed.
  assert.equal((await world.rollup("period=ytd")).lines.map((entry: any) => entry.total), rollup.lines.map((entry: any) => entry.total));
  const april = await world.rollup("from=2026-01-01&to=2026-04-01");
  assert.is(april.lines.find((entry: any) => entry.name === "Revenue").total, null);
  assert.equal(april.lines.find((entry: any) => entry.name === "Revenue").problems, ["No rate for EUR in Apr 2026"]);

  // Withdrawing: denied later, Alpha drops out at once.
  world.ok(await world.decide(alpha, links.alpha.requestId, "denied"));
  assert.equal((await world.rollup()).companies.map((company: any) => company.name.split(" ")[0]), ["Beta"]);

  // Each change is an event in both companies.
  assert.equal((await world.events(world.holdingId, "SubsidiaryAuthorizationChanged")).map((event) => (event.payload as any).state), ["authorized", "authorized", "denied", "denied"]);
  assert.is((await world.events(alpha.tenantId, "HoldingRequestDecided")).length, 2);
  assert.is((await world.events(alpha.tenantId, "HoldingRequestReceived")).length, 1);
  assert.is((await world.events(world.holdingId, "SubsidiaryRequested")).length, 4);
  await world.app.close();
});

test("adding fails with the spec's text for a wrong, used or expired code, and for a company already added", async () => {
  const world = await holdingWorld();
  const alpha = await world.company("Alpha GmbH");
  const failed = { code: [ADD_SUBSIDIARY_FAILED] };
  const add = (code: string) => world.call(world.holdingAdmin.headers, "POST", "/api/holdings/", { code });
  assert.equal(await add("not-a-code"), { status: 400, body: failed });
  const { code } = world.ok(await world.call(alpha.admin.headers, "POST", "/api/company/holdings/link-code/"), 201);
  world.ok(await add(code), 201);
  assert.equal(await add(code), { status: 400, body: failed }, "a code works once");
  const second = world.ok(await world.call(alpha.admin.headers, "POST", "/api/company/holdings/link-code/"), 201);
  assert.equal(await add(second.code), { status: 400, body: failed }, "a company already added");
  // The refused code was not spent: the transaction that checked it rolled back.
  const unspent = await world.database.system.selectFrom("holding_link_codes").select("used_at").where("tenant_id", "=", alpha.tenantId).execute();
  assert.equal(unspent.map((row) => row.used_at === null).sort(), [false, true]);
  // An expired code.
  const third = await world.company("Gamma SE");
  const expiring = world.ok(await world.call(third.admin.headers, "POST", "/api/company/holdings/link-code/"), 201);
  await world.database.system.updateTable("holding_link_codes").set({ expires_at: new Date("2026-04-01T00:00:00Z") }).where("tenant_id", "=", third.tenantId).execute();
  assert.equal(await add(expiring.code), { status: 400, body: failed });
  // Only an administrator of the holding adds; a viewer may not.
  assert.is((await world.call(world.holdingViewer.headers, "POST", "/api/holdings/", { code: expiring.code })).status, 403);
  await world.app.close();
});

test("removing a subsidiary ends the request on both sides; a company not linked is 404", async () => {
  const world = await holdingWorld();
  const alpha = await world.company("Alpha GmbH");
  const links = await world.link(alpha);
  world.ok(await world.decide(alpha, links.requestId, "authorized"));
  assert.is((await world.rollup()).companies.length, 1);
  // Another holding cannot remove it or see it.
  const other = await world.admin(await createTestTenant({ kind: "holding", features: { holding_reporting: true } }));
  assert.is((await world.call(other.headers, "DELETE", `/api/holdings/${links.subsidiaryId}/`)).status, 404);
  assert.equal(world.ok(await world.call(other.headers, "GET", "/api/holdings/")), []);
  assert.equal((world.ok(await world.call(other.headers, "GET", "/api/holdings/rollup/?period=ytd"))).companies, []);
  world.ok(await world.call(world.holdingAdmin.headers, "DELETE", `/api/holdings/${links.subsidiaryId}/`), 204);
  assert.is((await world.call(world.holdingAdmin.headers, "DELETE", `/api/holdings/${links.subsidiaryId}/`)).status, 404);
  assert.equal(world.ok(await world.call(alpha.admin.headers, "GET", "/api/company/holdings/")), []);
  assert.equal((await world.rollup()).companies, []);
  assert.is((await world.events(alpha.tenantId, "HoldingLinkRemoved")).length, 1);
  await world.app.close();
});

test("holding routes: a company gets 404, a holding with the flag off 403; subsidiary routes refuse a holding", async () => {
  const off = await holdingWorld({ holdingFeatures: { okr: true } });
  for (const path of ["/api/holdings/", "/api/holdings/rollup/", "/api/holdings/rates/"]) {
    assert.is((await off.call(off.holdingAdmin.headers, "GET", path)).status, 403, path);
  }
  assert.is((await off.call(off.holdingAdmin.headers, "POST", "/api/holdings/", { code: "anything" })).status, 403);
  const company = await off.company("Alpha GmbH");
  assert.is((await off.call(company.admin.headers, "GET", "/api/holdings/")).status, 404);
  assert.is((await off.call(company.admin.headers, "GET", "/api/holdings/rollup/")).status, 404);
  assert.is((await off.call(off.holdingAdmin.headers, "GET", "/api/company/holdings/")).status, 404);
  assert.is((await off.call(off.holdingAdmin.headers, "POST", "/api/company/holdings/link-code/")).status, 404);
  await off.app.close();
});

test("rates: the holding sets them, not in its own currency; a viewer reads them", async () => {
  const world = await holdingWorld();
  const saved = world.ok(await world.call(world.holdingAdmin.headers, "PUT", "/api/holdings/rates/", { rates: [{ currency: "EUR", month: "2026-04-01", average_rate: 1.2, month_end_rate: 1.25 }, { currency: "EUR", month: "2026-01-01", average_rate: 0.8, month_end_rate: 0.85 }] }));
  assert.is(saved.currency, "CHF");
  assert.equal(saved.rates.map((rate: any) => [rate.month, rate.average_rate]), [["2026-01-01", 0.8], ["2026-02-01", 1], ["2026-03-01", 1.1], ["2026-04-01", 1.2]]);
  assert.is((await world.call(world.holdingAdmin.headers, "PUT", "/api/holdings/rates/", { rates: [{ currency: "CHF", month: "2026-04-01", average_rate: 1, month_end_rate: 1 }] })).status, 400);
  assert.is((await world.call(world.holdingAdmin.headers, "PUT", "/api/holdings/rates/", { rates: [{ currency: "EUR", month: "2026-04-01", average_rate: 0, month_end_rate: 1 }] })).status, 400);
  assert.is((await world.call(world.holdingViewer.headers, "PUT", "/api/holdings/rates/", { rates: [] })).status, 403);
  assert.is(world.ok(await world.call(world.holdingViewer.headers, "GET", "/api/holdings/rates/")).rates.length, 4);
  // With April's rate the Jan–Apr revenue has a total again: 100×0.8 + 200×1.0 + 300×1.1 + 400×1.2.
  const alpha = await world.company("Alpha GmbH");
  const links = await world.link(alpha);
  world.ok(await world.decide(alpha, links.requestId, "authorized"));
  close((await world.rollup("from=2026-01-01&to=2026-04-01")).lines.find((entry: any) => entry.name === "Revenue").total, 80 + 200 + 330 + 480);
  assert.is((await world.call(world.holdingViewer.headers, "GET", "/api/holdings/rollup/?from=2026-04-01&to=2026-01-01")).status, 400);
  assert.is((await world.call(world.holdingViewer.headers, "GET", "/api/holdings/rollup/?from=2026-04-01")).status, 400);
  assert.ok((await world.events(world.holdingId, "HoldingRatesSaved")).length === 1);
  await world.app.close();
});

test.run();
