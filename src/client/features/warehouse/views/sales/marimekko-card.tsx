import { useLayoutEffect, useMemo, useRef } from "react";
import { styled, useTheme } from "styled-components";
import { drawMarimekko, marimekkoGeometry } from "../../../../charts/marimekko-chart";
import { Card } from "../../../../ui/card";
import { chartPalette } from "../../../../ui/chart-palette";
import { DataTable } from "../../../../ui/data-table";
import { useElementWidth } from "../../../kpis/views/chart/use-element-width";
import type { WarehouseView } from "../hooks";
import { count, money, percent, seriesColours } from "../format";
import { ViewBody } from "../view-parts";

type Mix = NonNullable<WarehouseView<"marimekko">["data"]>;

/** "Under € 5k", "€ 5k – € 10k", "€ 50k and more": a size band as people say it. */
export function bandLabel(band: Mix["bands"][number], currency: string): string {
  if (band.from === 0 && band.to === null) return "Every size";
  if (band.from === 0) return `Under ${money(band.to, currency)}`;
  if (band.to === null) return `${money(band.from, currency)} and more`;
  return `${money(band.from, currency)} – ${money(band.to, currency)}`;
}

/**
 * The marimekko: the period's deals by stage (each column as wide as the stage's share of the
 * value) and deal size (each band as tall as its share of the stage): where the money sits, and
 * whether big deals stall in a stage. Every value is also in the table below the chart.
 */
export function MarimekkoCard({ view, currency, period }: { view: WarehouseView<"marimekko">; currency: string; period: string }) {
  return (
    <Card title="Stages by deal size" data-testid="marimekko">
      <ViewBody view={view} label="the stages by deal size">
        {(mix) => (mix.count === 0 ? <p>No deals came in during {period}.</p> : <MarimekkoBody mix={mix} currency={currency} period={period} />)}
      </ViewBody>
    </Card>
  );
}

function MarimekkoBody({ mix, currency, period }: { mix: Mix; currency: string; period: string }) {
  const theme = useTheme();
  const palette = useMemo(() => chartPalette(theme), [theme]);
  const colours = useMemo(() => Object.fromEntries(mix.bands.map((band, index) => [band.key, seriesColours(theme, mix.bands.length)[index]!] as const)), [mix, theme]);
  const labels = useMemo(() => Object.fromEntries(mix.bands.map((band) => [band.key, bandLabel(band, currency)] as const)), [mix, currency]);
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const width = useElementWidth(containerRef, 560);
  const height = 260;
  const geometry = useMemo(
    () => marimekkoGeometry({ width, height, columns: mix.stages.map((stage) => ({ key: stage.stage, label: stage.label, weight: stage.amount, segments: stage.segments.map((segment) => ({ key: segment.band, value: segment.amount })) })) }),
    [mix, width],
  );
  useLayoutEffect(() => {
    if (!svgRef.current) return;
    drawMarimekko(svgRef.current, geometry, { segments: colours, axis: palette.axis, surface: palette.surface }, { width, height }, (rect) => {
      const stage = mix.stages.find((candidate) => candidate.stage === rect.column)!;
      const segment = stage.segments.find((candidate) => candidate.band === rect.segment)!;
      return `${stage.label}, ${labels[rect.segment]}: ${money(segment.amount, currency)} in ${count(segment.count)} deals, ${percent(segment.share)} of the stage`;
    });
  }, [geometry, colours, palette, width, mix, labels, currency]);
  const largest = [...mix.stages].sort((a, b) => b.amount - a.amount)[0]!;
  const rows = mix.stages.filter((stage) => stage.count > 0);
  return (
    <>
      <Figure>
        <figcaption>
          <span className="title">Value by stage and deal size</span>
          <Legend aria-label="Deal sizes">
            {mix.bands.map((band) => (
              <li key={band.key}>
                <svg width="12" height="10" aria-hidden="true" focusable="false">
                  <rect width="12" height="10" rx="1.5" fill={colours[band.key]} />
                </svg>
                {labels[band.key]}
              </li>
            ))}
          </Legend>
        </figcaption>
        <div ref={containerRef} style={{ height }}>
          <svg
            ref={svgRef}
            role="img"
            aria-label={`The ${count(mix.count)} deals that came in during ${period}, worth ${money(mix.amount, currency)}: each stage is as wide as its share of the value, each deal size as tall as its share of the stage. The largest stage is ${largest.label} with ${percent(largest.share)}. Every value is in the table below.`}
          />
        </div>
      </Figure>
      <DataTable
        label="Stages by deal size: each stage's share of the value, each deal size's share of the stage"
        rows={rows}
        rowKey={(row) => row.stage}
        columns={[
          { key: "stage", header: "Stage", rowHeader: true, cell: (row) => row.label },
          { key: "amount", header: "Amount", numeric: true, cell: (row) => money(row.amount, currency), sortValue: (row) => row.amount },
          { key: "share", header: "Share", numeric: true, cell: (row) => percent(row.share), sortValue: (row) => row.share },
          ...mix.bands.map((band, index) => ({
            key: band.key,
            header: labels[band.key]!,
            numeric: true,
            cell: (row: (typeof rows)[number]) => `${percent(row.segments[index]!.share)} (${count(row.segments[index]!.count)})`,
            sortValue: (row: (typeof rows)[number]) => row.segments[index]!.share,
          })),
        ]}
        maxHeight="none"
      />
    </>
  );
}

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 8px;
  min-width: 0;
  figcaption { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
  .title { font-weight: 600; }
  svg { display: block; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;
