import { test } from "uvu";
import * as assert from "uvu/assert";
import { chartSettingsProblems, defaultChartSettings, DUPLICATE_KPIS, DUPLICATE_SERIES, narrowedToReadable, orderedSeries, ROW_ORDER_OUTSIDE } from "../../../src/domain/charts/chart-settings";

const settings = { ...defaultChartSettings([1, 2]), pivot: { ...defaultChartSettings().pivot, rowOrder: [2] } };

test("settings rules beyond the schema, by field", () => {
  assert.equal(chartSettingsProblems(settings), {});
  assert.equal(chartSettingsProblems({ ...settings, kpiIds: [1, 1, 2] }), { "settings.kpiIds": [DUPLICATE_KPIS] });
  assert.equal(chartSettingsProblems({ ...settings, series: ["actual", "actual"] }), { "settings.series": [DUPLICATE_SERIES] });
  assert.equal(chartSettingsProblems({ ...settings, pivot: { ...settings.pivot, rowOrder: [3] } }), { "settings.pivot.rowOrder": [ROW_ORDER_OUTSIDE] });
  assert.equal(chartSettingsProblems({ ...settings, pivot: { ...settings.pivot, rowOrder: [2, 2] } }), { "settings.pivot.rowOrder": [ROW_ORDER_OUTSIDE] });
});

test("a reader's view leaves out KPIs they may not read; none left: no chart", () => {
  assert.equal(narrowedToReadable(settings, (id) => id === 1)?.kpiIds, [1]);
  assert.equal(narrowedToReadable(settings, (id) => id === 1)?.pivot.rowOrder, []);
  assert.is(narrowedToReadable(settings, () => false), null);
});

test("series in the product's order", () => {
  assert.equal(orderedSeries({ series: ["forecast", "actual"] }), ["actual", "forecast"]);
});

test.run();
