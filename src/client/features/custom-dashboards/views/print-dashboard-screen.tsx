import { useCallback, useEffect, useState } from "react";
import { useParams } from "wouter";
import { styled } from "styled-components";
import type { CustomDashboard, DashboardCard } from "../../../../contracts/custom-dashboards";
import { paperRows } from "../../../../domain/custom-dashboards/canvas-layout";
import { monthLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { PrintBlock, PrintPage } from "../../../print/print-page";
import { SPACE } from "../../../ui/tokens";
import { useReportingFrame } from "../../kpis/views/hooks";
import { orderedCards } from "../model";
import { DASHBOARD_GONE_TEXT } from "../requests";
import { CardBody } from "./card-body";
import { useKpiNameOf } from "./card-title";

/** A canvas row on paper, in pixels: charts get the height their rows give them on screen. */
const PAPER_ROW = 36;

/**
 * /print/reporting/custom-dashboard/{id} and /export/custom-dashboard/{id}: the dashboard for
 * paper. Every card is a block that is never cut; a canvas's cards follow in reading order (row,
 * then column) with the widths of their layout. The page is ready once every card has its data;
 * a dashboard that cannot be read fails the page with the reason.
 */
export default function PrintCustomDashboardScreen() {
  const params = useParams<{ id: string }>();
  const dashboardId = Number(params.id);
  const dispatch = useDispatch();
  const slot = useModel((state: AppState) => state.customDashboards.open[dashboardId]);
  useEffect(() => {
    if (Number.isSafeInteger(dashboardId) && dashboardId > 0) dispatch({ _tag: "LoadCustomDashboard", dashboardId });
  }, [dispatch, dashboardId]);
  const frame = useReportingFrame();
  const period = monthLabel(frame.end - frame.ignoreLastMonths);
  if (!slot?.dashboard) {
    // A dashboard that cannot be read fails the print at once (the renderer reports why) rather than printing the message.
    const failed = slot?.status === "error" ? (slot.message ?? DASHBOARD_GONE_TEXT) : !Number.isSafeInteger(dashboardId) || dashboardId <= 0 ? DASHBOARD_GONE_TEXT : null;
    return (
      <PrintPage title="Custom dashboard" ready={false} failed={failed}>
        {failed ? null : <p>Loading the dashboard…</p>}
      </PrintPage>
    );
  }
  return <PaperDashboard dashboard={slot.dashboard} period={period} />;
}

function PaperDashboard({ dashboard, period }: { dashboard: CustomDashboard; period: string }) {
  const kpiNameOf = useKpiNameOf();
  const [ready, setReady] = useState<ReadonlySet<number>>(new Set());
  const onReady = useCallback((cardId: number) => setReady((previous) => (previous.has(cardId) ? previous : new Set([...previous, cardId]))), []);
  const allReady = dashboard.cards.every((card) => ready.has(card.id));
  const titleOf = (card: DashboardCard) => card.title || kpiNameOf(card);
  const block = (card: DashboardCard, width: string) => (
    <PrintBlock key={card.id} style={{ flexBasis: width, maxWidth: width }} data-card-id={card.id}>
      <PaperCard>
        {titleOf(card) ? <h2>{titleOf(card)}</h2> : null}
        <CardBody card={card} mode="print" onReady={() => onReady(card.id)} height={Math.max(160, card.layout.h * PAPER_ROW)} />
      </PaperCard>
    </PrintBlock>
  );
  return (
    <PrintPage title={dashboard.name} period={period} ready={allReady}>
      {dashboard.cards.length === 0 ? <p>This dashboard has no cards.</p> : null}
      {dashboard.kind === "canvas"
        ? paperRows(dashboard.cards).map((row) => <Row key={row[0]!.id}>{row.map((card) => block(card, `calc(${(card.layout.w / 12) * 100}% - ${SPACE.md})`))}</Row>)
        : <Row>{orderedCards(dashboard).map((card) => block(card, card.content.type === "text" || card.content.type === "kpi" ? `calc(50% - ${SPACE.md})` : "100%"))}</Row>}
    </PrintPage>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.md};
  margin-bottom: ${SPACE.md};
  & > * { flex-grow: 0; flex-shrink: 0; min-width: 0; }
`;

const PaperCard = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  padding: ${SPACE.md};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  h2 { font-size: 15px; margin: 0; }
`;
