import { cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialState } from "../../../../src/client/app/state";
import { useReportingPeriodItems } from "../../../../src/client/features/kpis/views/reporting-period";
import { FilterBar } from "../../../../src/client/ui/filter-bar";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const NOW = Date.parse("2026-11-23T10:00:00Z");

function Bar() {
  const { items, resetReportingPeriod } = useReportingPeriodItems();
  return <FilterBar label="Report filters" items={items} onReset={resetReportingPeriod} layout="inline" />;
}

test("the reporting month and left-out months sit in the filter bar; reset returns to the last complete month", async () => {
  const kpis = { ...initialState.kpis, settingsLoaded: true, period: { endDate: "2026-06-01", ignoreLastMonths: 2 } };
  const view = await renderWithBus(<Bar />, { state: { kpis }, now: () => NOW });
  assert.is((screen.getByLabelText("Reporting month") as HTMLInputElement).value, "2026-06");
  assert.is((screen.getByLabelText("Leave out last months") as HTMLSelectElement).value, "2");
  fireEvent.click(screen.getByRole("button", { name: /Reset/ }));
  assert.equal(view.commands.at(-1), { _tag: "ChangeReportingPeriod", endDate: null, ignoreLastMonths: 0 });
});

test("without a chosen month the bar shows the last complete month, and leaving out months keeps following it", async () => {
  const kpis = { ...initialState.kpis, settingsLoaded: true };
  const view = await renderWithBus(<Bar />, { state: { kpis }, now: () => NOW });
  assert.is((screen.getByLabelText("Reporting month") as HTMLInputElement).value, "2026-10");
  fireEvent.change(screen.getByLabelText("Leave out last months"), { target: { value: "1" } });
  assert.equal(view.commands.at(-1), { _tag: "ChangeReportingPeriod", endDate: null, ignoreLastMonths: 1 });
});

test.run();
