import { test } from "uvu";
import * as assert from "uvu/assert";
import { alertsReducer, initialAlerts, type AlertsModel } from "../../../../src/client/features/alerts/model";
import type { KpiAlert } from "../../../../src/contracts/alerts";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { AlertActionFailed, AlertActionStarted, AlertChanged, AlertDeleted, AlertSaved, AlertSaveFailed, AlertSaveStarted, AlertsChangedElsewhere, AlertsLoaded, AlertsLoadFailed, AlertsLoadStarted } from "../../../../src/contracts/messages/alerts";

const fold = (events: DomainEvent[], model: AlertsModel = initialAlerts) => events.reduce<AlertsModel>((current, event, index) => alertsReducer(current, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);
const alert = (id: number, kpiId: number, paused = false): KpiAlert => ({
  id,
  kpiId,
  kpiName: `KPI ${kpiId}`,
  kpiUnit: "number",
  condition: { kind: "boundary", lower: 100, upper: null },
  monthOffset: 0,
  frequency: "weekly",
  paused,
  createdAt: "2026-03-25T12:00:00.000Z",
  lastCheckedAt: null,
  lastCheckNote: null,
  lastTriggeredAt: null,
  nextCheckAt: paused ? null : "2026-03-27T17:30:00.000Z",
  history: [],
});

test("lists load by key and remember the company's time zone; a failed reload keeps what was shown", () => {
  const loaded = fold([AlertsLoadStarted.make({ key: "all" }), AlertsLoaded.make({ key: "all", alerts: [alert(1, 5)], timeZone: "Europe/Berlin" })]);
  assert.equal([loaded.lists.all?.status, loaded.lists.all?.alerts.map((item) => item.id), loaded.timeZone], ["loaded", [1], "Europe/Berlin"]);
  const failed = fold([AlertsLoadStarted.make({ key: "all" }), AlertsLoadFailed.make({ key: "all", message: "Server away" })], loaded);
  assert.equal([failed.lists.all?.status, failed.lists.all?.message, failed.lists.all?.alerts.map((item) => item.id)], ["error", "Server away", [1]]);
});

test("a saved alert joins all and its KPI's list (not another KPI's); a change replaces it in place; a delete removes it", () => {
  const lists = fold([AlertsLoaded.make({ key: "all", alerts: [alert(1, 5)], timeZone: "UTC" }), AlertsLoaded.make({ key: "kpi/5", alerts: [alert(1, 5)], timeZone: "UTC" }), AlertsLoaded.make({ key: "kpi/6", alerts: [], timeZone: "UTC" })]);
  const saved = fold([AlertSaveStarted.make({}), AlertSaved.make({ alert: alert(2, 6), created: true })], lists);
  assert.equal(saved.save.status, "saved");
  assert.equal(saved.lists.all?.alerts.map((item) => item.id), [1, 2]);
  assert.equal(saved.lists["kpi/5"]?.alerts.map((item) => item.id), [1]);
  assert.equal(saved.lists["kpi/6"]?.alerts.map((item) => item.id), [2]);
  const paused = fold([AlertActionStarted.make({ alertId: 1 })], saved);
  assert.equal(paused.busy, [1]);
  const changed = fold([AlertChanged.make({ alert: alert(1, 5, true) })], paused);
  assert.equal([changed.busy, changed.lists.all?.alerts[0]?.paused, changed.lists["kpi/5"]?.alerts[0]?.nextCheckAt], [[], true, null]);
  const deleted = fold([AlertActionStarted.make({ alertId: 2 }), AlertDeleted.make({ alertId: 2 })], changed);
  assert.equal([deleted.lists.all?.alerts.map((item) => item.id), deleted.lists["kpi/6"]?.alerts, deleted.busy], [[1], [], []]);
  const refused = fold([AlertActionStarted.make({ alertId: 1 }), AlertActionFailed.make({ alertId: 1, message: "No" })], deleted);
  assert.equal([refused.busy, refused.lists.all?.alerts.length], [[], 1]);
});

test("a refused save keeps the server's field messages; a change elsewhere bumps the revision", () => {
  const failed = fold([AlertSaveStarted.make({}), AlertSaveFailed.make({ message: "condition.upper: …", fields: { "condition.upper": ["The upper boundary must not be below the lower boundary."] } })]);
  assert.equal(failed.save, { status: "error", message: "condition.upper: …", fields: { "condition.upper": ["The upper boundary must not be below the lower boundary."] }, alert: null });
  assert.is(fold([AlertsChangedElsewhere.make({}), AlertsChangedElsewhere.make({})]).revision, 2);
});

test.run();
