import { useLayoutEffect, useMemo, useRef } from "react";
import { styled, useTheme } from "styled-components";
import { drawSpanBars, spanGeometry, type SpanRow } from "../../../charts/span-bars";
import { chartPalette } from "../../../ui/chart-palette";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";

/**
 * A bridge (base → effects → value) or bars by dimension, drawn by d3. An image for assistive
 * technology named by `label`; the table beside it carries the same figures in words.
 */
export function SpanBarChart({ rows, label, bridge, format }: { rows: readonly SpanRow[]; label: string; bridge: boolean; format?: (value: number) => string }) {
  const frame = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const width = useElementWidth(frame, 640);
  const theme = useTheme();
  const colours = useMemo(() => {
    const palette = chartPalette(theme);
    return { total: palette.actual, good: theme.good, bad: theme.bad, neutral: theme.neutral, text: theme.text, axis: palette.axis };
  }, [theme]);
  const geometry = useMemo(() => spanGeometry(rows, width, { connect: bridge }), [rows, width, bridge]);
  useLayoutEffect(() => {
    if (svg.current) drawSpanBars(svg.current, geometry, colours, width);
  }, [geometry, colours, width]);
  return (
    <Frame ref={frame}>
      <svg ref={svg} role="img" aria-label={label} width={width} height={geometry.height} data-span-chart="" />
      {geometry.axisStart !== null && format ? <p className="axis-note">The axis starts at {format(geometry.axisStart)}, not at zero, so the effects can be seen.</p> : null}
    </Frame>
  );
}

const Frame = styled.div`
  min-width: 0;
  svg { display: block; overflow: visible; }
  .axis-note { margin: 4px 0 0; font-size: 12px; color: ${(p) => p.theme.textMuted}; }
`;
