import { styled } from "styled-components";
import { SERIES_STYLE } from "../../../charts/kpi-chart";
import type { ChartLine } from "../../../../domain/charts/chart-series";

/** The chart's lines, each drawn like its mark: a block for bars (lighter for planning and last year), a stroke for lines. */
export function ChartLegend({ lines, colours, asLines }: { lines: readonly ChartLine[]; colours: Readonly<Record<string, string>>; asLines: (line: ChartLine) => boolean }) {
  return (
    <Items aria-label="Legend">
      {lines.map((line) => {
        const style = SERIES_STYLE[line.series];
        const colour = colours[line.key];
        return (
          <li key={line.key} data-line={line.key}>
            <svg width="18" height="10" aria-hidden="true" focusable="false">
              {asLines(line) ? (
                <line x1="1" x2="17" y1="5" y2="5" stroke={colour} strokeWidth={line.series === "forecast" ? 3 : 2} strokeLinecap="round" strokeDasharray={style.dash ?? undefined} />
              ) : (
                <rect x="3" y="0" width="12" height="10" rx="1.5" fill={colour} fillOpacity={style.opacity} />
              )}
            </svg>
            {line.label}
          </li>
        );
      })}
    </Items>
  );
}

const Items = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
  color: ${(p) => p.theme.text};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;
