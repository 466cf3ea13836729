import { styled } from "styled-components";
import type { KpiAggregatesResult } from "../../../../../contracts/kpis";
import { detailWindows, type DetailComparison, type DetailFigure } from "../../../../../domain/kpi/detail-figures";
import type { MonthIndex } from "../../../../../domain/months";
import { Card } from "../../../../ui/card";
import { numeric } from "../../../../ui/numeric";
import { LoadingState } from "../../../../ui/states";
import { Text } from "../../../../ui/text";
import { SPACE, TYPE_SCALE } from "../../../../ui/tokens";
import { VisuallyHidden } from "../../../../ui/visually-hidden";

export interface AggregateCardsProps {
  /** The KPI's aggregates; undefined while they load. */
  readonly result: KpiAggregatesResult | undefined;
  readonly frame: { readonly end: MonthIndex; readonly ignoreLastMonths: number; readonly fiscalYearOffset: number };
  readonly format: (value: number | null) => string;
  readonly higherIsBetter: boolean;
}

/**
 * Year to date, last twelve months and full year: each card names its months, marks a figure that
 * covers only part of them ("Plan · 7 of 12 months"), and compares like with like.
 */
export function AggregateCards({ result, frame, format, higherIsBetter }: AggregateCardsProps) {
  if (!result) {
    return (
      <Windows>
        {["Year to date", "Last twelve months", "Full year"].map((title) => (
          <Card key={title} title={title} padding="md">
            <LoadingState variant="skeleton" lines={3} label={`Loading ${title.toLowerCase()}…`} />
          </Card>
        ))}
      </Windows>
    );
  }
  return (
    <Windows>
      {detailWindows(result, frame).map((window) => (
        <Card key={window.key} title={window.title} padding="md" aria-label={window.title} data-window={window.key}>
          <Text $size="sm" $tone="muted">
            {window.months}
          </Text>
          <Figures>
            {window.figures.map((figure) => (
              <FigureRow key={figure.key} figure={figure} format={format} testId={window.key === "ytd" && figure.key === "actual" ? "ytd-actual" : undefined} />
            ))}
            {window.comparisons.map((line) => (
              <ComparisonRow key={line.key} line={line} higherIsBetter={higherIsBetter} />
            ))}
          </Figures>
        </Card>
      ))}
    </Windows>
  );
}

function FigureRow({ figure, format, testId }: { figure: DetailFigure; format: (value: number | null) => string; testId: string | undefined }) {
  return (
    <div className="row" data-figure={figure.key}>
      <dt>
        {figure.label}
        {figure.coverage && figure.value !== null ? <span className="coverage">{figure.coverage}</span> : null}
      </dt>
      <dd data-testid={testId}>{figure.value === null ? <Text $tone="muted">none</Text> : format(figure.value)}</dd>
    </div>
  );
}

function ComparisonRow({ line, higherIsBetter }: { line: DetailComparison; higherIsBetter: boolean }) {
  const { comparison } = line;
  const tone = comparison.kind === "percent" && comparison.percent !== 0 ? (comparison.percent > 0 === higherIsBetter ? "good" : "bad") : undefined;
  return (
    <div className="row comparison" data-comparison={line.key}>
      <dt>
        {line.label}
        {comparison.kind === "percent" && comparison.over ? <span className="coverage">over the {comparison.over} with both</span> : null}
      </dt>
      <dd>
        {comparison.kind === "percent" ? (
          <Text $tone={tone ?? "default"}>
            {comparison.text}
            {tone ? <VisuallyHidden>{tone === "good" ? " (favourable)" : " (unfavourable)"}</VisuallyHidden> : null}
          </Text>
        ) : (
          <Text $tone="muted">{comparison.text}</Text>
        )}
      </dd>
    </div>
  );
}

/** The three windows side by side while each gets 220 px, then under each other. */
const Windows = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(220px, 100%), 1fr));
  gap: ${SPACE.md};
  min-width: 0;
`;

const Figures = styled.dl`
  margin: 0;
  display: grid;
  gap: ${SPACE.xs};
  .row { display: flex; justify-content: space-between; align-items: baseline; gap: ${SPACE.md}; }
  .row.comparison { border-top: 1px solid ${(p) => p.theme.border}; padding-top: ${SPACE.xs}; }
  .row.comparison + .row.comparison { border-top: 0; padding-top: 0; }
  dt { display: grid; color: ${(p) => p.theme.textMuted}; min-width: 0; }
  .coverage { font-size: ${TYPE_SCALE.xs.size}; line-height: ${TYPE_SCALE.xs.lineHeight}; color: ${(p) => p.theme.warning}; }
  dd { ${numeric} margin: 0; text-align: right; font-weight: 600; }
`;
