import type { CSSProperties, Ref } from "react";
import { styled } from "styled-components";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import { formatKpiValue } from "../../../../../domain/kpi/number-format";
import type { ChartPalette } from "../../../../ui/chart-palette";
import { formatDeviation } from "./chart-format";
import { SeriesSwatch } from "./chart-legend";
import { SERIES_KEYS, SERIES_LABEL } from "./series";

export interface BucketTooltipProps {
  readonly id: string;
  readonly bucket: HistoryBucket;
  readonly unit: string;
  readonly currency: string;
  readonly colours: ChartPalette;
  readonly style: CSSProperties;
  readonly ref: Ref<HTMLDivElement>;
}

/** One bucket's label, its four values and actual against planning in percent. */
export function BucketTooltip({ id, bucket, unit, currency, colours, style, ref }: BucketTooltipProps) {
  return (
    <Box ref={ref} id={id} role="tooltip" style={style}>
      <strong>{bucket.label}</strong>
      <dl>
        {SERIES_KEYS.map((key) => (
          <div key={key} data-series={key}>
            <dt>
              <SeriesSwatch series={key} colours={colours} />
              {SERIES_LABEL[key]}
            </dt>
            <dd>{formatKpiValue(bucket[key], unit, { currency })}</dd>
          </div>
        ))}
        <div data-series="deviation">
          <dt>Actual vs. planning</dt>
          <dd>{formatDeviation(bucket)}</dd>
        </div>
      </dl>
    </Box>
  );
}

const Box = styled.div`
  z-index: 20;
  pointer-events: none;
  min-width: 200px;
  padding: 8px 10px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  font-size: 13px;
  dl { margin: 6px 0 0; display: grid; gap: 3px; }
  dl > div { display: flex; justify-content: space-between; gap: 16px; }
  dt { display: inline-flex; align-items: center; gap: 6px; color: ${(p) => p.theme.textMuted}; }
  dd { margin: 0; font-variant-numeric: tabular-nums; }
  div[data-series="deviation"] { border-top: 1px solid ${(p) => p.theme.border}; padding-top: 4px; margin-top: 2px; }
`;
