import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiMeta, ValuesResponse } from "../../../src/contracts/kpis";
import { monthsOfValues, periodSeriesOf } from "../../../src/domain/kpi/period-series";
import { monthIndexOf } from "../../../src/domain/months";
import { kpiMeta } from "../../support/kpi-meta";

const m = (date: string) => monthIndexOf(`${date}-01`);
const month = (date: string, value: number | null, planningValue: number | null = null) => ({ date: `${date}-01`, value, planningValue, lastYearValue: null, forecastValue: null });
const stored = (id: number, key: string): KpiMeta => kpiMeta(id, { key, name: key, unit: "currency" });
const margin = (formula: string): KpiMeta => kpiMeta(3, { key: "margin", name: "Margin", unit: "percentage", aggregationType: "ad", isCalculated: true, formula, periodRule: "weighted" });
const answer: ValuesResponse = {
  kpis: [
    { id: 1, values: [month("2026-04", 1_000, 900), month("2026-05", 100, 100)] },
    { id: 2, values: [month("2026-04", 100, 90), month("2026-05", 50, 10)] },
    { id: 3, values: [month("2026-04", 10), month("2026-05", 50)] },
  ],
};
const months = monthsOfValues(answer);

test("the months of a values answer, first to last; none for an empty one", () => {
  assert.equal(months, [m("2026-04"), m("2026-05")]);
  assert.equal(monthsOfValues({ kpis: [{ id: 1, values: [month("2026-01", 1), month("2026-03", 1)] }] }), [m("2026-01"), m("2026-02"), m("2026-03")]);
  assert.equal(monthsOfValues({ kpis: [] }), []);
});

test("stored KPIs aggregate by their type; a weighted ratio by its formula over its inputs' figures, actual and plan alike", () => {
  const series = periodSeriesOf([stored(1, "revenue"), stored(2, "profit"), margin("profit / revenue * 100")], answer, months);
  const revenue = series.get(1)!;
  assert.is(revenue.measure([...revenue.actual.values()]), 1_100);
  const ratio = series.get(3)!;
  assert.is(ratio.measure([...ratio.actual.values()]), (150 / 1_100) * 100);
  assert.is(ratio.measure([...ratio.planning.values()]), (100 / 1_000) * 100);
});

test("a weighted ratio without its inputs, or with a formula that does not parse, keeps its own monthly values", () => {
  for (const [kpis, why] of [
    [[margin("profit / revenue * 100")], "no inputs in the list"],
    [[stored(1, "revenue"), stored(2, "profit"), margin("profit / (revenue")], "a broken formula"],
  ] as const) {
    const ratio = periodSeriesOf(kpis, answer, months).get(3)!;
    assert.is(ratio.measure([...ratio.actual.values()]), 30, why);
  }
});

test.run();
