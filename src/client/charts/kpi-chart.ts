import { axisBottom, axisLeft, line, scaleBand, scaleLinear } from "d3";
import type { ChartSeries, ChartSettings, ChartType } from "../../contracts/charts";
import { chartRoot, drawGridLines, drawHighlightBand, drawHitAreas, drawZeroLine } from "./chart-layers";
import { barColumns, stackSegments, type ChartData } from "../../domain/charts/chart-series";

/**
 * The saved charts of the chart builder, drawn with d3: bars, grouped bars, stacks, percentage
 * stacks and lines of KPIs × series over buckets (domain/charts/chart-series). The geometry is
 * pure (tested without a DOM); `drawKpiChart` puts it into an svg idempotently, so it is called
 * again for new data, size, theme or highlighted bucket. Every mark carries `data-line` (the
 * KPI × series key), `data-index` and `data-value`; a figure with fewer months of data than its
 * bucket is hatched and carries `data-partial`. Each bucket's hit area carries `data-index`.
 */
export interface KpiChartInput {
  readonly type: Exclude<ChartType, "pivot">;
  readonly data: ChartData;
  readonly width: number;
  readonly height: number;
  readonly axis: ChartSettings["axis"];
  /** Tick labels of the value axis, made from the ticks (one scale and decimals for all). */
  readonly tickFormat: (ticks: readonly number[]) => (value: number) => string;
  /** A value label over a mark. */
  readonly formatValue: (value: number, unit: string) => string;
}

export interface ChartMark {
  readonly line: string;
  readonly index: number;
  readonly value: number;
  readonly partial: string | null;
  /** Its part of a percentage stack (0 to 1); null elsewhere. */
  readonly share: number | null;
}
export interface BarMark extends ChartMark {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface PointMark extends ChartMark {
  readonly x: number;
  readonly y: number;
}

export interface KpiChartGeometry {
  readonly plot: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
  readonly ticks: readonly { readonly value: number; readonly y: number; readonly label: string }[];
  readonly labels: readonly { readonly index: number; readonly x: number; readonly text: string }[];
  readonly bars: readonly BarMark[];
  readonly lines: readonly { readonly line: string; readonly series: ChartSeries; readonly path: string; readonly points: readonly PointMark[] }[];
  readonly zeroY: number;
  /** Each bucket's band: where the hit areas, the highlight and the tooltip go. */
  readonly bands: readonly { readonly index: number; readonly center: number; readonly left: number; readonly width: number; readonly top: number }[];
  readonly valueLabels: readonly { readonly x: number; readonly y: number; readonly text: string }[];
}

const MARGIN = { top: 16, right: 12, bottom: 28 } as const;
const CHAR_WIDTH = 6.8;
const TICKS = 5;
const round = (pixels: number) => Math.round(pixels * 10) / 10;

export function kpiChartGeometry(input: KpiChartInput): KpiChartGeometry {
  const { data, type, width, height } = input;
  const count = data.buckets.length;
  const { columns, overlay } = barColumns(type, [...data.lines]);
  const percent = type === "percentStacked";
  const stacked = type === "stacked" || percent;
  const unitOf = new Map(data.lines.map((entry) => [entry.key, entry.unit]));
  const coverageOf = (key: string, index: number) => data.lines.find((entry) => entry.key === key)?.coverage[index] ?? null;

  // Each column's marks as value ranges first, in data units; pixels once the scale is known.
  const ranges = columns.flatMap((column, position) =>
    stacked
      ? stackSegments(column, count, percent).map((segment) => ({ position, line: segment.key, index: segment.index, value: segment.value, from: segment.from, to: segment.to, share: percent ? segment.share : null }))
      : column.flatMap((entry) => entry.values.flatMap((value, index) => (value === null ? [] : [{ position, line: entry.key, index, value, from: 0, to: value, share: null }]))),
  );
  const lineValues = overlay.flatMap((entry) => entry.values.filter((value): value is number => value !== null));
  const extent = [...ranges.flatMap((range) => [range.from, range.to]), ...lineValues];
  // Bars start at zero (a bar's length is its value); only a line chart may leave zero out.
  const withZero = columns.length > 0 || input.axis.startAtZero || extent.length === 0;
  const low = Math.min(...extent, ...(withZero ? [0] : []));
  const high = Math.max(...extent, ...(withZero ? [0] : []));
  const y = scaleLinear().domain([low, high]).nice(TICKS);
  if (percent) y.domain([Math.min(0, y.domain()[0]!), ranges.some((range) => range.to > 0) ? 100 : 0]);
  if (y.domain()[0] === y.domain()[1]) y.domain([y.domain()[0]! - (withZero ? 0 : 1), y.domain()[1]! + 1]);
  const tickValues = y.ticks(TICKS);
  const format = input.tickFormat(tickValues);
  const left = Math.max(...tickValues.map((tick) => format(tick).length), 1) * CHAR_WIDTH + 14;
  const plot = { left, right: Math.max(left + 1, width - MARGIN.right), top: MARGIN.top, bottom: height - MARGIN.bottom };
  y.range([plot.bottom, plot.top]);
  const x = scaleBand<number>()
    .domain(data.buckets.map((_, index) => index))
    .range([plot.left, plot.right])
    .paddingInner(0.25)
    .paddingOuter(0.15);
  const inner = scaleBand<number>()
    .domain(columns.map((_, position) => position))
    .range([0, x.bandwidth()])
    .paddingInner(columns.length > 1 ? 0.08 : 0);
  const center = (index: number) => round((x(index) ?? plot.left) + x.bandwidth() / 2);

  const bars: BarMark[] = ranges.map((range) => ({
    line: range.line,
    index: range.index,
    value: range.value,
    share: range.share,
    partial: coverageOf(range.line, range.index),
    x: round((x(range.index) ?? 0) + (inner(range.position) ?? 0)),
    width: round(Math.max(1, inner.bandwidth())),
    y: round(y(Math.max(range.from, range.to))),
    height: round(Math.abs(y(range.from) - y(range.to))),
  }));
  const lines = overlay
    .filter((entry) => entry.values.some((value) => value !== null))
    .map((entry) => ({
      line: entry.key,
      series: entry.series,
      path:
        line<number | null>()
          .defined((value) => value !== null)
          .x((_, index) => center(index))
          .y((value) => round(y(value ?? 0)))(entry.values as (number | null)[]) ?? "",
      points: entry.values.flatMap((value, index) => (value === null ? [] : [{ line: entry.key, index, value, partial: entry.coverage[index] ?? null, share: null, x: center(index), y: round(y(value)) }])),
    }));

  const labelSpace = Math.max(...data.buckets.map((bucket) => bucket.label.length), 1) * CHAR_WIDTH + 10;
  const every = Math.max(1, Math.ceil(labelSpace / Math.max(x.step(), 1)));
  const valueLabels = input.axis.valueLabels
    ? [
        ...bars.filter((bar) => bar.width >= 18 && (!stacked || bar.height >= 14)).map((bar) => ({
          x: round(bar.x + bar.width / 2),
          y: stacked ? round(bar.y + bar.height / 2 + 4) : round(bar.value < 0 ? bar.y + bar.height + 12 : bar.y - 4),
          text: bar.share !== null ? `${Math.round(bar.share * 100)} %` : input.formatValue(bar.value, unitOf.get(bar.line) ?? "number"),
        })),
        ...lines.flatMap((drawn) => drawn.points.map((point) => ({ x: point.x, y: round(point.y - 8), text: input.formatValue(point.value, unitOf.get(point.line) ?? "number") }))),
      ]
    : [];
  const tops = data.buckets.map((_, index) => Math.min(plot.bottom, ...bars.filter((bar) => bar.index === index).map((bar) => bar.y), ...lines.flatMap((drawn) => drawn.points.filter((point) => point.index === index).map((point) => point.y))));
  return {
    plot,
    ticks: tickValues.map((value) => ({ value, y: round(y(value)), label: format(value) })),
    labels: data.buckets.flatMap((bucket, index) => ((count - 1 - index) % every === 0 ? [{ index, x: center(index), text: bucket.label }] : [])),
    bars,
    lines,
    zeroY: round(y(Math.min(Math.max(0, y.domain()[0]!), y.domain()[1]!))),
    bands: data.buckets.map((_, index) => ({ index, center: center(index), left: round((x(index) ?? 0) - (x.step() - x.bandwidth()) / 2), width: round(x.step()), top: round(tops[index]!) })),
    valueLabels,
  };
}

export interface KpiChartColours {
  /** By line key (KPI × series). */
  readonly lines: Readonly<Record<string, string>>;
  readonly axis: string;
  readonly grid: string;
  readonly highlight: string;
  readonly surface: string;
  readonly text: string;
}

/** How a series is told apart besides colour: bars of planning and last year lighter, lines dashed (as on the KPI detail). */
export const SERIES_STYLE: Readonly<Record<ChartSeries, { readonly opacity: number; readonly dash: string | null }>> = {
  actual: { opacity: 1, dash: null },
  planning: { opacity: 0.6, dash: "7 3" },
  lastYear: { opacity: 0.35, dash: "2 3" },
  forecast: { opacity: 0.8, dash: "0.5 4.5" },
};

/**
 * Draws `geometry` into `svg`. `active` is the highlighted bucket (hovered or focused), or null;
 * `hatchId` a document-unique id for the partial figures' hatch; `gridLines` draws the ticks'
 * lines across the plot.
 */
export function drawKpiChart(svg: SVGSVGElement, geometry: KpiChartGeometry, colours: KpiChartColours, options: { readonly width: number; readonly height: number; readonly active: number | null; readonly hatchId: string; readonly gridLines: boolean; readonly seriesOf: (line: string) => ChartSeries }) {
  const { root, layer } = chartRoot(svg, options);
  const defs = root.selectAll<SVGDefsElement, null>("defs").data([null]).join("defs");
  // Layers in paint order, created once.
  const grid = layer("grid");
  const highlight = layer("highlight");
  const bars = layer("bars");
  const hatches = layer("hatches");
  const zero = layer("zero");
  const lines = layer("lines");
  const points = layer("points");
  const labels = layer("value-labels");
  const yAxis = layer("y-axis");
  const xAxis = layer("x-axis");
  const hits = layer("hits");
  const { plot } = geometry;

  // A hatch of the surface colour drawn over a partial figure's own fill.
  defs
    .selectAll("pattern")
    .data([options.hatchId])
    .join("pattern")
    .attr("id", (id) => id)
    .attr("patternUnits", "userSpaceOnUse")
    .attr("width", 6)
    .attr("height", 6)
    .attr("patternTransform", "rotate(45)")
    .selectAll("rect")
    .data([null])
    .join("rect")
    .attr("width", 2.5)
    .attr("height", 6)
    .attr("fill", colours.surface)
    .attr("opacity", 0.7);

  drawGridLines(grid, options.gridLines ? geometry.ticks.map((tick) => tick.y) : [], plot, colours.grid);
  drawHighlightBand(highlight, options.active === null ? null : (geometry.bands.find((band) => band.index === options.active) ?? null), plot, colours.highlight);

  const colourOf = (key: string) => colours.lines[key] ?? colours.axis;
  bars
    .selectAll("rect")
    .data(geometry.bars)
    .join("rect")
    .attr("data-line", (bar) => bar.line)
    .attr("data-index", (bar) => bar.index)
    .attr("data-value", (bar) => bar.value)
    .attr("data-partial", (bar) => bar.partial)
    .attr("x", (bar) => bar.x)
    .attr("y", (bar) => bar.y)
    .attr("width", (bar) => bar.width)
    .attr("height", (bar) => bar.height)
    .attr("fill", (bar) => colourOf(bar.line))
    .attr("fill-opacity", (bar) => SERIES_STYLE[options.seriesOf(bar.line)].opacity)
    // The surface-coloured edge parts stacked segments and grouped bars.
    .attr("stroke", colours.surface)
    .attr("stroke-width", 1);
  hatches
    .selectAll("rect")
    .data(geometry.bars.filter((bar) => bar.partial !== null))
    .join("rect")
    .attr("x", (bar) => bar.x)
    .attr("y", (bar) => bar.y)
    .attr("width", (bar) => bar.width)
    .attr("height", (bar) => bar.height)
    .attr("fill", `url(#${options.hatchId})`)
    .attr("pointer-events", "none");

  drawZeroLine(zero, geometry.zeroY, plot, colours.axis);

  lines
    .selectAll<SVGPathElement, KpiChartGeometry["lines"][number]>("path")
    .data(geometry.lines.flatMap((drawn) => [{ ...drawn, halo: true }, { ...drawn, halo: false }]))
    .join("path")
    .attr("data-line", (drawn) => (drawn.halo ? null : drawn.line))
    .attr("d", (drawn) => drawn.path)
    .attr("fill", "none")
    .attr("stroke", (drawn) => (drawn.halo ? colours.surface : colourOf(drawn.line)))
    .attr("stroke-width", (drawn) => (drawn.halo ? 5 : drawn.series === "forecast" ? 3 : 2))
    .attr("stroke-dasharray", (drawn) => (drawn.halo ? null : SERIES_STYLE[drawn.series].dash))
    .attr("stroke-linejoin", "round")
    .attr("stroke-linecap", "round");

  // Every value on a line gets a dot: a hollow one when the figure is partial.
  points
    .selectAll("circle")
    .data(geometry.lines.flatMap((drawn) => drawn.points))
    .join("circle")
    .attr("data-line", (point) => point.line)
    .attr("data-index", (point) => point.index)
    .attr("data-value", (point) => point.value)
    .attr("data-partial", (point) => point.partial)
    .attr("cx", (point) => point.x)
    .attr("cy", (point) => point.y)
    .attr("r", (point) => (point.index === options.active ? 4.5 : 3))
    .attr("fill", (point) => (point.partial ? colours.surface : colourOf(point.line)))
    .attr("stroke", (point) => (point.partial ? colourOf(point.line) : colours.surface))
    .attr("stroke-width", 1.5);

  labels
    .selectAll("text")
    .data(geometry.valueLabels)
    .join("text")
    .attr("x", (label) => label.x)
    .attr("y", (label) => label.y)
    .attr("text-anchor", "middle")
    .attr("font-size", 11)
    .attr("fill", colours.text)
    .attr("paint-order", "stroke")
    .attr("stroke", colours.surface)
    .attr("stroke-width", 3)
    .text((label) => label.text);

  const y = scaleLinear()
    .domain([geometry.ticks[0]?.value ?? 0, geometry.ticks.at(-1)?.value ?? 1])
    .range([geometry.ticks[0]?.y ?? plot.bottom, geometry.ticks.at(-1)?.y ?? plot.top]);
  yAxis
    .attr("transform", `translate(${plot.left},0)`)
    .attr("color", colours.axis)
    .call(axisLeft(y).tickValues(geometry.ticks.map((tick) => tick.value)).tickFormat((_, index) => geometry.ticks[index]?.label ?? "").tickSizeOuter(0))
    .call((axis) => axis.select(".domain").remove());
  const x = scaleLinear().domain([0, options.width]).range([0, options.width]);
  xAxis
    .attr("transform", `translate(0,${plot.bottom})`)
    .attr("color", colours.axis)
    .call(axisBottom(x).tickValues(geometry.labels.map((label) => label.x)).tickFormat((_, index) => geometry.labels[index]?.text ?? "").tickSizeOuter(0))
    .call((axis) => axis.select(".domain").remove());
  for (const axis of [yAxis, xAxis]) axis.selectAll("text").attr("font-size", 12).attr("fill", colours.axis);

  drawHitAreas(hits, geometry.bands, plot);
}
