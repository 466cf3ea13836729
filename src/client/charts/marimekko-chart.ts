import { select } from "d3";

/**
 * A marimekko (mosaic) chart: columns as wide as their share of the whole, each split top to
 * bottom into segments by their share of the column. The geometry is pure (tested without a DOM);
 * `drawMarimekko` puts it into an svg with d3, idempotently. Every segment carries `data-column`,
 * `data-segment` and `data-value`, and a `<title>` naming it for a pointer's tooltip; the screen
 * also shows every value in a table.
 */
export interface MarimekkoColumn {
  readonly key: string;
  readonly label: string;
  /** What the column's width stands for (an amount); a column of 0 gets no width. */
  readonly weight: number;
  /** In stacking order, bottom first; each value a part of the column's weight. */
  readonly segments: readonly { readonly key: string; readonly value: number }[];
}

export interface MarimekkoInput {
  readonly columns: readonly MarimekkoColumn[];
  readonly width: number;
  readonly height: number;
}

export interface MarimekkoRect {
  readonly column: string;
  readonly segment: string;
  readonly value: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface MarimekkoGeometry {
  readonly plot: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
  readonly rects: readonly MarimekkoRect[];
  /** Column labels that fit their column's width, at its centre. */
  readonly labels: readonly { readonly column: string; readonly x: number; readonly text: string }[];
  /** The value axis in percent of a column: 0, 25, 50, 75, 100. */
  readonly ticks: readonly { readonly y: number; readonly label: string }[];
}

const MARGIN = { top: 8, right: 8, bottom: 26, left: 44 } as const;
const CHAR_WIDTH = 6.8;
const GAP = 2;
const round = (pixels: number) => Math.round(pixels * 10) / 10;

export function marimekkoGeometry({ columns, width, height }: MarimekkoInput): MarimekkoGeometry {
  const plot = { left: MARGIN.left, right: Math.max(MARGIN.left + 1, width - MARGIN.right), top: MARGIN.top, bottom: Math.max(MARGIN.top + 1, height - MARGIN.bottom) };
  const total = columns.reduce((sum, column) => sum + Math.max(0, column.weight), 0);
  const shown = columns.filter((column) => column.weight > 0);
  const usable = plot.right - plot.left - GAP * Math.max(0, shown.length - 1);
  const rects: MarimekkoRect[] = [];
  const labels: { column: string; x: number; text: string }[] = [];
  let x = plot.left;
  for (const column of shown) {
    const columnWidth = total === 0 ? 0 : (column.weight / total) * usable;
    const columnTotal = column.segments.reduce((sum, segment) => sum + Math.max(0, segment.value), 0);
    let bottom = plot.bottom;
    for (const segment of column.segments) {
      if (segment.value <= 0 || columnTotal === 0) continue;
      const segmentHeight = (segment.value / columnTotal) * (plot.bottom - plot.top);
      rects.push({ column: column.key, segment: segment.key, value: segment.value, x: round(x), y: round(bottom - segmentHeight), width: round(columnWidth), height: round(segmentHeight) });
      bottom -= segmentHeight;
    }
    if (column.label.length * CHAR_WIDTH <= columnWidth) labels.push({ column: column.key, x: round(x + columnWidth / 2), text: column.label });
    x += columnWidth + GAP;
  }
  const ticks = [0, 25, 50, 75, 100].map((percent) => ({ y: round(plot.bottom - (percent / 100) * (plot.bottom - plot.top)), label: `${percent} %` }));
  return { plot, rects, labels, ticks };
}

export interface MarimekkoColours {
  readonly segments: Readonly<Record<string, string>>;
  readonly axis: string;
  readonly surface: string;
}

/** Draws (or redraws) the geometry into `svg`; `describe` names a segment in its title. */
export function drawMarimekko(svg: SVGSVGElement, geometry: MarimekkoGeometry, colours: MarimekkoColours, size: { width: number; height: number }, describe: (rect: MarimekkoRect) => string): void {
  const root = select(svg).attr("width", size.width).attr("height", size.height).attr("viewBox", `0 0 ${size.width} ${size.height}`);
  const segments = root.selectAll<SVGGElement, null>("g.segments").data([null]).join("g").attr("class", "segments");
  segments
    .selectAll<SVGRectElement, MarimekkoRect>("rect")
    .data(geometry.rects, (rect) => `${rect.column}:${rect.segment}`)
    .join((enter) => enter.append("rect").call((rect) => rect.append("title")))
    .attr("data-column", (rect) => rect.column)
    .attr("data-segment", (rect) => rect.segment)
    .attr("data-value", (rect) => rect.value)
    .attr("x", (rect) => rect.x)
    .attr("y", (rect) => rect.y)
    .attr("width", (rect) => rect.width)
    .attr("height", (rect) => rect.height)
    .attr("fill", (rect) => colours.segments[rect.segment] ?? colours.axis)
    // A hairline of the surface parts neighbouring segments, so colour is not the only border.
    .attr("stroke", colours.surface)
    .attr("stroke-width", 1)
    .select("title")
    .text(describe);
  const axis = root.selectAll<SVGGElement, null>("g.axis").data([null]).join("g").attr("class", "axis");
  axis
    .selectAll<SVGTextElement, MarimekkoGeometry["ticks"][number]>("text.tick")
    .data(geometry.ticks)
    .join("text")
    .attr("class", "tick")
    .attr("x", geometry.plot.left - 6)
    .attr("y", (tick) => tick.y)
    .attr("dy", "0.32em")
    .attr("text-anchor", "end")
    .attr("font-size", 12)
    .attr("fill", colours.axis)
    .text((tick) => tick.label);
  axis
    .selectAll<SVGTextElement, MarimekkoGeometry["labels"][number]>("text.column")
    .data(geometry.labels, (label) => label.column)
    .join("text")
    .attr("class", "column")
    .attr("x", (label) => label.x)
    .attr("y", geometry.plot.bottom + 18)
    .attr("text-anchor", "middle")
    .attr("font-size", 12)
    .attr("fill", colours.axis)
    .text((label) => label.text);
}
