import { styled } from "styled-components";
import { DEFAULT_DASHBOARD_FILTER, type KpiMeta, type KpiMonthValue } from "../../../../contracts/kpis";
import { trendText, type TrendText } from "../../../../domain/kpi/card-texts";
import { cardFigures, highAndLowPerformers, passesTrendFilter, type KpiCardFigures } from "../../../../domain/kpi/dashboard-card";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { ytdCardFigures } from "../../../../domain/kpi/ytd-card";
import { fiscalYearLabel } from "../../../../domain/kpi/periods";
import { fiscalYearStart } from "../../../../domain/fiscal-calendar";
import { monthDateOf, monthIndexOf, monthLabel, monthRange, monthRangeLabel, type MonthIndex } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { BucketLegend } from "../../../ui/badge";
import { CollapsibleSection } from "../../../ui/collapsible-section";
import { Page, TileGrid } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { MEDIA, SPACE } from "../../../ui/tokens";
import type { Dashboard } from "../model";
import { Performers } from "./dashboard/performers";
import { DashboardFilterBar } from "./dashboard-filters";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { KpiCard } from "./kpi-card";

export type DashboardKind = Dashboard | "favorites";

/** Months of values a dashboard loads: three years, enough for a 12-month trend 12 months back. */
const MONTHS_LOADED = 36;
/** Months a card's sparkline shows, ending with the card's month. */
const SPARKLINE_MONTHS = 12;

interface CardData {
  readonly kpi: KpiMeta;
  readonly id: number;
  readonly figures: KpiCardFigures;
  readonly performance: number | null;
  readonly trend: TrendText;
  readonly sparkline: (number | null)[];
  readonly planNote?: string;
  readonly deviationNote?: string;
  readonly extra?: string;
}

/**
 * The operational dashboard (the KPI categories month by month), the strategic dashboard (the
 * top-level KPIs of every category, year to date with the full-year outlook) and my dashboard
 * (the user's favorites, month by month). One view, three selections.
 */
export function DashboardView({ kind, title }: { kind: DashboardKind; title: string }) {
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const favorites = useModel((state: AppState) => state.kpis.favorites);
  // My dashboard's bar shows only the period, so its cards follow the default filter, not another dashboard's.
  const saved = useModel((state: AppState) => state.kpis.filters[kind === "strategic" ? "strategic" : "operational"]);
  const filter = kind === "favorites" ? DEFAULT_DASHBOARD_FILTER : saved;
  const folded = useModel((state: AppState) => state.kpis.folded[kind === "strategic" ? "strategic" : "operational"]);
  const frame = useReportingFrame();
  const end: MonthIndex = frame.end - frame.ignoreLastMonths;
  const shownMonth = end - filter.trendOffset;
  const kpis = selectKpis(kind, meta.kpis, favorites);
  const ids = kpis.map((kpi) => kpi.id);
  const ready = meta.status === "loaded" && ids.length > 0;
  const valuesCommand = ready
    ? ({ _tag: "LoadKpiValues", key: kind, startDate: monthDateOf(end - MONTHS_LOADED + 1), date: monthDateOf(end), type: "all", idList: ids, includePlanning: true, fxRate: frame.fxRateId } as const)
    : null;
  const values = useKpiView(valuesCommand);
  const aggregatesCommand =
    ready && kind === "strategic" ? ({ _tag: "LoadKpiAggregates", key: kind, endDate: frame.endDate, ignoreLastMonths: frame.ignoreLastMonths, fxRate: frame.fxRateId, idList: ids } as const) : null;
  const aggregates = useKpiView(aggregatesCommand);

  const monthsOf = new Map((values?.data ?? []).map((entry) => [entry.id, entry.values] as const));
  const cards: CardData[] = kpis.map((kpi) => {
    const months = monthsOf.get(kpi.id) ?? [];
    const ytd = aggregates?.data?.[kpi.id]?.ytd;
    const fullYear = aggregates?.data?.[kpi.id]?.fullyear;
    const strategic = kind === "strategic" && ytd ? ytdCardFigures(kpi, months, filter, end, ytd) : null;
    // A strategic card without its year to date shows none, never a month's figures under "YTD".
    const figures = strategic ? strategic.figures : cardFigures(kpi, months, filter, end, kind === "strategic" ? { actual: null, plan: null } : undefined);
    const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency: frame.currency });
    const extra = kind === "strategic" && fullYear ? `FY forecast ${format(fullYear.forecastProjectedValue)} · plan ${format(fullYear.planningValue)}` : undefined;
    return {
      kpi,
      id: kpi.id,
      figures,
      performance: figures.performance,
      trend: trendText(kpi, months, shownMonth, filter.trendDuration, { namingRecent: kind === "strategic" }),
      sparkline: sparklineValues(months, shownMonth),
      ...(strategic?.planNote ? { planNote: strategic.planNote } : {}),
      ...(strategic?.deviationNote ? { deviationNote: strategic.deviationNote } : {}),
      ...(extra ? { extra } : {}),
    };
  });
  const shown = cards.filter((card) => passesTrendFilter(card.figures.trend, filter));
  const { high, low } = highAndLowPerformers(shown);
  const periodLabel = kind === "strategic" ? "YTD" : monthLabel(shownMonth);
  const loading = values?.status === "loading" || aggregates?.status === "loading";
  const failure = values?.status === "error" ? values : aggregates?.status === "error" ? aggregates : null;
  const loaded = values?.data != null && (kind !== "strategic" || aggregates?.data != null);
  const showBuckets = !filter.planningAsBenchmark && shown.some((card) => card.figures.benchmark !== null);
  const toPerformer = (card: CardData) => ({ id: card.id, name: card.kpi.name, actual: card.figures.actual, plan: card.figures.plan, deviationPercent: card.figures.deviationPercent, performance: card.performance });

  return (
    <Page aria-labelledby="dashboard-title" aria-busy={loading}>
      <PageHeader title={title} headingId="dashboard-title" description={describe(kind, shownMonth, end, frame.fiscalYearOffset)} />
      <DashboardFilterBar {...(kind === "favorites" ? {} : { dashboard: kind })} />
      {meta.status === "error" ? <ErrorState message={meta.message} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} /> : null}
      {failure ? <ErrorState message={failure.message} onRetry={() => dispatch((failure === values ? valuesCommand : aggregatesCommand)!)} /> : null}
      {meta.status === "loading" || meta.status === "idle" || (ready && !loaded && !failure) ? <LoadingState label="Loading KPIs…" /> : null}
      {meta.status === "loaded" && kpis.length === 0 ? (
        kind === "favorites" ? (
          <EmptyState title="No favorite KPIs yet" text="Mark KPIs with the star on a dashboard or a KPI detail page; they appear here." />
        ) : (
          <EmptyState title="No KPIs to show" text="This company has no KPIs on this dashboard yet." />
        )
      ) : null}
      {loaded ? (
        <Layout>
          <div className="main">
            {showBuckets ? <BucketLegend /> : null}
            {shown.length === 0 && cards.length > 0 ? <EmptyState title="No KPI matches the trend filters" text="Turn on more trend directions in the filters, or reset them." /> : null}
            {kind === "favorites" ? (
              <Cards cards={shown} periodLabel={periodLabel} currency={frame.currency} shownMonth={shownMonth} headingLevel={2} />
            ) : (
              groupByCategory(shown).map(([category, group]) => (
                <CollapsibleSection
                  key={category}
                  title={category}
                  summary={group.length === 1 ? "1 KPI" : `${group.length} KPIs`}
                  open={!folded.includes(category)}
                  onOpenChange={(open) => dispatch({ _tag: "FoldDashboardCategory", dashboard: kind === "strategic" ? "strategic" : "operational", category, folded: !open })}
                >
                  <Cards cards={group} periodLabel={periodLabel} currency={frame.currency} shownMonth={shownMonth} headingLevel={3} />
                </CollapsibleSection>
              ))
            )}
          </div>
          <aside aria-label="High and low performers">
            <Performers title="High performers" performers={high.map(toPerformer)} emptyText={`No KPI ahead of its plan for ${periodLabel}.`} />
            <Performers title="Low performers" performers={low.map(toPerformer)} emptyText={`No KPI behind its plan for ${periodLabel}.`} />
          </aside>
        </Layout>
      ) : null}
    </Page>
  );
}

function Cards({ cards, periodLabel, currency, shownMonth, headingLevel }: { cards: readonly CardData[]; periodLabel: string; currency: string; shownMonth: MonthIndex; headingLevel: 2 | 3 }) {
  return (
    <TileGrid $min="260px">
      {cards.map((card) => (
        <KpiCard
          key={card.id}
          kpi={card.kpi}
          figures={card.figures}
          currency={currency}
          periodLabel={periodLabel}
          trend={card.trend}
          sparkline={card.sparkline}
          sparklineEnd={shownMonth}
          headingLevel={headingLevel}
          {...(card.planNote ? { planNote: card.planNote } : {})}
          {...(card.deviationNote ? { deviationNote: card.deviationNote } : {})}
          {...(card.extra ? { extra: card.extra } : {})}
        />
      ))}
    </TileGrid>
  );
}

/** What the page shows, for which period: the header's description. */
function describe(kind: DashboardKind, shownMonth: MonthIndex, end: MonthIndex, fiscalYearOffset: number): string {
  switch (kind) {
    case "favorites":
      return `Your favorite KPIs for ${monthLabel(shownMonth)}: actual against plan, the trend and the last 12 months.`;
    case "operational":
      return `Every KPI by category for ${monthLabel(shownMonth)}: actual against plan, the trend and the last 12 months.`;
    case "strategic":
      return `The top-level KPIs by category, year to date (${monthRangeLabel(fiscalYearStart(end, fiscalYearOffset), end)}) with the outlook for ${fiscalYearLabel(end, fiscalYearOffset)}.`;
  }
}

/** The actuals of the SPARKLINE_MONTHS months ending with `last`, oldest first; null where a month has none. */
function sparklineValues(months: readonly KpiMonthValue[], last: MonthIndex): (number | null)[] {
  const byMonth = new Map(months.map((month) => [monthIndexOf(month.date), month.value] as const));
  return monthRange(last - SPARKLINE_MONTHS + 1, last).map((month) => byMonth.get(month) ?? null);
}

function selectKpis(kind: DashboardKind, kpis: readonly KpiMeta[], favorites: readonly number[]): KpiMeta[] {
  switch (kind) {
    case "operational":
      return kpis.filter((kpi) => kpi.category.kind === "kpi");
    case "strategic":
      return kpis.filter((kpi) => kpi.parentId === null);
    case "favorites": {
      const byId = new Map(kpis.map((kpi) => [kpi.id, kpi] as const));
      return favorites.map((id) => byId.get(id)).filter((kpi): kpi is KpiMeta => kpi !== undefined);
    }
  }
}

function groupByCategory(cards: readonly CardData[]): [string, CardData[]][] {
  const groups = new Map<string, CardData[]>();
  for (const card of cards) groups.set(card.kpi.category.name, [...(groups.get(card.kpi.category.name) ?? []), card]);
  return [...groups];
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 280px;
  gap: ${SPACE.xl};
  align-items: start;
  .main { display: grid; gap: ${SPACE.lg}; min-width: 0; }
  aside { display: grid; gap: ${SPACE.md}; }
  @media (max-width: 1279px) { grid-template-columns: minmax(0, 1fr); }
  ${MEDIA.narrow} { gap: ${SPACE.lg}; }
`;
