import { test } from "uvu";
import * as assert from "uvu/assert";
import { SCHEME_COLOURS } from "../../../src/client/charts/colour-schemes";
import { kpiChartGeometry, type KpiChartInput } from "../../../src/client/charts/kpi-chart";
import { contrastRatio } from "../../../src/client/ui/contrast";
import { DARK, LIGHT } from "../../../src/client/ui/theme";
import type { ChartData } from "../../../src/domain/charts/chart-series";

const line = (key: string, values: (number | null)[], coverage: (string | null)[] = values.map(() => null)) => ({ key, kpiId: Number(key[0]), series: key.endsWith("planning") ? ("planning" as const) : ("actual" as const), label: key, unit: "number", values, coverage });
const data: ChartData = {
  buckets: [{ label: "Jan", rangeLabel: "Jan", startDate: "2026-01-01" }, { label: "Feb", rangeLabel: "Feb", startDate: "2026-02-01" }],
  lines: [line("1/actual", [30, 10], [null, "10 of 28 days"]), line("2/actual", [10, -10])],
};
const input = (changes: Partial<KpiChartInput> = {}): KpiChartInput => ({
  type: "stacked",
  data,
  width: 400,
  height: 200,
  axis: { startAtZero: true, gridLines: true, valueLabels: false },
  tickFormat: () => (value) => String(value),
  formatValue: (value) => String(value),
  ...changes,
});
const near = (a: number, b: number) => Math.abs(a - b) < 0.3;

test("stacked: segments on top of each other per bucket, negatives hang below zero; partial figures marked", () => {
  const geometry = kpiChartGeometry(input());
  const [a0, b0, a1, b1] = geometry.bars;
  assert.equal(geometry.bars.map((bar) => [bar.line, bar.index, bar.partial]), [["1/actual", 0, null], ["2/actual", 0, null], ["1/actual", 1, "10 of 28 days"], ["2/actual", 1, null]]);
  assert.ok(near(a0!.y + a0!.height, geometry.zeroY), "the first stands on zero");
  assert.ok(near(b0!.y + b0!.height, a0!.y), "the second on top of it");
  assert.is(a0!.x, b0!.x, "one column per bucket");
  assert.ok(near(b1!.y, geometry.zeroY), "the negative hangs from zero");
  assert.ok(near(a1!.height, b1!.height));
});

test("grouped bars stand side by side; percentage stacks fill to 100", () => {
  const grouped = kpiChartGeometry(input({ type: "grouped" }));
  assert.ok(grouped.bars[1]!.x > grouped.bars[0]!.x, "side by side");
  const percent = kpiChartGeometry(input({ type: "percentStacked" }));
  assert.equal(percent.bars.map((bar) => bar.share), [0.75, 0.25, 0.5, 0.5]);
  assert.is(percent.ticks.at(-1)!.value, 100);
});

test("line charts: a path per line, bars none; the axis may leave out zero only when asked", () => {
  const lifted = { ...data, lines: [line("1/actual", [100, 120])] };
  const fitted = kpiChartGeometry(input({ type: "line", data: lifted, axis: { startAtZero: false, gridLines: false, valueLabels: true } }));
  assert.equal(fitted.bars, []);
  assert.is(fitted.lines.length, 1);
  assert.ok(fitted.ticks[0]!.value >= 100, "fitted to the values");
  assert.equal(fitted.valueLabels.map((label) => label.text), ["100", "120"]);
  assert.is(kpiChartGeometry(input({ type: "line", data: lifted })).ticks[0]!.value, 0);
  assert.is(kpiChartGeometry(input({ type: "bar", data: lifted, axis: { startAtZero: false, gridLines: false, valueLabels: false } })).ticks[0]!.value, 0, "bars always start at zero");
});

test("bar: the first series as bars, the others as lines over them", () => {
  const geometry = kpiChartGeometry(input({ type: "bar", data: { ...data, lines: [line("1/actual", [5, 6]), line("1/planning", [7, 8])] } }));
  assert.equal(geometry.bars.map((bar) => bar.line), ["1/actual", "1/actual"]);
  assert.equal(geometry.lines.map((drawn) => drawn.line), ["1/planning"]);
});

test("every colour scheme has 3:1 contrast to the surfaces of its theme", () => {
  const failing: string[] = [];
  for (const [name, themes] of Object.entries(SCHEME_COLOURS)) {
    for (const theme of [LIGHT, DARK]) {
      for (const colour of themes[theme.name]) {
        for (const surface of [theme.background, theme.surface, theme.surfaceRaised]) if (contrastRatio(colour, surface) < 3) failing.push(`${name} ${theme.name} ${colour} on ${surface}`);
      }
      assert.is(new Set(themes[theme.name]).size, 6, `${name} ${theme.name}: six different colours`);
    }
  }
  assert.equal(failing, []);
});

test.run();
