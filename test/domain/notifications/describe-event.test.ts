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
    ["ForecastValueEdited", { forecastId: 4, values: [value(1, "2027-01-01"), value(1, "2027-02-01")] }, "Ada Administrator changed the forecast of Revenue for Jan – Feb 2027", "/reporting/kpi-detail/1"],
    ["ForecastValueEdited", { values: [value(1, "2027-01-01", null)] }, "Ada Administrator removed the forecast of Revenue for Jan 2027", "/reporting/kpi-detail/1"],
    ["KpiDimensionValuesUploaded", { values: [{ kpi: 1, months: ["2026-04-01"], count: 2 }] }, "Ada Administrator uploaded values by dimension of Revenue", "/reporting/kpi-detail/1"],
    ["KpiDimensionValuesUploaded", { values: [{ kpi: 1 }, { kpi: 2 }] }, "Ada Administrator uploaded values by dimension of 2 KPIs", null],
    ["KpiDimensionValuesUploaded", { values: [] }, null, null],
    ["UploadImported", { id: 3, userId: 1 }, null, null],
    ["CorporateCurrencyChanged", { code: "USD" }, "Ada Administrator changed the corporate currency to USD", null],
    ["TwoFactorPolicyChanged", { policy: "mandatory" }, "Ada Administrator made two-factor authentication mandatory for everyone", "/settings/two-factor-auth"],
    ["ReportApproved", { reportId: 3 }, "Report approved by Ada Administrator", null],
    ["QueryActivated", { queryId: 4, kpiId: 3, months: 12 }, "Ada Administrator activated the query for Headcount: its results are the KPI's values now", "/query-builder/4"],
    ["QueryDeactivated", { queryId: 4, kpiId: 3, values: "delete" }, "Ada Administrator deactivated the query for Headcount and deleted its values", "/query-builder/4"],
    ["QueryDeleted", { queryId: 4, kpiId: 3 }, "Ada Administrator deleted the query for Headcount", "/query-builder"],
    ["KpiValueEdited", { values: [value(1, "2026-10-01"), value(2, "2026-10-01")], source: "accounting" }, "Ada Administrator changed 2 KPIs: Revenue and EBITDA from the accounting import", null],
    ["AccountingImportUploaded", { fileName: "books.zip", bookings: 1475 }, "Ada Administrator imported the accounting archive books.zip (1,475 bookings)", "/integration/accounting/wizard"],
    ["AccountingImportDeleted", { importId: 3 }, "Ada Administrator deleted the accounting import", "/integration/accounting/wizard"],
    ["AccountingSetupCompleted", { values: 84, firstMonth: "2025-11-01", lastMonth: "2026-10-01" }, "Ada Administrator completed the accounting setup: the P&L's actuals for Nov 2025 – Oct 2026 come from the bookings", "/integration/accounting/wizard"],
    ["AccountingSetupCompleted", { values: 0, firstMonth: null, lastMonth: null }, "Ada Administrator completed the accounting setup: the P&L's actuals come from the bookings", "/integration/accounting/wizard"],
    ["WarehouseDataUploaded", { kind: "deals", rows: 318, fileName: "crm.csv" }, "Ada Administrator uploaded 318 deals", "/warehouse/raw-data"],
    ["WarehouseDataUploaded", { kind: "sales-targets", rows: 1, fileName: "t.csv" }, "Ada Administrator uploaded 1 sales target", "/warehouse/raw-data"],
    ["WarehouseSnapshotTaken", { snapshotId: 7, name: "Q3 close", asOf: "2026-09-30" }, "Ada Administrator kept the pipeline snapshot “Q3 close”", "/warehouse/snapshots/7"],
    ["WarehouseSnapshotDeleted", { snapshotId: 7, name: "Q3 close" }, "Ada Administrator deleted the pipeline snapshot “Q3 close”", "/warehouse/snapshots"],
    ["UserSignedIn", { userId: 4 }, null, null],
    ["SessionEnded", { userId: 4, reason: "logout" }, null, null],
    ["FavoriteAdded", { kpi: 1 }, null, null],
    ["KpiValueEdited", { values: [value(1, "2026-01-01"), value(1, "2026-02-01")], integration: { id: 4, name: "Ledger" } }, "The integration Ledger changed Revenue for Jan – Feb 2026", "/reporting/kpi-detail/1"],
    ["IntegrationConnected", { integrationId: 4, name: "Ledger" }, "Ada Administrator connected the integration Ledger", "/integration/4"],
    ["IntegrationReconnected", { integrationId: 4, name: "Ledger" }, "Ada Administrator reconnected the integration Ledger", "/integration/4"],
    ["IntegrationRemoved", { integrationId: 4, name: "Ledger" }, "Ada Administrator removed the integration Ledger", null],
    ["IntegrationSyncRequested", { integrationId: 4, name: "Ledger" }, null, null],
    ["IntegrationSyncFinished", { integrationId: 4, name: "Ledger", status: "connected", values: 24 }, "The integration Ledger synchronized 24 values", "/integration/4"],
    ["IntegrationSyncFinished", { integrationId: 4, name: "Ledger", status: "needs_sign_in", values: 0 }, "The integration Ledger did not synchronize: The integration requires a new sign in.", "/integration/4"],
    ["IntegrationSyncFinished", { integrationId: 4, name: "Ledger", status: "recalculating_error", values: 0 }, "The integration Ledger did not synchronize: KPIs recalculating error", "/integration/4"],
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
