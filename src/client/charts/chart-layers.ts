import { select, type Selection } from "d3";

/**
 * The parts every d3 chart here draws the same way: the svg sized to its box, one `g` per layer
 * (created once, so drawing again for new data only updates), the ticks' grid lines, the
 * highlighted band behind a category, the zero line and the transparent hit areas the pointer
 * finds. Pure drawing: each takes its layer, the geometry and a colour, and joins idempotently.
 */
export type ChartLayer = Selection<SVGGElement, null, SVGSVGElement, unknown>;

export interface PlotBox {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** A category's full step across the plot: where its highlight and its hit area go. */
export interface CategoryBand {
  readonly index: number;
  readonly left: number;
  readonly width: number;
}

/** Sizes `svg` and returns it with a maker of named layers; layers paint in the order they are first made. */
export function chartRoot(svg: SVGSVGElement, size: { readonly width: number; readonly height: number }) {
  const root = select(svg).attr("width", size.width).attr("height", size.height).attr("viewBox", `0 0 ${size.width} ${size.height}`);
  const layer = (name: string): ChartLayer => root.selectAll<SVGGElement, null>(`g.${name}`).data([null]).join("g").attr("class", name);
  return { root, layer };
}

/** A horizontal line across the plot at each `y`. */
function drawHorizontals(layer: ChartLayer, ys: readonly number[], plot: PlotBox, colour: string) {
  layer
    .selectAll("line")
    .data(ys)
    .join("line")
    .attr("x1", plot.left)
    .attr("x2", plot.right)
    .attr("y1", (y) => y)
    .attr("y2", (y) => y)
    .attr("stroke", colour)
    .attr("shape-rendering", "crispEdges");
}

export const drawGridLines = (layer: ChartLayer, tickYs: readonly number[], plot: PlotBox, colour: string) => drawHorizontals(layer, tickYs, plot, colour);

export const drawZeroLine = (layer: ChartLayer, zeroY: number, plot: PlotBox, colour: string) => drawHorizontals(layer, [zeroY], plot, colour);

/** The band of the highlighted category (hovered or focused), full plot height; none when `band` is null. */
export function drawHighlightBand(layer: ChartLayer, band: CategoryBand | null, plot: PlotBox, colour: string) {
  layer
    .selectAll("rect")
    .data(band === null ? [] : [band])
    .join("rect")
    .attr("x", (drawn) => drawn.left)
    .attr("width", (drawn) => drawn.width)
    .attr("y", plot.top)
    .attr("height", plot.bottom - plot.top)
    .attr("fill", colour);
}

/** One transparent rect per category over everything, carrying `data-index`: what the pointer finds. */
export function drawHitAreas(layer: ChartLayer, bands: readonly CategoryBand[], plot: PlotBox) {
  layer
    .selectAll("rect")
    .data(bands, (band) => String((band as CategoryBand).index))
    .join("rect")
    .attr("data-index", (band) => band.index)
    .attr("x", (band) => band.left)
    .attr("width", (band) => band.width)
    .attr("y", plot.top)
    .attr("height", plot.bottom - plot.top)
    .attr("fill", "transparent");
}
