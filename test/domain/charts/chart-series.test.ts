import { test } from "uvu";
import * as assert from "uvu/assert";
import { barColumns, chartData, sharedUnit, stackSegments } from "../../../src/domain/charts/chart-series";
import { bucket } from "./fixtures";

const revenue = { id: 1, name: "Revenue", unit: "currency", periodRule: "sum" } as const;
const costs = { id: 2, name: "Costs", unit: "currency", periodRule: "sum" } as const;
const hidden = { id: 3, name: "Hidden", unit: "number", periodRule: "last" } as const;
const history = {
  1: [bucket("Q1 FY 2026", "2026-01-01", { actual: 100, planning: 90 }, { period: 3, data: 3 }), bucket("Q2 FY 2026", "2026-04-01", { actual: 40, planning: 95 }, { period: 3, data: 2 })],
  2: [bucket("Q1 FY 2026", "2026-01-01", { actual: -30 }, { period: 3, data: 3 }), bucket("Q2 FY 2026", "2026-04-01", {}, { period: 3, data: 0 })],
};

test("lines per KPI × series in the chart's order, labelled by what tells them apart, partial figures marked; unreadable KPIs left out", () => {
  const data = chartData([revenue, costs, hidden], history, ["actual", "planning"]);
  assert.equal(data.buckets.map((entry) => entry.label), ["Q1 FY 2026", "Q2 FY 2026"]);
  assert.equal(
    data.lines.map((line) => [line.key, line.label, line.values, line.coverage]),
    [
      ["1/actual", "Revenue · Actual", [100, 40], [null, "2 of 3 months"]],
      ["1/planning", "Revenue · Planning", [90, 95], [null, "2 of 3 months"]],
      ["2/actual", "Costs · Actual", [-30, null], [null, null]],
      ["2/planning", "Costs · Planning", [null, null], [null, null]],
    ],
  );
  assert.equal(chartData([revenue, costs], history, ["actual"]).lines.map((line) => line.label), ["Revenue", "Costs"]);
  assert.equal(chartData([revenue], history, ["actual", "forecast"]).lines.map((line) => line.label), ["Actual", "Forecast"]);
  assert.equal(chartData([hidden], history, ["actual"]), { buckets: [], lines: [] });
});

test("stacks: positives up, negatives down, in order; percentage stacks are shares of the magnitude", () => {
  const lines = [
    { key: "a", values: [60, 10, null] },
    { key: "b", values: [-20, 30, 0] },
    { key: "c", values: [20, null, null] },
  ];
  const round = (segments: ReturnType<typeof stackSegments>) => segments.map((segment) => [segment.key, segment.index, segment.from, Math.round(segment.to * 10) / 10, Math.round(segment.share * 100)]);
  assert.equal(round(stackSegments(lines, 3, false)), [
    ["a", 0, 0, 60, 60],
    ["b", 0, 0, -20, 20],
    ["c", 0, 60, 80, 20],
    ["a", 1, 0, 10, 25],
    ["b", 1, 10, 40, 75],
  ]);
  assert.equal(round(stackSegments(lines, 3, true)), [
    ["a", 0, 0, 60, 60],
    ["b", 0, 0, -20, 20],
    ["c", 0, 60, 80, 20],
    ["a", 1, 0, 25, 25],
    ["b", 1, 25, 100, 75],
  ], "60 + |−20| + 20 = 100: the negative keeps its share below the axis");
});

test("chart types group lines into bars, stacks and lines", () => {
  const lines = chartData([revenue, costs], history, ["actual", "planning"]).lines;
  const keys = (type: Parameters<typeof barColumns>[0]) => {
    const { columns, overlay } = barColumns(type, lines);
    return { columns: columns.map((column) => column.map((line) => line.key)), overlay: overlay.map((line) => line.key) };
  };
  assert.equal(keys("bar"), { columns: [["1/actual"], ["2/actual"]], overlay: ["1/planning", "2/planning"] });
  assert.equal(keys("grouped").columns.length, 4);
  assert.equal(keys("stacked"), { columns: [["1/actual", "2/actual"], ["1/planning", "2/planning"]], overlay: [] });
  assert.equal(keys("percentStacked"), keys("stacked"));
  assert.equal(keys("line"), { columns: [], overlay: ["1/actual", "1/planning", "2/actual", "2/planning"] });
  assert.is(sharedUnit(lines), "currency");
  assert.is(sharedUnit([{ unit: "currency" }, { unit: "number" }]), null);
});

test.run();
