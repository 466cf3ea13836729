import { useEffect } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { styled } from "styled-components";
import type { KpiAction } from "../../../../contracts/collaboration";
import type { ActionsFilter } from "../../../../contracts/messages/collaboration";
import { ACTION_STATUS_LABELS } from "../../../../domain/collaboration/actions";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable } from "../../../ui/data-table";
import { FilterBar } from "../../../ui/filter-bar";
import { Cluster, Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { useKpiMeta } from "../../kpis/views/hooks";
import { STATUS_TONE } from "./action-row";
import { ActionPanel } from "./action-panel";
import { filterOf, searchOf } from "./actions-filter";

/**
 * /reporting/actions/{actionId?}: the actions on the KPIs the person may read, filtered by whom
 * they are assigned to, KPI and status (the filter lives in the address, so it can be shared and
 * survives a reload), 25 a page; one action open with its thread above the list.
 */
export default function ActionsScreen() {
  const dispatch = useDispatch();
  const params = useParams<{ actionId?: string }>();
  const openId = params.actionId && /^\d+$/.test(params.actionId) ? Number(params.actionId) : null;
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterOf(search);
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    dispatch({ _tag: "LoadActions", filter: JSON.parse(filterKey) as ActionsFilter });
  }, [dispatch, filterKey]);
  const list = useModel((state: AppState) => state.collaboration.list);
  const me = useModel((state: AppState) => state.session.profile?.id ?? null);
  const meta = useKpiMeta();
  const go = (next: Partial<ActionsFilter>) => navigate(`/reporting/actions${openId ? `/${openId}` : ""}${searchOf({ ...filter, page: 1, ...next })}`);

  const people = [...list.assignees];
  if (filter.user !== null && !people.some((person) => person.id === filter.user)) people.push({ id: filter.user, name: filter.user === me ? "Me" : `Person ${filter.user}` });
  const first = (filter.page - 1) * list.pageSize + 1;
  const last = Math.min(list.count, filter.page * list.pageSize);
  const pages = Math.max(1, Math.ceil(list.count / list.pageSize));
  return (
    <Page aria-labelledby="actions-title">
      <PageHeader title="Actions" headingId="actions-title" breadcrumbs={[{ label: "Actions", href: "/reporting/actions" }]} description="What people agreed to do about the KPIs: made from comments, each with an owner, a status and a due date." actions={<Link href="/reporting/issues">Issues</Link>} />
      {openId !== null ? <ActionPanel actionId={openId} onClose={() => navigate(`/reporting/actions${searchOf(filter)}`)} /> : null}
      <FilterBar
        label="Action filters"
        onReset={() => navigate("/reporting/actions")}
        items={[
          { key: "user", priority: "essential", changed: filter.user !== null, control: <FilterSelect<string> label="Assigned to" value={filter.user === null ? "" : String(filter.user)} onChange={(value) => go({ user: value === "" ? null : Number(value) })} options={[{ value: "", label: "Anyone" }, ...(me !== null ? [{ value: String(me), label: "Me" }] : []), ...people.filter((person) => person.id !== me).map((person) => ({ value: String(person.id), label: person.name }))]} /> },
          { key: "status", priority: "essential", changed: filter.status !== null, control: <FilterSelect<string> label="Status" value={filter.status ?? ""} onChange={(value) => go({ status: value === "" ? null : (value as KpiAction["status"]) })} options={[{ value: "", label: "Any status" }, ...(["open", "in_progress", "done"] as const).map((status) => ({ value: status, label: ACTION_STATUS_LABELS[status] }))]} /> },
          { key: "kpi", priority: "primary", changed: filter.kpi !== null, control: <FilterSelect<string> label="KPI" value={filter.kpi === null ? "" : String(filter.kpi)} onChange={(value) => go({ kpi: value === "" ? null : Number(value) })} options={[{ value: "", label: "All KPIs" }, ...meta.kpis.map((kpi) => ({ value: String(kpi.id), label: kpi.name }))]} /> },
        ]}
      />
      <Card title={list.status === "loaded" ? `${list.count} action${list.count === 1 ? "" : "s"}` : "Actions"} padding="md" aria-busy={list.status === "loading"}>
        {list.status === "error" ? (
          <ErrorState title="The actions could not be loaded" message={list.message} onRetry={() => dispatch({ _tag: "LoadActions", filter })} />
        ) : list.status !== "loaded" && list.actions.length === 0 ? (
          <LoadingState variant="skeleton" lines={6} label="Loading actions…" />
        ) : (
          <>
            <DataTable<KpiAction>
              label="Actions"
              rows={list.actions}
              rowKey={(action) => action.id}
              maxHeight="none"
              empty={filter.user !== null || filter.kpi !== null || filter.status !== null ? "No actions match the filters." : "No actions yet. Make one from a comment on a KPI's Comments tab."}
              columns={[
                { key: "title", header: "Action", rowHeader: true, cell: (action) => <Link href={`/reporting/actions/${action.id}${searchOf(filter)}`} aria-current={action.id === openId ? "true" : undefined}>{action.title}</Link> },
                { key: "kpi", header: "KPI", cell: (action) => <Link href={`/reporting/kpi-detail/${action.kpiId}/comments${action.commentId ? `?comment=${action.commentId}` : ""}`} state={{ from: "/reporting/actions" }}>{action.kpiName}</Link> },
                { key: "assignee", header: "Assigned to", cell: (action) => action.assignedUser.name },
                { key: "status", header: "Status", cell: (action) => <Cluster $gap="xs"><Badge tone={STATUS_TONE[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>{action.overdue ? <Badge tone="bad">Overdue</Badge> : null}</Cluster> },
                { key: "due", header: "Due", cell: (action) => action.dueDate ?? "—" },
                { key: "comments", header: "Comments", numeric: true, cell: (action) => action.commentCount },
              ]}
            />
            {list.count > list.pageSize ? (
              <Pager aria-label="Pages">
                <span>
                  {first}–{last} of {list.count}
                </span>
                <Button size="sm" disabled={filter.page <= 1} onClick={() => go({ ...filter, page: filter.page - 1 })}>
                  Previous page
                </Button>
                <Button size="sm" disabled={filter.page >= pages} onClick={() => go({ ...filter, page: filter.page + 1 })}>
                  Next page
                </Button>
              </Pager>
            ) : null}
          </>
        )}
      </Card>
    </Page>
  );
}

const Pager = styled.nav`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${SPACE.sm};
  padding-top: ${SPACE.sm};
  span { color: ${(p) => p.theme.textMuted}; }
`;
