import { cleanup, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialState } from "../../../../src/client/app/state";
import { KpiCard, type KpiCardProps } from "../../../../src/client/features/kpis/views/kpi-card";
import { trendText } from "../../../../src/domain/kpi/card-texts";
import { cardFigures } from "../../../../src/domain/kpi/dashboard-card";
import { monthIndexOf } from "../../../../src/domain/months";
import { kpiMeta } from "../../../support/kpi-meta";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const OCT_2026 = monthIndexOf("2026-10-01");
const headcount = kpiMeta(3, { name: "Headcount", unit: "number", benchmarks: { valueBottom25: 10, valueMedian50: 20, valueTop25: 30, top5: 40 } });
const filter = { trendDuration: 1, trendOffset: 0, planningAsBenchmark: false };
const month = (date: string, value: number | null, planningValue: number | null) => ({ date, value, planningValue, lastYearValue: null, forecastValue: null });

/** The props a dashboard gives a card for these months, ending in October 2026. */
function cardProps(months: ReturnType<typeof month>[], over: Partial<KpiCardProps> = {}): KpiCardProps {
  return {
    kpi: headcount,
    figures: cardFigures(headcount, months, filter, OCT_2026),
    currency: "EUR",
    periodLabel: "Oct 2026",
    trend: trendText(headcount, months, OCT_2026, 1),
    sparkline: [months.find((m) => m.date === "2026-09-01")?.value ?? null, months.find((m) => m.date === "2026-10-01")?.value ?? null],
    sparklineEnd: OCT_2026,
    ...over,
  };
}

test("an absent plan and an absent trend are said in words; a non-money KPI carries no currency", async () => {
  await renderWithBus(<KpiCard {...cardProps([month("2026-10-01", 35, null)])} />);
  const card = screen.getByRole("article", { name: "Headcount" });
  assert.match(card.textContent ?? "", /Oct 2026: no plan/);
  assert.is(within(card).queryByTestId("deviation"), null, "no deviation without a plan");
  assert.is(within(card).getByTestId("trend").textContent, "No actual for Sep 2026 to compare with");
  assert.not.match(card.textContent ?? "", /999|– –|€/);
});

test("a zero plan and a month without an actual are explained, not printed as numbers", async () => {
  await renderWithBus(<KpiCard {...cardProps([month("2026-09-01", 0, 5), month("2026-10-01", 12, 0)])} />);
  let card = screen.getByRole("article", { name: "Headcount" });
  assert.is(within(card).getByTestId("deviation").textContent, "Plan is 0");
  // The direction is real (up from 0); only the percentage does not exist.
  assert.is(within(card).getByTestId("trend").textContent, "↑ Sep 2026 was 0");
  cleanup();
  await renderWithBus(<KpiCard {...cardProps([month("2026-09-01", 30, 30), month("2026-10-01", null, 30)])} />);
  card = screen.getByRole("article", { name: "Headcount" });
  assert.is(within(card).getByTestId("actual").textContent, "No actual");
  assert.is(within(card).getByTestId("trend").textContent, "No actual for Oct 2026");
});

test("the bucket badge names the bucket; the sparkline is an image named with its period and values", async () => {
  await renderWithBus(<KpiCard {...cardProps([month("2026-09-01", 28, 30), month("2026-10-01", 35, 30)])} />);
  const card = screen.getByRole("article", { name: "Headcount" });
  assert.ok(within(card).getByText("Top 25 %"));
  assert.is(within(card).getByTestId("trend").textContent, "↑ +25.0 % vs Sep 2026");
  const sparkline = within(card).getByRole("img");
  assert.is(sparkline.getAttribute("aria-label"), "Sep – Oct 2026: lowest 28, highest 35, latest 35");
  assert.match(sparkline.querySelector("path")?.getAttribute("d") ?? "", /^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
});

test("the favorite star's name says the state it shows", async () => {
  const kpis = { ...initialState.kpis, favorites: [3] };
  await renderWithBus(<KpiCard {...cardProps([month("2026-10-01", 35, 30)])} />, { state: { kpis } });
  assert.ok(screen.getByRole("button", { name: "Headcount is a favorite: remove it" }));
});

test.run();
