import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialState } from "../../../../src/client/app/state";
import { DashboardView } from "../../../../src/client/features/kpis/views/dashboard-view";
import type { KpiMeta, KpiMonthValue } from "../../../../src/contracts/kpis";
import { kpiMeta } from "../../../support/kpi-meta";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const NOW = Date.parse("2026-11-23T10:00:00Z");
const benchmarks = { valueBottom25: 80, valueMedian50: 100, valueTop25: 120, top5: 150 };
const deals = kpiMeta(1, { name: "Deals won", benchmarks });
const churn = kpiMeta(2, { name: "Churned customers", higherIsBetter: false, benchmarks, category: { id: 2, name: "Customers", kind: "kpi", isComplex: false, flexibleColumnsConfig: [] } });
const month = (date: string, value: number | null, planningValue: number | null): KpiMonthValue => ({ date, value, planningValue, lastYearValue: null, forecastValue: null });

function loadedState(kpis: KpiMeta[], values: { id: number; values: KpiMonthValue[] }[], favorites: number[] = []) {
  return {
    kpis: {
      ...initialState.kpis,
      settingsLoaded: true,
      favorites,
      meta: { status: "loaded" as const, message: null, kpis, answers: 0, refreshing: false, requestedAt: 0 },
      values: { operational: { status: "loaded" as const, params: "", data: values, message: null } },
    },
  };
}

test("the operational dashboard: one bucket legend, a folding section per category, performers opening the KPI", async () => {
  const state = loadedState(
    [deals, churn],
    [
      { id: 1, values: [month("2026-09-01", 100, 100), month("2026-10-01", 130, 100)] },
      { id: 2, values: [month("2026-09-01", 100, 100), month("2026-10-01", 130, 100)] },
    ],
  );
  const { commands } = await renderWithBus(<DashboardView kind="operational" title="Operational dashboard" />, { state, now: () => NOW });
  assert.is(screen.getByRole("heading", { level: 1 }).textContent, "Operational dashboard");
  assert.match(screen.getByText(/Every KPI by category for Oct 2026/).textContent ?? "", /Oct 2026/);
  assert.is(screen.getAllByRole("list", { name: "Benchmark" }).length, 1);

  const sales = screen.getByRole("button", { name: /^Sales/ });
  assert.is(sales.getAttribute("aria-expanded"), "true");
  fireEvent.click(sales);
  assert.equal(commands.at(-1), { _tag: "FoldDashboardCategory", dashboard: "operational", category: "Sales", folded: true });

  const high = screen.getByRole("region", { name: "High performers" });
  assert.is(within(high).getByRole("link", { name: "Deals won" }).getAttribute("href"), "/reporting/kpi-detail/1");
  assert.match(high.textContent ?? "", /\+30\.0 % vs plan/);
  const low = screen.getByRole("region", { name: "Low performers" });
  assert.is(within(low).getByRole("link", { name: "Churned customers" }).getAttribute("href"), "/reporting/kpi-detail/2");
});

test("my dashboard without favorites says how to get some and loads no values", async () => {
  const view = await renderWithBus(<DashboardView kind="favorites" title="My dashboard" />, { state: loadedState([deals], []), now: () => NOW });
  assert.ok(screen.getByRole("heading", { name: "No favorite KPIs yet" }));
  assert.ok(screen.getByRole("form", { name: "Dashboard filters" }));
  assert.is(view.commands.filter((command) => command._tag === "LoadKpiValues").length, 0);
});

test("a category the person folded stays folded: its section hides its cards", async () => {
  const loaded = loadedState([deals], [{ id: 1, values: [month("2026-09-01", 100, 100), month("2026-10-01", 130, 100)] }]);
  const state = { kpis: { ...loaded.kpis, folded: { operational: ["Sales"], strategic: [] } } };
  await renderWithBus(<DashboardView kind="operational" title="Operational dashboard" />, { state, now: () => NOW });
  assert.is(screen.getByRole("button", { name: /^Sales/ }).getAttribute("aria-expanded"), "false");
  assert.ok(screen.getByRole("article", { name: "Deals won", hidden: true }).closest("[hidden]"), "the folded section hides its cards");
});

test.run();
