// The alerts API: a person's alerts on KPIs they may read, validated with clear texts, theirs alone.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ALERT_CHECK_SUBJECT } from "../../../../src/server/features/alerts/alert-check-job";
import { manualClock } from "../../../support/manual-clock";
import { alertsWorld, system, type AlertsWorld } from "./alerts-fixture";

// Wednesday 25 March 2026, noon UTC (1 pm in Berlin, winter time).
const clock = manualClock(new Date("2026-03-25T12:00:00.000Z"));
let world: AlertsWorld;
test.before(async () => {
  world = await alertsWorld({ clock });
});
test.after(async () => {
  await world.app.close();
});

const boundary = (lower: number | null, upper: number | null) => ({ kind: "boundary", lower, upper });
const queuedChecks = () =>
  world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("job_runs").select(["run_after", "data"]).where("subject", "=", ALERT_CHECK_SUBJECT).where("state", "=", "queued").execute());

test("creating an alert answers it with its next check in the company's time zone and queues the company's check", async () => {
  const created = await world.call(world.headers.low, "POST", "/kpis/alerts/", { kpiId: world.kpis.revenue, condition: boundary(100, null), monthOffset: 0, frequency: "weekly" });
  assert.is(created.status, 201, created.text);
  assert.equal(
    { ...created.json, id: 0, createdAt: "" },
    { id: 0, kpiId: world.kpis.revenue, kpiName: "Revenue", kpiUnit: "number", condition: { kind: "boundary", lower: 100, upper: null }, monthOffset: 0, frequency: "weekly", paused: false, createdAt: "", lastCheckedAt: null, lastCheckNote: null, lastTriggeredAt: null, nextCheckAt: "2026-03-27T17:30:00.000Z", history: [] },
  );
  assert.equal((await queuedChecks()).map((run) => run.run_after.toISOString()), ["2026-03-27T17:30:00.000Z"], "Friday 6.30 pm in Berlin");
  // A daily alert needs a sooner check: the waiting one is replaced, never doubled.
  const daily = await world.call(world.headers.low, "POST", "/kpis/alerts/", { kpiId: world.kpis.margin, condition: { kind: "change", basis: "plan", direction: "down", percent: 10, minimumBaseline: 1000 }, monthOffset: -1, frequency: "daily" });
  assert.is(daily.status, 201, daily.text);
  assert.is(daily.json.nextCheckAt, "2026-03-25T17:30:00.000Z");
  assert.equal((await queuedChecks()).map((run) => run.run_after.toISOString()), ["2026-03-25T17:30:00.000Z"]);

  const list = await world.call(world.headers.low, "GET", "/kpis/alerts/");
  assert.is(list.status, 200);
  assert.is(list.json.timeZone, "Europe/Berlin");
  assert.equal(list.json.alerts.map((alert: any) => alert.kpiName), ["Revenue", "Margin"]);
  const ofKpi = await world.call(world.headers.low, "GET", `/kpis/alerts/?kpi=${world.kpis.margin}`);
  assert.equal(ofKpi.json.alerts.map((alert: any) => alert.id), [daily.json.id]);
});

test("bad input answers 400 with clear texts and writes nothing", async () => {
  const before = await world.call(world.headers.low, "GET", "/kpis/alerts/");
  const cases: [object, string, string][] = [
    [{ kpiId: world.kpis.revenue, condition: boundary(null, null), monthOffset: 0, frequency: "daily" }, "condition.lower", "Enter a lower boundary, an upper boundary or both."],
    [{ kpiId: world.kpis.revenue, condition: boundary(300, 200), monthOffset: 0, frequency: "daily" }, "condition.upper", "The upper boundary must not be below the lower boundary."],
    [{ kpiId: world.kpis.revenue, condition: { kind: "change", basis: "plan", direction: "up", percent: 0, minimumBaseline: 0 }, monthOffset: 0, frequency: "daily" }, "condition.percent", "Enter a change above 0 %."],
    [{ kpiId: world.kpis.revenue, condition: { kind: "change", basis: "plan", direction: "up", percent: 5, minimumBaseline: -1 }, monthOffset: 0, frequency: "daily" }, "condition.minimumBaseline", "The minimum baseline must not be negative."],
    [{ kpiId: world.kpis.payroll, condition: boundary(1, 2), monthOffset: 0, frequency: "daily" }, "kpiId", "This KPI does not exist or you may not read it."],
    [{ kpiId: world.foreignKpis.revenue, condition: boundary(1, 2), monthOffset: 0, frequency: "daily" }, "kpiId", "This KPI does not exist or you may not read it."],
  ];
  for (const [body, field, message] of cases) {
    const answer = await world.call(world.headers.low, "POST", "/kpis/alerts/", body);
    assert.is(answer.status, 400, JSON.stringify(body));
    assert.equal(answer.json[field], [message], answer.text);
  }
  for (const body of [{ kpiId: world.kpis.revenue, condition: boundary(1, 2), monthOffset: 1, frequency: "daily" }, { kpiId: world.kpis.revenue, condition: boundary(1, 2), monthOffset: 0, frequency: "hourly" }, { kpiId: world.kpis.revenue, condition: { kind: "boundary", lower: "1" }, monthOffset: 0, frequency: "daily" }]) {
    assert.is((await world.call(world.headers.low, "POST", "/kpis/alerts/", body)).status, 400, JSON.stringify(body));
  }
  assert.equal((await world.call(world.headers.low, "GET", "/kpis/alerts/")).json, before.json, "nothing was written");
});

test("an alert is its owner's alone: another person's, another company's or an unknown id answers 404", async () => {
  const mine = (await world.call(world.headers.low, "GET", "/kpis/alerts/")).json.alerts[0];
  for (const headers of [world.headers.other, world.headers.all, world.headers.foreign]) {
    assert.is((await world.call(headers, "GET", `/kpis/alerts/${mine.id}/`)).status, 404);
    assert.is((await world.call(headers, "PATCH", `/kpis/alerts/${mine.id}/`, { paused: true })).status, 404);
    assert.is((await world.call(headers, "DELETE", `/kpis/alerts/${mine.id}/`)).status, 404);
  }
  assert.equal((await world.call(world.headers.other, "GET", "/kpis/alerts/")).json.alerts, []);
  assert.is((await world.call(world.headers.low, "GET", "/kpis/alerts/999999999/")).status, 404);
  assert.is((await world.call(world.headers.low, "GET", `/kpis/alerts/?kpi=${world.kpis.payroll}`)).status, 404, "a KPI the reader may not read is unknown");
  assert.is((await world.call(world.headers.none, "GET", "/kpis/alerts/")).status, 403, "without any KPI read permission");
  assert.is((await world.call(world.headers.low, "GET", `/kpis/alerts/${mine.id}/`)).json.paused, false, "unchanged");
});

test("a reader of every level watches a sensitive KPI; losing the right hides the alert", async () => {
  const created = await world.call(world.headers.all, "POST", "/kpis/alerts/", { kpiId: world.kpis.payroll, condition: boundary(null, 5000), monthOffset: -1, frequency: "monthly" });
  assert.is(created.status, 201, created.text);
  const grant = (permission: string) =>
    world.withTenant(world.companyA, system, async ({ db }) => {
      const group = await db.selectFrom("groups").select("id").where("name", "=", "Readers of everything").executeTakeFirstOrThrow();
      await db.deleteFrom("group_permissions").where("group_id", "=", group.id).execute();
      await db.insertInto("group_permissions").values({ tenant_id: world.companyA, group_id: group.id, permission }).execute();
    });
  await grant("read_non_sensitive");
  assert.is((await world.call(world.headers.all, "GET", `/kpis/alerts/${created.json.id}/`)).status, 404);
  assert.equal((await world.call(world.headers.all, "GET", "/kpis/alerts/")).json.alerts, []);
  await grant("read_super_sensitive");
  assert.is((await world.call(world.headers.all, "GET", `/kpis/alerts/${created.json.id}/`)).status, 200);
});

test("edit, pause and delete", async () => {
  const mine = (await world.call(world.headers.low, "GET", "/kpis/alerts/")).json.alerts[0];
  const edited = await world.call(world.headers.low, "PATCH", `/kpis/alerts/${mine.id}/`, { condition: boundary(50, 500), frequency: "monthly", monthOffset: -1 });
  assert.is(edited.status, 200, edited.text);
  assert.equal([edited.json.condition, edited.json.frequency, edited.json.monthOffset, edited.json.nextCheckAt], [{ kind: "boundary", lower: 50, upper: 500 }, "monthly", -1, "2026-03-27T17:30:00.000Z"]);
  const badEdit = await world.call(world.headers.low, "PATCH", `/kpis/alerts/${mine.id}/`, { condition: boundary(600, 500) });
  assert.is(badEdit.status, 400);
  const paused = await world.call(world.headers.low, "PATCH", `/kpis/alerts/${mine.id}/`, { paused: true });
  assert.equal([paused.json.paused, paused.json.nextCheckAt, paused.json.condition.lower], [true, null, 50]);
  const resumed = await world.call(world.headers.low, "PATCH", `/kpis/alerts/${mine.id}/`, { paused: false });
  assert.is(resumed.json.nextCheckAt, "2026-03-27T17:30:00.000Z");
  const events = await world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("events").select(["type", "payload"]).where("type", "like", "KpiAlert%").orderBy("seq").execute());
  assert.ok(events.every((event) => (event.payload as any).userId !== undefined), "every alert event names its owner, whom alone it reaches");
  assert.is((await world.call(world.headers.low, "DELETE", `/kpis/alerts/${mine.id}/`)).status, 204);
  assert.is((await world.call(world.headers.low, "GET", `/kpis/alerts/${mine.id}/`)).status, 404);
});

test.run();
