import type { CSSProperties, Ref } from "react";
import { styled } from "styled-components";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import { formatKpiValue } from "../../../../../domain/kpi/number-format";
import type { ChartPalette } from "../../../../ui/chart-palette";
import { chartTooltipBox } from "../../../../ui/chart-tooltip-box";
import { partialBucketText } from "../../../../../domain/kpi/figure-coverage";
import { deviationFromLastYear, deviationFromPlan, seriesCoverage } from "./chart-format";
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

/**
 * One bucket: its name, its months ("Oct – Dec 2026") and, for a bucket only partly covered by
 * actuals, how much ("Actuals for 2 of 3 months"); the four values, each with its months when
 * fewer than the bucket's; actual against plan and last year, like with like.
 */
export function BucketTooltip({ id, bucket, unit, currency, colours, style, ref }: BucketTooltipProps) {
  const partial = partialBucketText(bucket);
  return (
    <Box ref={ref} id={id} role="tooltip" style={style}>
      <strong>{bucket.label}</strong>
      {bucket.monthCounts.period > 1 ? <span className="range">{bucket.rangeLabel}</span> : null}
      {partial ? <span className="partial">Partial: actuals for {partial}</span> : null}
      <dl>
        {SERIES_KEYS.map((key) => {
          // The actual's months are in the header; another series' months are named when they differ.
          const own = seriesCoverage(bucket, key);
          const coverage = key === "actual" || own === partial ? null : own;
          return (
            <div key={key} data-series={key}>
              <dt>
                <SeriesSwatch series={key} colours={colours} />
                {SERIES_LABEL[key]}
              </dt>
              <dd>
                {formatKpiValue(bucket[key], unit, { currency })}
                {coverage ? <span className="coverage"> ({coverage})</span> : null}
              </dd>
            </div>
          );
        })}
        <div data-series="deviation">
          <dt>Actual vs. plan</dt>
          <dd>{deviationFromPlan(bucket)}</dd>
        </div>
        <div data-series="deviation-last-year">
          <dt>Actual vs. last year</dt>
          <dd>{deviationFromLastYear(bucket)}</dd>
        </div>
      </dl>
    </Box>
  );
}

const Box = styled.div`
  ${chartTooltipBox}
  max-width: min(320px, calc(100vw - 16px));
  .coverage { color: ${(p) => p.theme.textMuted}; }
  div[data-series="deviation"] { border-top: 1px solid ${(p) => p.theme.border}; padding-top: 4px; margin-top: 2px; }
`;
