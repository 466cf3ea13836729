// The demo company's liquidity planning: a base plan and its "Hiring later" child, readable and
// projected through the API, so the screens show real scenarios.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { testApp } from "../../../support/app";
import { testDatabase } from "../../../support/database";

const NOW = new Date("2026-06-15T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

test("the demo company has two scenarios to compare, built from headcount and contracts", async () => {
  const shared = await testDatabase();
  await seedDemoData(shared.database, shared.withTenant, NOW);
  const { app, services } = await testApp({}, { now: () => NOW });
  const admin = await shared.withTenant(DEMO_GMBH_ID, system, ({ db }) => db.selectFrom("users").select("id").where("email", "=", "admin@demo.example").executeTakeFirstOrThrow());
  const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: admin.id }, 600)}` };
  const list = await app.inject({ method: "GET", url: "/api/liquidity/scenarios/", headers });
  assert.is(list.statusCode, 200, list.body);
  const scenarios = list.json().scenarios as { id: number; name: string; parentId: number | null; employeeCount: number; openPositionCount: number; contractCount: number; status: string; departments: { name: string }[]; settings: { startMonth: string; months: number } }[];
  const base = scenarios.find((each) => each.name === "Base plan")!;
  const later = scenarios.find((each) => each.name === "Hiring later")!;
  assert.ok(base && later);
  assert.equal([base.employeeCount, base.openPositionCount, base.contractCount, base.status], [10, 2, 8, "draft"]);
  assert.equal([later.parentId, later.employeeCount + later.openPositionCount], [base.id, 12]);
  assert.equal(base.departments.map((department) => department.name), ["Management", "Sales"]);
  const projection = async (id: number) => (await app.inject({ method: "GET", url: `/api/liquidity/scenarios/${id}/projection/`, headers })).json();
  const [first, second] = [await projection(base.id), await projection(later.id)];
  // The suite's database is shared: the demo may have been seeded by another test, at its own
  // "now", so the start month is the seeded scenario's (the month after the seeding), not NOW's.
  assert.match(base.settings.startMonth, /^\d{4}-\d{2}-01$/);
  assert.equal([first.months.length, first.opening.fromKpi, first.months[0].month], [base.settings.months, true, base.settings.startMonth]);
  assert.ok(first.months[0].outflows.salaries > 0 && first.months[0].outflows.contracts > 0);
  // Revenue arrives 30 days after each month's last day: which months receive it depends on the
  // start (a January invoice is paid on 2 March, so a February can receive nothing).
  assert.ok(first.months.slice(0, 3).filter((month: { inflows: { revenue: number } }) => month.inflows.revenue > 0).length >= 2, JSON.stringify(first.months.slice(0, 3)));
  // Hiring a quarter later leaves more cash by the end of the year.
  assert.ok(second.months[8].closing > first.months[8].closing, `${second.months[8].closing} > ${first.months[8].closing}`);
  await app.close();
});

test.run();
