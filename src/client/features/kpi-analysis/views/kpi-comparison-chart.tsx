import { useLayoutEffect, useMemo, useRef } from "react";
import { styled, useTheme } from "styled-components";
import { SCHEME_COLOURS } from "../../../charts/colour-schemes";
import { chartPalette } from "../../../ui/chart-palette";
import { SPACE } from "../../../ui/tokens";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";
import { unitName } from "../../kpis/views/detail/detail-trail";
import { drawComparisonPanel } from "./kpi-comparison-draw";
import { INDEX_UNIT, SERIES_DASH, type ChartPanel } from "./kpi-comparison-panels";

export interface KpiComparisonChartProps {
  readonly panels: readonly ChartPanel[];
  readonly labels: readonly string[];
  readonly currency: string;
  /** Says what the chart shows, for assistive technology (the table below carries the numbers). */
  readonly description: string;
}

/**
 * The comparison as d3 line charts: a legend naming every series with its colour and stroke,
 * then one panel per axis (one for the index, one per unit for absolute values).
 */
export function KpiComparisonChart({ panels, labels, currency, description }: KpiComparisonChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame, 900);
  const theme = useTheme();
  const colours = useMemo(() => {
    const palette = chartPalette(theme);
    return { series: SCHEME_COLOURS.meridian[theme.name], axis: palette.axis, grid: palette.grid, surface: palette.surface };
  }, [theme]);
  const height = panels.length > 1 ? 220 : 320;
  const series = panels.flatMap((panel) => panel.series).sort((a, b) => a.position - b.position);
  return (
    <Frame ref={frame} role="figure" aria-label={description}>
      <ul className="legend" aria-label="Series">
        {series.map((one) => (
          <li key={one.key}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="1" x2="27" y1="5" y2="5" stroke={colours.series[one.position % colours.series.length]} strokeWidth="2.5" strokeDasharray={SERIES_DASH[one.position % SERIES_DASH.length] ?? undefined} />
            </svg>
            {one.label}
          </li>
        ))}
      </ul>
      {panels.map((panel) => (
        <div key={panel.unit} className="panel">
          <p className="axis-title">{panel.unit === INDEX_UNIT ? "Index (first month with a value = 100)" : unitName(panel.unit, currency)}</p>
          <Panel panel={panel} labels={labels} width={width} height={height} currency={currency} colours={colours} />
        </div>
      ))}
    </Frame>
  );
}

function Panel(props: Parameters<typeof drawComparisonPanel>[1]) {
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (svg.current) drawComparisonPanel(svg.current, props);
  });
  return <svg ref={svg} aria-hidden="true" data-comparison-panel={props.panel.unit} />;
}

const Frame = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  min-width: 0;
  .legend { display: flex; flex-wrap: wrap; gap: ${SPACE.xs} ${SPACE.lg}; margin: 0; padding: 0; list-style: none; font-size: 13px; }
  .legend li { display: inline-flex; align-items: center; gap: ${SPACE.xs}; }
  .panel { display: grid; gap: ${SPACE.xxs}; }
  .axis-title { margin: 0; font-size: 12px; color: ${(p) => p.theme.textMuted}; }
  svg { display: block; overflow: visible; }
`;
