import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { styled } from "styled-components";
import { CHANGE_ACTIONS, CHANGE_ITEMS, TIME_RANGES, type ChangeLogEntry } from "../../../../contracts/okr-insights";
import { changeLogFilterOf, changeLogSearch, pageCount, type ChangeLogFilter } from "../../../../domain/okr-insights/change-log-query";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { DateInput, FilterSelect, SegmentedControl } from "../../../ui/compact-controls";
import { DataTable } from "../../../ui/data-table";
import { FilterBar } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState } from "../../../ui/states";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { ACTION_LABELS, changeValue, dateTime, fieldLabel, ITEM_LABELS, LEVEL_LABELS, TIME_RANGE_LABELS } from "./texts";

const PATH = "/objectives/changelog";
const ACTION_TONE: Readonly<Record<ChangeLogEntry["actionType"], BadgeTone>> = { created: "good", updated: "accent", deleted: "bad", moved: "warning", copied: "neutral", checked_in: "accent" };

/**
 * /objectives/changelog: every change to the objectives, key results and milestones the person
 * may read, 50 a page (spec section 9). The filter and page live in the address with the API's
 * own names (order, startDate, endDate, action_type, item_type, timeRange, p), so a link keeps them.
 */
export default function ChangeLogScreen() {
  const dispatch = useDispatch();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = changeLogFilterOf(search);
  const filterKey = JSON.stringify(filter);
  const revision = useModel((state: AppState) => state.okrInsights.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadOkrChangeLog", filter: JSON.parse(filterKey) as ChangeLogFilter });
  }, [dispatch, filterKey, revision]);
  const log = useModel((state: AppState) => state.okrInsights.changeLog);
  const go = (next: Partial<ChangeLogFilter>) => navigate(`${PATH}${changeLogSearch({ ...filter, page: 1, ...next })}`);

  const answer = log.value;
  const count = answer?.count ?? 0;
  const pages = pageCount(count, answer?.pageSize ?? 50);
  const filtered = filter.actionType !== null || filter.itemType !== null || filter.startDate !== null || filter.endDate !== null || filter.timeRange !== "all";
  return (
    <Page aria-labelledby="changelog-title">
      <PageHeader
        title="Change log"
        headingId="changelog-title"
        breadcrumbs={[{ label: "Objectives", href: "/objectives/okrlistview" }, { label: "Change log", href: PATH }]}
        description="Every change to objectives, key results and milestones you may read: who changed what, and when."
      />
      <FilterBar
        label="Change log filters"
        onReset={() => navigate(PATH)}
        items={[
          { key: "range", priority: "essential", changed: filter.timeRange !== "all", control: <FilterSelect<string> label="Time range" value={filter.timeRange} onChange={(value) => go({ timeRange: value as ChangeLogFilter["timeRange"] })} options={TIME_RANGES.map((range) => ({ value: range, label: TIME_RANGE_LABELS[range] }))} /> },
          { key: "action", priority: "essential", changed: filter.actionType !== null, control: <FilterSelect<string> label="Action" value={filter.actionType ?? ""} onChange={(value) => go({ actionType: value === "" ? null : (value as ChangeLogFilter["actionType"]) })} options={[{ value: "", label: "Any action" }, ...CHANGE_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }))]} /> },
          { key: "item", priority: "primary", changed: filter.itemType !== null, control: <FilterSelect<string> label="Item" value={filter.itemType ?? ""} onChange={(value) => go({ itemType: value === "" ? null : (value as ChangeLogFilter["itemType"]) })} options={[{ value: "", label: "Any item" }, ...CHANGE_ITEMS.map((item) => ({ value: item, label: ITEM_LABELS[item] }))]} /> },
          { key: "start", priority: "secondary", changed: filter.startDate !== null, control: <DateInput label="From" value={filter.startDate ?? ""} {...(filter.endDate ? { max: filter.endDate } : {})} onChange={(date) => go({ startDate: date === "" ? null : date })} /> },
          { key: "end", priority: "secondary", changed: filter.endDate !== null, control: <DateInput label="To" value={filter.endDate ?? ""} {...(filter.startDate ? { min: filter.startDate } : {})} onChange={(date) => go({ endDate: date === "" ? null : date })} /> },
          { key: "order", priority: "primary", changed: filter.order !== "new_first", control: <SegmentedControl<string> label="Order" value={filter.order} onChange={(value) => go({ order: value as ChangeLogFilter["order"] })} options={[{ value: "new_first", label: "Newest first" }, { value: "old_first", label: "Oldest first" }]} /> },
        ]}
      />
      <Card title={answer ? `${count.toLocaleString("en")} change${count === 1 ? "" : "s"}` : "Changes"} padding="md" aria-busy={log.status === "loading"}>
        {log.status === "error" ? (
          <ErrorState title="The change log could not be loaded" message={log.message} onRetry={() => dispatch({ _tag: "LoadOkrChangeLog", filter })} />
        ) : !answer ? (
          <LoadingState variant="skeleton" lines={8} label="Loading the change log…" />
        ) : (
          <>
            <DataTable<ChangeLogEntry>
              label="Changes"
              rows={answer.entries}
              rowKey={(entry) => entry.id}
              maxHeight="none"
              empty={filtered ? "No changes match the filters." : answer.count > 0 ? "This page is past the last change." : "No changes yet. Changes to objectives, key results and milestones appear here."}
              columns={[
                { key: "at", header: "When", cell: (entry) => <time dateTime={entry.at}>{dateTime(entry.at)}</time> },
                { key: "user", header: "Who", cell: (entry) => entry.user?.name ?? "Someone no longer here" },
                { key: "action", header: "Action", cell: (entry) => <Badge tone={ACTION_TONE[entry.actionType]}>{ACTION_LABELS[entry.actionType]}</Badge> },
                { key: "item", header: "Item", rowHeader: true, cell: (entry) => <ItemCell entry={entry} /> },
                { key: "objective", header: "Objective", cell: (entry) => (entry.objective ? <Link href={`/objectives/id/${entry.objective.id}`}>{entry.objective.title}</Link> : <Muted>Deleted</Muted>) },
                { key: "changes", header: "Changes", cell: (entry) => <Changes entry={entry} /> },
              ]}
            />
            <Pager aria-label="Change log pages">
              <span aria-live="polite">
                Page {Math.min(filter.page, pages)} of {pages}
              </span>
              <Button size="sm" disabled={filter.page <= 1} onClick={() => go({ page: Math.min(filter.page - 1, pages) })}>
                Previous page
              </Button>
              <Button size="sm" disabled={filter.page >= pages} onClick={() => go({ page: filter.page + 1 })}>
                Next page
              </Button>
            </Pager>
          </>
        )}
      </Card>
    </Page>
  );
}

function ItemCell({ entry }: { entry: ChangeLogEntry }) {
  return (
    <ItemText>
      <span className="title">{entry.itemTitle}</span>
      <span className="meta">
        {ITEM_LABELS[entry.itemType]} · {LEVEL_LABELS[entry.level]}
      </span>
    </ItemText>
  );
}

function Changes({ entry }: { entry: ChangeLogEntry }) {
  if (entry.details.length === 0) return <Muted>—</Muted>;
  return (
    <ChangeList>
      {entry.details.map((change, index) => (
        <li key={`${change.field}-${index}`}>
          <span className="field">{fieldLabel(change.field)}:</span> <del>{changeValue(change.from)}</del> <span aria-hidden="true">→</span>
          <span className="visually-hidden"> to </span> <ins>{changeValue(change.to)}</ins>
        </li>
      ))}
    </ChangeList>
  );
}

const Muted = styled.span`
  color: ${(p) => p.theme.textMuted};
`;

const ItemText = styled.span`
  display: grid;
  .title { font-weight: 500; white-space: normal; }
  .meta { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;

const ChangeList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  white-space: normal;
  font-size: ${TYPE_SCALE.sm.size};
  .field { color: ${(p) => p.theme.textMuted}; }
  del { text-decoration: line-through; color: ${(p) => p.theme.textMuted}; }
  ins { text-decoration: none; font-weight: 600; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

const Pager = styled.nav`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${SPACE.sm};
  padding-top: ${SPACE.sm};
  span { color: ${(p) => p.theme.textMuted}; }
`;
