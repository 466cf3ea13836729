import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ChartBuilderForm } from "../../../../src/client/features/charts/views/chart-builder-form";
import { PivotTableView } from "../../../../src/client/features/charts/views/pivot-table-view";
import type { ChartSettings } from "../../../../src/contracts/charts";
import { defaultChartSettings } from "../../../../src/domain/charts/chart-settings";
import { pivotTable } from "../../../../src/domain/charts/pivot-table";
import { kpiMeta } from "../../../support/kpi-meta";
import { bucket } from "../../../domain/charts/fixtures";
import { fakeLayout, renderUi, wait } from "../../ui/render";

test.after.each(() => cleanup());

const catalogue = [kpiMeta(1, { name: "Revenue" }), kpiMeta(2, { name: "Personnel costs" }), kpiMeta(3, { name: "Marketing costs" })];

/** The form as the builder holds it: its settings in state, every change kept and reported. */
function Harness({ errors = {}, seen }: { errors?: Record<string, string[]>; seen: ChartSettings[] }) {
  const [settings, setSettings] = useState(defaultChartSettings());
  const [name, setName] = useState("");
  return (
    <ChartBuilderForm
      name={name}
      settings={settings}
      catalogue={catalogue}
      reportingMonth="2026-10-01"
      onName={setName}
      onChange={(next) => {
        seen.push(next);
        setSettings(next);
      }}
      errors={errors}
    />
  );
}

test("KPIs are found by search and added in order, moved and removed; type, bucket and series change the settings", () => {
  const seen: ChartSettings[] = [];
  renderUi(<Harness seen={seen} />);
  const search = screen.getByLabelText("Search KPIs to add");
  fireEvent.change(search, { target: { value: "costs" } });
  assert.equal(within(screen.getByRole("list", { name: "Matching KPIs" })).getAllByRole("button").map((button) => button.textContent), ["Add Personnel costs", "Add Marketing costs"]);
  fireEvent.click(screen.getByRole("button", { name: "Add Marketing costs" }));
  fireEvent.change(search, { target: { value: "rev" } });
  fireEvent.click(screen.getByRole("button", { name: "Add Revenue" }));
  assert.equal(seen.at(-1)!.kpiIds, [3, 1]);
  fireEvent.click(screen.getByRole("button", { name: "Move Revenue up" }));
  assert.equal(seen.at(-1)!.kpiIds, [1, 3]);
  fireEvent.click(screen.getByRole("button", { name: "Remove Marketing costs" }));
  assert.equal(seen.at(-1)!.kpiIds, [1]);

  fireEvent.click(within(screen.getByRole("group", { name: "Chart type" })).getByLabelText("Percentage stacked"));
  assert.is(seen.at(-1)!.type, "percentStacked");
  fireEvent.click(within(screen.getByRole("group", { name: "Bucket size" })).getByLabelText("HY"));
  assert.is(seen.at(-1)!.bucket, "HY");
  fireEvent.click(within(screen.getByRole("group", { name: "Series" })).getByLabelText("Forecast"));
  assert.equal(seen.at(-1)!.series, ["actual", "forecast"]);
  fireEvent.click(screen.getByLabelText("Value labels"));
  assert.is(seen.at(-1)!.axis.valueLabels, true);
});

test("the pivot options show for a pivot table: rows, subtotals, totals and the sort", () => {
  const seen: ChartSettings[] = [];
  renderUi(<Harness seen={seen} />);
  assert.is(screen.queryByLabelText("Subtotals per fiscal year"), null, "not for a bar chart");
  fireEvent.click(within(screen.getByRole("group", { name: "Chart type" })).getByLabelText("Pivot table"));
  fireEvent.click(screen.getByLabelText("Subtotals per fiscal year"));
  fireEvent.click(screen.getByLabelText("Total"));
  fireEvent.click(within(screen.getByRole("group", { name: "Rows" })).getByLabelText("Periods"));
  fireEvent.change(screen.getByLabelText("Sort rows"), { target: { value: "valueDescending" } });
  assert.equal(seen.at(-1)!.pivot, { rows: "periods", subtotals: true, totals: false, sort: "valueDescending", rowOrder: [] });
});

test("the ending follows the reporting month, in words, until a month is chosen; it can follow it again", async () => {
  const seen: ChartSettings[] = [];
  renderUi(<Harness seen={seen} />);
  const ending = screen.getByRole("group", { name: "Ending" });
  assert.match(ending.textContent ?? "", /Follows the reporting month\s*now Oct 2026/);
  assert.is(ending.querySelector("input"), null, "no empty month box");
  fireEvent.click(within(ending).getByRole("button", { name: "Choose a month" }));
  assert.is(seen.at(-1)!.period.endMonth, "2026-10-01", "starts at the reporting month");
  const month = within(ending).getByLabelText("Last month") as HTMLInputElement;
  assert.is(month.type, "month");
  assert.is(month.value, "2026-10");
  await wait();
  assert.is(document.activeElement, month, "focus moves to the month");
  fireEvent.change(month, { target: { value: "2025-12" } });
  assert.is(seen.at(-1)!.period.endMonth, "2025-12-01");
  fireEvent.click(within(ending).getByRole("button", { name: "Follow the reporting month" }));
  assert.is(seen.at(-1)!.period.endMonth, null);
  assert.match(ending.textContent ?? "", /Follows the reporting month/);
  await wait();
  assert.is(document.activeElement, within(ending).getByRole("button", { name: "Choose a month" }));
});

test("the server's messages show at their fields", () => {
  renderUi(<Harness seen={[]} errors={{ name: ["Enter a name for the chart."], "settings.type": ["Chart type must be valid."], "settings.period.endMonth": ["Ending must be a month."], "settings.kpiIds": ["This KPI does not exist, or you may not read it."] }} />);
  assert.ok(screen.getByText(/Enter a name for the chart\./));
  assert.ok(screen.getByText(/Chart type must be valid\./));
  assert.match(screen.getByRole("group", { name: "Ending" }).textContent ?? "", /Ending: Ending must be a month\./);
  assert.ok(screen.getByText(/This KPI does not exist, or you may not read it\./));
  assert.is(screen.getByLabelText("Search KPIs to add").getAttribute("aria-invalid"), "true");
});

const half = { period: 6, data: 6 };
/** Revenue by half year with the fiscal year's subtotal and the total: a pivot with rows of KPIs. */
const revenueTable = () =>
  pivotTable({
    kpis: [{ id: 1, name: "Revenue", unit: "currency", periodRule: "sum" }],
    history: { 1: [bucket("H1 FY 2026", "2026-01-01", { actual: 12_000 }, half), bucket("H2 FY 2026", "2026-07-01", { actual: 3_000 }, { period: 6, data: 2 })] },
    yearHistory: { 1: [bucket("FY 2026", "2026-01-01", { actual: 15_000 }, { period: 12, data: 8 })] },
    series: ["actual"],
    options: { rows: "kpis", subtotals: true, totals: true, sort: "manual", rowOrder: [] },
    fiscalYearOffset: 0,
  });

test("the pivot table: subtotal and total columns set apart, partial figures marked, money in one scale", () => {
  const view = renderUi(<PivotTableView table={revenueTable()} title="Revenue by half year" currency="EUR" />);
  const headers = [...view.container.querySelectorAll("thead th")].map((th) => [th.textContent, th.getAttribute("data-kind")]);
  assert.equal(headers, [["KPI", null], ["H1 FY 2026", "value"], ["H2 FY 2026", "value"], ["FY 2026", "subtotal"], ["Total", "total"]]);
  const cells = [...view.container.querySelectorAll("tbody td")].map((td) => td.textContent);
  assert.equal(cells, ["12.0", "3.0*", "15.0*", "15.0"]);
  assert.match(view.container.querySelector("caption")!.textContent!, /money in € k/);
  assert.is(view.container.querySelector("td[data-partial]")!.getAttribute("title"), "Partial: 2 of 6 months");
});

test("a wide pivot table keeps the KPI column stuck left and the Total stuck right, with edge cues while more lies beyond", async () => {
  const restore = fakeLayout((element) => (element.getAttribute("role") === "region" || element.parentElement?.classList.contains("scroller") ? { scrollWidth: 1000, clientWidth: 400 } : undefined));
  try {
    const view = renderUi(<PivotTableView table={revenueTable()} title="Revenue by half year" currency="EUR" />);
    const stuck = (selector: string) => [...view.container.querySelectorAll(selector)].map((cell) => cell.textContent);
    assert.equal(stuck("[data-sticky-column]"), ["KPI", "Revenue"]);
    assert.equal(stuck("[data-sticky-end]"), ["Total", "15.0"]);
    const frame = view.container.firstElementChild!;
    const box = view.container.querySelector<HTMLElement>(".scroller > *")!;
    await act(() => wait());
    assert.equal([frame.hasAttribute("data-more-left"), frame.hasAttribute("data-more-right")], [false, true], "at the start: more to the right");
    await act(async () => {
      box.scrollLeft = 600;
      box.dispatchEvent(new Event("scroll"));
      await wait();
    });
    assert.equal([frame.hasAttribute("data-more-left"), frame.hasAttribute("data-more-right")], [true, false], "at the end: more to the left");
  } finally {
    restore();
  }
});

test("on paper the pivot table sticks nothing and draws no cues", () => {
  const view = renderUi(<PivotTableView table={revenueTable()} title="Revenue by half year" currency="EUR" mode="print" />);
  assert.is(view.container.querySelector("[data-sticky-end]"), null);
  assert.is(view.container.querySelector("[data-more-right], [data-more-left]"), null);
});

test.run();
