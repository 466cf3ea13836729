import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { styled } from "styled-components";
import type { DashboardSummary } from "../../../../contracts/custom-dashboards";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ScrollArea } from "../../../ui/scroll-area";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { copyName } from "../model";
import { selectCanCreateDashboards } from "./access";
import { DashboardRow } from "./dashboard-row";
import { NameDialog } from "./name-dialog";
import { ShareDialog } from "./share-dialog";

type Dialog = { readonly kind: "create" } | { readonly kind: "rename" | "duplicate" | "share"; readonly dashboard: DashboardSummary };

/**
 * /reporting/custom: the custom dashboards the person sees (their own, those shared with them;
 * administrators see all), in the company's order. Create, rename, duplicate, share, delete;
 * reorder by dragging a row's handle or with the arrow keys on it.
 */
export default function CustomDashboardsScreen() {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const list = useModel((state: AppState) => state.customDashboards.list);
  const action = useModel((state: AppState) => state.customDashboards.action);
  const created = useModel((state: AppState) => state.customDashboards.created);
  const canCreate = useModel(selectCanCreateDashboards);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    dispatch({ _tag: "LoadCustomDashboards" });
  }, [dispatch]);
  // A dashboard created here opens at once (not one created before this screen showed).
  const createdAtMount = useRef(created);
  useEffect(() => {
    if (created !== null && created !== createdAtMount.current) navigate(`/reporting/custom-dashboard/${created}`);
  }, [created, navigate]);

  const dashboards = list.dashboards;
  const move = (dashboard: DashboardSummary, to: number) => {
    const from = dashboards.findIndex((entry) => entry.id === dashboard.id);
    if (to < 0 || to >= dashboards.length || to === from) return;
    const ids = dashboards.map((entry) => entry.id);
    ids.splice(from, 1);
    ids.splice(to, 0, dashboard.id);
    dispatch({ _tag: "ReorderCustomDashboards", ids });
    setAnnouncement(`Moved ${dashboard.name} to place ${to + 1} of ${dashboards.length}.`);
  };
  const close = () => setDialog(null);
  const names = dashboards.map((entry) => entry.name);

  return (
    <Page>
      <PageHeader
        title="Custom dashboards"
        description="Dashboards assembled from KPI cards, KPI charts, charts and text. Grid dashboards flow in order; canvas dashboards (Beta) place and size each card freely."
        actions={
          canCreate ? (
            <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
              New dashboard
            </Button>
          ) : undefined
        }
      />
      <Stack>
        {action.status === "error" && (action.action === "delete" || action.action === "reorder") ? <Alert tone="danger">{action.message}</Alert> : null}
        {list.status === "error" ? (
          <ErrorState message={list.message} onRetry={() => dispatch({ _tag: "LoadCustomDashboards" })} />
        ) : list.status !== "loaded" ? (
          <LoadingState label="Loading dashboards…" variant="skeleton" />
        ) : dashboards.length === 0 ? (
          <EmptyState
            title="No custom dashboards yet"
            text={canCreate ? "Create a dashboard and add the KPIs, charts and notes you want to see together." : "No dashboard is shared with you yet."}
            {...(canCreate ? { action: <Button onClick={() => setDialog({ kind: "create" })}>Create the first dashboard</Button> } : {})}
          />
        ) : (
          <ScrollArea label="Custom dashboards, scrollable">
            <Table aria-label="Custom dashboards">
              <thead>
                <tr>
                  {canCreate ? <th scope="col"><VisuallyHidden>Order</VisuallyHidden></th> : null}
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Owner</th>
                  <th scope="col" className="numeric">Cards</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {dashboards.map((dashboard, index) => (
                  <DashboardRow
                    key={dashboard.id}
                    dashboard={dashboard}
                    index={index}
                    count={dashboards.length}
                    reorderable={canCreate}
                    canDuplicate={canCreate}
                    onMove={(to) => move(dashboard, to)}
                    onDropOn={(draggedId) => {
                      const dragged = dashboards.find((entry) => entry.id === draggedId);
                      if (dragged) move(dragged, index);
                    }}
                    onRename={() => setDialog({ kind: "rename", dashboard })}
                    onDuplicate={() => setDialog({ kind: "duplicate", dashboard })}
                    onShare={() => setDialog({ kind: "share", dashboard })}
                  />
                ))}
              </tbody>
            </Table>
          </ScrollArea>
        )}
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      </Stack>
      {dialog?.kind === "create" ? (
        <NameDialog
          action="create"
          title="New dashboard"
          confirmLabel="Create"
          initialName=""
          askKind
          onClose={close}
          onSubmit={(name, kind) => dispatch({ _tag: "CreateCustomDashboard", name, kind })}
        />
      ) : null}
      {dialog?.kind === "rename" ? (
        <NameDialog action="rename" title={`Rename ${dialog.dashboard.name}`} confirmLabel="Rename" initialName={dialog.dashboard.name} onClose={close} onSubmit={(name) => dispatch({ _tag: "RenameCustomDashboard", dashboardId: dialog.dashboard.id, name })} />
      ) : null}
      {dialog?.kind === "duplicate" ? (
        <NameDialog
          action="duplicate"
          title={`Duplicate ${dialog.dashboard.name}`}
          confirmLabel="Duplicate"
          initialName={copyName(dialog.dashboard.name, names)}
          onClose={close}
          onSubmit={(name) => dispatch({ _tag: "DuplicateCustomDashboard", dashboardId: dialog.dashboard.id, name })}
        />
      ) : null}
      {dialog?.kind === "share" ? <ShareDialog dashboard={dialog.dashboard} onClose={close} /> : null}
    </Page>
  );
}



const Table = styled.table`
  width: 100%;
  min-width: 720px;
  border-collapse: collapse;
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid ${(p) => p.theme.border}; vertical-align: middle; }
  th { font-size: 13px; color: ${(p) => p.theme.textMuted}; font-weight: 500; }
  .numeric { text-align: right; font-variant-numeric: tabular-nums; }
`;
