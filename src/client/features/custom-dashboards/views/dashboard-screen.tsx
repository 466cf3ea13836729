import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, Redirect, useParams } from "wouter";
import { styled } from "styled-components";
import type { CustomDashboard, DashboardCard } from "../../../../contracts/custom-dashboards";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { CanvasBoard } from "./canvas-board";
import { AddCardDialog, AddKpiDialog, ExportPdfDialog } from "./card-dialogs";
import { CardEditPanel, LEAVE_CARD_EDIT } from "./card-edit-panel";
import { useKpiNameOf } from "./card-title";
import { GridBoard } from "./grid-board";

const CRUMBS = [{ label: "Custom dashboards", href: "/reporting/custom" }];
export const CANVAS_HINT = "Arrow keys move the focused card one cell; Shift with the arrow keys resizes it.";
export const LOCKED_HINT = "The canvas is locked: its cards cannot be moved or resized.";
export const GRID_HINT = "Arrow keys move the focused card earlier or later in the order.";

/** /reporting/custom-dashboard/{id}: one custom dashboard; without an id, the overview. */
export default function CustomDashboardScreen() {
  const params = useParams<{ id?: string }>();
  const id = Number(params.id);
  if (!params.id || !Number.isSafeInteger(id) || id <= 0) return <Redirect to="/reporting/custom" replace />;
  return <DashboardScreen dashboardId={id} />;
}

function DashboardScreen({ dashboardId }: { dashboardId: number }) {
  const dispatch = useDispatch();
  const slot = useModel((state: AppState) => state.customDashboards.open[dashboardId]);
  useEffect(() => {
    dispatch({ _tag: "LoadCustomDashboard", dashboardId });
  }, [dispatch, dashboardId]);
  if (slot?.dashboard) return <LoadedDashboard dashboard={slot.dashboard} />;
  return (
    <Page aria-busy={slot?.status !== "error"}>
      <PageHeader title={slot?.notFound ? "Dashboard not found" : "Custom dashboard"} breadcrumbs={CRUMBS} />
      {slot?.status === "error" ? (
        slot.notFound ? (
          <EmptyState title={slot.message ?? "This dashboard does not exist."} text={<Link href="/reporting/custom">Back to the custom dashboards</Link>} />
        ) : (
          <ErrorState message={slot.message} onRetry={() => dispatch({ _tag: "LoadCustomDashboard", dashboardId })} />
        )
      ) : (
        <LoadingState label="Loading the dashboard…" variant="skeleton" lines={6} />
      )}
    </Page>
  );
}

type Dialog = "add-card" | "add-kpi" | "export-pdf" | null;

function LoadedDashboard({ dashboard }: { dashboard: CustomDashboard }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const titleOf = useKpiNameOf();
  const slot = useModel((state: AppState) => state.customDashboards.open[dashboard.id]!);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const editDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => void (editDirty.current = dirty), []);
  const hintId = useId();
  const canvas = dashboard.kind === "canvas";
  const editing = dashboard.cards.find((card) => card.id === editingId) ?? null;

  // Switching to another card's edit mode with unsaved changes asks, as leaving does.
  const edit = async (card: DashboardCard) => {
    if (card.id === editingId) return;
    if (editDirty.current && !(await confirm(LEAVE_CARD_EDIT))) return;
    setEditingId(card.id);
  };
  const remove = async (card: DashboardCard) => {
    const title = card.title || titleOf(card) || "this card";
    if (await confirm({ title: `Remove ${title}?`, message: "The card is removed from this dashboard for everyone who sees it. Its KPI or chart stays.", confirmLabel: "Remove", tone: "danger" })) {
      if (card.id === editingId) setEditingId(null);
      dispatch({ _tag: "RemoveDashboardCard", dashboardId: dashboard.id, cardId: card.id });
    }
  };
  const exportXlsx = () => dispatch({ _tag: "ExportCustomDashboard", dashboardId: dashboard.id, name: dashboard.name, format: "xlsx", orientation: "landscape", theme: "light" });
  // Ctrl+Z (⌘Z) undoes the last layout change, except where a field undoes its own typing.
  useEffect(() => {
    if (!dashboard.canEdit) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== "z") return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true], [role=alertdialog]")) return;
      event.preventDefault();
      dispatch({ _tag: "UndoLayoutChange", dashboardId: dashboard.id });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [dispatch, dashboard.id, dashboard.canEdit]);
  const announcement = slot.announcement;
  const hint = canvas ? (dashboard.locked ? LOCKED_HINT : CANVAS_HINT) : GRID_HINT;

  return (
    <Page aria-labelledby="custom-dashboard-title">
      <PageHeader
        title={dashboard.name}
        headingId="custom-dashboard-title"
        breadcrumbs={[...CRUMBS, { label: dashboard.name, href: `/reporting/custom-dashboard/${dashboard.id}` }]}
        titleAddon={
          <>
            {canvas ? <Badge tone="accent">Beta</Badge> : null}
            {canvas && dashboard.locked ? <Badge>Locked</Badge> : null}
            {!dashboard.canEdit ? <Badge>View only</Badge> : null}
          </>
        }
        description={`${canvas ? "Canvas" : "Grid"} dashboard by ${dashboard.owner.name} · ${dashboard.cards.length === 1 ? "1 card" : `${dashboard.cards.length} cards`}${saveState(slot.layout.status)}`}
        actions={
          <Toolbar>
            {dashboard.canEdit ? (
              <>
                <Button onClick={() => setDialog("add-card")}>Add card</Button>
                <Button onClick={() => setDialog("add-kpi")}>Add KPI</Button>
                <Button onClick={() => dispatch({ _tag: "UndoLayoutChange", dashboardId: dashboard.id })} disabled={slot.undo.length === 0} aria-keyshortcuts="Control+Z Meta+Z">
                  Undo
                </Button>
                {canvas ? (
                  <Button busy={slot.cardAction.status === "busy" && editingId === null} onClick={() => dispatch({ _tag: "LockCanvas", dashboardId: dashboard.id, locked: !dashboard.locked })}>
                    {dashboard.locked ? "Unlock canvas" : "Lock canvas"}
                  </Button>
                ) : null}
              </>
            ) : null}
            <Button busy={slot.exporting === "pdf"} onClick={() => setDialog("export-pdf")}>
              Export PDF
            </Button>
            <Button busy={slot.exporting === "xlsx"} onClick={exportXlsx}>
              Export Excel
            </Button>
          </Toolbar>
        }
      />
      <Stack>
        {announcement?.refused ? (
          <Alert key={announcement.seq} tone="warning">
            {announcement.text}
          </Alert>
        ) : null}
        {slot.layout.status === "error" && slot.layout.message !== announcement?.text ? <Alert tone="danger">{slot.layout.message}</Alert> : null}
        {slot.cardAction.status === "error" && editingId === null && dialog === null ? <Alert tone="danger">{slot.cardAction.message}</Alert> : null}
        {editing ? <CardEditPanel key={editing.id} dashboard={dashboard} card={editing} onClose={() => setEditingId(null)} onDirtyChange={onDirtyChange} /> : null}
        <Hint id={hintId}>
          {dashboard.canEdit ? hint : "You may view this dashboard; its owner decides who changes it."}
        </Hint>
        {dashboard.cards.length === 0 ? (
          <EmptyState
            title="No cards yet"
            text={dashboard.canEdit ? "Add a KPI, a KPI chart, a saved chart or a text card." : "Its owner has not added any cards yet."}
            {...(dashboard.canEdit ? { action: <Button onClick={() => setDialog("add-card")}>Add the first card</Button> } : {})}
          />
        ) : canvas ? (
          <CanvasBoard dashboard={dashboard} editingCardId={editingId} hintId={hintId} titleOf={titleOf} onEdit={edit} onRemove={remove} />
        ) : (
          <GridBoard dashboard={dashboard} editingCardId={editingId} hintId={hintId} titleOf={titleOf} onEdit={edit} onRemove={remove} />
        )}
        <VisuallyHidden aria-live="polite" data-testid="layout-announcement">
          {announcement ? <span key={announcement.seq}>{announcement.text}</span> : null}
        </VisuallyHidden>
      </Stack>
      {dialog === "add-card" ? <AddCardDialog dashboard={dashboard} onClose={() => setDialog(null)} /> : null}
      {dialog === "add-kpi" ? <AddKpiDialog dashboard={dashboard} onClose={() => setDialog(null)} /> : null}
      {dialog === "export-pdf" ? <ExportPdfDialog dashboard={dashboard} onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}

const saveState = (status: "saved" | "pending" | "saving" | "error") => (status === "pending" || status === "saving" ? " · saving the layout…" : "");

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xs};
  justify-content: flex-end;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
`;
