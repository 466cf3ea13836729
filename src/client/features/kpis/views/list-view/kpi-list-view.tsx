import { useCallback, useId, useMemo, useState } from "react";
import { List } from "react-window";
import type { KpiMeta, ValuesResponse } from "../../../../../contracts/kpis";
import {
  applyFilters,
  exceedsListViewMax,
  hasMoney,
  isFilterable,
  LIST_VIEW_COLUMNS,
  LIST_VIEW_TOO_MANY_ROWS,
  listViewCsv,
  listViewRows,
  listViewScales,
  sortRows,
  type ColumnSettings,
  type ListViewColumnKey,
  type ListViewFilters,
  type ListViewGrouping,
  type ListViewRow,
  type ListViewSettings,
  type ListViewSort,
} from "../../../../../domain/kpi/list-view";
import { browserSaveFile } from "../../../../app/deps";
import { Button } from "../../../../ui/button";
import { ScrollArea } from "../../../../ui/scroll-area";
import { ErrorState } from "../../../../ui/states";
import { ListViewHeader } from "./list-view-header";
import { ListViewRowView, type ListViewRowData } from "./list-view-row";
import { DEFAULT_BODY_HEIGHT, Muted, Notice, ROW_HEIGHT, Section, TableFrame, Toolbar } from "./styles";

export interface KpiListViewProps {
  readonly kpis: readonly KpiMeta[];
  /** The months of the chosen timeframe; null before the first answer. */
  readonly values: ValuesResponse | null;
  /** How rows group the months (per month when absent). */
  readonly grouping?: ListViewGrouping | undefined;
  /** The currency money is shown in (the FX selection or the local currency). */
  readonly currency: string;
  readonly status: "loading" | "loaded" | "error";
  /** The error to show when status is "error". */
  readonly message: string | null;
  /** Heading and the table's accessible name. */
  readonly title?: string;
  /** Name of the downloaded CSV file. */
  readonly fileName?: string;
  /** Height in pixels of the scrolling body (it shrinks to fit fewer rows). */
  readonly bodyHeight?: number;
  /** Rows rendered beyond the visible ones on each side, for smooth scrolling. */
  readonly overscanCount?: number;
}

const LOAD_FAILED = "The list could not be loaded. Try again.";

/**
 * The list view with column settings: one row per KPI and month, sortable columns, per-column
 * decimals and scale, per-column filters, a CSV download. Only the visible rows are in the DOM;
 * above the 10,000-entry maximum it offers the download instead of the table.
 */
export function KpiListView({ kpis, values, grouping, currency, status, message, title = "KPI list", fileName = "kpi-list.csv", bodyHeight = DEFAULT_BODY_HEIGHT, overscanCount = 3 }: KpiListViewProps) {
  const titleId = useId();
  const rows = useMemo(() => (values ? listViewRows(kpis, values, grouping) : []), [kpis, values, grouping]);
  const tooMany = exceedsListViewMax(rows.length);
  const [sort, setSort] = useState<ListViewSort | null>(null);
  const [filters, setFilters] = useState<ListViewFilters>({});
  const [settings, setSettings] = useState<ListViewSettings>({});

  const filterable = useMemo(() => Object.fromEntries(LIST_VIEW_COLUMNS.map((column) => [column.key, !tooMany && isFilterable(rows, column.key)])) as Record<ListViewColumnKey, boolean>, [rows, tooMany]);
  // A filter chosen before new values made its column unfilterable no longer applies (it could not be changed).
  const activeFilters = useMemo(() => Object.fromEntries(Object.entries(filters).filter(([column, selected]) => filterable[column as ListViewColumnKey] && selected.size > 0)) as ListViewFilters, [filters, filterable]);
  const shown = useMemo(() => (tooMany ? [] : sortRows(applyFilters(rows, activeFilters), sort)), [rows, activeFilters, sort, tooMany]);
  const filtering = Object.keys(activeFilters).length > 0;

  const onSort = useCallback((column: ListViewColumnKey) => setSort((current) => nextSort(current, column)), []);
  const onFilter = useCallback((column: ListViewColumnKey, selected: ReadonlySet<string>) => setFilters((current) => ({ ...current, [column]: selected })), []);
  const onSettings = useCallback((column: ListViewColumnKey, next: ColumnSettings | undefined) => setSettings((current) => withColumn(current, column, next)), []);
  // One scale per value column, from all rows: filtering or sorting never rescales a column.
  const scales = useMemo(() => (hasMoney(rows) ? listViewScales(rows, settings) : null), [rows, settings]);
  const rowProps = useMemo<ListViewRowData>(() => ({ rows: shown, settings, currency, scales: scales ?? {} }), [shown, settings, currency, scales]);
  const download = (list: readonly ListViewRow[]) => browserSaveFile(new Blob(["\uFEFF", listViewCsv(list, currency)], { type: "text/csv;charset=utf-8" }), fileName);

  const body = (() => {
    if (status === "error") return <ErrorState message={message || LOAD_FAILED} />;
    if (!values) return <Muted role="status">Loading the list…</Muted>;
    if (rows.length === 0) return <Muted role="status">There are no values in this timeframe.</Muted>;
    if (tooMany)
      return (
        <Notice role="status">
          <p>{LIST_VIEW_TOO_MANY_ROWS}</p>
          <Button variant="primary" onClick={() => download(rows)}>
            Download CSV
          </Button>
        </Notice>
      );
    return (
      <ScrollArea label={`${title}, scrolls sideways`}>
        <TableFrame role="table" aria-labelledby={titleId} aria-rowcount={shown.length + 1} aria-busy={status === "loading"}>
          <ListViewHeader rows={rows} currency={currency} sort={sort} filters={activeFilters} settings={settings} scales={scales} filterable={filterable} onSort={onSort} onFilter={onFilter} onSettings={onSettings} />
          {shown.length === 0 ? (
            <p className="empty" role="status">
              No rows match the filters.
            </p>
          ) : (
            <List
              className="body"
              role="rowgroup"
              // The body scrolls on its own: focusable and named, so the keyboard can scroll it too.
              tabIndex={0}
              aria-label={`${title} rows`}
              rowComponent={ListViewRowView}
              rowCount={shown.length}
              rowHeight={ROW_HEIGHT}
              rowProps={rowProps}
              overscanCount={overscanCount}
              style={{ height: Math.min(bodyHeight, shown.length * ROW_HEIGHT) }}
            />
          )}
        </TableFrame>
      </ScrollArea>
    );
  })();

  const showTable = status !== "error" && values !== null && rows.length > 0 && !tooMany;
  return (
    <Section aria-labelledby={titleId} aria-busy={status === "loading"}>
      <Toolbar>
        <h2 id={titleId}>{title}</h2>
        <span className="count" aria-live="polite">
          {showTable ? `${shown.length.toLocaleString("en")} ${shown.length === 1 ? "row" : "rows"}${filtering ? ` of ${rows.length.toLocaleString("en")}` : ""}` : ""}
        </span>
        {showTable && filtering && (
          <Button size="sm" onClick={() => setFilters({})}>
            Clear filters
          </Button>
        )}
        {showTable && (
          <Button size="sm" onClick={() => download(shown)} disabled={shown.length === 0}>
            Download CSV
          </Button>
        )}
      </Toolbar>
      {body}
    </Section>
  );
}

/** Ascending, then descending, then unsorted; another column starts ascending. */
function nextSort(current: ListViewSort | null, column: ListViewColumnKey): ListViewSort | null {
  if (current?.column !== column) return { column, direction: "ascending" };
  return current.direction === "ascending" ? { column, direction: "descending" } : null;
}

function withColumn(settings: ListViewSettings, column: ListViewColumnKey, next: ColumnSettings | undefined): ListViewSettings {
  const { [column]: _previous, ...others } = settings;
  return next ? { ...others, [column]: next } : others;
}
