import { act, cleanup, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AppState } from "../../../../../src/client/app/state";
import { ClockContext } from "../../../../../src/client/app/clock";
import { BusContext } from "../../../../../src/client/bus/use-model";
import { KpiDeepDrillTab, NO_DEEP_DRILL_ACCESS } from "../../../../../src/client/features/kpi-analysis/views/kpi-deep-drill-tab";
import { DARK } from "../../../../../src/client/ui/theme";
import { json } from "../../../effect/fake-server";
import { settle, signIn, stateWithKpis, testClient } from "../../../support/harness";
import { kpiMeta } from "../../../../support/kpi-meta";

test.after.each(() => cleanup());

const NOW = Date.UTC(2026, 6, 15); // the reporting month is June 2026
const MARGIN = kpiMeta(1, { name: "Gross margin", unit: "percentage", isCalculated: true, formula: "gross_profit / revenue * 100" });
const KPIS = [MARGIN, kpiMeta(2, { name: "Gross profit", unit: "currency", isCalculated: true }), kpiMeta(3, { name: "Revenue", unit: "currency" })];
const DRILLS = {
  drills: [
    { type: "dimensions", label: "Dimensions", available: false, reason: "Gross margin is calculated, so it has no values by dimension of its own." },
    { type: "root-cause", label: "Root cause", available: true, reason: null },
    { type: "pnl-analysis", label: "P&L analysis", available: true, reason: null },
  ],
  defaultType: "root-cause",
};
const ROOT_CAUSE = {
  type: "root-cause",
  kpiId: 1,
  periodLabel: "Jun 2026",
  baseLabel: "May 2026",
  value: 66.7,
  base: 70,
  formula: "Gross profit ÷ Revenue × 100",
  method: "shapley",
  unattributed: null,
  inputs: [
    { key: "gross_profit", kpiId: 2, name: "Gross profit", unit: "currency", hidden: false, drillable: true, base: 140, value: 200, effect: 25 },
    { key: "revenue", kpiId: 3, name: "Revenue", unit: "currency", hidden: false, drillable: false, base: 200, value: 300, effect: -28.3 },
  ],
  aggregationEffect: null,
};

function withPermissions(permissions: string[]): AppState {
  const state = stateWithKpis(KPIS);
  const profile = { id: 7, email: "ada@demo.example", first_name: "Ada", last_name: "A", features: [], is_holding_instance: false, access_custom_dashboard: false, is_staff: false, user_permissions: [], groups: [{ id: 1, name: "Group", permissions }], two_factor: { enabled: true, required: false } };
  return { ...state, session: { ...state.session, profile } } as unknown as AppState;
}

async function renderTab(permissions: string[], rest: string[] = []) {
  const client = testClient({ "GET /api/kpis/1/deep-drills/": () => json(200, DRILLS), "GET /api/kpis/1/deep-drills/root-cause/": () => json(200, ROOT_CAUSE) }, { state: withPermissions(permissions) });
  signIn(client);
  render(
    <BusContext.Provider value={client.bus}>
      <ClockContext.Provider value={() => NOW}>
        <ThemeProvider theme={DARK}>
          <KpiDeepDrillTab kpi={MARGIN} rest={rest} />
        </ThemeProvider>
      </ClockContext.Provider>
    </BusContext.Provider>,
  );
  await act(() => settle());
  return client;
}

test("without the deep-drill permission: said plainly, nothing asked of the server", async () => {
  const client = await renderTab(["read_most_sensitive"]);
  assert.ok(screen.getByText(NO_DEEP_DRILL_ACCESS));
  assert.is(client.server.calls.length, 0);
});

test("the first drill that applies opens; the one that does not says why; an input opens its own drill", async () => {
  const client = await renderTab(["access_deep_drills", "read_most_sensitive"]);
  await act(() => settle());
  const tabs = screen.getByRole("navigation", { name: "Deep drills" });
  assert.equal([...tabs.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("aria-current")]), [["Root cause", "page"], ["P&L analysis", null]]);
  assert.ok(screen.getByText(/has no values by dimension of its own/));
  assert.equal(Object.fromEntries(client.server.calls.at(-1)!.query), { endDate: "2026-06-01", period: "month", compare: "previous" });
  assert.ok(screen.getByText("Gross margin moved from 70.0 % (May 2026) to 66.7 % (Jun 2026), −3.3 pp. Revenue moved it most (−28.3 pp)."));
  assert.is(screen.getByRole("link", { name: "Drill into Gross profit" }).getAttribute("href"), "/reporting/kpi-detail/1/drill/root-cause/2");
  assert.ok(screen.getByText(/unavailable for custom date ranges/));
});

test.run();
