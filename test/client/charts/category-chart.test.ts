import { test } from "uvu";
import * as assert from "uvu/assert";
import { categoryChartGeometry } from "../../../src/client/charts/category-chart";

const base = { width: 400, height: 200, formatTick: (value: number) => String(value) };

test("stacked bars: each segment starts where the one below ends, in the order given", () => {
  const geometry = categoryChartGeometry({ ...base, categories: ["A", "B"], bars: [{ key: "lead", label: "Lead", values: [10, 0] }, { key: "mql", label: "MQL", values: [30, null] }] });
  const [lead, mql] = geometry.rects;
  assert.is(geometry.rects.length, 2, "zero and null draw nothing");
  assert.equal([lead!.series, mql!.series], ["lead", "mql"]);
  assert.ok(Math.abs(lead!.y + lead!.height - geometry.zeroY) < 0.2, "lead stands on the axis");
  assert.ok(Math.abs(mql!.y + mql!.height - lead!.y) < 0.2, "MQL sits on top of lead");
  assert.ok(Math.abs(mql!.height - 3 * lead!.height) < 0.5, "heights follow the values");
  assert.equal(geometry.ticks.map((tick) => tick.value), [0, 10, 20, 30, 40]);
  assert.is(geometry.zeroY, geometry.plot.bottom);
});

test("lines pass through the category centres with gaps where a value is missing; the axis includes them", () => {
  const geometry = categoryChartGeometry({ ...base, categories: ["Jan", "Feb", "Mar"], bars: [{ key: "won", label: "Won", values: [5, 5, 5] }], lines: [{ key: "target", label: "Target", values: [50, null, 70] }] });
  const target = geometry.lines[0]!;
  assert.equal(target.points.map((point) => point.index), [0, 2]);
  assert.equal(target.path.match(/M/g)?.length, 2, "the missing month breaks the line");
  assert.is(target.points[0]!.x, geometry.bands[0]!.center);
  assert.ok(geometry.ticks.at(-1)!.value >= 70);
  assert.is(geometry.bands[2]!.top, target.points[1]!.y, "a band's top is its highest mark, for the tooltip");
});

test("negative bars hang below zero; too many labels are thinned from the last one", () => {
  const geometry = categoryChartGeometry({ ...base, width: 200, categories: Array.from({ length: 12 }, (_, index) => `Month ${index + 1}`), bars: [{ key: "net", label: "Net", values: Array.from({ length: 12 }, (_, index) => (index % 2 ? -5 : 5)) }] });
  const negative = geometry.rects.find((rect) => rect.value < 0)!;
  assert.is(negative.y, geometry.zeroY);
  assert.ok(geometry.labels.length < 12 && geometry.labels.at(-1)!.index === 11, `${geometry.labels.length} labels, the last always`);
});

test("nothing but zeros still has an axis", () => {
  const geometry = categoryChartGeometry({ ...base, categories: ["A"], bars: [{ key: "x", label: "X", values: [0] }] });
  assert.equal(geometry.ticks.map((tick) => tick.value), [0, 0.2, 0.4, 0.6, 0.8, 1]);
});

test("shares stacked to 100 % keep 100 % as the top of the axis when asked", () => {
  const input = { categories: ["Jan", "Feb"], bars: [{ key: "a", label: "A", values: [50.1, 33.4] }, { key: "b", label: "B", values: [50, 66.7] }], width: 300, height: 200, formatTick: (value: number) => `${value} %` };
  assert.ok(Math.max(...categoryChartGeometry(input).ticks.map((tick) => tick.value)) > 100, "rounded up from the data: past 100");
  assert.is(Math.max(...categoryChartGeometry({ ...input, maxValue: 100 }).ticks.map((tick) => tick.value)), 100);
});

test.run();
