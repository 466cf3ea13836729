import { test } from "uvu";
import * as assert from "uvu/assert";
import { chartsReducer, initialCharts, type ChartsModel } from "../../../../src/client/features/charts/model";
import type { SavedChart } from "../../../../src/contracts/charts";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { ChartDataLoaded, ChartDataLoadStarted, ChartDeleted, ChartSaved, ChartsLoaded } from "../../../../src/contracts/messages/charts";
import { defaultChartSettings } from "../../../../src/domain/charts/chart-settings";

const fold = (events: DomainEvent[], model: ChartsModel = initialCharts) => events.reduce<ChartsModel>((current, event, index) => chartsReducer(current, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);
const chart = (id: number, kpiIds: number[]): SavedChart => ({ id, name: `Chart ${id}`, settings: defaultChartSettings(kpiIds), createdBy: null, createdAt: "", updatedAt: "", canEdit: true });

test("a saved chart goes to the top of every list that shows it; a deleted one leaves them and is missing", () => {
  const lists = fold([ChartsLoaded.make({ key: "all", charts: [chart(1, [5])] }), ChartsLoaded.make({ key: "kpi/5", charts: [chart(1, [5])] }), ChartsLoaded.make({ key: "kpi/6", charts: [] })]);
  const saved = fold([ChartSaved.make({ chart: chart(2, [6]), created: true, dashboardId: null })], lists);
  assert.equal(saved.lists.all?.charts.map((item) => item.id), [2, 1]);
  assert.equal(saved.lists["kpi/5"]?.charts.map((item) => item.id), [1], "does not draw KPI 5");
  assert.equal(saved.lists["kpi/6"]?.charts.map((item) => item.id), [2]);
  const deleted = fold([ChartDeleted.make({ chartId: 1 })], saved);
  assert.equal(deleted.lists.all?.charts.map((item) => item.id), [2]);
  assert.is(deleted.charts[1]?.status, "missing");
});

test("figures of older parameters are dropped; a reload of the same ones keeps them on screen", () => {
  const history = { 1: [] };
  const loaded = fold([ChartDataLoadStarted.make({ key: "k", params: "a" }), ChartDataLoaded.make({ key: "k", params: "a", history, years: null })]);
  assert.is(fold([ChartDataLoadStarted.make({ key: "k", params: "a" })], loaded).data.k?.history, loaded.data.k?.history);
  const changed = fold([ChartDataLoadStarted.make({ key: "k", params: "b" }), ChartDataLoaded.make({ key: "k", params: "a", history, years: null })], loaded);
  assert.equal([changed.data.k?.status, changed.data.k?.history], ["loading", null]);
});

test.run();
