import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import type { KpiCardFigures } from "../../../../domain/kpi/dashboard-card";
import { isSentinel } from "../../../../domain/kpi/dashboard-card";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { FavoriteButton } from "./favorite-button";

const Card = styled.article`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  padding: 14px 16px;
  display: grid;
  gap: 8px;
  min-width: 0;
  header { display: flex; justify-content: space-between; gap: 8px; align-items: start; }
  h3 { margin: 0; font-size: 14px; font-weight: 600; line-height: 1.3; }
  h3 a { color: ${(p) => p.theme.text}; text-decoration: none; }
  h3 a:hover { text-decoration: underline; }
  .actual { font-size: 24px; font-weight: 600; font-variant-numeric: tabular-nums; }
  .line { display: flex; flex-wrap: wrap; gap: 6px 12px; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .good { color: ${(p) => p.theme.positive}; }
  .bad { color: ${(p) => p.theme.danger}; }
  .badges { display: flex; flex-wrap: wrap; gap: 6px; }
`;

export const Badge = styled.span<{ $tone?: "warning" | "muted" | "accent" }>`
  font-size: 12px;
  border-radius: 999px;
  padding: 2px 8px;
  border: 1px solid ${(p) => (p.$tone === "warning" ? p.theme.warning : p.$tone === "accent" ? p.theme.accent : p.theme.border)};
  color: ${(p) => (p.$tone === "warning" ? p.theme.warning : p.$tone === "accent" ? p.theme.accent : p.theme.textMuted)};
`;

const TREND_ARROW = { up: "↑", neutral: "→", down: "↓" } as const;
const BENCHMARK_LABEL = { top5: "Top 5 %", top25: "Top 25 %", average50: "Average 50 %", bottom25: "Bottom 25 %", bottom5: "Bottom 5 %" } as const;
const VALIDATION_LABEL = { validated: null, in_validation: "In validation", unvalidated: "Unvalidated" } as const;

export const percentText = (percent: number | null) =>
  percent === null ? "–" : isSentinel(percent) ? (percent > 0 ? "> +999 %" : "< −999 %") : `${percent > 0 ? "+" : ""}${formatKpiValue(percent, "percentage", { decimals: 1 })}`;

export interface KpiCardProps {
  readonly kpi: KpiMeta;
  readonly figures: KpiCardFigures;
  readonly currency: string;
  /** What the figures cover ("Oct 2026", "YTD"), shown with the plan. */
  readonly periodLabel: string;
  /** A second line, e.g. the full-year forecast against the full-year plan. */
  readonly extra?: string;
}

/**
 * One KPI on a dashboard: actual, plan and deviation (coloured in the KPI's good direction),
 * trend, the benchmark bucket or plan status, and the outdated and validation badges.
 */
export function KpiCard({ kpi, figures, currency, periodLabel, extra }: KpiCardProps) {
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency });
  const tone = figures.performance === null || figures.performance === 0 ? "" : figures.performance > 0 ? "good" : "bad";
  const validation = VALIDATION_LABEL[kpi.validationState];
  return (
    <Card aria-label={kpi.name} data-kpi-id={kpi.id}>
      <header>
        <h3>
          <Link href={`/reporting/kpi-detail/${kpi.id}`}>{kpi.name}</Link>
        </h3>
        <FavoriteButton kpiId={kpi.id} name={kpi.name} />
      </header>
      <div className="actual" data-testid="actual">
        {format(figures.actual)}
      </div>
      <div className="line">
        <span>
          {periodLabel} plan {format(figures.plan)}
        </span>
        <span className={tone} data-testid="deviation">
          {percentText(figures.deviationPercent)} vs plan
        </span>
      </div>
      <div className="line">
        <span data-testid="trend" aria-label={figures.trend ? `Trend ${figures.trend} ${percentText(figures.trendPercent)}` : "No trend"}>
          {figures.trend ? `${TREND_ARROW[figures.trend]} ${percentText(figures.trendPercent)}` : "No trend data"}
        </span>
        {extra ? <span>{extra}</span> : null}
      </div>
      <div className="badges">
        {figures.benchmark ? <Badge $tone="accent">{BENCHMARK_LABEL[figures.benchmark]}</Badge> : null}
        {figures.planStatus ? <Badge $tone="accent">{figures.planStatus === "on plan" ? "On plan" : figures.planStatus === "ahead" ? "Ahead of plan" : "Behind plan"}</Badge> : null}
        {kpi.outdated ? <Badge $tone="warning">Outdated</Badge> : null}
        {validation ? <Badge $tone="muted">{validation}</Badge> : null}
      </div>
    </Card>
  );
}
