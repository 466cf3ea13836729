import { cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialState } from "../../../../src/client/app/state";
import { DashboardFilterBar } from "../../../../src/client/features/kpis/views/dashboard-filters";
import { DEFAULT_DASHBOARD_FILTER } from "../../../../src/contracts/kpis";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const NOW = Date.parse("2026-11-23T10:00:00Z");

test("Reset returns every filter the bar shows to its default, the reporting month included", async () => {
  const kpis = {
    ...initialState.kpis,
    settingsLoaded: true,
    period: { endDate: "2026-06-01", ignoreLastMonths: 1 },
    filters: { ...initialState.kpis.filters, operational: { ...DEFAULT_DASHBOARD_FILTER, trendDuration: 3, down: false } },
  };
  const view = await renderWithBus(<DashboardFilterBar dashboard="operational" />, { state: { kpis }, now: () => NOW });
  assert.is((screen.getByLabelText("Reporting month") as HTMLInputElement).value, "2026-06");
  assert.is((screen.getByLabelText("Trend over") as HTMLSelectElement).value, "3");
  fireEvent.click(screen.getByRole("button", { name: "Reset filters" }));
  assert.equal(view.commands, [
    { _tag: "ChangeReportingPeriod", endDate: null, ignoreLastMonths: 0 },
    { _tag: "ChangeDashboardFilter", dashboard: "operational", filter: DEFAULT_DASHBOARD_FILTER },
  ]);
});

test("the trend directions are one group of checkboxes; nothing changed, nothing to reset", async () => {
  const kpis = { ...initialState.kpis, settingsLoaded: true };
  const view = await renderWithBus(<DashboardFilterBar dashboard="strategic" />, { state: { kpis }, now: () => NOW });
  assert.is((screen.getByRole("button", { name: "Reset filters" }) as HTMLButtonElement).disabled, true);
  fireEvent.click(screen.getByRole("checkbox", { name: "No trend" }));
  assert.equal(view.commands, [{ _tag: "ChangeDashboardFilter", dashboard: "strategic", filter: { ...DEFAULT_DASHBOARD_FILTER, null: false } }]);
});

test("my dashboard's bar holds the period only", async () => {
  const kpis = { ...initialState.kpis, settingsLoaded: true };
  await renderWithBus(<DashboardFilterBar />, { state: { kpis }, now: () => NOW });
  assert.is((screen.getByLabelText("Reporting month") as HTMLInputElement).value, "2026-10");
  assert.ok(screen.getByLabelText("Leave out last months"));
  assert.is(screen.queryByLabelText("Trend over"), null);
});

test.run();
