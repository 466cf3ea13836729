import { test } from "uvu";
import * as assert from "uvu/assert";
import { forecastAccuracy } from "../../../src/domain/forecasting/accuracy";
import { leastSquares, projectLinear } from "../../../src/domain/forecasting/linear-progression";
import { timeframeProblems } from "../../../src/domain/forecasting/timeframes";
import { ACTUALS_IN_FUTURE, ACTUALS_ORDER, ACTUALS_TOO_SHORT, FORECAST_AFTER_ACTUALS, FORECAST_ORDER, TIMEFRAME_TOO_LONG } from "../../../src/domain/forecasting/texts";
import { monthIndexOf } from "../../../src/domain/months";

const m = (text: string) => monthIndexOf(`${text}-01`);
const series = (entries: [string, number][]) => new Map(entries.map(([month, value]) => [m(month), value]));
const project = (entries: [string, number][], actuals: [string, string], forecast: [string, string]) => {
  const result = projectLinear(series(entries), [m(actuals[0]), m(actuals[1])], [m(forecast[0]), m(forecast[1])]);
  return result.kind === "projected" ? { basis: result.basisMonths, values: [...result.values.values()] } : { basis: result.basisMonths, values: null };
};

test("least squares as a table: exact lines, noise, a flat line, too few points", () => {
  const table: [points: [number, number][], slope: number | null, intercept: number | null][] = [
    [[[0, 10], [1, 12], [2, 14]], 2, 10],
    [[[0, 1.5], [1, 2.5], [2, 5.5], [3, 6.5]], 1.8, 1.3],
    [[[5, 7], [9, 7]], 0, 7],
    [[[0, -4], [1, -6], [2, -8]], -2, -4],
    [[[3, 1]], null, null],
    [[], null, null],
    [[[2, 1], [2, 5]], null, null], // one month twice is still one x: no line
  ];
  for (const [points, slope, intercept] of table) {
    const line = leastSquares(points);
    if (slope === null) assert.is(line, null, JSON.stringify(points));
    else {
      assert.ok(Math.abs(line!.slope - slope) < 1e-9, `${JSON.stringify(points)} slope ${line!.slope}`);
      assert.ok(Math.abs(line!.intercept - intercept!) < 1e-9, `${JSON.stringify(points)} intercept ${line!.intercept}`);
    }
  }
});

test("projection over the forecast timeframe as a table: gaps, negatives, one month, a year boundary", () => {
  const table: [name: string, entries: [string, number][], actuals: [string, string], forecast: [string, string], basis: number, values: number[] | null][] = [
    ["an exact line continues", [["2026-01", 10], ["2026-02", 12], ["2026-03", 14]], ["2026-01", "2026-03"], ["2026-04", "2026-06"], 3, [16, 18, 20]],
    // The gap in February is a missing point, not a zero: the line through Jan, Mar, Apr is still 10 + 2x.
    ["a gap keeps the slope", [["2026-01", 10], ["2026-03", 14], ["2026-04", 16]], ["2026-01", "2026-04"], ["2026-05", "2026-06"], 3, [18, 20]],
    ["negative values are points like others", [["2026-01", -5], ["2026-02", -10], ["2026-03", -15]], ["2026-01", "2026-03"], ["2026-04", "2026-05"], 3, [-20, -25]],
    ["a falling line may cross zero and stays negative", [["2026-01", 4], ["2026-02", 2]], ["2026-01", "2026-02"], ["2026-03", "2026-05"], 2, [0, -2, -4]],
    ["one month is too few", [["2026-03", 14]], ["2026-01", "2026-03"], ["2026-04", "2026-06"], 1, null],
    ["no month is too few", [], ["2026-01", "2026-03"], ["2026-04", "2026-06"], 0, null],
    ["actuals outside the timeframe do not count", [["2025-12", 1000], ["2026-01", 1], ["2026-02", 2]], ["2026-01", "2026-02"], ["2026-03", "2026-03"], 2, [3]],
    ["across a year end", [["2025-11", 100], ["2025-12", 110], ["2026-01", 120]], ["2025-11", "2026-01"], ["2026-02", "2026-03"], 3, [130, 140]],
    ["a forecast may skip months after the actuals", [["2026-01", 1], ["2026-02", 2]], ["2026-01", "2026-02"], ["2026-12", "2026-12"], 2, [12]],
  ];
  for (const [name, entries, actuals, forecast, basis, values] of table) {
    const result = project(entries, actuals, forecast);
    assert.is(result.basis, basis, name);
    assert.equal(result.values, values, name);
  }
});

test("MAPE as a table: exact, off by a share, zero actuals left out and counted, months not yet arrived, months before", () => {
  const from = m("2026-01");
  const table: [name: string, forecast: [string, number][], actuals: [string, number][], mape: number | null, months: number, zeros: number][] = [
    ["exact", [["2026-01", 100], ["2026-02", 200]], [["2026-01", 100], ["2026-02", 200]], 0, 2, 0],
    ["10 % and 20 % off", [["2026-01", 110], ["2026-02", 160]], [["2026-01", 100], ["2026-02", 200]], 15, 2, 0],
    ["negative actuals use their size", [["2026-01", -90]], [["2026-01", -100]], 10, 1, 0],
    ["a zero actual is left out and counted", [["2026-01", 5], ["2026-02", 110]], [["2026-01", 0], ["2026-02", 100]], 10, 1, 1],
    ["only zero actuals: no figure", [["2026-01", 5]], [["2026-01", 0]], null, 0, 1],
    ["no actuals yet: no figure", [["2026-03", 5]], [], null, 0, 0],
    ["months before the forecast was made do not count", [["2025-12", 1], ["2026-01", 100]], [["2025-12", 100], ["2026-01", 100]], 0, 1, 0],
    ["rounded to one decimal", [["2026-01", 1], ["2026-02", 1], ["2026-03", 1]], [["2026-01", 3], ["2026-02", 1], ["2026-03", 1]], 22.2, 3, 0],
  ];
  for (const [name, forecast, actuals, mape, months, zeros] of table) {
    assert.equal(forecastAccuracy(series(forecast), series(actuals), from), { mape, months, zeroActualMonths: zeros }, name);
  }
});

test("timeframe rules as a table", () => {
  const now = m("2026-11");
  const tf = (a: string, b: string, c: string, d: string) => ({ actualsFrom: m(a), actualsTo: m(b), forecastFrom: m(c), forecastTo: m(d) });
  const table: [name: string, timeframes: ReturnType<typeof tf>, source: "meridian" | "spreadsheet", problems: Record<string, string[]>][] = [
    ["a good one", tf("2025-11", "2026-10", "2026-11", "2027-03"), "meridian", {}],
    ["actuals backwards", tf("2026-05", "2026-01", "2026-11", "2027-03"), "meridian", { actualsTo: [ACTUALS_ORDER] }],
    ["one month of actuals", tf("2026-10", "2026-10", "2026-11", "2027-03"), "meridian", { actualsFrom: [ACTUALS_TOO_SHORT] }],
    ["actuals into this month", tf("2026-01", "2026-11", "2026-12", "2027-03"), "meridian", { actualsTo: [ACTUALS_IN_FUTURE] }],
    ["forecast overlapping actuals", tf("2026-01", "2026-06", "2026-06", "2027-03"), "meridian", { forecastFrom: [FORECAST_AFTER_ACTUALS] }],
    ["forecast backwards", tf("2026-01", "2026-06", "2027-03", "2026-12"), "meridian", { forecastTo: [FORECAST_ORDER] }],
    ["forecast too long", tf("2026-01", "2026-06", "2026-07", "2036-07"), "meridian", { forecastTo: [TIMEFRAME_TOO_LONG] }],
    ["a spreadsheet ignores actuals", tf("2027-01", "2026-01", "2026-01", "2026-12"), "spreadsheet", {}],
  ];
  for (const [name, timeframes, source, problems] of table) assert.equal(timeframeProblems(timeframes, now, source), problems, name);
});

test.run();
