import { Link, useLocation } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { planDeviationText, type TrendText } from "../../../../domain/kpi/card-texts";
import type { KpiCardFigures } from "../../../../domain/kpi/dashboard-card";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import type { MonthIndex } from "../../../../domain/months";
import { Badge as ToneBadge, type BadgeTone } from "../../../ui/badge";
import { bucketLabel } from "../../../ui/benchmark";
import { Card } from "../../../ui/card";
import { numeric } from "../../../ui/numeric";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { KpiSparkline } from "./dashboard/kpi-sparkline";
import { FavoriteButton } from "./favorite-button";
import { GlossaryLink } from "./glossary-link";

export interface KpiCardProps {
  readonly kpi: KpiMeta;
  readonly figures: KpiCardFigures;
  readonly currency: string;
  /** What the figures cover ("Oct 2026", "YTD"), shown with the plan. */
  readonly periodLabel: string;
  /** The trend in words, with the period it is measured against (card-texts.ts). */
  readonly trend: TrendText;
  /** The actuals of the last months, oldest first, ending with `sparklineEnd`. */
  readonly sparkline: readonly (number | null)[];
  readonly sparklineEnd: MonthIndex;
  /** Said after the plan when it covers only part of the period, e.g. "for 7 of 10 months". */
  readonly planNote?: string;
  /** Said after the deviation when it compares fewer months than the actual covers, e.g. "over the 7 months with both". */
  readonly deviationNote?: string;
  /** A second line, e.g. the full-year forecast against the full-year plan. */
  readonly extra?: string;
  /** 3 under a category heading, 2 where the cards stand right under the page title. */
  readonly headingLevel?: 2 | 3;
}

const TREND_ARROW = { up: "↑", neutral: "→", down: "↓" } as const;
const PLAN_STATUS: Record<NonNullable<KpiCardFigures["planStatus"]>, { label: string; tone: BadgeTone }> = {
  ahead: { label: "Ahead of plan", tone: "good" },
  "on plan": { label: "On plan", tone: "accent" },
  behind: { label: "Behind plan", tone: "bad" },
};
const VALIDATION_LABEL = { validated: null, in_validation: "In validation", unvalidated: "Unvalidated" } as const;

/**
 * One KPI on a dashboard: the actual with its last months as a sparkline, the plan and the
 * deviation from it (coloured in the KPI's good direction), the trend with the period it compares
 * against, and badges: the benchmark bucket (or the plan status), outdated, validation. What is
 * absent is said in words. The title opens the KPI's detail page.
 */
export function KpiCard({ kpi, figures, currency, periodLabel, trend, sparkline, sparklineEnd, planNote, deviationNote, extra, headingLevel = 3 }: KpiCardProps) {
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency });
  const deviation = planDeviationText(figures);
  const deviationTone = figures.performance === null || figures.performance === 0 ? "neutral" : figures.performance > 0 ? "good" : "bad";
  const trendTone = figures.trend === null || figures.trend === "neutral" ? "neutral" : (figures.trend === "up") === kpi.higherIsBetter ? "good" : "bad";
  const validation = VALIDATION_LABEL[kpi.validationState];
  // The detail's breadcrumbs name the screen the person came from.
  const [from] = useLocation();
  return (
    <Card
      as="article"
      padding="md"
      headingLevel={headingLevel}
      aria-label={kpi.name}
      data-kpi-id={kpi.id}
      title={
        <TitleLink>
          <Link href={`/reporting/kpi-detail/${kpi.id}`} state={{ from }}>
            {kpi.name}
          </Link>
        </TitleLink>
      }
      actions={
        <>
          <GlossaryLink kpiId={kpi.id} name={kpi.name} />
          <FavoriteButton kpiId={kpi.id} name={kpi.name} />
        </>
      }
    >
      <Body>
        <div className="headline">
          {figures.actual === null ? (
            <span className="no-actual" data-testid="actual">
              No actual
            </span>
          ) : (
            <span className="actual" data-testid="actual">
              {format(figures.actual)}
            </span>
          )}
          <KpiSparkline values={sparkline} lastMonth={sparklineEnd} unit={kpi.unit} currency={currency} />
        </div>
        <div className="line">
          <span>
            {figures.plan === null ? `${periodLabel}: no plan` : `${periodLabel} plan ${format(figures.plan)}`}
            {figures.plan !== null && planNote ? ` (${planNote})` : null}
          </span>
          {figures.plan !== null && figures.actual !== null ? (
            <span className={deviation.kind === "percent" ? deviationTone : "neutral"} data-testid="deviation">
              {deviation.text}
              {deviation.kind === "percent" && deviationNote ? ` (${deviationNote})` : null}
            </span>
          ) : null}
        </div>
        <div className="line">
          <span className={trendTone} data-testid="trend">
            {figures.trend ? <span aria-hidden="true">{TREND_ARROW[figures.trend]} </span> : null}
            {trend.text}
          </span>
        </div>
        {extra ? <div className="line">{extra}</div> : null}
        <div className="badges">
          {figures.benchmark ? <ToneBadge tone={figures.benchmark}>{bucketLabel(figures.benchmark)}</ToneBadge> : null}
          {figures.planStatus ? <ToneBadge tone={PLAN_STATUS[figures.planStatus].tone}>{PLAN_STATUS[figures.planStatus].label}</ToneBadge> : null}
          {kpi.outdated ? <ToneBadge tone="warning">Outdated</ToneBadge> : null}
          {validation ? <ToneBadge tone="neutral">{validation}</ToneBadge> : null}
        </div>
      </Body>
    </Card>
  );
}

const TitleLink = styled.span`
  a {
    color: ${(p) => p.theme.text};
    font-size: ${TYPE_SCALE.md.size};
    line-height: ${TYPE_SCALE.md.lineHeight};
    font-weight: ${FONT_WEIGHT.semibold};
    text-decoration: none;
  }
  a:hover { text-decoration: underline; }
`;

const Body = styled.div`
  display: grid;
  gap: ${SPACE.xs};
  min-width: 0;
  .headline { display: grid; grid-template-columns: auto minmax(0, 1fr); align-items: center; gap: ${SPACE.md}; min-height: 36px; }
  .actual { ${numeric} font-size: ${TYPE_SCALE.figure.size}; line-height: ${TYPE_SCALE.figure.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  .no-actual { font-size: ${TYPE_SCALE.lg.size}; color: ${(p) => p.theme.textMuted}; }
  .line { display: flex; flex-wrap: wrap; gap: ${SPACE.xxs} ${SPACE.md}; font-size: ${TYPE_SCALE.sm.size}; line-height: ${TYPE_SCALE.sm.lineHeight}; color: ${(p) => p.theme.textMuted}; ${numeric} white-space: normal; }
  .good { color: ${(p) => p.theme.good}; }
  .bad { color: ${(p) => p.theme.bad}; }
  .neutral { color: ${(p) => p.theme.textMuted}; }
  .badges { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; margin-top: ${SPACE.xxs}; }
  .badges:empty { display: none; }
`;
