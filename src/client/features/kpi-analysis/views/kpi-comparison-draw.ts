import { axisBottom, axisLeft, line, scaleLinear, scalePoint, select } from "d3";
import { chartRoot, drawGridLines, drawZeroLine } from "../../../charts/chart-layers";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { axisTickFormat } from "../../kpis/views/chart/chart-format";
import { INDEX_UNIT, SERIES_DASH, type ChartPanel } from "./kpi-comparison-panels";

export interface ComparisonDrawInput {
  readonly panel: ChartPanel;
  /** The x axis' labels, one per column. */
  readonly labels: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly currency: string;
  readonly colours: { readonly series: readonly string[]; readonly axis: string; readonly grid: string; readonly surface: string };
}

const TICK_COUNT = 5;
const CHAR_WIDTH = 7;
const MARGIN = { top: 12, right: 20, bottom: 28 } as const;

/**
 * Draws one panel of the comparison: a line per series (its colour and dash by position), a dot
 * on each value, the index's 100 line or the zero line, a value axis in the panel's unit and the
 * months below. Idempotent like the other charts: it joins the same elements on every call. Each
 * line carries `data-series` (the series key) and each dot `data-value`.
 */
export function drawComparisonPanel(svg: SVGSVGElement, input: ComparisonDrawInput) {
  const { panel, labels, width, height, colours } = input;
  const { layer } = chartRoot(svg, { width, height });
  const values = panel.series.flatMap((series) => series.values.filter((value): value is number => value !== null && Number.isFinite(value)));
  const reference = panel.unit === INDEX_UNIT ? 100 : 0;
  const y = scaleLinear()
    .domain([Math.min(reference, ...values), Math.max(reference, ...values)])
    .nice();
  if (y.domain()[0] === y.domain()[1]) y.domain([reference - 1, reference + 1]);
  const ticks = y.ticks(TICK_COUNT);
  const formatTick = panel.unit === INDEX_UNIT ? (value: number) => formatKpiValue(value, "number", { decimals: 0 }) : axisTickFormat(ticks, panel.unit, input.currency);
  const left = Math.max(...ticks.map((tick) => formatTick(tick).length)) * CHAR_WIDTH + 14;
  const plot = { left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  y.range([plot.bottom, plot.top]);
  const x = scalePoint<number>()
    .domain(labels.map((_, index) => index))
    .range([plot.left + 8, Math.max(plot.left + 9, plot.right - 8)]);

  const grid = layer("grid");
  const base = layer("reference");
  const lines = layer("lines");
  const dots = layer("dots");
  const yAxis = layer("y-axis");
  const xAxis = layer("x-axis");
  drawGridLines(grid, ticks.map((tick) => y(tick)), plot, colours.grid);
  drawZeroLine(base, y(reference), plot, colours.axis);

  const colourOf = (position: number) => colours.series[position % colours.series.length]!;
  const pathOf = (series: ChartPanel["series"][number]) =>
    line<number | null>()
      .defined((value) => value !== null && Number.isFinite(value))
      .x((_, index) => x(index) ?? 0)
      .y((value) => y(value ?? 0))(series.values as (number | null)[]) ?? "";
  lines
    .selectAll<SVGPathElement, ChartPanel["series"][number]>("path")
    .data(panel.series, (series) => series.key)
    .join("path")
    .attr("data-series", (series) => series.key)
    .attr("d", pathOf)
    .attr("fill", "none")
    .attr("stroke", (series) => colourOf(series.position))
    .attr("stroke-width", 2)
    .attr("stroke-dasharray", (series) => SERIES_DASH[series.position % SERIES_DASH.length] ?? null)
    .attr("stroke-linejoin", "round");
  const points = panel.series.flatMap((series) => series.values.flatMap((value, index) => (value === null || !Number.isFinite(value) ? [] : [{ key: `${series.key}:${index}`, position: series.position, index, value }])));
  dots
    .selectAll<SVGCircleElement, (typeof points)[number]>("circle")
    .data(points, (point) => point.key)
    .join("circle")
    .attr("data-value", (point) => point.value)
    .attr("cx", (point) => x(point.index) ?? 0)
    .attr("cy", (point) => y(point.value))
    .attr("r", 3)
    .attr("fill", (point) => colourOf(point.position))
    .attr("stroke", colours.surface)
    .attr("stroke-width", 1);

  yAxis
    .attr("transform", `translate(${plot.left},0)`)
    .attr("color", colours.axis)
    .call(axisLeft(y).tickValues(ticks).tickFormat((value) => formatTick(Number(value))).tickSizeOuter(0))
    .call((axis) => axis.select(".domain").remove());
  const labelSpace = Math.max(...labels.map((label) => label.length), 1) * CHAR_WIDTH + 12;
  const every = Math.max(1, Math.ceil((labelSpace * labels.length) / Math.max(plot.right - plot.left, 1)));
  xAxis
    .attr("transform", `translate(0,${plot.bottom})`)
    .attr("color", colours.axis)
    .call(
      axisBottom(x)
        .tickValues(labels.map((_, index) => index).filter((index) => (labels.length - 1 - index) % every === 0))
        .tickFormat((index) => labels[index] ?? "")
        .tickSizeOuter(0),
    );
  for (const axis of [yAxis, xAxis]) axis.attr("font-size", 12).attr("font-family", "inherit");
  select(svg).attr("data-unit", panel.unit);
}
