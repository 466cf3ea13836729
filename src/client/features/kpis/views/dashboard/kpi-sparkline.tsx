import { useLayoutEffect, useMemo, useRef } from "react";
import { styled, useTheme } from "styled-components";
import { formatKpiValue } from "../../../../../domain/kpi/number-format";
import { monthRangeLabel, type MonthIndex } from "../../../../../domain/months";
import { drawSparkline, sparklineGeometry } from "../../../../charts/sparkline";
import { chartPalette } from "../../../../ui/chart-palette";
import { useElementWidth } from "../chart/use-element-width";

const HEIGHT = 36;

export interface KpiSparklineProps {
  /** The actuals of consecutive months, oldest first, ending with the card's month; null for none. */
  readonly values: readonly (number | null)[];
  /** The month of the last value. */
  readonly lastMonth: MonthIndex;
  readonly unit: string;
  readonly currency: string;
}

/**
 * The card's last months as a line. An image for assistive technology, named with its period and
 * its lowest, highest and latest value, so the words carry what the line shows.
 */
export function KpiSparkline({ values, lastMonth, unit, currency }: KpiSparklineProps) {
  const frame = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const width = useElementWidth(frame, 200);
  const theme = useTheme();
  const colour = useMemo(() => chartPalette(theme).actual, [theme]);
  const geometry = useMemo(() => sparklineGeometry(values, width, HEIGHT), [values, width]);
  useLayoutEffect(() => {
    if (svg.current) drawSparkline(svg.current, geometry, { line: colour });
  }, [geometry, colour]);
  return (
    <Frame ref={frame}>
      <svg ref={svg} role="img" aria-label={describe(values, lastMonth, unit, currency)} width={width} height={HEIGHT} data-sparkline="" />
    </Frame>
  );
}

function describe(values: readonly (number | null)[], lastMonth: MonthIndex, unit: string, currency: string): string {
  const period = monthRangeLabel(lastMonth - values.length + 1, lastMonth);
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return `${period}: no actuals`;
  const format = (value: number) => formatKpiValue(value, unit, { currency });
  return `${period}: lowest ${format(Math.min(...known))}, highest ${format(Math.max(...known))}, latest ${format(known.at(-1)!)}`;
}

const Frame = styled.div`
  min-width: 0;
  height: ${HEIGHT}px;
  svg { display: block; overflow: visible; }
`;
