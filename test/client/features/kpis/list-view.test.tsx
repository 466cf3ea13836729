import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, ValuesResponse } from "../../../../src/contracts/kpis";
import { kpiMeta } from "../../../support/kpi-meta";
import { KpiListView, type KpiListViewProps } from "../../../../src/client/features/kpis/views/list-view/kpi-list-view";
import { LIGHT } from "../../../../src/client/ui/theme";
import { FILTER_TOO_MANY_VALUES, LIST_VIEW_TOO_MANY_ROWS } from "../../../../src/domain/kpi/list-view";
import { monthDateOf, monthIndexOf } from "../../../../src/domain/months";

test.after.each(() => cleanup());

const meta = (id: number, name: string, unit: string, category = "Sales"): KpiMeta =>
  kpiMeta(id, { name, unit, category: { id: 1, name: category, kind: "kpi", isComplex: false, flexibleColumnsConfig: [] } });
const JAN_2024 = monthIndexOf("2024-01-01");
/** `count` months of one KPI from Jan 2024, actual = 1000 + 7 × month (all different). */
const months = (id: number, count: number) => ({
  id,
  values: Array.from({ length: count }, (_, index) => ({ date: monthDateOf(JAN_2024 + index), value: 1_000 + 7 * index, planningValue: 1_000, lastYearValue: null, forecastValue: null })),
});

const kpis = [meta(1, "Revenue", "currency"), meta(2, "Churn", "percentage", "Customers")];
const values: ValuesResponse = {
  kpis: [
    {
      id: 1,
      values: [
        { date: "2026-01-01", value: 1_234_567, planningValue: 1_000_000, lastYearValue: 900_000, forecastValue: 1_200_000 },
        { date: "2026-02-01", value: 1_300_000, planningValue: 1_100_000, lastYearValue: null, forecastValue: null },
      ],
    },
    { id: 2, values: [{ date: "2026-01-01", value: 2.5, planningValue: 2, lastYearValue: 3, forecastValue: 2.4 }] },
  ],
};

function show(props: Partial<KpiListViewProps> = {}) {
  return render(
    <ThemeProvider theme={LIGHT}>
      <KpiListView kpis={kpis} values={values} currency="EUR" status="loaded" message={null} {...props} />
    </ThemeProvider>,
  );
}
/** Body rows (the head row has aria-rowindex 1). */
const bodyRows = () => screen.getAllByRole("row").filter((row) => row.getAttribute("aria-rowindex") !== "1");
const cellsOf = (row: HTMLElement) => within(row).getAllByRole("cell").map((cell) => cell.textContent);

test("one row per KPI and month, values formatted by the KPI number formatter", () => {
  show();
  assert.ok(screen.getByRole("table", { name: "KPI list" }));
  assert.equal(
    screen.getAllByRole("columnheader").map((header) => header.querySelector(".sort")?.textContent),
    ["KPI", "Category", "Unit", "Period", "Actual", "Planning", "Last year", "Forecast", "Deviation to plan", "Deviation to plan %"],
  );
  // One scale per column, from its largest amount of money, named once in the header.
  assert.equal(
    screen.getAllByRole("columnheader").map((header) => header.querySelector(".scale [aria-hidden]")?.textContent ?? null),
    [null, null, null, null, "€ M", "€ M", "€ k", "€ M", "€ k", null],
  );
  assert.match(screen.getAllByRole("columnheader")[4]!.textContent ?? "", /Money in millions of EUR/);
  const rows = bodyRows();
  assert.is(rows.length, 3);
  assert.equal(cellsOf(rows[0]!), ["Revenue", "Sales", "EUR", "Jan 2026", "1.23", "1.00", "900.0", "1.20", "234.6", "23.5 %"]);
  assert.equal(cellsOf(rows[1]!).slice(4, 6), ["1.30", "1.10"], "the same column, the same scale and decimals");
  assert.equal(cellsOf(rows[2]!), ["Churn", "Customers", "%", "Jan 2026", "2.5 %", "2.0 %", "3.0 %", "2.4 %", "0.5 %", "25.0 %"]);
  assert.match(screen.getByText(/3 rows/).textContent ?? "", /^3 rows$/);
});

test("the settings of a column change its decimals and scale, and only its cells", () => {
  show();
  fireEvent.click(screen.getByRole("button", { name: "Settings of Actual" }));
  const dialog = screen.getByRole("dialog", { name: "Actual: number format" });
  const decimals = within(dialog).getByLabelText("Decimals") as HTMLSelectElement;
  assert.equal([...decimals.options].map((option) => option.textContent), ["Auto", "0", "1", "2", "3", "4", "5"], "auto and 0 to 5");
  fireEvent.change(decimals, { target: { value: "0" } });
  fireEvent.change(within(dialog).getByLabelText("Scale of money"), { target: { value: "thousands" } });
  assert.equal(cellsOf(bodyRows()[0]!).slice(4, 6), ["1,235", "1.00"], "actual in thousands without decimals, planning untouched");
  assert.is(screen.getAllByRole("columnheader")[4]!.querySelector(".scale [aria-hidden]")?.textContent, "€ k", "the header follows");
  fireEvent.change(decimals, { target: { value: "5" } });
  fireEvent.change(within(dialog).getByLabelText("Scale of money"), { target: { value: "none" } });
  assert.is(cellsOf(bodyRows()[0]!)[4], "1,234,567.00000");
  fireEvent.click(within(dialog).getByRole("button", { name: "Reset" }));
  assert.is(cellsOf(bodyRows()[0]!)[4], "1.23");
});

test("the percent column has decimals but no scale", () => {
  show();
  fireEvent.click(screen.getByRole("button", { name: "Settings of Deviation to plan %" }));
  const dialog = screen.getByRole("dialog");
  assert.is(within(dialog).queryByLabelText("Scale of money"), null);
  fireEvent.change(within(dialog).getByLabelText("Decimals"), { target: { value: "3" } });
  assert.is(cellsOf(bodyRows()[0]!)[9], "23.500 %");
});

test("a column filter narrows the rows to the ticked values; Clear filters brings them back", () => {
  show();
  fireEvent.click(screen.getByRole("button", { name: "Filter KPI" }));
  const dialog = screen.getByRole("dialog", { name: "Filter KPI" });
  assert.equal(within(dialog).getAllByRole("checkbox").map((box) => box.parentElement?.textContent), ["Churn", "Revenue"]);
  fireEvent.click(within(dialog).getByLabelText("Revenue"));
  assert.equal(bodyRows().map((row) => cellsOf(row)[0]), ["Revenue", "Revenue"]);
  assert.ok(screen.getByText("2 rows of 3"));
  assert.ok(screen.getByRole("button", { name: "Filter KPI (active)" }));
  fireEvent.change(within(dialog).getByLabelText("Search values"), { target: { value: "chu" } });
  assert.equal(within(dialog).getAllByRole("checkbox").map((box) => box.parentElement?.textContent), ["Churn"], "the search narrows the choices");
  fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
  assert.is(bodyRows().length, 3);
});

test("filters that keep nothing say so", () => {
  show();
  fireEvent.click(screen.getByRole("button", { name: "Filter Period" }));
  fireEvent.click(within(screen.getByRole("dialog")).getByLabelText("Feb 2026"));
  fireEvent.click(screen.getByRole("button", { name: "Filter Category" }));
  fireEvent.click(within(screen.getByRole("dialog", { name: "Filter Category" })).getByLabelText("Customers"));
  assert.is(bodyRows().length, 0);
  assert.ok(screen.getByText("No rows match the filters."));
});

test("sorting by a column header: ascending, descending, off; aria-sort follows", () => {
  show();
  const header = () => screen.getAllByRole("columnheader")[4]!;
  fireEvent.click(within(header()).getByRole("button", { name: "Actual" }));
  assert.is(header().getAttribute("aria-sort"), "ascending");
  assert.equal(bodyRows().map((row) => cellsOf(row)[4]), ["2.5 %", "1.23", "1.30"]);
  fireEvent.click(within(header()).getByRole("button", { name: "Actual" }));
  assert.is(header().getAttribute("aria-sort"), "descending");
  assert.equal(bodyRows().map((row) => cellsOf(row)[4]), ["1.30", "1.23", "2.5 %"]);
  fireEvent.click(within(header()).getByRole("button", { name: "Actual" }));
  assert.is(header().getAttribute("aria-sort"), "none");
});

test("a column with more than 1,000 unique values has its filter disabled, with the reason", () => {
  show({ kpis: [meta(1, "Revenue", "currency")], values: { kpis: [months(1, 1_200)] } });
  const actual = screen.getByRole("button", { name: "Filter Actual (unavailable)" });
  assert.is(actual.getAttribute("aria-disabled"), "true");
  assert.is(actual.getAttribute("title"), FILTER_TOO_MANY_VALUES, "the reason on hover");
  fireEvent.click(actual);
  const dialog = screen.getByRole("dialog", { name: "Filter Actual (€)" });
  assert.is(within(dialog).getByRole("note").textContent, FILTER_TOO_MANY_VALUES);
  assert.is(within(dialog).queryByRole("checkbox"), null);
  const planning = screen.getByRole("button", { name: "Filter Planning" });
  assert.is(planning.getAttribute("aria-disabled"), null, "one unique planning value: filterable");
});

test("a filter whose column turns unfilterable with new values stops applying", () => {
  const few = { kpis: [meta(1, "Revenue", "currency")], values: { kpis: [months(1, 3)] } };
  const view = show(few);
  fireEvent.click(screen.getByRole("button", { name: "Filter Actual" }));
  fireEvent.click(within(screen.getByRole("dialog")).getByLabelText("1,007"));
  assert.is(bodyRows().length, 1);
  act(() => view.rerender(<ThemeProvider theme={LIGHT}><KpiListView {...few} values={{ kpis: [months(1, 1_200)] }} currency="EUR" status="loaded" message={null} /></ThemeProvider>));
  assert.ok(screen.getByText("1,200 rows"));
  assert.ok(screen.getByRole("button", { name: "Filter Actual (unavailable)" }));
});

test("10,001 rows: the message and a CSV download instead of the table", () => {
  const created: Blob[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => (created.push(blob), "blob:list");
  URL.revokeObjectURL = () => {};
  try {
    show({ kpis: [meta(1, "Revenue", "currency"), meta(2, "Churn", "percentage")], values: { kpis: [months(1, 5_000), months(2, 5_001)] } });
    assert.is(screen.queryByRole("table"), null);
    assert.is(screen.queryAllByRole("row").length, 0);
    assert.ok(screen.getByText(LIST_VIEW_TOO_MANY_ROWS));
    assert.is(LIST_VIEW_TOO_MANY_ROWS, "This list has more than 10,000 entries. Choose a shorter timeframe or download the data.");
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    assert.is(created.length, 1);
    assert.match(created[0]!.type, "text/csv");
  } finally {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  }
});

test("the download holds every row, or the filtered ones", async () => {
  const created: Blob[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => (created.push(blob), "blob:list");
  URL.revokeObjectURL = () => {};
  try {
    show({ fileName: "kpis.csv" });
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    fireEvent.click(screen.getByRole("button", { name: "Filter KPI" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByLabelText("Churn"));
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    const [all, filtered] = await Promise.all(created.map((blob) => blob.text()));
    assert.is(all!.replace(/^\uFEFF/, "").trim().split("\r\n").length, 4, "head and three rows");
    assert.equal(filtered!.replace(/^\uFEFF/, "").trim().split("\r\n").slice(1), ["Churn,Customers,%,2026-01,2.5,2,3,2.4,0.5,25"]);
  } finally {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  }
});

test("10,000 rows are shown, but only the visible ones are in the DOM", () => {
  show({ kpis: [meta(1, "Revenue", "currency"), meta(2, "Churn", "percentage")], values: { kpis: [months(1, 5_000), months(2, 5_000)] } });
  const table = screen.getByRole("table");
  assert.is(table.getAttribute("aria-rowcount"), "10001");
  assert.ok(screen.getByText("10,000 rows"));
  const rendered = bodyRows().length;
  assert.ok(rendered > 0 && rendered <= 20, `${rendered} rows in the DOM`);
  assert.ok(document.getElementsByTagName("*").length < 800, `${document.getElementsByTagName("*").length} elements`);
});

test("loading, error and empty states", () => {
  const view = show({ values: null, status: "loading" });
  assert.is(screen.getByRole("status").textContent, "Loading the list…");
  assert.is(screen.queryByRole("table"), null);
  view.unmount();
  const failed = show({ values: null, status: "error", message: "Values could not be loaded (503)." });
  assert.match(screen.getByRole("alert").textContent ?? "", /Values could not be loaded \(503\)\./);
  failed.unmount();
  show({ values: { kpis: [] } });
  assert.is(screen.getByRole("status").textContent, "There are no values in this timeframe.");
  assert.is(screen.queryByRole("button", { name: "Download CSV" }), null);
});

test("reloading keeps the table and marks it busy", () => {
  const view = show();
  act(() => view.rerender(<ThemeProvider theme={LIGHT}><KpiListView kpis={kpis} values={values} currency="USD" status="loading" message={null} /></ThemeProvider>));
  assert.is(screen.getByRole("table").getAttribute("aria-busy"), "true");
  assert.match(screen.getAllByRole("columnheader")[4]!.textContent ?? "", /\$ M/, "the currency follows the prop");
});

test("rows per quarter: the period named once, its months for screen readers, partial quarters and partial figures marked", () => {
  const quarterValues: ValuesResponse = {
    kpis: [{ id: 1, values: ["2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"].map((date, index) => ({ date, value: 100_000, planningValue: index === 2 ? null : 90_000, lastYearValue: null, forecastValue: null })) }],
  };
  show({ kpis: [meta(1, "Revenue", "currency")], values: quarterValues, grouping: { bucketSize: 3, fiscalYearOffset: 3, first: monthIndexOf("2026-02-01"), last: monthIndexOf("2026-06-01") } });
  const [edge, whole] = bodyRows();
  const period = (row: HTMLElement) => within(row).getAllByRole("cell")[3]!;
  assert.match(period(edge!).textContent ?? "", /^Q4 FY 2025\/26 \(Jan – Mar 2026\)◐ \(partial: 2 of 3 months\)$/);
  assert.is(period(edge!).getAttribute("title"), "Jan – Mar 2026");
  assert.is(period(whole!).querySelector("[data-partial]"), null, "Q1 has all three months");
  const planning = within(whole!).getAllByRole("cell")[5]!;
  assert.is(planning.querySelector("[data-partial]")?.getAttribute("data-partial"), "2 of 3 months", "a plan for May and June only");
  assert.match(cellsOf(whole!)[4] ?? "", /^300\.0$/, "three months of actuals, in thousands");
});

test.run();
