// The issues view's alert entries: the reader's own triggers; the current period's active, earlier ones inactive.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { alertIssueSource } from "../../../../src/server/features/alerts/alert-issues";
import { permissionsOf } from "../../../../src/server/platform/auth/permissions";
import { alertsWorld, system, type AlertsWorld } from "./alerts-fixture";

let world: AlertsWorld;
test.before(async () => {
  world = await alertsWorld();
});
test.after(async () => {
  await world.app.close();
});

test("triggers of the reader's alerts on KPIs they may read, by period", async () => {
  const { kpis, users, companyA } = world;
  await world.withTenant(companyA, system, async ({ db }) => {
    const alert = (userId: number, kpiId: number, frequency: "daily" | "weekly" | "monthly") =>
      db.insertInto("kpi_alerts").values({ tenant_id: companyA, user_id: userId, kpi_id: kpiId, kind: "boundary", lower_bound: 100, upper_bound: null, month_offset: 0, frequency }).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
    const trigger = (alertId: number, period: string, at: string) =>
      db.insertInto("kpi_alert_triggers").values({ tenant_id: companyA, alert_id: alertId, period, kpi_month: "2026-03-01", value: 90, reason: "90 is below the lower boundary of 100.", triggered_at: at }).execute();
    const weekly = await alert(users.all.id, kpis.revenue, "weekly");
    const monthly = await alert(users.all.id, kpis.payroll, "monthly");
    const others = await alert(users.low.id, kpis.revenue, "daily");
    await trigger(weekly, "2026-W13", "2026-03-27T17:30:00Z");
    await trigger(weekly, "2026-W12", "2026-03-20T17:30:00Z");
    await trigger(monthly, "2026-03", "2026-03-27T17:30:00Z");
    await trigger(others, "2026-03-27", "2026-03-27T17:30:00Z");
    await trigger(weekly, "2025-W40", "2025-10-03T17:30:00Z"); // older than the view looks back
  });
  // Saturday 28 March, in Berlin: still ISO week 13 and March.
  const now = new Date("2026-03-28T10:00:00Z");
  const issuesOf = (userId: number) => world.withTenant(companyA, { kind: "user", userId }, async (context) => alertIssueSource(context, await permissionsOf(context, userId), now));
  const issues = await issuesOf(users.all.id);
  assert.equal(
    issues.map((issue) => [issue.key.replace(/:\d+:/, ":_:"), issue.group, issue.title, issue.kpiId]),
    [
      ["alert:_:2026-03", "active", "Alert on Payroll (Mar 2026)", kpis.payroll],
      ["alert:_:2026-W13", "active", "Alert on Revenue (Mar 2026)", kpis.revenue],
      ["alert:_:2026-W12", "inactive", "Alert on Revenue (Mar 2026)", kpis.revenue],
    ],
  );
  assert.equal(issues[1]!.link, `/reporting/kpi-detail/${kpis.revenue}/alerts`);
  assert.is(issues[0]!.detail, "90 is below the lower boundary of 100.");
  // A week later the weekly trigger is history; March's monthly one too, in April.
  const later = await world.withTenant(companyA, { kind: "user", userId: users.all.id }, async (context) => alertIssueSource(context, await permissionsOf(context, users.all.id), new Date("2026-04-03T20:00:00Z")));
  assert.equal(later.map((issue) => issue.group), ["inactive", "inactive", "inactive"]);
  // The daily alert's owner sees only theirs, and yesterday's daily trigger is inactive.
  assert.equal((await issuesOf(users.low.id)).map((issue) => [issue.key.replace(/:\d+:/, ":_:"), issue.group]), [["alert:_:2026-03-27", "inactive"]]);
  // Someone who may no longer read payroll does not see its alert.
  await world.withTenant(companyA, system, async ({ db }) => db.updateTable("group_permissions").set({ permission: "read_non_sensitive" }).where("permission", "=", "read_super_sensitive").execute());
  assert.equal((await issuesOf(users.all.id)).map((issue) => issue.kpiId), [kpis.revenue, kpis.revenue]);
  // A system context (no reader of its own) has no personal alerts.
  assert.equal(await world.withTenant(companyA, system, (context) => alertIssueSource(context, { isStaff: true, permissions: new Set() }, now)), []);
});

test.run();
