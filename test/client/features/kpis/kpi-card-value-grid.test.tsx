import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, KpiMonthValue } from "../../../../src/contracts/kpis";
import { KpiCard } from "../../../../src/client/features/kpis/views/kpi-card";
import { ValueGrid, type ValueGridProps } from "../../../../src/client/features/kpis/views/value-grid";
import { cardFigures } from "../../../../src/domain/kpi/dashboard-card";
import { INVALID_NUMBER, NUMBER_INPUT_HINT } from "../../../../src/domain/kpi/number-input";
import { monthIndexOf } from "../../../../src/domain/months";
import { renderWithBus } from "../../support/dom";
import { kpiMeta } from "../../../support/kpi-meta";

test.after.each(() => cleanup());

const revenue: KpiMeta = kpiMeta(7, {
  key: "revenue",
  name: "Revenue",
  category: { id: 1, name: "P&L", kind: "financial", isComplex: false, flexibleColumnsConfig: [] },
  benchmarks: { valueBottom25: 50_000, valueMedian50: 100_000, valueTop25: 150_000, top5: 200_000 },
  unit: "currency",
  validationState: "in_validation",
  lastActualDate: "2026-07-01",
  outdated: true,
});
const months: KpiMonthValue[] = [
  { date: "2026-09-01", value: 120_000, planningValue: 100_000, lastYearValue: 90_000, forecastValue: null },
  { date: "2026-10-01", value: 160_000, planningValue: 200_000, lastYearValue: 95_000, forecastValue: 170_000 },
];
const filter = { trendDuration: 1, trendOffset: 0, planningAsBenchmark: false };
// The trend's words and the sparkline are made by the dashboard (card-texts.ts); the card shows them.
const cardTexts = { trend: { kind: "percent", text: "+33.3 % vs Sep 2026" }, sparkline: [120_000, 160_000], sparklineEnd: monthIndexOf("2026-10-01") } as const;

test("the KPI card shows actual, plan, deviation, trend, benchmark and the badges", async () => {
  const figures = cardFigures(revenue, months, filter, monthIndexOf("2026-10-01"));
  const view = await renderWithBus(<KpiCard kpi={revenue} figures={figures} currency="USD" periodLabel="Oct 2026" {...cardTexts} />);
  const card = screen.getByRole("article", { name: "Revenue" });
  assert.is(within(card).getByTestId("actual").textContent, "$ 160k");
  assert.match(card.textContent ?? "", /Oct 2026 plan \$ 200k/);
  assert.is(within(card).getByTestId("deviation").textContent, "−20.0 % vs plan");
  assert.is(within(card).getByTestId("trend").textContent, "↑ +33.3 % vs Sep 2026");
  for (const badge of ["Top 25 %", "Outdated", "In validation"]) assert.ok(within(card).getByText(badge), badge);
  assert.is(within(card).getByRole("link", { name: "Revenue" }).getAttribute("href"), "/reporting/kpi-detail/7");
  fireEvent.click(within(card).getByRole("button", { name: "Revenue is not a favorite: add it" }));
  assert.equal(view.commands, [{ _tag: "ToggleFavorite", kpiId: 7 }]);
});

test("with planning as benchmark the card shows the plan status instead of the bucket", async () => {
  const figures = cardFigures(revenue, months, { ...filter, planningAsBenchmark: true }, monthIndexOf("2026-10-01"));
  await renderWithBus(<KpiCard kpi={{ ...revenue, outdated: false, validationState: "validated" }} figures={figures} currency="EUR" periodLabel="Oct 2026" {...cardTexts} />);
  const card = screen.getByRole("article", { name: "Revenue" });
  assert.ok(within(card).getByText("Behind plan"));
  assert.is(within(card).queryByText("Top 25 %"), null);
  assert.is(within(card).queryByText("Outdated"), null);
});

const gridProps = (over: Partial<ValueGridProps> = {}): ValueGridProps => ({
  kpi: revenue,
  months: [...months].reverse(),
  currency: "EUR",
  pending: {},
  rejected: {},
  saving: undefined,
  converted: false,
  onEdit: () => {},
  onSave: () => {},
  onDiscard: () => {},
  ...over,
});

const painted = (input: HTMLElement) => input.closest("td")?.querySelector(".painted")?.textContent ?? null;

test("the value grid shows each actual formatted with its unit, the raw number while focused, and edits when it leaves the cell", async () => {
  const edits: [string, string][] = [];
  await renderWithBus(<ValueGrid {...gridProps({ onEdit: (date, text) => edits.push([date, text]) })} />);
  const october = screen.getByRole("textbox", { name: "Revenue actual Oct 2026" }) as HTMLInputElement;
  assert.is(october.value, "160000", "the input holds the raw number");
  assert.is(painted(october), "€ 160,000", "not focused: the formatted value with its unit");
  fireEvent.focus(october);
  assert.is(painted(october), null, "focused: the raw number shows");
  fireEvent.change(october, { target: { value: "1.5k" } });
  fireEvent.blur(october);
  const september = screen.getByRole("textbox", { name: "Revenue actual Sep 2026" });
  fireEvent.change(september, { target: { value: "" } });
  fireEvent.keyDown(september, { key: "Enter" });
  // Leaving a cell unchanged is no edit.
  fireEvent.blur(screen.getByRole("textbox", { name: "Revenue actual Oct 2026" }));
  assert.equal(edits, [
    ["2026-10-01", "1.5k"],
    ["2026-09-01", "-"],
  ]);
  const rows = screen.getAllByRole("row");
  assert.match(rows[1]!.textContent ?? "", /Oct 2026.*€ 200,000.*−20\.0 %.*€ 95,000.*€ 170,000/, "one scale per column");
});

test("the thousands rule is every cell's hint; pending values are marked, counted and shown formatted; refused ones carry the message next to the cell", async () => {
  let saved = 0;
  await renderWithBus(
    <ValueGrid
      {...gridProps({
        pending: { "2026-10-01": { text: "1.5k", value: 1500 } },
        rejected: { "2026-09-01": { text: "1.200,5", message: INVALID_NUMBER } },
        onSave: () => saved++,
      })}
    />,
  );
  const october = screen.getByRole("textbox", { name: "Revenue actual Oct 2026" }) as HTMLInputElement;
  assert.is(october.value, "1.5k");
  assert.is(painted(october), "€ 1,500");
  assert.is(october.closest("tr")?.className, "pending");
  const september = screen.getByRole("textbox", { name: "Revenue actual Sep 2026" }) as HTMLInputElement;
  assert.is(september.value, "1.200,5", "the refused text stays as typed");
  assert.is(september.getAttribute("aria-invalid"), "true");
  const [errorId, hintId] = september.getAttribute("aria-describedby")!.split(" ");
  assert.match(document.getElementById(errorId!)?.textContent ?? "", INVALID_NUMBER);
  assert.is(document.getElementById(hintId!)?.textContent, NUMBER_INPUT_HINT);
  assert.is(october.getAttribute("aria-describedby"), hintId);
  fireEvent.click(screen.getByRole("button", { name: "Save 1 change" }));
  assert.is(saved, 1);
});

test("a failed save keeps the typed values, with the error next to each of them", async () => {
  await renderWithBus(<ValueGrid {...gridProps({ pending: { "2026-10-01": { text: "170,000", value: 170_000 } }, saving: { status: "error", message: "The server is not reachable." } })} />);
  const october = screen.getByRole("textbox", { name: "Revenue actual Oct 2026" }) as HTMLInputElement;
  assert.is(october.value, "170,000");
  assert.is(october.getAttribute("aria-invalid"), "true");
  assert.match(document.getElementById(october.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent ?? "", /Not saved: The server is not reachable\./);
  assert.match(screen.getByRole("alert").textContent ?? "", /Not saved.*The server is not reachable/);
  assert.ok(screen.getByRole("button", { name: "Save 1 change" }), "Save can be pressed again");
});

test("an absent plan is said in words, never as a percentage", async () => {
  await renderWithBus(<ValueGrid {...gridProps({ months: [{ date: "2026-10-01", value: 160_000, planningValue: null, lastYearValue: null, forecastValue: null }] })} />);
  const row = screen.getAllByRole("row")[1]!;
  assert.match(row.textContent ?? "", /no plan/);
  assert.not.match(row.textContent ?? "", /999/);
});

test("read-only users and converted money see numbers, not inputs", async () => {
  await renderWithBus(<ValueGrid {...gridProps({ kpi: { ...revenue, writable: false } })} />);
  assert.is(screen.queryAllByRole("textbox").length, 0);
  assert.is(screen.queryByRole("button", { name: /Save/ }), null);
  cleanup();
  await renderWithBus(<ValueGrid {...gridProps({ converted: true })} />);
  assert.is(screen.queryAllByRole("textbox").length, 0);
  assert.ok(screen.getByText(/choose the local currency to edit them/));
});

test.run();
