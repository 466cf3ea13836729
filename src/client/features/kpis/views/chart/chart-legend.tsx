import { styled } from "styled-components";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import type { ChartPalette } from "../../../../ui/chart-palette";
import { hasValues, LINE_DASH, SERIES_KEYS, SERIES_LABEL, type SeriesKey, type SeriesVisibility } from "./series";

export interface ChartLegendProps {
  readonly buckets: readonly HistoryBucket[];
  readonly colours: ChartPalette;
  readonly visible: SeriesVisibility;
  readonly onToggle: (key: SeriesKey) => void;
}

/** One toggle per series, drawn like the series; a series without values cannot be switched on. */
export function ChartLegend({ buckets, colours, visible, onToggle }: ChartLegendProps) {
  return (
    <Items role="group" aria-label="Series">
      {SERIES_KEYS.map((key) => {
        const empty = !hasValues(buckets, key);
        return (
          <button
            key={key}
            type="button"
            data-series={key}
            aria-pressed={visible[key] && !empty}
            disabled={empty}
            title={empty ? `No ${SERIES_LABEL[key].toLowerCase()} values in this period` : undefined}
            onClick={() => onToggle(key)}
          >
            <SeriesSwatch series={key} colours={colours} />
            {SERIES_LABEL[key]}
          </button>
        );
      })}
    </Items>
  );
}

/** A small picture of the series' mark: a block for bars, a stroke of the line otherwise. */
export function SeriesSwatch({ series, colours }: { series: SeriesKey; colours: ChartPalette }) {
  return (
    <svg width="18" height="10" aria-hidden="true" focusable="false">
      {series === "actual" ? (
        <rect x="3" y="0" width="12" height="10" rx="1.5" fill={colours.actual} />
      ) : (
        <line x1="1" x2="17" y1="5" y2="5" stroke={colours[series]} strokeWidth={series === "forecast" ? 3 : 2} strokeLinecap="round" strokeDasharray={LINE_DASH[series] ?? undefined} />
      )}
    </svg>
  );
}

const Items = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  button {
    font: inherit;
    font-size: 13px;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 4px 8px;
    border-radius: 6px;
    border: 1px solid transparent;
    background: transparent;
    color: ${(p) => p.theme.text};
    cursor: pointer;
  }
  button:hover:not(:disabled) { border-color: ${(p) => p.theme.border}; }
  button[aria-pressed="false"] { color: ${(p) => p.theme.textMuted}; text-decoration: line-through; }
  button[aria-pressed="false"] svg { opacity: 0.35; }
  button:disabled { cursor: default; color: ${(p) => p.theme.textMuted}; }
  button:disabled svg { opacity: 0.35; }
`;
