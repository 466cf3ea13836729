import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { cardFigures, highAndLowPerformers, passesTrendFilter, type KpiCardFigures } from "../../../../domain/kpi/dashboard-card";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { monthDateOf, monthLabel, type MonthIndex } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { RetryAlert, ScreenPage } from "../../../ui/primitives";
import type { Dashboard } from "../model";
import { DashboardFilters } from "./dashboard-filters";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { KpiCard, percentText } from "./kpi-card";

export type DashboardKind = Dashboard | "favorites";

const Page = styled(ScreenPage)`
  max-width: none;
  .layout { display: grid; grid-template-columns: minmax(0, 1fr) 280px; gap: 20px; align-items: start; }
  @media (max-width: 1100px) { .layout { grid-template-columns: 1fr; } }
  .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 12px; }
  .category { display: grid; gap: 10px; }
  .category h2 { font-size: 15px; color: ${(p) => p.theme.textMuted}; font-weight: 600; }
  aside { display: grid; gap: 16px; }
  aside section { background: ${(p) => p.theme.surface}; border: 1px solid ${(p) => p.theme.border}; border-radius: 10px; padding: 12px 14px; }
  aside ol { padding-left: 18px; gap: 6px; margin: 0; }
  aside li { font-size: 13px; }
  .good { color: ${(p) => p.theme.positive}; }
  .bad { color: ${(p) => p.theme.danger}; }
  .status { color: ${(p) => p.theme.textMuted}; font-size: 13px; }
`;

/** Months of values a dashboard loads: two years, enough for a 12-month trend 12 months back. */
const MONTHS_LOADED = 36;

interface Card {
  readonly kpi: KpiMeta;
  readonly figures: KpiCardFigures;
  readonly extra?: string;
  readonly id: number;
  readonly performance: number | null;
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
  const filter = useModel((state: AppState) => state.kpis.filters[kind === "strategic" ? "strategic" : "operational"]);
  const frame = useReportingFrame();
  const end: MonthIndex = frame.end - frame.ignoreLastMonths;
  const kpis = selectKpis(kind, meta.kpis, favorites);
  const ids = kpis.map((kpi) => kpi.id);
  const ready = meta.status === "loaded" && ids.length > 0;
  const valuesCommand = ready
    ? ({ _tag: "LoadKpiValues", key: kind, startDate: monthDateOf(end - MONTHS_LOADED + 1), date: monthDateOf(end), type: "all", idList: ids, includePlanning: true, fxRate: frame.fxRateId } as const)
    : null;
  const values = useKpiView(valuesCommand);
  const aggregates = useKpiView(
    ready && kind === "strategic" ? ({ _tag: "LoadKpiAggregates", key: kind, endDate: frame.endDate, ignoreLastMonths: frame.ignoreLastMonths, fxRate: frame.fxRateId, idList: ids } as const) : null,
  );

  const monthsOf = new Map((values?.data ?? []).map((entry) => [entry.id, entry.values] as const));
  const cards: Card[] = kpis.map((kpi) => {
    const ytd = aggregates?.data?.[kpi.id]?.ytd;
    const fullYear = aggregates?.data?.[kpi.id]?.fullyear;
    const figures = cardFigures(kpi, monthsOf.get(kpi.id) ?? [], filter, end, kind === "strategic" ? { actual: ytd?.actualValue ?? null, plan: ytd?.planningValue ?? null } : undefined);
    const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency: frame.currency });
    const extra = kind === "strategic" && fullYear ? `FY forecast ${format(fullYear.forecastProjectedValue)} · plan ${format(fullYear.planningValue)}` : undefined;
    return { kpi, figures, id: kpi.id, performance: figures.performance, ...(extra ? { extra } : {}) };
  });
  const shown = cards.filter((card) => passesTrendFilter(card.figures.trend, filter));
  const { high, low } = highAndLowPerformers(shown);
  const periodLabel = kind === "strategic" ? "YTD" : monthLabel(end - filter.trendOffset);
  const loading = values?.status === "loading" || aggregates?.status === "loading";
  const failure = values?.status === "error" ? values.message : aggregates?.status === "error" ? aggregates.message : null;

  return (
    <Page aria-labelledby="dashboard-title" aria-busy={loading}>
      <h1 id="dashboard-title">{title}</h1>
      {kind === "favorites" ? null : <DashboardFilters dashboard={kind} />}
      {meta.status === "error" ? (
        <RetryAlert message={meta.message} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} />
      ) : null}
      {failure ? (
        <RetryAlert message={failure} onRetry={() => valuesCommand && dispatch(valuesCommand)} />
      ) : null}
      {meta.status !== "loaded" || (ready && (!values?.data || (kind === "strategic" && !aggregates?.data))) ? <p className="status">Loading KPIs…</p> : null}
      {meta.status === "loaded" && kpis.length === 0 ? (
        <p className="status">{kind === "favorites" ? "No favorite KPIs yet. Mark KPIs with the star on a dashboard or a KPI detail page." : "No KPIs to show."}</p>
      ) : null}
      {values?.data && (kind !== "strategic" || aggregates?.data) ? (
        <div className="layout">
          <div className="category-list" style={{ display: "grid", gap: 20 }}>
            {groupByCategory(shown, kind).map(([category, group]) => (
              <section className="category" key={category} aria-label={category}>
                {category ? <h2>{category}</h2> : null}
                <div className="cards">
                  {group.map((card) => (
                    <KpiCard key={card.id} kpi={card.kpi} figures={card.figures} currency={frame.currency} periodLabel={periodLabel} {...(card.extra ? { extra: card.extra } : {})} />
                  ))}
                </div>
              </section>
            ))}
            {shown.length === 0 && cards.length > 0 ? <p className="status">No KPI matches the trend filters.</p> : null}
          </div>
          <aside>
            <Performers title="High performers" cards={high} />
            <Performers title="Low performers" cards={low} />
          </aside>
        </div>
      ) : null}
    </Page>
  );
}

function Performers({ title, cards }: { title: string; cards: readonly Card[] }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {cards.length === 0 ? (
        <p className="status">None in this period.</p>
      ) : (
        <ol>
          {cards.map((card) => (
            <li key={card.id}>
              <Link href={`/reporting/kpi-detail/${card.id}`}>{card.kpi.name}</Link>{" "}
              <span className={card.performance! > 0 ? "good" : "bad"}>{percentText(card.figures.deviationPercent)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
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

function groupByCategory(cards: readonly Card[], kind: DashboardKind): [string, Card[]][] {
  if (kind === "favorites") return [["", [...cards]]];
  const groups = new Map<string, Card[]>();
  for (const card of cards) groups.set(card.kpi.category.name, [...(groups.get(card.kpi.category.name) ?? []), card]);
  return [...groups];
}
