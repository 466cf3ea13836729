import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { Link, Route, Switch } from "wouter";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ChartInput, SavedChart } from "../../../../src/contracts/charts";
import { ClockContext } from "../../../../src/client/app/clock";
import { AppConfigContext } from "../../../../src/client/app/config-context";
import { BusContext } from "../../../../src/client/bus/use-model";
import ChartBuilderScreen from "../../../../src/client/features/charts/views/chart-builder-screen";
import { ConfirmProvider } from "../../../../src/client/ui/confirm";
import { NavigationGuardProvider } from "../../../../src/client/ui/navigation-guard";
import { DARK } from "../../../../src/client/ui/theme";
import { defaultChartSettings } from "../../../../src/domain/charts/chart-settings";
import { json } from "../../effect/fake-server";
import { ROOTS, settle, signIn, stateWithKpis, testClient } from "../../support/harness";
import { kpiMeta } from "../../../support/kpi-meta";
import { goTo } from "../../ui/render";

test.after.each(() => cleanup());

const BUILDER = "/reporting/custom-dashboard-helper";
const KPIS = [kpiMeta(1, { name: "Revenue", unit: "currency" })];
const SAVED: SavedChart = { id: 9, name: "Revenue chart", settings: defaultChartSettings([1]), createdBy: { id: 3, name: "Ada" }, createdAt: "2026-11-01T09:00:00.000Z", updatedAt: "2026-11-01T09:00:00.000Z", canEdit: true };

/** The builder in the app's frame: the guard provider, the confirm dialog, a menu link away. */
async function renderBuilder(path: string) {
  goTo(path);
  const client = testClient(
    {
      "GET /api/charts/": () => json(200, { charts: [SAVED] }),
      "GET /api/charts/9/": () => json(200, SAVED),
      "PUT /api/charts/9/": (call) => json(200, { ...SAVED, ...(call.body as ChartInput) }),
      "GET /api/kpis/history/": () => json(200, { results: {} }),
    },
    { state: stateWithKpis(KPIS) },
  );
  signIn(client);
  render(
    <BusContext.Provider value={client.bus}>
      <AppConfigContext.Provider value={{ roots: ROOTS, embedOrigins: [], demo: null }}>
        <ClockContext.Provider value={() => Date.UTC(2026, 10, 15)}>
          <ThemeProvider theme={DARK}>
            <ConfirmProvider>
              <NavigationGuardProvider>
                <Link href="/elsewhere">Elsewhere</Link>
                <Switch>
                  <Route path={BUILDER} component={ChartBuilderScreen} />
                  <Route path="/elsewhere">
                    <h1>Elsewhere</h1>
                  </Route>
                </Switch>
              </NavigationGuardProvider>
            </ConfirmProvider>
          </ThemeProvider>
        </ClockContext.Provider>
      </AppConfigContext.Provider>
    </BusContext.Provider>,
  );
  await act(settle);
  await act(settle);
  return client;
}

const nameBox = () => screen.getByRole("textbox", { name: /^Name/ }) as HTMLInputElement;
const doing = (action: () => void) =>
  act(async () => {
    action();
    await settle();
  });

test("a changed chart asks before leaving; Stay keeps the change; after Save changes nothing is asked", async () => {
  await renderBuilder(`${BUILDER}?chart=9`);
  assert.is(nameBox().value, "Revenue chart");
  // Nothing changed: leaving is not asked about (and back again).
  await doing(() => fireEvent.click(screen.getByRole("link", { name: "Elsewhere" })));
  assert.is(location.pathname, "/elsewhere");
  cleanup();

  const client = await renderBuilder(`${BUILDER}?chart=9`);
  assert.is(screen.queryByRole("button", { name: "Discard changes" }), null);
  await doing(() => fireEvent.change(nameBox(), { target: { value: "Revenue by month" } }));
  await doing(() => fireEvent.click(screen.getByRole("link", { name: "Elsewhere" })));
  const dialog = await screen.findByRole("alertdialog", { name: "Leave this page?" });
  assert.match(dialog.textContent ?? "", /This chart has unsaved changes/);
  await doing(() => fireEvent.click(within(dialog).getByRole("button", { name: "Stay" })));
  assert.is(location.pathname, BUILDER);
  assert.is(nameBox().value, "Revenue by month", "the change is kept");

  await doing(() => fireEvent.click(screen.getByRole("button", { name: "Save changes" })));
  await act(settle);
  assert.equal(client.server.calls.filter((call) => call.method === "PUT").map((call) => (call.body as ChartInput).name), ["Revenue by month"]);
  await doing(() => fireEvent.click(screen.getByRole("link", { name: "Elsewhere" })));
  assert.is(screen.queryByRole("alertdialog"), null, "saved: nothing to lose");
  assert.is(location.pathname, "/elsewhere");
});

test("Discard changes puts the chart back as it was and ends the question", async () => {
  await renderBuilder(`${BUILDER}?chart=9`);
  await doing(() => fireEvent.change(nameBox(), { target: { value: "Something else" } }));
  await doing(() => fireEvent.click(screen.getByRole("button", { name: "Discard changes" })));
  assert.is(nameBox().value, "Revenue chart");
  assert.is(screen.queryByRole("button", { name: "Discard changes" }), null);
  await doing(() => fireEvent.click(screen.getByRole("link", { name: "Elsewhere" })));
  assert.is(screen.queryByRole("alertdialog"), null);
  assert.is(location.pathname, "/elsewhere");
});

test.run();
