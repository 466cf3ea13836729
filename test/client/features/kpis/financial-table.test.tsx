import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useMemo, useState, type ReactElement } from "react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, ValuesResponse } from "../../../../src/contracts/kpis";
import { FinancialTable } from "../../../../src/client/features/kpis/views/financial/financial-table";
import { FinancialToolbar } from "../../../../src/client/features/kpis/views/financial/financial-toolbar";
import { DARK } from "../../../../src/client/ui/theme";
import { kpiMeta } from "../../../support/kpi-meta";
import { actualComparisonColumns, columnTitle, computeColumns, formatCell, seriesFromMonthValues, type CompareWith } from "../../../../src/domain/kpi/flexible-columns";
import { monthIndexOf } from "../../../../src/domain/months";

test.after.each(() => cleanup());

const meta = (id: number, name: string, parentId: number | null, more: Partial<KpiMeta> = {}): KpiMeta =>
  kpiMeta(id, {
    key: name.toLowerCase(),
    name,
    category: { id: 1, name: "P&L", kind: "financial", isComplex: false, flexibleColumnsConfig: [] },
    parentId,
    unit: "currency",
    lastActualDate: "2026-10-01",
    writable: false,
    ...more,
  });

// Revenue > Product > Hardware, Revenue > Services; Costs (lower is better) > Staff; a margin (ratio).
const kpis: KpiMeta[] = [
  meta(1, "Revenue", null),
  meta(2, "Product", 1),
  meta(4, "Hardware", 2),
  meta(3, "Services", 1),
  meta(5, "Costs", null, { higherIsBetter: false }),
  meta(6, "Staff", 5, { higherIsBetter: false }),
  meta(7, "Margin", null, { unit: "percentage", aggregationType: "ad", isCalculated: true, formula: "(revenue - costs) / revenue * 100" }),
];
const months = ["2026-08-01", "2026-09-01", "2026-10-01"];
const monthly = (actual: number[], planning: number[], lastYear: number[] = [0, 0, 0]) =>
  months.map((date, index) => ({ date, value: actual[index]!, planningValue: planning[index]!, lastYearValue: lastYear[index]!, forecastValue: null }));
const values: ValuesResponse = {
  kpis: [
    { id: 1, values: monthly([100_000, 110_000, 120_000], [100_000, 100_000, 100_000], [80_000, 90_000, 100_000]) },
    { id: 2, values: monthly([70_000, 75_000, 80_000], [70_000, 70_000, 70_000]) },
    { id: 4, values: monthly([40_000, 40_000, 40_000], [45_000, 45_000, 45_000]) },
    { id: 3, values: monthly([30_000, 35_000, 40_000], [30_000, 30_000, 30_000]) },
    { id: 5, values: monthly([60_000, 60_000, 60_000], [50_000, 50_000, 50_000]) },
    { id: 6, values: monthly([40_000, 40_000, 40_000], [40_000, 40_000, 40_000]) },
    { id: 7, values: monthly([40, 45.5, 50], [50, 50, 50]) },
  ],
};
const selection = { start: monthIndexOf("2026-08-01"), end: monthIndexOf("2026-10-01") };
const themed = (ui: ReactElement) => render(<ThemeProvider theme={DARK}>{ui}</ThemeProvider>);
const rowNames = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getByRole("rowheader").textContent?.replace(/[▸▾]/g, ""));
const headers = () => screen.getAllByRole("columnheader").map((header) => header.textContent);
const cellsOf = (name: string) => {
  const row = screen.getAllByRole("row").find((candidate) => within(candidate).queryByRole("rowheader")?.textContent?.replace(/[▸▾]/g, "") === name);
  assert.ok(row, `row ${name}`);
  return within(row).getAllByRole("cell");
};

test("the table shows the numbers the column engine computes, formatted with each KPI's unit", () => {
  const columns = [...actualComparisonColumns("planning", true), { id: "ytd", type: "ytd" as const, dataType: "actuals" as const }, { id: "unit", type: "column_unit" as const }];
  themed(<FinancialTable kpis={kpis} values={values} columns={columns} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  assert.equal(headers(), ["KPI", "Actual", "Plan", "Δ Actual vs Plan", "Δ % Actual vs Plan", "Plan FY", "Actual YTD", "Unit"]);
  for (const kpi of kpis.filter((candidate) => candidate.id !== 4)) {
    const series = seriesFromMonthValues(values.kpis.find((entry) => entry.id === kpi.id)!.values);
    const cells = computeColumns(columns, { series, aggregationType: kpi.aggregationType, unit: kpi.unit, higherIsBetter: kpi.higherIsBetter }, { selection, fiscalYearOffset: 3, currency: "EUR" });
    const expected = columns.map((column) => formatCell(cells.get(column.id)!, kpi.unit, { currency: "EUR" }));
    assert.equal(cellsOf(kpi.name).map((cell) => cell.querySelector(".value")?.textContent), expected, kpi.name);
  }
  // The same, read by a person: revenue per month over the three months, its plan, the deviation.
  assert.equal(
    cellsOf("Revenue").map((cell) => cell.querySelector(".value")?.textContent),
    ["€ 110k", "€ 100k", "€ 10k", "10.0 %", "€ 300k", "€ 330k", "EUR"],
  );
  assert.equal(
    cellsOf("Margin").map((cell) => cell.querySelector(".value")?.textContent),
    ["45.2 %", "50.0 %", "−4.8 pp", "−9.7 %", "50.0 %", "45.2 %", "%"],
  );
  assert.ok(screen.getByText(/show the value per month/), "the per-month note");
  assert.is(screen.getByRole("table").getAttribute("aria-label"), "Financial table");
});

test("default expand level 1: roots and their children show, grandchildren after toggling", () => {
  themed(<FinancialTable kpis={kpis} values={values} columns={actualComparisonColumns("planning", false)} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  assert.equal(rowNames(), ["Revenue", "Product", "Services", "Costs", "Staff", "Margin"]);
  const product = screen.getByRole("button", { name: "Product" });
  assert.is(product.getAttribute("aria-expanded"), "false");
  assert.is(screen.getByRole("button", { name: "Revenue" }).getAttribute("aria-expanded"), "true");
  assert.is(screen.queryByRole("button", { name: "Services" }), null, "a leaf has no toggle");
  fireEvent.click(product);
  assert.is(product.getAttribute("aria-expanded"), "true");
  assert.equal(rowNames(), ["Revenue", "Product", "Hardware", "Services", "Costs", "Staff", "Margin"]);
  fireEvent.click(screen.getByRole("button", { name: "Revenue" }));
  assert.equal(rowNames(), ["Revenue", "Costs", "Staff", "Margin"]);
});

test("deviation colours follow higherIsBetter: revenue over plan is good, costs over plan are bad", () => {
  themed(<FinancialTable kpis={kpis} values={values} columns={actualComparisonColumns("planning", false)} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  const tones = (name: string) => cellsOf(name).map((cell) => cell.getAttribute("data-tone"));
  assert.equal(tones("Revenue"), ["neutral", "neutral", "good", "good"]);
  assert.equal(tones("Costs"), ["neutral", "neutral", "bad", "bad"]);
  assert.equal(tones("Staff"), ["neutral", "neutral", "neutral", "neutral"], "on plan");
  const [good, bad] = [cellsOf("Revenue")[3]!, cellsOf("Costs")[3]!];
  assert.is(getComputedStyle(good).color, DARK.positive);
  assert.is(getComputedStyle(bad).color, DARK.danger);
  assert.is.not(getComputedStyle(cellsOf("Revenue")[0]!).color, DARK.positive, "values themselves are not coloured");
  assert.match(good.textContent ?? "", /favourable/);
  assert.match(bad.textContent ?? "", /unfavourable/);
});

function Screen() {
  const [fullYear, setFullYear] = useState(false);
  const [compareWith, setCompareWith] = useState<CompareWith>("planning");
  const [selected, setSelected] = useState<string[] | undefined>(undefined);
  const columns = useMemo(() => actualComparisonColumns(compareWith, fullYear), [compareWith, fullYear]);
  return (
    <>
      <FinancialToolbar fullYear={fullYear} onFullYearChange={setFullYear} compareWith={compareWith} onCompareWithChange={setCompareWith} columns={columns} selectedColumnIds={selected} onSelectedColumnIdsChange={setSelected} />
      <FinancialTable kpis={kpis} values={values} columns={columns} selection={selection} fiscalYearOffset={3} currency="EUR" selectedColumnIds={selected} />
    </>
  );
}

test("the toolbar: full year adds the plan for the year, compare with switches the comparison, select columns hides columns", async () => {
  themed(<Screen />);
  assert.equal(headers(), ["KPI", "Actual", "Plan", "Δ Actual vs Plan", "Δ % Actual vs Plan"]);
  fireEvent.click(screen.getByRole("switch", { name: "Full year" }));
  assert.equal(headers(), ["KPI", "Actual", "Plan", "Δ Actual vs Plan", "Δ % Actual vs Plan", "Plan FY"]);
  fireEvent.change(screen.getByLabelText("Compare with"), { target: { value: "lastYear" } });
  assert.equal(headers(), ["KPI", "Actual", "Last year", "Δ Actual vs Last year", "Δ % Actual vs Last year", "Last year FY"]);
  assert.equal(
    cellsOf("Revenue").map((cell) => cell.querySelector(".value")?.textContent),
    ["€ 110k", "€ 90k", "€ 20k", "22.2 %", "€ 270k"],
    "last year from the lastYearValue of the selection's months",
  );

  fireEvent.click(screen.getByRole("button", { name: "Select columns" }));
  const dialog = await screen.findByRole("dialog", { name: "Select columns" });
  const boxes = within(dialog).getAllByRole("checkbox");
  assert.equal(boxes.map((box) => (box as HTMLInputElement).checked), [true, true, true, true, true]);
  fireEvent.click(within(dialog).getByLabelText("Last year"));
  fireEvent.click(within(dialog).getByLabelText("Δ Actual vs Last year"));
  assert.equal(headers(), ["KPI", "Actual", "Δ % Actual vs Last year", "Last year FY"]);
  assert.equal(cellsOf("Revenue").map((cell) => cell.querySelector(".value")?.textContent), ["€ 110k", "22.2 %", "€ 270k"], "the deviation still compares with the hidden column");
  for (const title of ["Actual", "Δ % Actual vs Last year"]) fireEvent.click(within(dialog).getByLabelText(title));
  assert.equal(headers(), ["KPI", "Last year FY"]);
  assert.ok((within(dialog).getByLabelText("Last year FY") as HTMLInputElement).disabled, "the last column cannot be hidden");
  fireEvent.click(within(dialog).getByRole("button", { name: "Show all" }));
  assert.equal(headers().length, 6);
  assert.equal(
    actualComparisonColumns("lastYear", true).map((column, _, all) => columnTitle(column, all)),
    headers().slice(1),
  );
});

test.run();
