import { axisBottom, axisLeft, line, scaleBand, scaleLinear, type Selection } from "d3";
import { chartRoot, drawGridLines, drawHighlightBand, drawHitAreas, drawZeroLine, type CategoryBand, type ChartLayer } from "../../../../charts/chart-layers";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import type { ChartPalette } from "../../../../ui/chart-palette";
import { coverageText, partialBucketText } from "../../../../../domain/kpi/figure-coverage";
import { axisTickFormat } from "./chart-format";
import { LINE_DASH, LINE_SERIES, type LineSeriesKey, type SeriesVisibility } from "./series";

export interface HistoryChartInput {
  readonly buckets: readonly HistoryBucket[];
  readonly unit: string;
  readonly currency: string;
  readonly width: number;
  readonly height: number;
  readonly colours: ChartPalette;
  readonly visible: SeriesVisibility;
  /** The hovered or focused bucket, highlighted; null for none. */
  readonly activeIndex: number | null;
  /** A document-unique id for the hatch pattern of partial bars. */
  readonly hatchId: string;
  /** Months with something to note (comments on a month): a marker under their bucket. */
  readonly markers?: readonly ChartMarker[];
  /** Value ranges drawn behind everything, e.g. the benchmark set's bands (a band from = to is a line). */
  readonly bands?: readonly ChartBand[];
}

/** A note on one month: a marker at the foot of the bucket holding it, `label` its tooltip. */
export interface ChartMarker {
  readonly month: string;
  readonly label: string;
}

export interface ChartBand {
  readonly from: number;
  readonly to: number;
  readonly fill: string;
  /** Carried as data-band: what the band is. */
  readonly label: string;
}

/** Where the drawing put things, in svg pixels: what a tooltip needs to point at a bucket. */
export interface HistoryChartGeometry {
  readonly bucketCenter: (index: number) => number;
  /** The top of the highest visible value of a bucket, or the plot's top when it has none. */
  readonly bucketTop: (index: number) => number;
}

/**
 * Draws a KPI's history into `svg`: actual as bars, planning as a line, last year dashed, forecast
 * dotted; gaps where a value is missing. Idempotent: every call joins the same elements, so it is
 * called again for new data, size, theme, visibility or highlighted bucket. Each series element
 * carries `data-series`, each bar and point `data-value`, each bucket's hit area `data-index`.
 * A bar whose actual covers only part of its bucket's months is hatched, lighter and outlined,
 * and carries `data-partial` ("2 of 3 months").
 */
export function drawHistoryChart(svg: SVGSVGElement, input: HistoryChartInput): HistoryChartGeometry {
  const { buckets, colours, visible, width, height } = input;
  const { root, layer } = chartRoot(svg, { width, height });

  const bands = input.bands ?? [];
  const shown = [...visibleValues(buckets, visible), ...bands.flatMap((band) => [band.from, band.to])];
  const y = scaleLinear()
    .domain([Math.min(0, ...shown), Math.max(0, ...shown)])
    .nice();
  if (y.domain()[0] === y.domain()[1]) y.domain([0, 1]);
  const yTicks = input.unit === "binary" ? [0, 1] : y.ticks(TICK_COUNT);
  const formatTick = axisTickFormat(yTicks, input.unit, input.currency);
  const left = Math.max(...yTicks.map((tick) => formatTick(tick).length)) * CHAR_WIDTH + 14;
  const plot = { left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  y.range([plot.bottom, plot.top]);

  const x = scaleBand<number>()
    .domain(buckets.map((_, index) => index))
    .range([plot.left, Math.max(plot.left + 1, plot.right)])
    .paddingInner(0.25)
    .paddingOuter(0.15);
  const bucketCenter = (index: number) => (x(index) ?? plot.left) + x.bandwidth() / 2;

  drawHatch(root, input.hatchId, colours.actual);

  // Layers in paint order, created once.
  const bandLayer = layer("bands");
  const grid = layer("grid");
  const highlight = layer("highlight");
  const bars = layer("bars");
  const zero = layer("zero");
  const lines = layer("lines");
  const points = layer("points");
  const yAxis = layer("y-axis");
  const xAxis = layer("x-axis");
  const marks = layer("markers");
  const hits = layer("hits");

  // Each bucket's full step: where its highlight and its hit area go.
  const bandOf = (index: number): CategoryBand => ({ index, left: (x(index) ?? 0) - (x.step() - x.bandwidth()) / 2, width: x.step() });
  bandLayer
    .selectAll("rect")
    .data(bands)
    .join("rect")
    .attr("data-band", (band) => band.label)
    .attr("x", plot.left)
    .attr("width", Math.max(0, plot.right - plot.left))
    .attr("y", (band) => Math.min(y(band.from), y(band.to)) - (band.from === band.to ? 1 : 0))
    .attr("height", (band) => Math.max(2, Math.abs(y(band.from) - y(band.to))))
    .attr("fill", (band) => band.fill);
  drawGridLines(grid, yTicks.map((tick) => y(tick)), plot, colours.grid);
  drawHighlightBand(highlight, input.activeIndex === null ? null : bandOf(input.activeIndex), plot, colours.highlight);

  const actuals = visible.actual ? indexed(buckets).filter(({ bucket }) => bucket.actual !== null) : [];
  bars
    .selectAll("rect")
    .data(actuals, (point) => (point as Indexed).index)
    .join("rect")
    .attr("data-series", "actual")
    .attr("data-index", ({ index }) => index)
    .attr("data-value", ({ bucket }) => bucket.actual)
    .attr("x", ({ index }) => x(index) ?? 0)
    .attr("width", x.bandwidth())
    .attr("y", ({ bucket }) => Math.min(y(bucket.actual ?? 0), y(0)))
    .attr("height", ({ bucket }) => Math.abs(y(bucket.actual ?? 0) - y(0)))
    .attr("data-partial", ({ bucket }) => partialBucketText(bucket))
    .attr("fill", ({ bucket }) => (partialBucketText(bucket) ? `url(#${input.hatchId})` : colours.actual))
    .attr("stroke", ({ bucket }) => (partialBucketText(bucket) ? colours.actual : null))
    .attr("stroke-width", 1.5);

  drawZeroLine(zero, y(0), plot, colours.axis);

  const drawnLines = LINE_SERIES.filter((key) => visible[key] && buckets.some((bucket) => bucket[key] !== null));
  const pathOf = (key: LineSeriesKey) =>
    line<HistoryBucket>()
      .defined((bucket) => bucket[key] !== null)
      .x((_, index) => bucketCenter(index))
      .y((bucket) => y(bucket[key] ?? 0))(buckets) ?? "";
  // A halo in the surface colour under each line keeps it readable where it crosses a bar.
  lines
    .selectAll<SVGPathElement, LineSeriesKey>("path.halo")
    .data(drawnLines, (key) => key)
    .join("path")
    .attr("class", "halo")
    .attr("d", pathOf)
    .attr("fill", "none")
    .attr("stroke", colours.surface)
    .attr("stroke-width", 5)
    .attr("stroke-linejoin", "round")
    .attr("stroke-linecap", "round");
  lines
    .selectAll<SVGPathElement, LineSeriesKey>("path.series")
    .data(drawnLines, (key) => key)
    .join("path")
    .attr("class", "series")
    .attr("data-series", (key) => key)
    .attr("d", pathOf)
    .attr("fill", "none")
    .attr("stroke", (key) => colours[key])
    .attr("stroke-width", (key) => (key === "forecast" ? 3 : 2))
    .attr("stroke-dasharray", (key) => LINE_DASH[key])
    .attr("stroke-linejoin", "round")
    .attr("stroke-linecap", "round");

  // Points: a value with no neighbour would be an invisible line segment, so it gets a dot; the
  // active bucket gets a dot on every line; a value covering only part of its bucket's months gets
  // a hollow dot (`data-partial`), as its bar is hatched.
  const dots = drawnLines.flatMap((key) =>
    indexed(buckets)
      .map(({ bucket, index }) => ({ key, index, value: bucket[key], partial: bucket[key] === null || bucket.monthCounts.period <= 1 ? null : coverageText(bucket.monthCounts[key], bucket.monthCounts.period) }))
      .filter((dot): dot is Dot => dot.value !== null && (dot.index === input.activeIndex || dot.partial !== null || (isMissing(buckets[dot.index - 1], key) && isMissing(buckets[dot.index + 1], key)))),
  );
  points
    .selectAll("circle")
    .data(dots, (dot) => `${(dot as Dot).key}:${(dot as Dot).index}`)
    .join("circle")
    .attr("data-series", (dot) => dot.key)
    .attr("data-index", (dot) => dot.index)
    .attr("data-value", (dot) => dot.value)
    .attr("data-partial", (dot) => dot.partial)
    .attr("cx", (dot) => bucketCenter(dot.index))
    .attr("cy", (dot) => y(dot.value))
    .attr("r", (dot) => (dot.index === input.activeIndex ? 4.5 : 3.5))
    .attr("fill", (dot) => (dot.partial ? colours.surface : colours[dot.key]))
    .attr("stroke", (dot) => (dot.partial ? colours[dot.key] : colours.surface))
    .attr("stroke-width", (dot) => (dot.partial ? 2 : 1.5));

  yAxis
    .attr("transform", `translate(${plot.left},0)`)
    .attr("color", colours.axis)
    .call(axisLeft(y).tickValues(yTicks).tickFormat((value) => formatTick(Number(value))).tickSizeOuter(0))
    .call((axis) => axis.select(".domain").remove());

  const labelSpace = Math.max(...buckets.map((bucket) => bucket.label.length), 1) * CHAR_WIDTH + 12;
  const every = Math.max(1, Math.ceil((labelSpace * buckets.length) / Math.max(plot.right - plot.left, 1)));
  xAxis
    .attr("transform", `translate(0,${plot.bottom})`)
    .attr("color", colours.axis)
    .call(
      axisBottom(x)
        .tickValues(buckets.map((_, index) => index).filter((index) => (buckets.length - 1 - index) % every === 0))
        .tickFormat((index) => buckets[index]?.label ?? "")
        .tickSizeOuter(0),
    );
  styleAxisText(yAxis);
  styleAxisText(xAxis);
  // A label centred on the first or last bucket may reach past the svg's edge: shift it inside.
  xAxis.selectAll<SVGTextElement, number>(".tick text").attr("dx", (index) => {
    const center = bucketCenter(index);
    const half = ((buckets[index]?.label.length ?? 0) * CHAR_WIDTH) / 2;
    return Math.min(0, width - 2 - (center + half)) + Math.max(0, 2 - (center - half));
  });

  drawMarkers(marks, buckets, input.markers ?? [], (index) => bucketCenter(index), plot.bottom, colours);

  // One transparent hit area per bucket over everything: what the pointer finds.
  drawHitAreas(hits, buckets.map((_, index) => bandOf(index)), plot);

  const bucketTop = (index: number) => {
    const bucket = buckets[index];
    const tops = bucket ? visibleValues([bucket], visible).map((value) => y(Math.max(value, 0))) : [];
    return tops.length === 0 ? plot.top : Math.min(...tops);
  };
  return { bucketCenter, bucketTop };
}

/** One diamond per bucket with notes at the x axis, titled with their count and words; `data-marker` holds the bucket's start. */
function drawMarkers(layer: ChartLayer, buckets: readonly HistoryBucket[], markers: readonly ChartMarker[], center: (index: number) => number, bottom: number, colours: ChartPalette) {
  const placed = buckets.flatMap((bucket, index) => {
    const inside = markers.filter((marker) => marker.month >= bucket.startDate && marker.month <= bucket.endDate);
    return inside.length ? [{ index, start: bucket.startDate, text: `${inside.length} comment${inside.length === 1 ? "" : "s"}: ${inside.map((marker) => marker.label).join(" · ")}` }] : [];
  });
  const joined = layer
    .selectAll<SVGPathElement, (typeof placed)[number]>("path")
    .data(placed, (marker) => marker.start)
    .join((enter) => enter.append("path").call((path) => path.append("title")))
    .attr("d", "M0,-8 L7,0 L0,8 L-7,0 Z")
    .attr("transform", (marker) => `translate(${center(marker.index)},${bottom})`)
    .attr("fill", colours.axis)
    .attr("stroke", colours.surface)
    .attr("stroke-width", 1.5)
    .attr("data-marker", (marker) => marker.start);
  joined.select("title").text((marker) => marker.text);
}

const TICK_COUNT = 5;
// Tick labels are 12px system-ui; this average advance sizes the margin and the label thinning.
const CHAR_WIDTH = 7;
const MARGIN = { top: 12, right: 16, bottom: 28 } as const;

interface Indexed {
  readonly bucket: HistoryBucket;
  readonly index: number;
}
interface Dot {
  readonly key: LineSeriesKey;
  readonly index: number;
  readonly value: number;
  /** "2 of 3 months" when the value covers only part of its bucket's months. */
  readonly partial: string | null;
}

const isMissing = (bucket: HistoryBucket | undefined, key: LineSeriesKey) => (bucket?.[key] ?? null) === null;
const indexed = (buckets: readonly HistoryBucket[]): Indexed[] => buckets.map((bucket, index) => ({ bucket, index }));

function visibleValues(buckets: readonly HistoryBucket[], visible: SeriesVisibility): number[] {
  const keys = (["actual", ...LINE_SERIES] as const).filter((key) => visible[key]);
  return buckets.flatMap((bucket) => keys.flatMap((key) => (bucket[key] === null ? [] : [bucket[key]])));
}

/** Diagonal stripes in the actual's colour over a light wash of it: the look of a partial bar. */
function drawHatch(root: Selection<SVGSVGElement, unknown, null, undefined>, id: string, colour: string) {
  const pattern = root
    .selectAll("defs")
    .data([null])
    .join("defs")
    .selectAll("pattern")
    .data([id])
    .join("pattern")
    .attr("id", id)
    .attr("width", 6)
    .attr("height", 6)
    .attr("patternUnits", "userSpaceOnUse")
    .attr("patternTransform", "rotate(45)");
  pattern.selectAll("rect").data([null]).join("rect").attr("width", 6).attr("height", 6).attr("fill", colour).attr("fill-opacity", 0.25);
  pattern.selectAll("line").data([null]).join("line").attr("x1", 0).attr("y1", 0).attr("x2", 0).attr("y2", 6).attr("stroke", colour).attr("stroke-width", 2.5);
}

function styleAxisText(axis: Selection<SVGGElement, null, SVGSVGElement, unknown>) {
  axis.attr("font-size", 12).attr("font-family", "inherit");
}
