import { act, cleanup, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SavedChart } from "../../../../src/contracts/charts";
import { ClockContext } from "../../../../src/client/app/clock";
import { AppConfigContext } from "../../../../src/client/app/config-context";
import { BusContext } from "../../../../src/client/bus/use-model";
import { CHART_MISSING_TEXT, SavedChartView } from "../../../../src/client/features/charts/views/saved-chart-view";
import { DARK } from "../../../../src/client/ui/theme";
import { defaultChartSettings } from "../../../../src/domain/charts/chart-settings";
import { json } from "../../effect/fake-server";
import { ROOTS, settle, signIn, stateWithKpis, testClient } from "../../support/harness";
import { kpiMeta } from "../../../support/kpi-meta";
import { bucket } from "../../../domain/charts/fixtures";

test.after.each(() => cleanup());

const NOW = Date.UTC(2026, 10, 15);
const KPIS = [kpiMeta(1, { name: "Personnel costs", unit: "currency" }), kpiMeta(2, { name: "Marketing costs", unit: "currency" })];
const STACKED: SavedChart = {
  id: 5,
  name: "Costs by quarter",
  settings: { ...defaultChartSettings([1, 2]), type: "stacked", bucket: "Q", period: { months: 6, endMonth: "2026-09-01" } },
  createdBy: { id: 3, name: "Ada" },
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-01T09:00:00.000Z",
  canEdit: true,
};
const quarters = (first: number, second: number) => [bucket("Q2 2026", "2026-04-01", { actual: first }), bucket("Q3 2026", "2026-07-01", { actual: second })];

/** The view alone, as a dashboard card shows it: the real bus and epics over a fake server. */
async function renderView(chartId: number) {
  const client = testClient(
    {
      "GET /api/charts/5/": () => json(200, STACKED),
      "GET /api/charts/6/": () => json(404, { detail: "Not found." }),
      "GET /api/kpis/history/": () => json(200, { results: { 1: quarters(100, 120), 2: quarters(40, 60) } }),
    },
    { state: stateWithKpis(KPIS) },
  );
  signIn(client);
  let ready = 0;
  const onReady = () => void (ready += 1);
  render(
    <BusContext.Provider value={client.bus}>
      <AppConfigContext.Provider value={{ roots: ROOTS, embedOrigins: [], demo: null }}>
        <ClockContext.Provider value={() => NOW}>
          <ThemeProvider theme={DARK}>
            <SavedChartView chartId={chartId} onReady={onReady} />
          </ThemeProvider>
        </ClockContext.Provider>
      </AppConfigContext.Provider>
    </BusContext.Provider>,
  );
  await act(settle);
  await act(settle);
  return { client, ready: () => ready };
}

test("a saved stacked chart: loads its settings, then its KPIs' history, draws both KPIs' segments stacked, and is ready once", async () => {
  const { client, ready } = await renderView(5);
  assert.equal(
    client.server.calls.map((call) => `${call.method} ${call.path}`),
    ["GET /api/charts/5/", "GET /api/kpis/history/"],
  );
  assert.equal(Object.fromEntries(client.server.calls[1]!.query), { endDate: "2026-09-01", timeRange: "6", bucketSize: "3", idList: "1,2" });
  const svg = document.querySelector("svg[role=img]");
  assert.ok(svg, "an SVG is drawn");
  const bars = [...svg!.querySelectorAll("g.bars rect[data-line]")].map((bar) => ({ line: bar.getAttribute("data-line"), index: Number(bar.getAttribute("data-index")), y: Number(bar.getAttribute("y")), height: Number(bar.getAttribute("height")) }));
  const lines = [...new Set(bars.map((bar) => bar.line))];
  assert.is(lines.length, 2, "a segment per KPI");
  for (const index of [0, 1]) {
    const bottom = bars.find((bar) => bar.line === lines[0] && bar.index === index)!;
    const top = bars.find((bar) => bar.line === lines[1] && bar.index === index)!;
    assert.ok(Math.abs(top.y + top.height - bottom.y) < 0.5, `quarter ${index}: the second KPI sits on the first`);
  }
  assert.is(ready(), 1);
  assert.is(screen.queryByText(CHART_MISSING_TEXT), null);
});

test("a chart that no longer exists (404) says so, draws nothing, and is ready (paper does not wait for it)", async () => {
  const { client, ready } = await renderView(6);
  assert.ok(screen.getByText(CHART_MISSING_TEXT));
  assert.is(CHART_MISSING_TEXT, "This chart no longer exists.");
  assert.is(document.querySelector("svg[role=img]"), null);
  assert.equal(client.server.calls.map((call) => call.path), ["/api/charts/6/"], "no figures asked for");
  assert.is(ready(), 1);
});

test.run();
