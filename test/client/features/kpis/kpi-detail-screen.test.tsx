import { cleanup, screen, within } from "@testing-library/react";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiAggregatesResult, KpiMeta } from "../../../../src/contracts/kpis";
import { initialKpis, type KpisModel } from "../../../../src/client/features/kpis/model";
import KpiDetailScreen from "../../../../src/client/features/kpis/views/kpi-detail-screen";
import { renderWithBus } from "../../support/dom";
import { kpiMeta } from "../../../support/kpi-meta";

test.after.each(() => {
  cleanup();
  window.history.replaceState(null, "");
});

const grossProfit = kpiMeta(1, { key: "gross_profit", name: "Gross profit", unit: "currency" });
const revenue = kpiMeta(2, { key: "revenue", name: "Revenue", unit: "currency" });
const margin = kpiMeta(7, { key: "gross_margin", name: "Gross margin", unit: "percentage", isCalculated: true, formula: "gross_profit / revenue * 100", periodRule: "weighted", writable: false });

// Reporting month Oct 2026 (the clock is in November), calendar fiscal year: YTD Jan – Oct 2026.
const AGGREGATES: KpiAggregatesResult = {
  ytd: {
    actualValue: 62,
    planningValue: 60,
    lastYearValue: null,
    forecastValue: null,
    actualPlanningValue: 62,
    actualForecastValue: 62,
    closestDate: "2026-10-01",
    monthCounts: { period: 10, actualValue: 10, planningValue: 4, lastYearValue: 0, forecastValue: 0, actualPlanningValue: 10, actualForecastValue: 10 },
    actualVsPlanning: { months: 4, actualValue: 63, planningValue: 60 },
    actualVsLastYear: { months: 0, actualValue: null, lastYearValue: null },
  },
  ltm: {
    value: 61,
    fullForecastValue: null,
    fullPlanningValue: 60,
    actualPlanningValue: 61,
    actualForecastValue: 61,
    monthCounts: { period: 12, value: 12, fullForecastValue: 0, fullPlanningValue: 4, actualPlanningValue: 12, actualForecastValue: 12 },
    actualVsPlanning: { months: 4, actualValue: 63, planningValue: 60 },
  },
  fullyear: {
    forecastProjectedValue: null,
    planningValue: 60,
    lastYearValue: 58,
    forecastValue: null,
    actualPlanningValue: 61,
    actualForecastValue: 62,
    monthCounts: { period: 12, forecastProjectedValue: 0, planningValue: 6, lastYearValue: 12, forecastValue: 0, actualPlanningValue: 12, actualForecastValue: 10 },
  },
};

const NOW = Date.UTC(2026, 10, 15);

async function renderDetail(kpis: readonly KpiMeta[], over: Partial<KpisModel> = {}, path = "/reporting/kpi-detail/7") {
  const kpisState: KpisModel = {
    ...initialKpis,
    meta: { status: "loaded", message: null, kpis, answers: 0, refreshing: false, requestedAt: 0 },
    settingsLoaded: true,
    aggregates: { "detail/7": { status: "loaded", params: "", data: { 7: AGGREGATES }, message: null } },
    ...over,
  };
  return renderWithBus(
    <Router hook={memoryLocation({ path }).hook}>
      <Route path="/reporting/kpi-detail/:kpiId" component={KpiDetailScreen} />
    </Router>,
    { state: { kpis: kpisState } as never, now: () => NOW },
  );
}

const crumbs = () => within(screen.getByRole("navigation", { name: "Breadcrumb" })).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);

test("the header: breadcrumbs to the KPI's dashboard, the unit without a currency for a percentage, the period rule in words", async () => {
  await renderDetail([grossProfit, revenue, margin]);
  assert.is(screen.getByRole("heading", { level: 1 }).textContent, "Gross margin");
  assert.equal(crumbs(), [
    ["Operational dashboard", "/reporting/operational-dashboard"],
    ["Gross margin", "/reporting/kpi-detail/7"],
  ]);
  const header = screen.getByRole("heading", { level: 1 }).closest("header")!.textContent ?? "";
  assert.match(header, /Sales · Percent · higher is better/);
  assert.not.match(header, /EUR|€/, "a percentage is never titled with a currency");
  assert.match(header, /Period figures: Gross profit ÷ Revenue × 100 over the period's sums/);
});

test("the breadcrumbs follow the screen the opening link named", async () => {
  window.history.replaceState({ from: "/reporting/strategic-dashboard" }, "");
  await renderDetail([margin]);
  assert.equal(crumbs()[0], ["Strategic dashboard", "/reporting/strategic-dashboard"]);
  cleanup();
  window.history.replaceState({ from: "https://elsewhere.example/" }, "");
  await renderDetail([margin]);
  assert.equal(crumbs()[0], ["Operational dashboard", "/reporting/operational-dashboard"], "an unknown origin falls back to the KPI's dashboard");
});

test("the windows say how many months stand behind a figure and compare like with like", async () => {
  await renderDetail([margin]);
  const ytd = screen.getByRole("region", { name: "Year to date" });
  assert.match(ytd.textContent ?? "", /Jan – Oct 2026/);
  assert.match(ytd.textContent ?? "", /Plan4 of 10 months60\.0 %/);
  assert.match(ytd.textContent ?? "", /Actual vs\. planover the 4 of 10 months with both\+5\.0 %/);
  assert.match(ytd.textContent ?? "", /Actual vs\. last yearno last year/);
  const year = screen.getByRole("region", { name: "Full year FY 2026" });
  assert.match(year.textContent ?? "", /Forecastnone/);
  assert.match(year.textContent ?? "", /Forecast vs\. planno forecast/);
  assert.not.match(document.body.textContent ?? "", /999/);
  assert.is(screen.getByTestId("ytd-actual").textContent, "62.0 %");
});

test("a KPI that does not exist says so, with a way back; loading and failed catalogues show their states", async () => {
  await renderDetail([grossProfit]);
  assert.is(screen.getByRole("heading", { level: 1 }).textContent, "KPI not found");
  assert.ok(screen.getByText("This KPI does not exist, or you may not see it."));
  assert.is(screen.getByRole("link", { name: "Back to the operational dashboard" }).getAttribute("href"), "/reporting/operational-dashboard");
  cleanup();
  await renderDetail([], { meta: { status: "loading", message: null, kpis: [], answers: null, refreshing: false, requestedAt: 0 } });
  assert.ok(screen.getByRole("status").textContent?.includes("Loading KPI…"));
  cleanup();
  await renderDetail([], { meta: { status: "error", message: "The server is not reachable.", kpis: [], answers: null, refreshing: false, requestedAt: 0 } });
  assert.match(screen.getByRole("alert").textContent ?? "", /The server is not reachable\./);
  assert.ok(screen.getByRole("button", { name: "Try again" }));
});

test.run();
