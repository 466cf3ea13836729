import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeServerEvent, SILENT_EVENTS } from "../../../src/domain/notifications/describe-event";

const context = { actorName: "Bo Builder", kpiName: () => undefined, dashboardName: (id: number) => (id === 7 ? "Board room" : undefined) };

test("others' changes to a custom dashboard are said with its name and lead to it", () => {
  assert.equal(describeServerEvent("DashboardLayoutChanged", { dashboardId: 7, revision: 4, cardIds: [1] }, context), { text: "Bo Builder moved or resized cards on the custom dashboard “Board room”", href: "/reporting/custom-dashboard/7" });
  assert.equal(describeServerEvent("CustomDashboardChanged", { dashboardId: 7, revision: 5, locked: true }, context)?.text, "Bo Builder locked the custom dashboard “Board room”");
  assert.equal(describeServerEvent("CustomDashboardChanged", { dashboardId: 7, revision: 5, name: "Boardroom" }, context)?.text, "Bo Builder renamed the custom dashboard “Board room” to “Boardroom”");
  assert.equal(describeServerEvent("DashboardCardAdded", { dashboardId: 9, revision: 2, cardId: 3 }, context), { text: "Bo Builder added a card to a custom dashboard", href: "/reporting/custom-dashboard/9" });
  assert.equal(describeServerEvent("CustomDashboardDeleted", { dashboardId: 7 }, context), { text: "Bo Builder deleted the custom dashboard “Board room”", href: "/reporting/custom" });
  assert.ok(SILENT_EVENTS.has("CustomDashboardsReordered"));
});

test.run();
