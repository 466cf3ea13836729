import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState, type ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, ValuesResponse } from "../../../../src/contracts/kpis";
import { FinancialTable } from "../../../../src/client/features/kpis/views/financial/financial-table";
import { ColumnPicker } from "../../../../src/client/features/kpis/views/financial/column-picker";
import { DARK } from "../../../../src/client/ui/theme";
import { kpiMeta } from "../../../support/kpi-meta";
import { actualComparisonColumns, columnScales, columnTitle, computeColumns, formatCellInColumn, seriesFromMonthValues } from "../../../../src/domain/kpi/flexible-columns";
import { monthDateOf, monthIndexOf } from "../../../../src/domain/months";

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
const themed = (ui: ReactElement) => render(<ThemeProvider theme={DARK}><Router hook={memoryLocation({ path: "/reporting/financial-dashboard/1" }).hook}>{ui}</Router></ThemeProvider>);
const nameOf = (row: HTMLElement) => within(row).queryByRole("link")?.textContent;
const rowNames = () => screen.getAllByRole("row").slice(1).map(nameOf);
/** The columns' titles, without their period and scale line. */
const headers = () => screen.getAllByRole("columnheader").map((header) => header.querySelector(".title")?.textContent ?? header.textContent);
const cellsOf = (name: string) => {
  const row = screen.getAllByRole("row").find((candidate) => nameOf(candidate) === name);
  assert.ok(row, `row ${name}`);
  return within(row).getAllByRole("cell");
};

test("the table shows the numbers the column engine computes: money in one scale per column, named once in the header", () => {
  const columns = [...actualComparisonColumns("planning", true), { id: "ytd", type: "ytd" as const, dataType: "actuals" as const }, { id: "unit", type: "column_unit" as const }];
  themed(<FinancialTable kpis={kpis} values={values} columns={columns} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  assert.equal(headers(), ["KPI", "Actual", "Plan", "Δ Actual vs Plan", "Δ % Actual vs Plan", "Plan FY", "Actual YTD", "Unit"]);
  const context = { selection, fiscalYearOffset: 3, currency: "EUR" };
  const cellsById = new Map(kpis.map((kpi) => [kpi.id, computeColumns(columns, { series: seriesFromMonthValues(values.kpis.find((entry) => entry.id === kpi.id)!.values), aggregationType: kpi.aggregationType, unit: kpi.unit, higherIsBetter: kpi.higherIsBetter }, context)]));
  const scales = columnScales(columns, kpis.map((kpi) => ({ unit: kpi.unit, cells: cellsById.get(kpi.id) })));
  for (const kpi of kpis.filter((candidate) => candidate.id !== 4)) {
    const expected = columns.map((column) => formatCellInColumn(cellsById.get(kpi.id)!.get(column.id)!, kpi.unit, scales.get(column.id) ?? null));
    assert.equal(cellsOf(kpi.name).map((cell) => cell.querySelector(".value")?.textContent), expected, kpi.name);
  }
  // The same, read by a person: revenue per month over the three months, its plan, the deviation, all in € k.
  assert.equal(cellsOf("Revenue").map((cell) => cell.querySelector(".value")?.textContent), ["110.0", "100.0", "10.0", "10.0 %", "300.0", "330.0", "EUR"]);
  assert.equal(cellsOf("Margin").map((cell) => cell.querySelector(".value")?.textContent), ["45.2 %", "50.0 %", "−4.8 pp", "−9.7 %", "50.0 %", "45.2 %", "%"]);
  const header = (title: string) => screen.getAllByRole("columnheader").find((candidate) => candidate.querySelector(".title")?.textContent === title)!;
  assert.match(header("Actual").textContent ?? "", /Aug – Oct 2026.*€ k/);
  assert.match(header("Actual").textContent ?? "", /money in thousands of EUR/, "the scale spelled out for screen readers");
  assert.match(header("Plan FY").textContent ?? "", /FY 2026\/27.*€ k/);
  assert.not.match(header("Δ % Actual vs Plan").textContent ?? "", /€/, "a percentage column has no money scale");
  assert.ok(screen.getByText(/show the value per month/), "the per-month note");
  assert.is(screen.getByRole("table").getAttribute("aria-label"), "Financial table");
});

test("a column in millions shows every figure in millions, the small ones too", () => {
  const big: ValuesResponse = { kpis: values.kpis.map((entry) => (entry.id === 1 ? { ...entry, values: monthly([3_000_000, 3_300_000, 3_600_000], [3_000_000, 3_000_000, 3_000_000]) } : entry)) };
  themed(<FinancialTable kpis={kpis} values={big} columns={[{ id: "actual", type: "current_selection", dataType: "actuals" }]} selection={{ start: selection.end, end: selection.end }} fiscalYearOffset={3} currency="EUR" />);
  assert.equal(["Revenue", "Product", "Costs"].map((name) => cellsOf(name)[0]!.querySelector(".value")?.textContent), ["3.60", "0.08", "0.06"]);
  assert.match(screen.getAllByRole("columnheader")[1]!.textContent ?? "", /Oct 2026.*€ M/);
});

test("partial periods: a column that only part of its months stand behind is marked in its header; a KPI with fewer months than its column in its cell", () => {
  const columns = [
    { id: "fy", type: "full_year" as const, dataType: "actuals" as const },
    { id: "plan-fy", type: "full_year" as const, dataType: "planning" as const },
  ];
  // Revenue: actuals Apr-Oct (7 months so far), a plan for the whole year; Costs: only Aug-Oct of both.
  const year = Array.from({ length: 12 }, (_, index) => monthDateOf(monthIndexOf("2026-04-01") + index));
  const revenue = year.map((date, index) => ({ date, value: index < 7 ? 100_000 : null, planningValue: 90_000, lastYearValue: null, forecastValue: null }));
  const partly: ValuesResponse = { kpis: [{ id: 1, values: revenue }, ...values.kpis.filter((entry) => entry.id !== 1)] };
  themed(<FinancialTable kpis={kpis} values={partly} columns={columns} selection={{ start: selection.end, end: selection.end }} fiscalYearOffset={3} currency="EUR" />);
  const [, actualFy, planFy] = screen.getAllByRole("columnheader");
  assert.is(actualFy!.querySelector("[data-partial]")?.getAttribute("data-partial"), "7 of 12 months", "Apr-Oct of a year from April");
  assert.match(actualFy!.textContent ?? "", /partial: 7 of 12 months/);
  assert.is(planFy!.querySelector("[data-partial]"), null, "Revenue's plan covers the whole year");
  assert.is(cellsOf("Revenue")[0]!.querySelector("[data-partial]"), null, "as many months as its column");
  const [costsActual, costsPlan] = cellsOf("Costs");
  assert.is(costsActual!.querySelector("[data-partial]")?.getAttribute("data-partial"), "3 of 12 months");
  assert.is(costsPlan!.querySelector("[data-partial]")?.getAttribute("data-partial"), "3 of 12 months");
  assert.match(costsPlan!.textContent ?? "", /partial: 3 of 12 months/);
});

test("a column whose every KPI has data for only some months says so in its header", () => {
  themed(<FinancialTable kpis={kpis} values={values} columns={[{ id: "plan-fy", type: "full_year", dataType: "planning" }]} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  assert.is(screen.getAllByRole("columnheader")[1]!.querySelector("[data-partial]")?.getAttribute("data-partial"), "3 of 12 months", "plans for Aug-Oct only");
  assert.is(cellsOf("Revenue")[0]!.querySelector("[data-partial]"), null, "the header says it once");
});

test("a weighted ratio over several months is the formula over its inputs' sums, not the average of its monthly ratios", () => {
  const weighted = kpis.map((kpi) => (kpi.name === "Margin" ? { ...kpi, periodRule: "weighted" as const } : kpi));
  themed(<FinancialTable kpis={weighted} values={values} columns={[{ id: "actual", type: "current_selection", dataType: "actuals" }]} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  // (330k − 180k) / 330k over Aug-Oct, where the monthly margins 40, 45.5 and 50 would average 45.2 %.
  assert.is(cellsOf("Margin")[0]!.querySelector(".value")?.textContent, "45.5 %");
});

test("default expand level 1: roots and their children show, grandchildren after toggling; names link to the KPI detail", () => {
  themed(<FinancialTable kpis={kpis} values={values} columns={actualComparisonColumns("planning", false)} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  assert.equal(rowNames(), ["Revenue", "Product", "Services", "Costs", "Staff", "Margin"]);
  assert.is(screen.getByRole("link", { name: "Product" }).getAttribute("href"), "/reporting/kpi-detail/2", "an absolute address");
  const product = screen.getByRole("button", { name: "Parts of Product" });
  assert.is(product.getAttribute("aria-expanded"), "false");
  assert.is(screen.getByRole("button", { name: "Parts of Revenue" }).getAttribute("aria-expanded"), "true");
  assert.is(screen.queryByRole("button", { name: "Parts of Services" }), null, "a leaf has no toggle");
  fireEvent.click(product);
  assert.is(product.getAttribute("aria-expanded"), "true");
  assert.equal(rowNames(), ["Revenue", "Product", "Hardware", "Services", "Costs", "Staff", "Margin"]);
  fireEvent.click(screen.getByRole("button", { name: "Parts of Revenue" }));
  assert.equal(rowNames(), ["Revenue", "Costs", "Staff", "Margin"]);
});

test("deviation colours follow higherIsBetter: revenue over plan is good, costs over plan are bad", () => {
  themed(<FinancialTable kpis={kpis} values={values} columns={actualComparisonColumns("planning", false)} selection={selection} fiscalYearOffset={3} currency="EUR" />);
  const tones = (name: string) => cellsOf(name).map((cell) => cell.getAttribute("data-tone"));
  assert.equal(tones("Revenue"), [null, null, "good", "good"]);
  assert.equal(tones("Costs"), [null, null, "bad", "bad"]);
  assert.equal(tones("Staff"), [null, null, "neutral", "neutral"], "on plan");
  const [good, bad] = [cellsOf("Revenue")[3]!, cellsOf("Costs")[3]!];
  assert.is(getComputedStyle(good).color, DARK.good);
  assert.is(getComputedStyle(bad).color, DARK.bad);
  assert.is.not(getComputedStyle(cellsOf("Revenue")[0]!).color, DARK.good, "values themselves are not coloured");
  assert.match(good.textContent ?? "", /favourable/);
  assert.match(bad.textContent ?? "", /unfavourable/);
});

function Picked() {
  const columns = actualComparisonColumns("lastYear", true);
  const [selected, setSelected] = useState<string[] | undefined>(undefined);
  return (
    <>
      <ColumnPicker columns={columns} selectedColumnIds={selected} onChange={setSelected} />
      <FinancialTable kpis={kpis} values={values} columns={columns} selection={selection} fiscalYearOffset={3} currency="EUR" selectedColumnIds={selected} />
    </>
  );
}

test("select columns hides columns; deviations still compare with hidden ones; the last one stays", async () => {
  themed(<Picked />);
  assert.equal(headers(), ["KPI", "Actual", "Last year", "Δ Actual vs Last year", "Δ % Actual vs Last year", "Last year FY"]);
  assert.equal(cellsOf("Revenue").map((cell) => cell.querySelector(".value")?.textContent), ["110.0", "90.0", "20.0", "22.2 %", "270.0"], "last year from the lastYearValue of the selection's months");
  fireEvent.click(screen.getByRole("button", { name: "Select columns" }));
  const dialog = await screen.findByRole("dialog", { name: "Select columns" });
  const boxes = within(dialog).getAllByRole("checkbox");
  assert.equal(boxes.map((box) => (box as HTMLInputElement).checked), [true, true, true, true, true]);
  fireEvent.click(within(dialog).getByLabelText("Last year"));
  fireEvent.click(within(dialog).getByLabelText("Δ Actual vs Last year"));
  assert.equal(headers(), ["KPI", "Actual", "Δ % Actual vs Last year", "Last year FY"]);
  assert.equal(cellsOf("Revenue").map((cell) => cell.querySelector(".value")?.textContent), ["110.0", "22.2 %", "270.0"], "the deviation still compares with the hidden column");
  for (const title of ["Actual", "Δ % Actual vs Last year"]) fireEvent.click(within(dialog).getByLabelText(title));
  assert.equal(headers(), ["KPI", "Last year FY"]);
  assert.ok((within(dialog).getByLabelText("Last year FY") as HTMLInputElement).disabled, "the last column cannot be hidden");
  assert.ok(screen.getByRole("button", { name: "Select columns (1 of 5)" }), "the button says how many show");
  fireEvent.click(within(dialog).getByRole("button", { name: "Show all" }));
  assert.equal(headers().slice(1), actualComparisonColumns("lastYear", true).map((column, _, all) => columnTitle(column, all)));
});

test.run();
