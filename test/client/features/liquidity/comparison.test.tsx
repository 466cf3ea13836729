// The comparison's figures and table, and the merge dialog, rendered as a person sees them.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SCENARIO_MERGE_FAILED } from "../../../../src/contracts/liquidity";
import { LiquidityActionFailed } from "../../../../src/contracts/messages/liquidity";
import { initialLiquidity } from "../../../../src/client/features/liquidity/model";
import { spreadLabels } from "../../../../src/client/features/liquidity/views/balance-chart";
import { Comparison } from "../../../../src/client/features/liquidity/views/comparison-card";
import { MergeDialog } from "../../../../src/client/features/liquidity/views/scenarios-screen";
import { renderWithBus } from "../../support/dom";
import { projection, scenario } from "./fixtures";

test.after.each(() => cleanup());

test("each scenario's lowest balance and runway are written out, and the table has every month-end balance", async () => {
  const base = { scenario: scenario(1, "Base"), projection: projection(1, 100_000, 10_000) };
  const hireLater = { scenario: scenario(2, "Hire later"), projection: { ...projection(2, 100_000, 40_000), runway: { months: 2, runsOutOn: "2026-08-20" }, lowest: { date: "2026-08-31", amount: -20_000 } } };
  await renderWithBus(<Comparison entries={[base, hireLater]} view="months" />);
  const figures = (name: string) => within(screen.getByTestId(`figures-${name}`));
  assert.match(figures("Base").getByTestId("lowest").textContent ?? "", /Lowest balance: €70,000 on 31 Aug 2026/);
  assert.match(figures("Base").getByTestId("runway").textContent ?? "", /Runway: more than 3 months/);
  assert.match(figures("Hire later").getByTestId("lowest").textContent ?? "", /Lowest balance: −?-?€20,000 on 31 Aug 2026/);
  assert.match(figures("Hire later").getByTestId("runway").textContent ?? "", /Runway: 2 months \(cash runs out on 20 Aug 2026\)/);
  const table = screen.getByRole("table");
  const rows = within(table).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent).join(" | "));
  assert.equal(rows, ["Month | Base | Hire later", "Jun 2026 | €90,000 | €60,000", "Jul 2026 | €80,000 | €20,000", "Aug 2026 | €70,000 | -€20,000"]);
  assert.ok(screen.getByRole("img", { name: /Balance of Base, Hire later by month, in EUR/ }), "the chart is named");
  assert.equal(within(screen.getByRole("list", { name: "Legend" })).getAllByRole("listitem").map((item) => item.textContent), ["Base", "Hire later"]);
});

test("the weekly view shows the weeks; actuals add their own column and legend entry", async () => {
  const withActuals = { ...projection(1, 100_000, 10_000), actuals: [{ month: "2026-06-01", actual: 95_000, planned: 90_000, gap: 5_000 }] };
  const view = await renderWithBus(<Comparison entries={[{ scenario: scenario(1, "Base"), projection: withActuals }]} view="months" />);
  assert.ok(screen.getByRole("columnheader", { name: "Actual" }));
  assert.ok(screen.getByText("Actual balance (cash KPI)"));
  assert.match(screen.getByTestId("figures-Base").textContent ?? "", /Actual vs plan in Jun 2026: €95,000 against €90,000 \(\+€5,000\)/);
  view.unmount();
  await renderWithBus(<Comparison entries={[{ scenario: scenario(1, "Base"), projection: withActuals }]} view="weeks" />);
  const rows = within(screen.getByRole("table")).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent).join(" | "));
  assert.equal(rows, ["Week from | Base", "1 Jun 2026 | €97,500"]);
});

test("the merge dialog refuses one scenario twice, sends two, and shows a refused merge's conflicting IDs", async () => {
  const scenarios = [scenario(1, "Base"), scenario(2, "Hire later"), scenario(3, "Old", { status: "approved" })];
  const view = await renderWithBus(<MergeDialog scenarios={scenarios} drafts={scenarios.slice(0, 2)} onClose={() => {}} />, { state: { liquidity: initialLiquidity } });
  fireEvent.change(screen.getByLabelText("Second scenario"), { target: { value: "1" } });
  fireEvent.click(screen.getByRole("button", { name: "Merge" }));
  assert.match(document.body.textContent ?? "", /Choose two different scenarios to merge\./);
  assert.equal(view.commands, []);
  fireEvent.change(screen.getByLabelText("Second scenario"), { target: { value: "3" } });
  fireEvent.change(screen.getByLabelText(/Name of the merged scenario/), { target: { value: "Both" } });
  fireEvent.click(screen.getByRole("button", { name: "Merge" }));
  assert.equal(view.commands, [{ _tag: "MergeLiquidityScenarios", firstId: 1, secondId: 3, name: "Both" }]);
  await act(async () => {
    view.bus.receive(LiquidityActionFailed.make({ action: "scenario-merge", target: null, message: SCENARIO_MERGE_FAILED, fields: {}, conflicts: ["E-7"], rows: [] }), "local");
  });
  assert.match(screen.getByTestId("merge-error").textContent ?? "", /Error while merging scenarios\. These employee IDs differ between the two scenarios: E-7\./);
});

test("lowest-balance labels on the same spot are stacked apart and kept inside the plot", () => {
  assert.equal(spreadLabels([100, 100, 100], 10, 296), [100, 114, 128]);
  assert.equal(spreadLabels([290, 290], 10, 296), [282, 296], "pushed past the bottom: the stack moves up");
  assert.equal(spreadLabels([50, 5], 10, 296), [50, 10], "each keeps its own order");
});

test.run();
