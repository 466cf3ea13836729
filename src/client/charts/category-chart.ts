import { axisBottom, axisLeft, line, scaleBand, scaleLinear } from "d3";
import { chartRoot, drawGridLines, drawHighlightBand, drawHitAreas, drawZeroLine } from "./chart-layers";

/**
 * A chart over categories (months, stages, size ranges): bars, stacked in the order given, and
 * lines through the categories' centres. The geometry is pure (tested without a DOM);
 * `drawCategoryChart` puts it into an svg with d3, idempotently, so it is called again for new
 * data, a new width, another theme or another highlighted category. Every bar and point carries
 * `data-series`, `data-index` and `data-value`; each category's hit area `data-index`.
 */
export interface CategorySeries {
  readonly key: string;
  readonly label: string;
  /** One value per category; null where it has none. */
  readonly values: readonly (number | null)[];
}

export interface CategoryChartInput {
  readonly categories: readonly string[];
  /** Stacked from the axis up, in this order (negative values are drawn below the axis, unstacked). */
  readonly bars: readonly CategorySeries[];
  readonly lines?: readonly CategorySeries[];
  readonly width: number;
  readonly height: number;
  /** Tick labels of the value axis ("€ 20k", "40 %"). */
  readonly formatTick: (value: number) => string;
  /** The top of the value axis when the values have a natural one (shares: 100); else rounded up from the data. */
  readonly maxValue?: number;
}

export interface BarRect {
  readonly series: string;
  readonly index: number;
  readonly value: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LinePoint {
  readonly index: number;
  readonly value: number;
  readonly x: number;
  readonly y: number;
}

export interface CategoryChartGeometry {
  readonly plot: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
  readonly ticks: readonly { readonly value: number; readonly y: number; readonly label: string }[];
  /** The category labels that fit, every `n`th from the last; the rest are named in tooltips. */
  readonly labels: readonly { readonly index: number; readonly x: number; readonly text: string }[];
  readonly rects: readonly BarRect[];
  readonly lines: readonly { readonly series: string; readonly path: string; readonly points: readonly LinePoint[] }[];
  readonly zeroY: number;
  /** Each category's band (its centre and the width of its step): where the hit areas and the highlight go. */
  readonly bands: readonly { readonly index: number; readonly center: number; readonly left: number; readonly width: number; readonly top: number }[];
}

const MARGIN = { top: 12, right: 12, bottom: 28 } as const;
/** About how wide one character of an axis label is, at 12 px. */
export const CHAR_WIDTH = 6.8;
const TICKS = 5;
const round = (pixels: number) => Math.round(pixels * 10) / 10;

export function categoryChartGeometry(input: CategoryChartInput): CategoryChartGeometry {
  const { categories, bars, width, height } = input;
  const lines = input.lines ?? [];
  const stackTops = categories.map((_, index) => bars.reduce((total, series) => total + Math.max(0, series.values[index] ?? 0), 0));
  const lows = categories.map((_, index) => Math.min(0, ...bars.map((series) => series.values[index] ?? 0)));
  const lineValues = lines.flatMap((series) => series.values.filter((value): value is number => value !== null));
  const y = scaleLinear()
    .domain([Math.min(0, ...lows, ...lineValues), Math.max(0, ...stackTops, ...lineValues)])
    .nice(TICKS);
  if (input.maxValue !== undefined) y.domain([y.domain()[0]!, input.maxValue]);
  if (y.domain()[0] === y.domain()[1]) y.domain([0, 1]);
  const tickValues = y.ticks(TICKS);
  const left = Math.max(...tickValues.map((tick) => input.formatTick(tick).length), 1) * CHAR_WIDTH + 14;
  const plot = { left, right: Math.max(left + 1, width - MARGIN.right), top: MARGIN.top, bottom: height - MARGIN.bottom };
  y.range([plot.bottom, plot.top]);
  const x = scaleBand<number>()
    .domain(categories.map((_, index) => index))
    .range([plot.left, plot.right])
    .paddingInner(0.25)
    .paddingOuter(0.15);
  const center = (index: number) => round((x(index) ?? plot.left) + x.bandwidth() / 2);

  const rects: BarRect[] = [];
  categories.forEach((_, index) => {
    let base = 0;
    for (const series of bars) {
      const value = series.values[index];
      if (value === null || value === undefined || value === 0) continue;
      const from = value > 0 ? base : 0;
      const to = value > 0 ? base + value : value;
      if (value > 0) base = to;
      rects.push({ series: series.key, index, value, x: round(x(index) ?? 0), width: round(x.bandwidth()), y: round(y(Math.max(from, to))), height: round(Math.abs(y(from) - y(to))) });
    }
  });

  const drawnLines = lines
    .filter((series) => series.values.some((value) => value !== null))
    .map((series) => {
      const points = series.values.flatMap((value, index) => (value === null ? [] : [{ index, value, x: center(index), y: round(y(value)) }]));
      const path =
        line<number | null>()
          .defined((value) => value !== null)
          .x((_, index) => center(index))
          .y((value) => round(y(value ?? 0)))(series.values as (number | null)[]) ?? "";
      return { series: series.key, path, points };
    });

  const labelSpace = Math.max(...categories.map((label) => label.length), 1) * CHAR_WIDTH + 10;
  const every = Math.max(1, Math.ceil(labelSpace / Math.max(x.step(), 1)));
  return {
    plot,
    ticks: tickValues.map((value) => ({ value, y: round(y(value)), label: input.formatTick(value) })),
    labels: categories.flatMap((text, index) => ((categories.length - 1 - index) % every === 0 ? [{ index, x: center(index), text }] : [])),
    rects,
    lines: drawnLines,
    zeroY: round(y(0)),
    bands: categories.map((_, index) => ({ index, center: center(index), left: round((x(index) ?? 0) - (x.step() - x.bandwidth()) / 2), width: round(x.step()), top: Math.min(...[y(stackTops[index] ?? 0), ...drawnLines.flatMap((drawn) => drawn.points.filter((point) => point.index === index).map((point) => point.y))].map(round)) })),
  };
}

export interface CategoryChartColours {
  /** By series key. */
  readonly series: Readonly<Record<string, string>>;
  readonly axis: string;
  readonly grid: string;
  readonly highlight: string;
  /** What the chart sits on: the gap between stacked segments and the halo under lines. */
  readonly surface: string;
}

/** Draws `geometry` into `svg`; `active` is the highlighted category (hovered or focused), or null. */
export function drawCategoryChart(svg: SVGSVGElement, geometry: CategoryChartGeometry, colours: CategoryChartColours, size: { width: number; height: number }, active: number | null, dashed: ReadonlySet<string> = new Set()) {
  const { layer } = chartRoot(svg, size);
  const grid = layer("grid");
  const highlight = layer("highlight");
  const bars = layer("bars");
  const zero = layer("zero");
  const lines = layer("lines");
  const axes = layer("axes");
  const hits = layer("hits");
  const { plot } = geometry;

  drawGridLines(grid, geometry.ticks.map((tick) => tick.y), plot, colours.grid);
  drawHighlightBand(highlight, geometry.bands.find((band) => band.index === active) ?? null, plot, colours.highlight);
  bars
    .selectAll("rect")
    .data(geometry.rects, (rect) => `${(rect as BarRect).series}:${(rect as BarRect).index}`)
    .join("rect")
    .attr("data-series", (rect) => rect.series)
    .attr("data-index", (rect) => rect.index)
    .attr("data-value", (rect) => rect.value)
    .attr("x", (rect) => rect.x)
    .attr("y", (rect) => rect.y)
    .attr("width", (rect) => rect.width)
    .attr("height", (rect) => rect.height)
    .attr("fill", (rect) => colours.series[rect.series] ?? colours.axis)
    // A hairline of the surface between stacked segments: neighbours never melt into one.
    .attr("stroke", colours.surface)
    .attr("stroke-width", 1);
  drawZeroLine(zero, geometry.zeroY, plot, colours.axis);
  lines
    .selectAll<SVGPathElement, (typeof geometry.lines)[number]>("path.halo")
    .data(geometry.lines, (drawn) => drawn.series)
    .join("path")
    .attr("class", "halo")
    .attr("d", (drawn) => drawn.path)
    .attr("fill", "none")
    .attr("stroke", colours.surface)
    .attr("stroke-width", 5);
  lines
    .selectAll<SVGPathElement, (typeof geometry.lines)[number]>("path.series")
    .data(geometry.lines, (drawn) => drawn.series)
    .join("path")
    .attr("class", "series")
    .attr("data-series", (drawn) => drawn.series)
    .attr("d", (drawn) => drawn.path)
    .attr("fill", "none")
    .attr("stroke", (drawn) => colours.series[drawn.series] ?? colours.axis)
    .attr("stroke-width", 2.5)
    .attr("stroke-dasharray", (drawn) => (dashed.has(drawn.series) ? "6 4" : null))
    .attr("stroke-linejoin", "round");
  const points = geometry.lines.flatMap((drawn) => drawn.points.map((point) => ({ ...point, series: drawn.series })));
  lines
    .selectAll<SVGCircleElement, (typeof points)[number]>("circle")
    .data(points, (point) => `${point.series}:${point.index}`)
    .join("circle")
    .attr("data-series", (point) => point.series)
    .attr("data-index", (point) => point.index)
    .attr("data-value", (point) => point.value)
    .attr("cx", (point) => point.x)
    .attr("cy", (point) => point.y)
    .attr("r", (point) => (point.index === active ? 4.5 : 3))
    .attr("fill", (point) => colours.series[point.series] ?? colours.axis)
    .attr("stroke", colours.surface)
    .attr("stroke-width", 1.5);

  const yAxis = axes.selectAll<SVGGElement, null>("g.y").data([null]).join("g").attr("class", "y");
  yAxis
    .attr("transform", `translate(${plot.left},0)`)
    .attr("color", colours.axis)
    .call(axisLeft(scaleLinear().domain([0, 1]).range([0, 1])).tickValues([]).tickSizeOuter(0))
    .call((axis) => axis.select(".domain").remove());
  yAxis
    .selectAll<SVGTextElement, (typeof geometry.ticks)[number]>("text.tick-label")
    .data(geometry.ticks)
    .join("text")
    .attr("class", "tick-label")
    .attr("x", -8)
    .attr("y", (tick) => tick.y)
    .attr("dy", "0.32em")
    .attr("text-anchor", "end")
    .attr("fill", colours.axis)
    .attr("font-size", 12)
    .text((tick) => tick.label);
  const xAxis = axes.selectAll<SVGGElement, null>("g.x").data([null]).join("g").attr("class", "x");
  xAxis
    .attr("transform", `translate(0,${plot.bottom})`)
    .attr("color", colours.axis)
    .call(axisBottom(scaleLinear().domain([plot.left, plot.right]).range([plot.left, plot.right])).tickValues([]).tickSizeOuter(0));
  xAxis
    .selectAll<SVGTextElement, (typeof geometry.labels)[number]>("text.tick-label")
    .data(geometry.labels, (label) => String(label.index))
    .join("text")
    .attr("class", "tick-label")
    // A label at either end may reach past the svg's edge: keep it inside.
    .attr("x", (label) => {
      const half = (label.text.length * CHAR_WIDTH) / 2;
      return Math.min(Math.max(label.x, half + 2), size.width - half - 2);
    })
    .attr("y", 18)
    .attr("text-anchor", "middle")
    .attr("fill", colours.axis)
    .attr("font-size", 12)
    .text((label) => label.text);

  drawHitAreas(hits, geometry.bands, plot);
}
