import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeServerEvent, monthsText } from "../../../src/domain/notifications/describe-event";
import { monthIndexOf } from "../../../src/domain/months";

const names: Record<number, string> = { 1: "Revenue", 2: "EBITDA", 3: "Headcount" };
const context = { actorName: "Ada Administrator", kpiName: (id: number) => names[id] };
const value = (kpi: number, date: string, amount: number | null = 5) => ({ kpi, date, value: amount });

test("notifications as a table: event → what a person reads", () => {
  const table: [string, unknown, string | null, string | null][] = [
    ["KpiValueEdited", { values: [value(1, "2026-10-01")] }, "Ada Administrator changed Revenue for Oct 2026", "/reporting/kpi-detail/1"],
    ["KpiValueEdited", { values: [value(1, "2026-08-01"), value(1, "2026-10-01"), value(1, "2026-09-01")] }, "Ada Administrator changed Revenue for Aug – Oct 2026", "/reporting/kpi-detail/1"],
    ["KpiValueEdited", { values: [value(1, "2026-12-01"), value(1, "2027-01-01")] }, "Ada Administrator changed Revenue for Dec 2026 – Jan 2027", "/reporting/kpi-detail/1"],
    ["KpiValueEdited", { values: [value(1, "2026-01-01"), value(1, "2026-10-01")] }, "Ada Administrator changed Revenue for 2 months", "/reporting/kpi-detail/1"],
    ["KpiValueEdited", { values: [value(1, "2026-10-01", null)] }, "Ada Administrator removed the values of Revenue for Oct 2026", "/reporting/kpi-detail/1"],
    ["KpiValueEdited", { values: [value(1, "2026-10-01"), value(2, "2026-10-01")] }, "Ada Administrator changed 2 KPIs: Revenue and EBITDA", null],
    ["KpiValueEdited", { values: [value(1, "2026-10-01"), value(2, "2026-10-01"), value(3, "2026-10-01"), value(9, "2026-10-01")] }, "Ada Administrator changed 4 KPIs: Revenue, EBITDA and 2 more", null],
    ["KpiValueEdited", { values: [value(9, "2026-10-01")] }, "Ada Administrator changed a KPI for Oct 2026", "/reporting/kpi-detail/9"],
    ["KpiValueEdited", { values: [] }, null, null], // nothing this reader may see
    ["KpiValueEdited", null, null, null],
    ["PlanningValueEdited", { values: [value(2, "2027-03-01")] }, "Ada Administrator changed the plan of EBITDA for Mar 2027", "/reporting/kpi-detail/2"],
    ["CorporateCurrencyChanged", { code: "USD" }, "Ada Administrator changed the corporate currency to USD", null],
    ["TwoFactorPolicyChanged", { policy: "mandatory" }, "Ada Administrator made two-factor authentication mandatory for everyone", "/settings/two-factor-auth"],
    ["ReportApproved", { reportId: 3 }, "Report approved by Ada Administrator", null],
    ["UserSignedIn", { userId: 4 }, null, null],
    ["FavoriteAdded", { kpi: 1 }, null, null],
  ];
  for (const [type, payload, text, href] of table) {
    const described = describeServerEvent(type, payload, context);
    assert.equal(described, text === null ? null : { text, href }, `${type} ${JSON.stringify(payload)}`);
  }
});

test("an actor without a name is 'Someone'", () => {
  assert.is(describeServerEvent("ReportApproved", {}, { ...context, actorName: null })?.text, "Report approved by Someone");
});

test("month runs read as ranges", () => {
  const months = (...dates: string[]) => dates.map(monthIndexOf);
  assert.is(monthsText(months("2026-10-01", "2026-10-01")), "Oct 2026");
  assert.is(monthsText(months("2026-11-01", "2026-12-01")), "Nov – Dec 2026");
});

test.run();
