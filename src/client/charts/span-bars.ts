import { scaleLinear } from "d3";
import { chartRoot } from "./chart-layers";

/**
 * Horizontal bars, each spanning from one value to another: a bridge (waterfall) from a base
 * through effects to a value, where each effect floats from the running total, or plain bars from
 * zero (a KPI by dimension). Rows keep their order top to bottom; labels left, figures right.
 */
export type SpanKind = "total" | "good" | "bad" | "neutral";

export interface SpanRow {
  readonly label: string;
  readonly from: number;
  readonly to: number;
  readonly kind: SpanKind;
  /** The figure written beside the bar. */
  readonly text: string;
}

export interface SpanRect {
  readonly row: SpanRow;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface SpanGeometry {
  readonly rects: readonly SpanRect[];
  readonly zeroX: number;
  readonly labelWidth: number;
  readonly height: number;
  /** Joins between consecutive bridge steps: from the end of one bar to the start of the next. */
  readonly connectors: readonly { readonly x: number; readonly y1: number; readonly y2: number }[];
  /** Where the axis starts when it does not start at zero (a bridge of small effects on a large total). */
  readonly axisStart: number | null;
}

export const ROW_HEIGHT = 28;
const BAR = 18;
const CHAR = 6.8;

/** The bars of `rows` in a box `width` wide; labels get what their longest needs, up to 40 %. */
export function spanGeometry(rows: readonly SpanRow[], width: number, options: { connect: boolean }): SpanGeometry {
  const labelWidth = Math.min(width * 0.4, Math.max(60, ...rows.map((row) => row.label.length * CHAR + 12)));
  const textWidth = Math.max(60, ...rows.map((row) => row.text.length * CHAR + 12));
  const { low, high, axisStart } = domainOf(rows, options.connect);
  const x = scaleLinear()
    .domain(low === high ? [0, 1] : [low, high])
    .range([labelWidth, Math.max(labelWidth + 40, width - textWidth)]);
  const rects = rows.map((row, index): SpanRect => {
    // A total on a truncated axis starts where the axis does.
    const from = axisStart !== null && row.kind === "total" ? Math.max(row.from, axisStart) : row.from;
    const [a, b] = [x(Math.min(from, row.to)), x(Math.max(from, row.to))];
    return { row, x: a, y: index * ROW_HEIGHT + (ROW_HEIGHT - BAR) / 2, width: Math.max(1, b - a), height: BAR };
  });
  const connectors = options.connect
    ? rects.slice(1).map((rect, index) => ({ x: x(rows[index]!.to), y1: rects[index]!.y + BAR, y2: rect.y }))
    : [];
  return { rects, zeroX: axisStart === null ? x(0) : labelWidth, labelWidth, height: rows.length * ROW_HEIGHT, connectors, axisStart };
}

/**
 * The values the axis spans. Bars start at zero; but a bridge whose effects are small beside its
 * totals (a margin of 68 % moving by 4 points) would show them as slivers, so when zero lies further
 * below (or above) the data than the data's own spread, the axis starts near the data instead and
 * says where (axisStart), as finance bridges do.
 */
function domainOf(rows: readonly SpanRow[], bridge: boolean): { low: number; high: number; axisStart: number | null } {
  const all = rows.flatMap((row) => [row.from, row.to]);
  const withZero = { low: Math.min(0, ...all), high: Math.max(0, ...all), axisStart: null };
  if (!bridge || rows.length === 0) return withZero;
  const data = rows.flatMap((row) => (row.kind === "total" ? [row.to] : [row.from, row.to]));
  const [low, high] = [Math.min(...data), Math.max(...data)];
  const spread = high - low;
  if (spread === 0 || (low <= 0 && high >= 0)) return withZero;
  const pad = spread * 0.25;
  if (low > 0 && low > 2 * spread) return { low: low - pad, high: high + pad / 2, axisStart: low - pad };
  if (high < 0 && -high > 2 * spread) return { low: low - pad / 2, high: high + pad, axisStart: high + pad };
  return withZero;
}

/** A bridge: the base, each effect from the running total, the value. */
export function bridgeRows(base: { label: string; value: number; text: string }, effects: readonly { label: string; effect: number; text: string; kind: SpanKind }[], value: { label: string; value: number; text: string }): SpanRow[] {
  let running = base.value;
  const steps = effects.map((effect) => {
    const row: SpanRow = { label: effect.label, from: running, to: running + effect.effect, kind: effect.kind, text: effect.text };
    running += effect.effect;
    return row;
  });
  return [{ label: base.label, from: 0, to: base.value, kind: "total", text: base.text }, ...steps, { label: value.label, from: 0, to: value.value, kind: "total", text: value.text }];
}

export interface SpanColours {
  readonly total: string;
  readonly good: string;
  readonly bad: string;
  readonly neutral: string;
  readonly text: string;
  readonly axis: string;
}

export function drawSpanBars(svg: SVGSVGElement, geometry: SpanGeometry, colours: SpanColours, width: number): void {
  const { layer } = chartRoot(svg, { width, height: geometry.height });
  layer("zero")
    .selectAll("line")
    .data([geometry.zeroX])
    .join("line")
    .attr("x1", (x) => x)
    .attr("x2", (x) => x)
    .attr("y1", 0)
    .attr("y2", geometry.height)
    .attr("stroke", colours.axis)
    .attr("shape-rendering", "crispEdges");
  layer("connectors")
    .selectAll("line")
    .data(geometry.connectors)
    .join("line")
    .attr("x1", (c) => c.x)
    .attr("x2", (c) => c.x)
    .attr("y1", (c) => c.y1)
    .attr("y2", (c) => c.y2)
    .attr("stroke", colours.axis)
    .attr("stroke-dasharray", "2 2");
  layer("bars")
    .selectAll("rect")
    .data(geometry.rects)
    .join("rect")
    .attr("x", (r) => r.x)
    .attr("y", (r) => r.y)
    .attr("width", (r) => r.width)
    .attr("height", (r) => r.height)
    .attr("rx", 2)
    .attr("fill", (r) => colours[r.row.kind]);
  layer("labels")
    .selectAll("text")
    .data(geometry.rects)
    .join("text")
    .attr("x", geometry.labelWidth - 8)
    .attr("y", (r) => r.y + r.height / 2)
    .attr("dy", "0.35em")
    .attr("text-anchor", "end")
    .attr("font-size", 12)
    .attr("fill", colours.text)
    .text((r) => r.row.label);
  layer("figures")
    .selectAll("text")
    .data(geometry.rects)
    .join("text")
    .attr("x", (r) => r.x + r.width + 6)
    .attr("y", (r) => r.y + r.height / 2)
    .attr("dy", "0.35em")
    .attr("font-size", 12)
    .attr("fill", colours.text)
    .text((r) => r.row.text);
}
