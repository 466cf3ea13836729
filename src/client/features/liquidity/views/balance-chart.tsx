import { extent, line, max, min, scaleLinear, scaleUtc } from "d3";
import { useLayoutEffect, useMemo, useRef } from "react";
import { styled, useTheme } from "styled-components";
import { chartRoot, drawGridLines, drawZeroLine } from "../../../charts/chart-layers";
import { schemeColour } from "../../../charts/colour-schemes";
import { chartPalette } from "../../../ui/chart-palette";
import type { Palette } from "../../../ui/theme";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";

/**
 * The month-end (or week-end) balance of up to four scenarios, and the cash KPI's actuals, as
 * lines over time with a zero line; each scenario's lowest balance is a dot with its date and
 * amount. An image for assistive technology named by `label`: the legend and the table under it
 * carry the same numbers in words. Scenarios differ by colour and dash, the actuals are the
 * theme's muted grey, thicker, so colour is never the only cue.
 */
export interface BalanceSeries {
  readonly key: string;
  readonly label: string;
  readonly points: readonly { readonly date: string; readonly value: number }[];
  /** The lowest balance, marked with a dot and its text. */
  readonly lowest: { readonly date: string; readonly amount: number; readonly text: string } | null;
  readonly kind: "scenario" | "actuals";
}

export const SCENARIO_DASHES = ["", "6 4", "2 3", "10 3 2 3"] as const;

/** The colour of the `index`th scenario, and of the actuals. */
export const seriesColour = (theme: Palette, series: Pick<BalanceSeries, "kind">, index: number) => (series.kind === "actuals" ? chartPalette(theme).lastYear : schemeColour("meridian", theme, index));

const HEIGHT = 300;
const MARGIN = { top: 16, right: 24, bottom: 28, left: 72 };

export function BalanceChart({ series, label, format }: { series: readonly BalanceSeries[]; label: string; format: (value: number) => string }) {
  const frame = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const width = useElementWidth(frame, 720);
  const theme = useTheme();
  const scenarioIndex = useMemo(() => {
    let next = 0;
    return series.map((entry) => (entry.kind === "scenario" ? next++ : -1));
  }, [series]);
  useLayoutEffect(() => {
    if (!svg.current) return;
    const palette = chartPalette(theme);
    const { layer } = chartRoot(svg.current, { width, height: HEIGHT });
    const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: HEIGHT - MARGIN.bottom };
    const dates = series.flatMap((entry) => entry.points.map((point) => new Date(`${point.date}T00:00:00Z`)));
    const values = series.flatMap((entry) => [...entry.points.map((point) => point.value), ...(entry.lowest ? [entry.lowest.amount] : [])]);
    const [first, last] = extent(dates);
    const x = scaleUtc()
      .domain(first && last && first < last ? [first, last] : [new Date(0), new Date(1)])
      .range([plot.left, plot.right]);
    const y = scaleLinear()
      .domain([Math.min(0, min(values) ?? 0), Math.max(0, max(values) ?? 1)])
      .nice()
      .range([plot.bottom, plot.top]);
    const ticks = y.ticks(5);
    drawGridLines(layer("grid"), ticks.map((tick) => y(tick)), plot, palette.grid);
    drawZeroLine(layer("zero"), y(0), plot, palette.axis);
    layer("y-axis")
      .selectAll("text")
      .data(ticks)
      .join("text")
      .attr("x", plot.left - 8)
      .attr("y", (tick) => y(tick))
      .attr("dy", "0.35em")
      .attr("text-anchor", "end")
      .attr("font-size", 11)
      .attr("fill", palette.axis)
      .text((tick) => format(tick));
    const xTicks = x.ticks(Math.max(2, Math.floor((plot.right - plot.left) / 90)));
    layer("x-axis")
      .selectAll("text")
      .data(xTicks)
      .join("text")
      .attr("x", (tick) => x(tick))
      .attr("y", plot.bottom + 18)
      .attr("text-anchor", "middle")
      .attr("font-size", 11)
      .attr("fill", palette.axis)
      .text((tick) => tick.toLocaleDateString("en-US", { month: "short", year: "2-digit", timeZone: "UTC" }));
    const path = line<{ date: string; value: number }>()
      .x((point) => x(new Date(`${point.date}T00:00:00Z`)))
      .y((point) => y(point.value));
    layer("lines")
      .selectAll("path")
      .data(series, (entry) => (entry as BalanceSeries).key)
      .join("path")
      .attr("d", (entry) => path([...entry.points]))
      .attr("fill", "none")
      .attr("stroke", (entry, index) => seriesColour(theme, entry, scenarioIndex[index] ?? 0))
      .attr("stroke-width", (entry) => (entry.kind === "actuals" ? 3 : 2))
      .attr("stroke-dasharray", (entry, index) => (entry.kind === "actuals" ? "" : SCENARIO_DASHES[(scenarioIndex[index] ?? 0) % SCENARIO_DASHES.length]!))
      .attr("data-series", (entry) => entry.label);
    const lows = series.flatMap((entry, index) => (entry.lowest ? [{ entry, index, lowest: entry.lowest }] : []));
    layer("lowest")
      .selectAll("circle")
      .data(lows, (low) => (low as (typeof lows)[number]).entry.key)
      .join("circle")
      .attr("cx", (low) => x(new Date(`${low.lowest.date}T00:00:00Z`)))
      .attr("cy", (low) => y(low.lowest.amount))
      .attr("r", 5)
      .attr("fill", (low) => seriesColour(theme, low.entry, scenarioIndex[low.index] ?? 0))
      .attr("stroke", palette.surface)
      .attr("stroke-width", 2);
    const labelYs = spreadLabels(lows.map((low) => y(low.lowest.amount) - 10), plot.top + 10, plot.bottom - 4);
    layer("lowest-labels")
      .selectAll("text")
      .data(lows, (low) => (low as (typeof lows)[number]).entry.key)
      .join("text")
      .attr("x", (low) => {
        const at = x(new Date(`${low.lowest.date}T00:00:00Z`));
        return at > (plot.left + plot.right) / 2 ? at - 10 : at + 10;
      })
      .attr("text-anchor", (low) => (x(new Date(`${low.lowest.date}T00:00:00Z`)) > (plot.left + plot.right) / 2 ? "end" : "start"))
      .attr("y", (_, order) => labelYs[order]!)
      .attr("font-size", 11)
      .attr("fill", theme.text)
      .attr("paint-order", "stroke")
      .attr("stroke", palette.surface)
      .attr("stroke-width", 3)
      .attr("data-lowest", (low) => low.entry.label)
      .text((low) => low.lowest.text);
  }, [series, width, theme, format, scenarioIndex]);
  return (
    <Frame ref={frame}>
      <svg ref={svg} role="img" aria-label={label} width={width} height={HEIGHT} data-balance-chart="" />
    </Frame>
  );
}

const LABEL_GAP = 14;

/**
 * Label heights near their wished ones (each just above its dot) but at least LABEL_GAP apart,
 * inside [top, bottom]: several scenarios often reach their lowest on the same last day.
 */
export function spreadLabels(wished: readonly number[], top: number, bottom: number): number[] {
  const order = wished.map((value, index) => ({ value, index })).sort((left, right) => left.value - right.value);
  const placed: number[] = [];
  for (const { value } of order) placed.push(Math.max(value, top, (placed.at(-1) ?? -Infinity) + LABEL_GAP));
  // Pushed past the bottom: the whole stack moves up.
  const over = (placed.at(-1) ?? bottom) - bottom;
  const shifted = over > 0 ? placed.map((value) => Math.max(top, value - over)) : placed;
  const result: number[] = new Array(wished.length);
  order.forEach(({ index }, rank) => (result[index] = shifted[rank]!));
  return result;
}

const Frame = styled.div`
  min-width: 0;
  svg { display: block; overflow: visible; }
`;
