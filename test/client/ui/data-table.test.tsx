import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DataTable, type DataTableColumn } from "../../../src/client/ui/data-table";
import { fakeLayout, renderUi } from "./render";

test.after.each(() => cleanup());

interface Row {
  readonly id: number;
  readonly name: string;
  readonly actual: number | null;
}
const ROWS: Row[] = [
  { id: 1, name: "Revenue", actual: 7790 },
  { id: 2, name: "Cost of goods sold", actual: 2450 },
  { id: 3, name: "EBIT", actual: null },
];
const COLUMNS: DataTableColumn<Row>[] = [
  { key: "name", header: "KPI", rowHeader: true, cell: (row) => row.name, sortValue: (row) => row.name },
  { key: "actual", header: "Actual", numeric: true, cell: (row) => (row.actual === null ? "–" : `€ ${row.actual}k`), sortValue: (row) => row.actual, tone: (row) => (row.actual === null ? "neutral" : undefined) },
];
const names = () => screen.getAllByRole("rowheader").map((cell) => cell.textContent);

test("real table semantics: named table, column headers with scope, row headers, numeric cells", () => {
  renderUi(<DataTable label="Profit and loss" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
  const table = screen.getByRole("table", { name: "Profit and loss" });
  const headers = within(table).getAllByRole("columnheader");
  assert.equal(headers.map((header) => header.getAttribute("scope")), ["col", "col"]);
  assert.equal(names(), ["Revenue", "Cost of goods sold", "EBIT"]);
  assert.ok(screen.getAllByRole("rowheader").every((cell) => cell.getAttribute("scope") === "row"));
  const actual = screen.getByText("€ 7790k");
  assert.is(actual.tagName, "TD");
  assert.ok(actual.hasAttribute("data-numeric"), "numbers are right-aligned tabular figures");
  assert.is(screen.getByText("–").getAttribute("data-tone"), "neutral");
});

test("a visible caption names the table instead of the label", () => {
  renderUi(<DataTable label="P&L" caption="Profit and loss, year to date" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
  assert.ok(screen.getByRole("table", { name: "Profit and loss, year to date" }));
});

test("sortable columns toggle ascending / descending with aria-sort; empty values last", () => {
  renderUi(<DataTable label="Profit and loss" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
  const [kpiHeader, actualHeader] = screen.getAllByRole("columnheader") as [HTMLElement, HTMLElement];
  assert.is(actualHeader.getAttribute("aria-sort"), "none");
  fireEvent.click(within(actualHeader).getByRole("button", { name: "Actual" }));
  assert.is(actualHeader.getAttribute("aria-sort"), "ascending");
  assert.equal(names(), ["Cost of goods sold", "Revenue", "EBIT"]);
  fireEvent.click(within(actualHeader).getByRole("button", { name: "Actual" }));
  assert.is(actualHeader.getAttribute("aria-sort"), "descending");
  assert.equal(names(), ["Revenue", "Cost of goods sold", "EBIT"]);
  fireEvent.click(within(kpiHeader).getByRole("button", { name: "KPI" }));
  assert.equal(names(), ["Cost of goods sold", "EBIT", "Revenue"]);
  assert.is(actualHeader.getAttribute("aria-sort"), "none");
});

test("no rows: the empty message in the body", () => {
  renderUi(<DataTable label="Users" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="No users match the filter." />);
  const cell = screen.getByText("No users match the filter.");
  assert.is(cell.getAttribute("colspan"), "2");
});

test("the scroll area is a named, focusable region only while the table overflows it", () => {
  let overflowing = true;
  const restore = fakeLayout((element) => (element.querySelector(":scope > table") ? { scrollWidth: overflowing ? 900 : 300, clientWidth: 300, scrollHeight: 100, clientHeight: 100 } : undefined));
  try {
    renderUi(<DataTable label="Profit and loss" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    const region = screen.getByRole("region", { name: "Profit and loss" });
    assert.is(region.getAttribute("tabindex"), "0");
    cleanup();
    overflowing = false;
    renderUi(<DataTable label="Profit and loss" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    assert.is(screen.queryByRole("region"), null, "no extra tab stop when everything fits");
  } finally {
    restore();
  }
});

test.run();
