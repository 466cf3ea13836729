import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthlyActuals } from "../../../../src/domain/accounting/profit-and-loss";
import { isProfitAndLossType } from "../../../../src/domain/integrations/accounting";
import { monthDateOf, monthIndexOf } from "../../../../src/domain/months";
import { PERMISSIONS } from "../../../../src/domain/permissions/catalogue";
import { DEMO_KPIS } from "../../../../src/server/db/seed/demo-catalog";
import { DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { actualValue } from "../../../../src/server/db/seed/demo-series";
import { readArchive } from "../../../../src/server/features/accounting/accounting-archive";
import { SAMPLE_ACCOUNTS, sampleArchiveFor, sampleFiles } from "../../../../src/server/features/accounting/accounting-sample";
import { writeZip } from "../../../../src/server/platform/files/zip-writer";
import { testApp } from "../../../support/app";
import { createTestUser, testDatabase } from "../../../support/database";

const DEMO = { scale: 1, seed: "demo-gmbh" };
const MARCH_2026 = monthIndexOf("2026-03-01");

test("the sample is a valid archive: a year of bookings over 33 accounts, open positions of both sides", async () => {
  const archive = await readArchive(writeZip(sampleFiles(DEMO, MARCH_2026)));
  assert.is(archive.accounts.length, 33);
  assert.ok(archive.bookings.length > 900 && archive.bookings.length < 2000, `${archive.bookings.length} bookings`);
  assert.is(archive.bookings[0]!.date.slice(0, 7), "2025-03");
  assert.is(archive.bookings.at(-1)!.date.slice(0, 7), "2026-02");
  assert.ok(archive.debtors.length >= 5 && archive.creditors.length >= 3, `${archive.debtors.length} debtors, ${archive.creditors.length} creditors`);
  // Every P&L account is booked, and every one has its intended category in the sample's table.
  const booked = new Set(archive.bookings.flatMap((booking) => [booking.debitAccount, booking.creditAccount]));
  for (const account of SAMPLE_ACCOUNTS.filter((candidate) => isProfitAndLossType(candidate.type))) {
    assert.ok(booked.has(account.number), `${account.number} has bookings`);
    assert.ok(account.kpi !== undefined, `${account.number} has a category`);
  }
});

test("mapped as intended, the sample's months are near the demo's own P&L, never equal to it", async () => {
  const archive = await readArchive(writeZip(sampleFiles(DEMO, MARCH_2026)));
  const keys = [...new Set(SAMPLE_ACCOUNTS.flatMap((account) => (account.kpi ? [account.kpi] : [])))];
  const kpiId = (key: string) => keys.indexOf(key) + 1;
  const mapping = new Map(SAMPLE_ACCOUNTS.filter((account) => account.kpi !== undefined).map((account) => [account.number, account.kpi ? kpiId(account.kpi) : null] as const));
  const lines = keys.map((key) => ({ kpi: kpiId(key), side: DEMO_KPIS.find((kpi) => kpi.key === key)!.higherIsBetter === false ? ("expense" as const) : ("income" as const) }));
  const actuals = monthlyActuals(archive.bookings, mapping, lines);
  assert.is(actuals.length, keys.length * 12);
  for (const actual of actuals) {
    const kpi = DEMO_KPIS.find((candidate) => candidate.key === keys[actual.kpi - 1])!;
    const seeded = actualValue(kpi, monthIndexOf(actual.month), DEMO.scale, DEMO.seed);
    assert.ok(Math.abs(actual.value / seeded - 1) < 0.1, `${kpi.key} ${actual.month}: ${actual.value} near ${seeded}`);
    assert.is.not(actual.value, seeded);
  }
  assert.is(actuals.find((actual) => actual.kpi === kpiId("revenue"))!.month, monthDateOf(MARCH_2026 - 12));
});

test("the same company and month give the same bytes; other companies have none", () => {
  const now = new Date(Date.UTC(2026, 2, 15));
  assert.equal(sampleArchiveFor(DEMO_GMBH_ID, now), sampleArchiveFor(DEMO_GMBH_ID, now));
  assert.is(sampleArchiveFor("00000000-0000-4000-8000-000000000000", now), null);
});

test("'Use the sample archive' imports it for the demo company as an upload would", async () => {
  const { app, services } = await testApp();
  const { database } = await testDatabase();
  // The demo company's tenant (made here unless the demo seed of this test run made it).
  await database.system.insertInto("tenants").values({ id: DEMO_GMBH_ID, kind: "company", name: "Demo GmbH" }).onConflict((oc) => oc.column("id").doNothing()).execute();
  const admin = await createTestUser(DEMO_GMBH_ID, { groups: [{ name: `Sample admins ${Date.now()}`, permissions: [...PERMISSIONS] }] });
  const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: admin.id }, 600)}` };
  const download = await app.inject({ method: "GET", url: "/api/integration/accounting/sample/", headers });
  assert.is(download.statusCode, 200);
  assert.match(String(download.headers["content-disposition"]), /accounting-sample\.zip/);
  const answer = await app.inject({ method: "POST", url: "/api/integration/accounting/sample/", headers });
  assert.is(answer.statusCode, 201, answer.body);
  assert.equal([answer.json().import.fileName, answer.json().import.accounts, answer.json().sampleAvailable], ["accounting-sample.zip", 33, true]);
  assert.is(answer.json().import.bookings, (await readArchive(download.rawPayload)).bookings.length);
});

test.run();
