import { cleanup, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { HistoryBucket, KpiMeta } from "../../../../src/contracts/kpis";
import { KpiHistoryChart } from "../../../../src/client/features/kpis/views/chart/kpi-history-chart";
import { benchmarkBands } from "../../../../src/client/features/kpis/views/detail/benchmark-bands";
import { DARK, LIGHT } from "../../../../src/client/ui/theme";

test.after.each(() => cleanup());

const bucket = (month: number, actual: number): HistoryBucket => ({
  label: `M${month}`,
  startDate: `2026-0${month}-01`,
  endDate: `2026-0${month}-01`,
  actual,
  planning: null,
  forecast: null,
  lastYear: null,
  rangeLabel: `M${month}`,
  monthCounts: { period: 1, inRange: 1, actual: 1, planning: 0, forecast: 0, lastYear: 0 },
  actualVsPlanning: { months: 0, actual: null, planning: null },
  actualVsLastYear: { months: 0, actual: null, lastYear: null },
});
const kpi = (changes: Partial<KpiMeta>) => ({ higherIsBetter: true, periodRule: "average", benchmarks: { valueBottom25: 10, valueMedian50: 20, valueTop25: 30, top5: 40 }, ...changes }) as KpiMeta;
const plain = (value: number) => String(value);

test("benchmark bands: the middle half with its median and the top quarter; none without a full set; sums only by month", () => {
  const bands = benchmarkBands(kpi({}), 3, LIGHT, plain)!;
  assert.equal(bands.bands.map((band) => [band.label, band.from, band.to]), [["middle 50 %", 10, 30], ["top 25 %", 30, 40], ["median", 20, 20]]);
  assert.match(bands.note, "middle 50 % lies from 10 to 30 (median 20, the line), their top 25 % from 30 to 40; the top 5 % are above 40.");
  assert.match(benchmarkBands(kpi({ higherIsBetter: false, benchmarks: { valueBottom25: 40, valueMedian50: 30, valueTop25: 20, top5: 10 } }), 1, LIGHT, plain)!.note, "the top 5 % are below 10");
  assert.is(benchmarkBands(kpi({ benchmarks: { valueBottom25: 10, valueMedian50: null, valueTop25: 30, top5: 40 } }), 1, LIGHT, plain), undefined);
  assert.equal(benchmarkBands(kpi({ periodRule: "sum" }), 3, LIGHT, plain), { bands: [], note: "Benchmarks are monthly levels: choose months to see them as bands." });
  assert.is(benchmarkBands(kpi({ periodRule: "sum" }), 1, LIGHT, plain)!.bands.length, 3);
});

test("the history chart draws the bands behind the bars, takes them into its scale and says what they are", () => {
  const bands = benchmarkBands(kpi({}), 1, DARK, plain)!;
  render(
    <ThemeProvider theme={DARK}>
      <KpiHistoryChart buckets={[bucket(1, 5), bucket(2, 8)]} unit="number" currency="EUR" title="Score" bands={bands} />
    </ThemeProvider>,
  );
  const svg = screen.getByRole("img");
  const drawn = [...svg.querySelectorAll("g.bands rect")];
  assert.equal(drawn.map((rect) => rect.getAttribute("data-band")), ["middle 50 %", "top 25 %", "median"]);
  assert.ok(svg.querySelector("g.bands")!.compareDocumentPosition(svg.querySelector("g.bars")!) & Node.DOCUMENT_POSITION_FOLLOWING, "painted before the bars");
  const top = drawn[1]!;
  assert.ok(Number(top.getAttribute("y")) >= 0, "the top 5 % mark (40) fits in the scale although the values stay under 10");
  assert.match(screen.getByTestId("benchmark-note").textContent ?? "", /^Benchmarks: /);
});

test.run();
