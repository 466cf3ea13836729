import { line, scaleLinear, select } from "d3";

/**
 * A sparkline: a KPI's last months as one small line, no axes. The geometry is pure (tested
 * without a DOM); `drawSparkline` puts it into an svg with d3, idempotently, so it is called
 * again for new values, a new width or another theme.
 */

export interface SparklineGeometry {
  /** The line's path; a month without a value leaves a gap. Empty when no month has a value. */
  readonly path: string;
  /** The newest month with a value, marked with a dot; null when none has one. */
  readonly last: { readonly x: number; readonly y: number } | null;
}

/**
 * Lays `values` (oldest first, null for a month without one) out over `width` × `height`, with
 * `inset` pixels kept free on every side so the stroke and the dot are not clipped. The lowest
 * value sits at the bottom and the highest at the top; a flat series runs through the middle.
 */
export function sparklineGeometry(values: readonly (number | null)[], width: number, height: number, inset = 3): SparklineGeometry {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return { path: "", last: null };
  const x = scaleLinear()
    .domain([0, Math.max(1, values.length - 1)])
    .range([inset, width - inset]);
  const y = scaleLinear()
    .domain([Math.min(...known), Math.max(...known)])
    .range([height - inset, inset]);
  const path =
    line<number | null>()
      .defined((value) => value !== null && Number.isFinite(value))
      .x((_, index) => round(x(index)))
      .y((value) => round(y(value!)))(values) ?? "";
  const lastIndex = values.findLastIndex((value) => value !== null && Number.isFinite(value));
  return { path, last: { x: round(x(lastIndex)), y: round(y(values[lastIndex]!)) } };
}

const round = (pixels: number) => Math.round(pixels * 10) / 10;

export interface SparklineColours {
  readonly line: string;
}

/** Draws `geometry` into `svg`: the line and a dot on the newest value. */
export function drawSparkline(svg: SVGSVGElement, geometry: SparklineGeometry, colours: SparklineColours) {
  const root = select(svg);
  root
    .selectAll<SVGPathElement, SparklineGeometry>("path.sparkline-line")
    .data(geometry.path ? [geometry] : [])
    .join("path")
    .attr("class", "sparkline-line")
    .attr("d", (drawn) => drawn.path)
    .attr("fill", "none")
    .attr("stroke", colours.line)
    .attr("stroke-width", 1.5)
    .attr("stroke-linejoin", "round")
    .attr("stroke-linecap", "round");
  root
    .selectAll<SVGCircleElement, { x: number; y: number }>("circle.sparkline-last")
    .data(geometry.last ? [geometry.last] : [])
    .join("circle")
    .attr("class", "sparkline-last")
    .attr("cx", (point) => point.x)
    .attr("cy", (point) => point.y)
    .attr("r", 2.5)
    .attr("fill", colours.line);
}
