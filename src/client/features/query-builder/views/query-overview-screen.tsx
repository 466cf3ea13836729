import { useEffect, useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { QuerySummary } from "../../../../contracts/query-builder";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button, ButtonFrame } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { DeactivateDialog } from "./deactivate-dialog";
import { date, dateTime } from "./format";

/**
 * /query-builder: the company's queries (spec: title, KPI name, KPI id, creator, created,
 * updated, status, action). Each opens its editor; a draft can be activated or deleted, an
 * active query deactivated (keeping or deleting its values).
 */
export default function QueryOverviewScreen() {
  const dispatch = useDispatch();
  const list = useModel((state: AppState) => state.queryBuilder.list);
  const [deactivating, setDeactivating] = useState<QuerySummary | null>(null);
  useEffect(() => {
    dispatch({ _tag: "LoadQueries" });
  }, [dispatch]);

  const columns: DataTableColumn<QuerySummary>[] = [
    { key: "title", header: "Title", rowHeader: true, sticky: true, sortValue: (query) => query.title.toLowerCase(), cell: (query) => <Link href={`/query-builder/${query.id}`}>{query.title}</Link> },
    { key: "kpi", header: "KPI name", sortValue: (query) => query.kpiName.toLowerCase(), cell: (query) => <Link href={`/reporting/kpi-detail/${query.kpiId}`}>{query.kpiName}</Link> },
    { key: "kpiId", header: "KPI id", numeric: true, sortValue: (query) => query.kpiId, cell: (query) => query.kpiId },
    { key: "creator", header: "Creator", sortValue: (query) => query.creator, cell: (query) => query.creator ?? "—" },
    { key: "created", header: "Created", sortValue: (query) => query.createdAt, cell: (query) => <time dateTime={query.createdAt} title={dateTime(query.createdAt)}>{date(query.createdAt)}</time> },
    { key: "updated", header: "Updated", sortValue: (query) => query.updatedAt, cell: (query) => <time dateTime={query.updatedAt} title={dateTime(query.updatedAt)}>{date(query.updatedAt)}</time> },
    { key: "status", header: "Status", sortValue: (query) => query.status, cell: (query) => (query.status === "active" ? <Badge tone="good">Active</Badge> : <Badge>Draft</Badge>) },
    { key: "action", header: "Action", cell: (query) => <Actions query={query} onDeactivate={setDeactivating} /> },
  ];

  return (
    <Page>
      <PageHeader
        title="Query builder"
        description="Queries that calculate a KPI's monthly values from the company's data. An active query's results are the KPI's actual values."
        actions={
          <Link href="/query-builder/new" asChild>
            <ButtonFrame as="a" $variant="primary" $size="md">
              New query
            </ButtonFrame>
          </Link>
        }
      />
      <Stack>
        {list.status === "error" ? (
          <ErrorState message={list.message} onRetry={() => dispatch({ _tag: "LoadQueries" })} />
        ) : list.status !== "loaded" ? (
          <LoadingState label="Loading queries…" variant="skeleton" />
        ) : list.queries.length === 0 ? (
          <EmptyState title="No queries yet" text="Write a query that returns a month and a value column, and activate it to make its results a KPI's history." action={<Link href="/query-builder/new">Write the first query</Link>} />
        ) : (
          <DataTable label="Queries" columns={columns} rows={list.queries} rowKey={(query) => query.id} initialSort={{ column: "updated", direction: "descending" }} />
        )}
      </Stack>
      {deactivating ? <DeactivateDialog query={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </Page>
  );
}

function Actions({ query, onDeactivate }: { query: QuerySummary; onDeactivate: (query: QuerySummary) => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const activate = async () => {
    const yes = await confirm({
      title: `Activate ${query.title}?`,
      message: `The query runs now and its results replace the actual values of ${query.kpiName}.`,
      confirmLabel: "Activate",
    });
    if (yes) dispatch({ _tag: "ActivateQuery", queryId: query.id });
  };
  const remove = async () => {
    if (await confirm({ title: `Delete ${query.title}?`, message: "The query is deleted for good. The KPI's values are not touched.", confirmLabel: "Delete", tone: "danger" })) {
      dispatch({ _tag: "DeleteQuery", queryId: query.id });
    }
  };
  return (
    <ActionCell>
      {query.status === "active" ? (
        <Button size="sm" variant="quiet" onClick={() => onDeactivate(query)} aria-label={`Deactivate ${query.title}`}>
          Deactivate
        </Button>
      ) : (
        <>
          <Button size="sm" variant="quiet" onClick={activate} aria-label={`Activate ${query.title}`}>
            Activate
          </Button>
          <Button size="sm" variant="quiet" onClick={remove} aria-label={`Delete ${query.title}`}>
            Delete
          </Button>
        </>
      )}
    </ActionCell>
  );
}

const ActionCell = styled.div`
  display: flex;
  gap: ${SPACE.xs};
`;
