import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { styled, useTheme } from "styled-components";
import type { ChartSettings } from "../../../../contracts/charts";
import { barColumns, sharedUnit, type ChartData, type ChartLine } from "../../../../domain/charts/chart-series";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { schemeColour } from "../../../charts/colour-schemes";
import { drawKpiChart, kpiChartGeometry, type KpiChartGeometry } from "../../../charts/kpi-chart";
import { chartPalette } from "../../../ui/chart-palette";
import { chartTooltipBox } from "../../../ui/chart-tooltip-box";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { axisTickFormat } from "../../kpis/views/chart/chart-format";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";
import { ChartLegend } from "./chart-legend";

export interface KpiChartFigureProps {
  readonly settings: ChartSettings;
  readonly data: ChartData;
  readonly currency: string;
  readonly title: string;
  readonly height?: number;
  /** Paper: a fixed width, no hover or tooltip. */
  readonly mode?: "screen" | "print";
}

const PRINT_WIDTH = 680;

/**
 * A saved chart drawn by d3 (client/charts/kpi-chart) in the theme's colours of its colour
 * scheme: one colour per KPI when it has several (series then told apart by fill and dash), else
 * one per series. On screen, hovering a bucket or moving through them with the arrow keys shows
 * its figures; a visually hidden table holds every value for screen readers.
 */
export function KpiChartFigure({ settings, data, currency, title, height = 300, mode = "screen" }: KpiChartFigureProps) {
  const theme = useTheme();
  const palette = useMemo(() => chartPalette(theme), [theme]);
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const measured = useElementWidth(containerRef, PRINT_WIDTH);
  const width = mode === "print" ? PRINT_WIDTH : measured;
  const [active, setActive] = useState<number | null>(null);
  const hatchId = `chart-hatch-${useId().replace(/\W/g, "")}`;
  const type = settings.type === "pivot" ? "bar" : settings.type;
  const colours = useMemo(() => lineColours(data.lines, settings, theme), [data.lines, settings, theme]);
  const overlay = useMemo(() => new Set(barColumns(type, [...data.lines]).overlay.map((line) => line.key)), [type, data.lines]);
  const unit = sharedUnit(data.lines);
  const format = (value: number, lineUnit: string) => formatKpiValue(value, lineUnit, { currency });
  const geometry = useMemo<KpiChartGeometry>(
    () =>
      kpiChartGeometry({
        type,
        data,
        width,
        height,
        axis: settings.axis,
        tickFormat: (ticks) => (type === "percentStacked" ? (value) => `${value} %` : axisTickFormat(ticks, unit ?? "number", currency)),
        formatValue: format,
      }),
    [type, data, width, height, settings.axis, unit, currency],
  );
  const seriesOf = useMemo(() => new Map(data.lines.map((line) => [line.key, line.series])), [data.lines]);
  useLayoutEffect(() => {
    if (svgRef.current) drawKpiChart(svgRef.current, geometry, { lines: colours, axis: palette.axis, grid: palette.grid, highlight: palette.highlight, surface: palette.surface, text: theme.text }, { width, height, active: mode === "print" ? null : active, hatchId, gridLines: settings.axis.gridLines, seriesOf: (key) => seriesOf.get(key) ?? "actual" });
  }, [geometry, colours, palette, theme, width, height, active, hatchId, settings.axis.gridLines, seriesOf, mode]);

  const indexOf = (event: SyntheticEvent) => {
    const value = (event.target as Element).getAttribute?.("data-index");
    return value === null || value === undefined ? null : Number(value);
  };
  const onKey = (event: KeyboardEvent) => {
    const count = data.buckets.length;
    if (!count) return;
    if (event.key === "ArrowRight") setActive((current) => Math.min(count - 1, (current ?? -1) + 1));
    else if (event.key === "ArrowLeft") setActive((current) => Math.max(0, (current ?? count) - 1));
    else if (event.key === "Escape") setActive(null);
    else return;
    event.preventDefault();
  };
  const band = active === null ? undefined : geometry.bands[active];
  const legend = settings.legend.show ? <ChartLegend lines={data.lines} colours={colours} asLines={(line) => overlay.has(line.key)} /> : null;
  const bucketFigures = (index: number) =>
    data.lines.map((line) => {
      const value = line.values[index] ?? null;
      const share = type === "percentStacked" ? geometry.bars.find((bar) => bar.line === line.key && bar.index === index)?.share : undefined;
      return { line, text: value === null ? "–" : `${format(value, line.unit)}${share !== undefined && share !== null ? ` (${Math.round(share * 100)} %)` : ""}`, coverage: line.coverage[index] ?? null };
    });
  return (
    <Figure $legend={settings.legend.position} data-chart-type={settings.type}>
      {settings.legend.position === "top" ? legend : null}
      <div className="plot" ref={containerRef}>
        <svg
          ref={svgRef}
          role="img"
          aria-label={`${title}: ${describeChart(settings.type)} of ${data.lines.map((line) => line.label).join(", ")} over ${data.buckets.length} periods`}
          tabIndex={mode === "print" ? undefined : 0}
          onMouseMove={mode === "print" ? undefined : (event) => setActive(indexOf(event) ?? active)}
          onMouseLeave={mode === "print" ? undefined : () => setActive(null)}
          onKeyDown={mode === "print" ? undefined : onKey}
          onBlur={() => setActive(null)}
        />
        {mode === "screen" && band && active !== null ? (
          <Tooltip role="status" style={{ left: Math.min(Math.max(band.center, 110), width - 110), top: Math.max(0, band.top - 8) }}>
            <strong>{data.buckets[active]?.label}</strong>
            <span className="range">{data.buckets[active]?.rangeLabel}</span>
            <dl>
              {bucketFigures(active).map(({ line, text, coverage }) => (
                <div key={line.key}>
                  <dt>
                    <span className="swatch" style={{ background: colours[line.key] }} />
                    {line.label}
                  </dt>
                  <dd>
                    {text}
                    {coverage ? <span className="partial"> · {coverage}</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </Tooltip>
        ) : null}
      </div>
      {settings.legend.position !== "top" ? legend : null}
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {data.lines.map((line) => (
                <th scope="col" key={line.key}>
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.buckets.map((bucket, index) => (
              <tr key={bucket.startDate}>
                <th scope="row">{bucket.label}</th>
                {bucketFigures(index).map(({ line, text, coverage }) => (
                  <td key={line.key}>{coverage ? `${text} (${coverage})` : text}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Figure>
  );
}

/** Colour per line: by KPI when the chart has several, else by series, in the scheme's order. */
export function lineColours(lines: readonly ChartLine[], settings: Pick<ChartSettings, "colourScheme">, theme: Parameters<typeof schemeColour>[1]): Record<string, string> {
  const kpis = [...new Set(lines.map((line) => line.kpiId))];
  const series = [...new Set(lines.map((line) => line.series))];
  return Object.fromEntries(lines.map((line) => [line.key, schemeColour(settings.colourScheme, theme, kpis.length > 1 ? kpis.indexOf(line.kpiId) : series.indexOf(line.series))]));
}

const TYPE_WORDS: Readonly<Record<ChartSettings["type"], string>> = { bar: "bar chart", stacked: "stacked bar chart", grouped: "grouped bar chart", percentStacked: "percentage stacked bar chart", line: "line chart", pivot: "table" };
const describeChart = (type: ChartSettings["type"]) => TYPE_WORDS[type];

const Figure = styled.div<{ $legend: "top" | "bottom" | "right" }>`
  display: ${(p) => (p.$legend === "right" ? "grid" : "flex")};
  flex-direction: column;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 8px 16px;
  align-items: stretch;
  /* The plot takes the whole width: the chart is drawn to the width measured here. */
  .plot { position: relative; min-width: 0; width: 100%; }
  svg { display: block; max-width: 100%; overflow: visible; }
  svg:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; }
  ${(p) => (p.$legend === "right" ? "ul { flex-direction: column; }" : "")}
`;

const Tooltip = styled.div`
  ${chartTooltipBox}
  position: absolute;
  transform: translate(-50%, -100%);
  max-width: 320px;
  .swatch { width: 10px; height: 10px; border-radius: 2px; display: inline-block; }
`;
