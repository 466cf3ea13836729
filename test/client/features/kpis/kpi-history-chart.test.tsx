import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { HistoryBucket } from "../../../../src/contracts/kpis";
import { KpiHistoryChart } from "../../../../src/client/features/kpis/views/chart/kpi-history-chart";
import { chartPalette } from "../../../../src/client/ui/chart-palette";
import { DARK, LIGHT, type Palette } from "../../../../src/client/ui/theme";

test.after.each(() => cleanup());

const monthDate = (monthsFromJanuary2024: number) => `${2024 + Math.floor(monthsFromJanuary2024 / 12)}-${String((monthsFromJanuary2024 % 12) + 1).padStart(2, "0")}-01`;
const bucket = (label: string, month: number, values: Partial<Pick<HistoryBucket, "actual" | "planning" | "forecast" | "lastYear">>): HistoryBucket => ({
  label,
  startDate: monthDate(month),
  endDate: monthDate(month),
  actual: null,
  planning: null,
  forecast: null,
  lastYear: null,
  ...values,
  rangeLabel: label,
  monthCounts: { period: 1, inRange: 1, actual: +(values.actual != null), planning: +(values.planning != null), forecast: +(values.forecast != null), lastYear: +(values.lastYear != null) },
  actualVsPlanning: values.actual != null && values.planning != null ? { months: 1, actual: values.actual, planning: values.planning } : { months: 0, actual: null, planning: null },
  actualVsLastYear: values.actual != null && values.lastYear != null ? { months: 1, actual: values.actual, lastYear: values.lastYear } : { months: 0, actual: null, lastYear: null },
});

// Six months: actuals for four, a gap in last year at P2, a forecast for the last two only.
const BUCKETS: HistoryBucket[] = [
  bucket("P1 FY 2026", 1, { actual: 12_000, planning: 11_000, lastYear: 10_000 }),
  bucket("P2 FY 2026", 2, { actual: 15_500, planning: 12_000 }),
  bucket("P3 FY 2026", 3, { actual: 9_000, planning: 12_000, lastYear: 11_000 }),
  bucket("P4 FY 2026", 4, { actual: 14_000, planning: 0, lastYear: 11_500 }),
  bucket("P5 FY 2026", 5, { planning: 13_000, lastYear: 12_000, forecast: 13_500 }),
  bucket("P6 FY 2026", 6, { planning: 14_000, lastYear: 12_500, forecast: 14_200 }),
];

const themed = (ui: ReactElement, theme: Palette = DARK) => <ThemeProvider theme={theme}>{ui}</ThemeProvider>;
const chart = (buckets: readonly HistoryBucket[] = BUCKETS, theme: Palette = DARK) =>
  themed(<KpiHistoryChart buckets={buckets} unit="currency" currency="EUR" title="Revenue" />, theme);

const svgOf = () => screen.getByRole("img") as unknown as SVGSVGElement;
const bars = () => [...svgOf().querySelectorAll('rect[data-series="actual"]')];
const seriesPath = (key: string) => svgOf().querySelector(`path[data-series="${key}"]`);
const hitArea = (index: number) => svgOf().querySelector(`g.hits rect[data-index="${index}"]`) as Element;
const tooltip = () => screen.queryByRole("tooltip");
// Let floating-ui's asynchronous positioning settle inside act.
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

test("every bucket with an actual is a bar carrying its value; the lines carry path data", () => {
  render(chart());
  assert.equal(
    bars().map((bar) => Number(bar.getAttribute("data-value"))),
    [12_000, 15_500, 9_000, 14_000],
  );
  for (const bar of bars()) assert.ok(Number(bar.getAttribute("height")) > 0, "a bar has a height");
  const tallest = bars().reduce((a, b) => (Number(a.getAttribute("height")) >= Number(b.getAttribute("height")) ? a : b));
  assert.is(tallest.getAttribute("data-value"), "15500", "the largest actual is the tallest bar");
  for (const key of ["planning", "lastYear", "forecast"]) {
    const d = seriesPath(key)?.getAttribute("d") ?? "";
    assert.ok(d.length > 0, `${key} path has data`);
    assert.match(d, /^M[\d.]+,[\d.]+/, `${key} path starts with a move to a point`);
  }
});

test("missing values make gaps, never NaN; a lone value gets a dot; a series without values draws nothing", () => {
  render(chart());
  for (const element of svgOf().querySelectorAll("*")) {
    for (const attribute of element.getAttributeNames()) assert.not.match(element.getAttribute(attribute) ?? "", /NaN|undefined/, `${element.tagName} ${attribute}`);
  }
  const lastYear = seriesPath("lastYear")?.getAttribute("d") ?? "";
  assert.is(lastYear.match(/M/g)?.length, 2, "last year breaks at P2");
  assert.is(seriesPath("planning")?.getAttribute("d")?.match(/M/g)?.length, 1, "planning is one unbroken line");
  assert.is(seriesPath("forecast")?.getAttribute("d")?.match(/[ML]/g)?.length, 2, "forecast spans only its two buckets");
  const lone = svgOf().querySelector('circle[data-series="lastYear"]');
  assert.is(lone?.getAttribute("data-index"), "0", "last year's P1 stands alone: a dot");
  cleanup();

  render(chart(BUCKETS.map((b) => ({ ...b, forecast: null }))));
  assert.is(seriesPath("forecast"), null, "no forecast values: no forecast path");
  assert.ok((screen.getByRole("button", { name: /Forecast/ }) as HTMLButtonElement).disabled, "its legend entry is disabled");
});

test("the value axis speaks formatKpiValue with one scale for all ticks", () => {
  render(chart());
  const ticks = [...svgOf().querySelectorAll("g.y-axis .tick text")].map((text) => text.textContent);
  assert.equal(ticks, ["€ 0", "€ 5k", "€ 10k", "€ 15k"]);
  const labels = [...svgOf().querySelectorAll("g.x-axis .tick text")].map((text) => text.textContent);
  assert.equal(labels, BUCKETS.map((b) => b.label), "six labels fit at the default width");
});

test("crowded bucket labels are thinned, keeping the latest", () => {
  const many = Array.from({ length: 36 }, (_, index) => bucket(`P${(index % 12) + 1} FY ${2024 + Math.floor(index / 12)}`, index, { actual: 100 + index }));
  render(chart(many));
  const labels = [...svgOf().querySelectorAll("g.x-axis .tick text")].map((text) => text.textContent);
  assert.ok(labels.length > 1 && labels.length < 12, `thinned to ${labels.length} labels`);
  assert.is(labels.at(-1), many.at(-1)?.label);
  assert.is(bars().length, 36, "every bucket keeps its bar");
});

test("hovering a bucket shows its label, four formatted values and actual vs. plan and last year; leaving hides it", async () => {
  render(chart());
  assert.is(tooltip(), null);
  fireEvent.mouseMove(hitArea(2));
  await settle();
  const tip = screen.getByRole("tooltip");
  assert.match(tip.textContent ?? "", /P3 FY 2026/);
  const row = (key: string) => tip.querySelector(`[data-series="${key}"] dd`)?.textContent;
  assert.is(row("actual"), "€ 9,000");
  assert.is(row("planning"), "€ 12k");
  assert.is(row("lastYear"), "€ 11k");
  assert.is(row("forecast"), "–");
  assert.is(row("deviation"), "−25.0 %");
  assert.is(svgOf().getAttribute("aria-describedby"), tip.id, "the chart is described by the tooltip");
  assert.ok(svgOf().querySelector('g.highlight rect'), "the bucket is highlighted");

  fireEvent.mouseMove(hitArea(3));
  await settle();
  assert.is(screen.getByRole("tooltip").querySelector('[data-series="deviation"] dd')?.textContent, "plan is 0", "against a planning of 0: words, not infinity");
  assert.is(screen.getByRole("tooltip").querySelector('[data-series="deviation-last-year"] dd')?.textContent, "+21.7 %");

  fireEvent.mouseLeave(svgOf());
  await settle();
  assert.is(tooltip(), null);
  assert.is(svgOf().querySelector("g.highlight rect"), null);
});

test("the chart is focusable; arrow keys, Home and End move between buckets; blur hides the tooltip", async () => {
  render(chart());
  assert.is(svgOf().getAttribute("tabindex"), "0");
  act(() => svgOf().focus());
  await settle();
  assert.match(screen.getByRole("tooltip").textContent ?? "", /P1 FY 2026/);
  fireEvent.keyDown(svgOf(), { key: "ArrowRight" });
  await settle();
  assert.match(screen.getByRole("tooltip").textContent ?? "", /P2 FY 2026/);
  assert.match(screen.getByText(/^P2 FY 2026: Actual/).textContent ?? "", /Actual € 15.5k/, "the move is announced");
  fireEvent.keyDown(svgOf(), { key: "ArrowLeft" });
  fireEvent.keyDown(svgOf(), { key: "ArrowLeft" });
  await settle();
  assert.match(screen.getByRole("tooltip").textContent ?? "", /P1 FY 2026/, "stops at the first bucket");
  fireEvent.keyDown(svgOf(), { key: "End" });
  await settle();
  assert.match(screen.getByRole("tooltip").textContent ?? "", /P6 FY 2026/);
  act(() => svgOf().blur());
  await settle();
  assert.is(tooltip(), null);
});

test("the legend hides and shows each series", () => {
  render(chart());
  const legend = screen.getByRole("group", { name: "Series" });
  const planning = within(legend).getByRole("button", { name: /Planning/ });
  assert.is(planning.getAttribute("aria-pressed"), "true");
  fireEvent.click(planning);
  assert.is(planning.getAttribute("aria-pressed"), "false");
  assert.is(seriesPath("planning"), null, "planning hidden");
  assert.ok(seriesPath("lastYear"), "the others stay");
  fireEvent.click(planning);
  assert.ok(seriesPath("planning"), "planning back");

  fireEvent.click(within(legend).getByRole("button", { name: /Actual/ }));
  assert.is(bars().length, 0, "actual hidden: no bars");
});

test("the visible prop sets the series shown, and toggles are reported", () => {
  const changes: unknown[] = [];
  const visible = { actual: true, planning: false, lastYear: true, forecast: true };
  const view = render(themed(<KpiHistoryChart buckets={BUCKETS} unit="currency" currency="EUR" title="Revenue" visible={visible} onVisibleChange={(next) => changes.push(next)} />));
  assert.is(seriesPath("planning"), null);
  fireEvent.click(screen.getByRole("button", { name: /Last year/ }));
  assert.equal(changes, [{ actual: true, planning: false, lastYear: false, forecast: true }]);
  view.rerender(themed(<KpiHistoryChart buckets={BUCKETS} unit="currency" currency="EUR" title="Revenue" visible={{ ...visible, planning: true }} />));
  assert.ok(seriesPath("planning"), "follows a changed prop");
});

test("switching the theme redraws the series in the new theme's colours", () => {
  const view = render(chart(BUCKETS, DARK));
  const colours = () => ({
    actual: bars()[0]?.getAttribute("fill"),
    planning: seriesPath("planning")?.getAttribute("stroke"),
    lastYear: seriesPath("lastYear")?.getAttribute("stroke"),
    forecast: seriesPath("forecast")?.getAttribute("stroke"),
  });
  const series = (palette: ReturnType<typeof chartPalette>) => ({ actual: palette.actual, planning: palette.planning, lastYear: palette.lastYear, forecast: palette.forecast });
  assert.equal(colours(), series(chartPalette(DARK)));
  view.rerender(chart(BUCKETS, LIGHT));
  assert.equal(colours(), series(chartPalette(LIGHT)));
  assert.is.not(chartPalette(LIGHT).actual, chartPalette(DARK).actual);
});

test("the svg is an image named by a summary of its series, and a hidden table holds every value", () => {
  render(chart());
  const label = svgOf().getAttribute("aria-label") ?? "";
  assert.match(label, /^Revenue, P1 FY 2026 to P6 FY 2026\./);
  assert.match(label, /Actual: latest € 14k in P4 FY 2026, low € 9,000, high € 15.5k\./);
  assert.match(label, /Forecast: latest € 14.2k in P6 FY 2026/);
  const table = screen.getByRole("table");
  const rows = within(table).getAllByRole("row");
  assert.is(rows.length, BUCKETS.length + 1);
  assert.equal(
    within(rows[1] as HTMLElement).getAllByRole("cell").map((cell) => cell.textContent),
    ["€ 12k", "€ 11k", "€ 10k", "–", "+9.1 %", "+20.0 %"],
  );
});

// Three quarters: Q2 whole, Q3 with actuals for two of its three months (a plan for all three).
const quarter = (label: string, rangeLabel: string, month: number, actualMonths: number, values: Partial<Pick<HistoryBucket, "actual" | "planning" | "lastYear">>): HistoryBucket => ({
  ...bucket(label, month, values),
  rangeLabel,
  endDate: monthDate(month + 2),
  monthCounts: { period: 3, inRange: 3, actual: actualMonths, planning: values.planning == null ? 0 : 3, forecast: 0, lastYear: values.lastYear == null ? 0 : 3 },
  actualVsPlanning: values.actual != null && values.planning != null ? { months: actualMonths, actual: values.actual, planning: (values.planning * actualMonths) / 3 } : { months: 0, actual: null, planning: null },
  actualVsLastYear: { months: 0, actual: null, lastYear: null },
});
const QUARTERS: HistoryBucket[] = [
  bucket("Q4 FY 2025/26", 0, {}),
  quarter("Q1 FY 2026/27", "Apr – Jun 2026", 3, 0, {}),
  quarter("Q2 FY 2026/27", "Jul – Sep 2026", 6, 3, { actual: 30_000, planning: 33_000 }),
  quarter("Q3 FY 2026/27", "Oct – Dec 2026", 9, 2, { actual: 21_000, planning: 30_000 }),
];

test("empty leading buckets are not drawn; a partial quarter is hatched and its tooltip says how many months", async () => {
  render(chart(QUARTERS));
  const labels = [...svgOf().querySelectorAll("g.x-axis .tick text")].map((text) => text.textContent);
  assert.equal(labels, ["Q2 FY 2026/27", "Q3 FY 2026/27"], "each bucket named once; the empty ones before the first value are gone");
  const [whole, partial] = bars();
  assert.is(whole?.getAttribute("data-partial"), null);
  assert.not.match(whole?.getAttribute("fill") ?? "", /url/);
  assert.is(partial?.getAttribute("data-partial"), "2 of 3 months");
  assert.match(partial?.getAttribute("fill") ?? "", /^url\(#partial-hatch-/);
  assert.ok(svgOf().querySelector(`pattern#${(partial?.getAttribute("fill") ?? "").slice(5, -1)}`), "the hatch pattern exists");
  assert.ok(screen.getByText(/Hatched bars and hollow points cover only part/));
  assert.is(svgOf().querySelector("circle[data-partial]"), null, "whole plans: no hollow points");

  fireEvent.mouseMove(hitArea(1));
  await settle();
  const tip = screen.getByRole("tooltip").textContent ?? "";
  assert.match(tip, /Q3 FY 2026\/27/);
  assert.match(tip, /Oct – Dec 2026/, "the month range in the tooltip");
  assert.match(tip, /Partial: actuals for 2 of 3 months/);
  // Actual of two months against the plan of the same two months (20,000): like with like.
  assert.is(screen.getByRole("tooltip").querySelector('[data-series="deviation"] dd')?.textContent, "+5.0 % over 2 of 3 months");
  assert.is(screen.getByRole("tooltip").querySelector('[data-series="deviation-last-year"] dd')?.textContent, "no last year");
  assert.match(screen.getByRole("table").textContent ?? "", /Q3 FY 2026\/27 \(2 of 3 months\), Oct – Dec 2026/);
});

test("a line value covering only part of its bucket's months gets a hollow point", () => {
  const last = QUARTERS[3]!;
  render(chart([...QUARTERS.slice(0, 3), { ...last, monthCounts: { ...last.monthCounts, planning: 2 } }]));
  const point = svgOf().querySelector('circle[data-series="planning"][data-partial]');
  assert.is(point?.getAttribute("data-partial"), "2 of 3 months");
  assert.is(point?.getAttribute("fill"), chartPalette(DARK).surface, "hollow");
  assert.is(point?.getAttribute("stroke"), chartPalette(DARK).planning);
});

test("no values at all: the empty state instead of a chart", () => {
  render(chart(BUCKETS.map((b) => ({ ...b, actual: null, planning: null, lastYear: null, forecast: null }))));
  assert.ok(screen.getByText("No values in this period."));
  assert.is(screen.queryByRole("img"), null);
  cleanup();
  render(chart([]));
  assert.ok(screen.getByText("No values in this period."));
});

test.run();
