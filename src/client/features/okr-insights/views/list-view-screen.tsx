import { useEffect, useId, useMemo, type CSSProperties } from "react";
import { List, type RowComponentProps } from "react-window";
import { Link, useLocation, useSearch } from "wouter";
import { styled } from "styled-components";
import { DEFAULT_LIST_COLUMNS, LIST_COLUMN_LABELS, LIST_COLUMNS, type ListColumn, type OkrListRow } from "../../../../contracts/okr-insights";
import type { OkrListFilter } from "../../../../contracts/messages/okr-insights";
import { listLines, listViewAddressOf, listViewSearch, moveColumn, sortRows, SORTABLE, toggleColumn, type ListLine, type ListViewAddress, type SortColumn } from "../../../../domain/okr-insights/list-view";
import { quarterLabel, quarterOf } from "../../../../domain/okr-insights/team-analytics";
import { addDays } from "../../../../domain/okr-insights/change-log-query";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/button";
import { FilterSelect } from "../../../ui/compact-controls";
import { FilterBar } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { Popover } from "../../../ui/popover";
import { ScrollArea } from "../../../ui/scroll-area";
import { ErrorState, LoadingState } from "../../../ui/states";
import { bodyCell, headerCell, numericCell } from "../../../ui/table-parts";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { day, figure, LEVEL_LABELS, percent, period } from "./texts";

const PATH = "/objectives/okrlistview";
const ROW_HEIGHT = 40;
const BODY_HEIGHT = 560;
/** Least width and share of the rest, per column. */
const COLUMN_SIZES: Readonly<Record<ListColumn, readonly [number, number]>> = {
  name: [200, 3],
  kpi: [110, 1],
  start_target_actual: [150, 1],
  progress: [130, 1],
  status: [110, 1],
  updated: [100, 0],
  responsible: [130, 1],
  link: [56, 0],
  level: [90, 0],
  unit: [120, 1],
  period: [160, 0],
  confidence: [96, 0],
};
const NUMERIC: ReadonlySet<ListColumn> = new Set(["start_target_actual", "confidence"]);

/**
 * /objectives/okrlistview: every key result the person may read, one row each under its
 * objective (an objective without key results is a row of its own), in the columns the person
 * chose (spec section 9's defaults until then, saved per person); filters and sort in the address.
 * Only the visible rows are in the page (react-window), like the KPI list view.
 */
export default function OkrListViewScreen() {
  const dispatch = useDispatch();
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = listViewAddressOf(search);
  const filter: OkrListFilter = { level: address.level, unitId: address.unitId, from: address.from, to: address.to, statusId: address.statusId, responsibleId: address.responsibleId };
  const filterKey = JSON.stringify(filter);
  const revision = useModel((state: AppState) => state.okrInsights.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadOkrList", filter: JSON.parse(filterKey) as OkrListFilter });
  }, [dispatch, filterKey, revision]);
  useEffect(() => {
    dispatch({ _tag: "LoadOkrListColumns" });
  }, [dispatch]);
  const list = useModel((state: AppState) => state.okrInsights.list);
  const columnsModel = useModel((state: AppState) => state.okrInsights.columns);
  const columns = columnsModel.columns.length > 0 ? columnsModel.columns : DEFAULT_LIST_COLUMNS;
  const go = (next: Partial<ListViewAddress>) => navigate(`${PATH}${listViewSearch({ ...address, ...next })}`);
  const saveColumns = (next: readonly ListColumn[] | null) => dispatch({ _tag: "SaveOkrListColumns", columns: next });

  const answer = list.value;
  const lines = useMemo(() => (answer ? listLines(sortRows(answer.rows, address.sort, address.direction)) : []), [answer, address.sort, address.direction]);
  const periods = usePeriodChoices(address);
  const periodValue = address.from === null && address.to === null ? "" : `${address.from ?? ""}/${address.to ?? ""}`;
  const filtered = Object.values(filter).some((value) => value !== null);
  const keyResultCount = answer ? answer.rows.filter((row) => row.keyResult !== null).length : 0;
  const objectiveCount = answer ? new Set(answer.rows.map((row) => row.objectiveId)).size : 0;

  return (
    <Page aria-labelledby="okr-list-title">
      <PageHeader
        title="OKR list view"
        headingId="okr-list-title"
        breadcrumbs={[{ label: "Objectives", href: PATH }, { label: "List view", href: PATH }]}
        description="Every key result under its objective, with where it started, where it should get and where it stands."
        actions={<ColumnChooser columns={columns} isDefault={columnsModel.isDefault} busy={columnsModel.status === "saving"} onChange={saveColumns} />}
      />
      <FilterBar
        label="OKR list filters"
        onReset={() => navigate(PATH)}
        items={[
          { key: "period", priority: "essential", changed: periodValue !== "", control: <FilterSelect<string> label="Period" value={periodValue} onChange={(value) => go(value === "" ? { from: null, to: null } : { from: value.split("/")[0] || null, to: value.split("/")[1] || null })} options={periods} /> },
          { key: "level", priority: "essential", changed: address.level !== null, control: <FilterSelect<string> label="Level" value={address.level ?? ""} onChange={(value) => go({ level: value === "" ? null : (value as ListViewAddress["level"]) })} options={[{ value: "", label: "All levels" }, ...(["corporate", "team", "employee"] as const).map((level) => ({ value: level, label: LEVEL_LABELS[level] }))]} /> },
          { key: "unit", priority: "primary", changed: address.unitId !== null, control: <FilterSelect<string> label="Unit" value={address.unitId === null ? "" : String(address.unitId)} onChange={(value) => go({ unitId: value === "" ? null : Number(value) })} options={[{ value: "", label: "All units" }, ...withCurrent(answer?.units ?? [], address.unitId, "Unit").map((unit) => ({ value: String(unit.id), label: unit.name }))]} /> },
          { key: "status", priority: "primary", changed: address.statusId !== null, control: <FilterSelect<string> label="Status" value={address.statusId === null ? "" : String(address.statusId)} onChange={(value) => go({ statusId: value === "" ? null : Number(value) })} options={[{ value: "", label: "Any status" }, ...withCurrent(answer?.statuses ?? [], address.statusId, "Status").map((status) => ({ value: String(status.id), label: status.name }))]} /> },
          { key: "responsible", priority: "secondary", changed: address.responsibleId !== null, control: <FilterSelect<string> label="Responsible" value={address.responsibleId === null ? "" : String(address.responsibleId)} onChange={(value) => go({ responsibleId: value === "" ? null : Number(value) })} options={[{ value: "", label: "Anyone" }, ...withCurrent(answer?.people ?? [], address.responsibleId, "Person").map((person) => ({ value: String(person.id), label: person.name }))]} /> },
        ]}
      />
      <Section aria-busy={list.status === "loading"}>
        <p className="count" aria-live="polite">
          {answer ? `${objectiveCount} objective${objectiveCount === 1 ? "" : "s"}, ${keyResultCount} key result${keyResultCount === 1 ? "" : "s"}` : ""}
        </p>
        {list.status === "error" ? (
          <ErrorState title="The OKR list could not be loaded" message={list.message} onRetry={() => dispatch({ _tag: "LoadOkrList", filter })} />
        ) : !answer ? (
          <LoadingState variant="skeleton" lines={8} label="Loading the OKR list…" />
        ) : (
          <OkrTable lines={lines} columns={columns} sort={address.sort} direction={address.direction} onSort={(column) => go(nextSort(address, column))} empty={filtered ? "No objectives match the filters." : "No objectives yet."} />
        )}
      </Section>
    </Page>
  );
}

/** Ascending, then descending, then the server's order; another column starts ascending. */
function nextSort(address: ListViewAddress, column: SortColumn): Partial<ListViewAddress> {
  if (address.sort !== column) return { sort: column, direction: "ascending" };
  return address.direction === "ascending" ? { sort: column, direction: "descending" } : { sort: null, direction: "ascending" };
}

/** The options, with the chosen one kept even when the answer no longer lists it. */
function withCurrent<T extends { id: number }>(options: readonly (T & { name: string })[], current: number | null, noun: string): { id: number; name: string }[] {
  if (current === null || options.some((option) => option.id === current)) return [...options];
  return [...options, { id: current, name: `${noun} ${current}` }];
}

/** The period choices: any, the previous, current and next quarter, this year; a period from the address that is none of them as it is. */
function usePeriodChoices(address: ListViewAddress) {
  const today = new Date().toISOString().slice(0, 10);
  const current = quarterOf(today);
  const previous = quarterOf(addDays(current.from, -1));
  const next = quarterOf(addDays(current.to, 1));
  const year = today.slice(0, 4);
  const choices = [
    { value: "", label: "Any period" },
    ...[previous, current, next].map((quarter) => ({ value: `${quarter.from}/${quarter.to}`, label: quarterLabel(quarter.from) })),
    { value: `${year}-01-01/${year}-12-31`, label: `Year ${year}` },
  ];
  const chosen = address.from === null && address.to === null ? "" : `${address.from ?? ""}/${address.to ?? ""}`;
  if (chosen !== "" && !choices.some((choice) => choice.value === chosen)) choices.push({ value: chosen, label: address.from && address.to ? period(address.from, address.to) : address.from ? `From ${day(address.from)}` : `Until ${day(address.to!)}` });
  return choices;
}

function ColumnChooser({ columns, isDefault, busy, onChange }: { columns: readonly ListColumn[]; isDefault: boolean; busy: boolean; onChange: (columns: readonly ListColumn[] | null) => void }) {
  const hidden = LIST_COLUMNS.filter((column) => !columns.includes(column));
  return (
    <Popover label="Columns" width="340px" trigger={(props) => <Button {...props}>Columns</Button>}>
      <ChooserBody aria-busy={busy}>
        <p>Choose the columns and their order. Your choice is kept for you.</p>
        <ol aria-label="Shown columns">
          {columns.map((column, index) => (
            <li key={column}>
              <label>
                <input type="checkbox" checked disabled={columns.length === 1} onChange={() => onChange(toggleColumn(columns, column))} />
                {LIST_COLUMN_LABELS[column]}
              </label>
              <span className="moves">
                <Button size="sm" variant="quiet" aria-label={`Move ${LIST_COLUMN_LABELS[column]} up`} disabled={index === 0} onClick={() => onChange(moveColumn(columns, column, -1))}>
                  ↑
                </Button>
                <Button size="sm" variant="quiet" aria-label={`Move ${LIST_COLUMN_LABELS[column]} down`} disabled={index === columns.length - 1} onClick={() => onChange(moveColumn(columns, column, 1))}>
                  ↓
                </Button>
              </span>
            </li>
          ))}
        </ol>
        {hidden.length > 0 ? (
          <ul aria-label="Hidden columns">
            {hidden.map((column) => (
              <li key={column}>
                <label>
                  <input type="checkbox" checked={false} onChange={() => onChange(toggleColumn(columns, column))} />
                  {LIST_COLUMN_LABELS[column]}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <Button size="sm" disabled={isDefault} onClick={() => onChange(null)}>
          Reset to the default columns
        </Button>
      </ChooserBody>
    </Popover>
  );
}

interface TableProps {
  readonly lines: readonly ListLine[];
  readonly columns: readonly ListColumn[];
  readonly sort: SortColumn | null;
  readonly direction: "ascending" | "descending";
  readonly onSort: (column: SortColumn) => void;
  readonly empty: string;
}

function OkrTable({ lines, columns, sort, direction, onSort, empty }: TableProps) {
  const captionId = useId();
  const template = columns.map((column) => COLUMN_SIZES[column]).map(([least, share]) => (share === 0 ? `${least}px` : `minmax(${least}px, ${share}fr)`)).join(" ");
  const minWidth = columns.reduce((sum, column) => sum + COLUMN_SIZES[column][0] + 12, 40);
  const rowProps = useMemo(() => ({ lines, columns }), [lines, columns]);
  return (
    <ScrollArea label="OKR list, scrolls sideways">
      <Frame role="table" aria-labelledby={captionId} aria-rowcount={lines.length + 1} style={{ "--columns": template, minWidth } as CSSProperties}>
        <span id={captionId} className="visually-hidden">
          Key results by objective
        </span>
        <div className="head" role="rowgroup">
          <div className="row" role="row" aria-rowindex={1}>
            {columns.map((column) => {
              const sortable = SORTABLE.has(column);
              const current = sort === column ? direction : undefined;
              return (
                <span key={column} role="columnheader" className={NUMERIC.has(column) ? "cell num" : "cell"} aria-sort={current ?? (sortable ? "none" : undefined)}>
                  {sortable ? (
                    <button type="button" className="sort" onClick={() => onSort(column as SortColumn)}>
                      {LIST_COLUMN_LABELS[column]}
                      {current ? <span aria-hidden="true">{current === "ascending" ? " ▲" : " ▼"}</span> : null}
                    </button>
                  ) : (
                    LIST_COLUMN_LABELS[column]
                  )}
                </span>
              );
            })}
          </div>
        </div>
        {lines.length === 0 ? (
          // A table holds rows only: the empty message is one cell of one row, still read out when it appears.
          <div role="rowgroup">
            <div role="row" aria-rowindex={2}>
              <p className="empty" role="cell" aria-live="polite">
                {empty}
              </p>
            </div>
          </div>
        ) : (
          <List className="body" role="rowgroup" tabIndex={0} aria-label="OKR list rows" rowComponent={LineView} rowCount={lines.length} rowHeight={ROW_HEIGHT} rowProps={rowProps} overscanCount={4} style={{ height: Math.min(BODY_HEIGHT, lines.length * ROW_HEIGHT) }} />
        )}
      </Frame>
    </ScrollArea>
  );
}

function LineView({ index, style, lines, columns }: RowComponentProps<{ lines: readonly ListLine[]; columns: readonly ListColumn[] }>) {
  const line = lines[index]!;
  return (
    <div className={`row ${line.kind}`} role="row" aria-rowindex={index + 2} style={style}>
      {columns.map((column) => (
        <span key={column} role={column === "name" ? "rowheader" : "cell"} className={NUMERIC.has(column) ? "cell num" : "cell"}>
          <Cell line={line} column={column} />
        </span>
      ))}
    </div>
  );
}

function Cell({ line, column }: { line: ListLine; column: ListColumn }) {
  const row: OkrListRow = line.row;
  const keyResult = line.kind === "key_result" ? row.keyResult : null;
  const isObjective = line.kind !== "key_result";
  switch (column) {
    case "name":
      return isObjective ? (
        <strong title={row.objectiveTitle}>{row.objectiveTitle}</strong>
      ) : (
        <span className="indent" title={keyResult!.title}>
          {keyResult!.title}
        </span>
      );
    case "kpi":
      if (!keyResult) return null;
      if (keyResult.kpi) return <Link href={`/reporting/kpi-detail/${keyResult.kpi.id}`}>{keyResult.kpi.name}</Link>;
      return keyResult.kpiFed ? <span className="muted">Linked KPI</span> : <span className="muted">By hand</span>;
    case "start_target_actual":
      if (!keyResult) return null;
      return (
        <span title={`Start ${figure(keyResult.start)}, target ${figure(keyResult.target)}, actual ${figure(keyResult.actual)}${keyResult.unit ? ` ${keyResult.unit}` : ""}`}>
          {figure(keyResult.start)} / {figure(keyResult.target)} / <strong>{figure(keyResult.actual)}</strong>
          {keyResult.unit ? ` ${keyResult.unit}` : ""}
        </span>
      );
    case "progress": {
      const value = keyResult ? keyResult.progress : row.objectiveProgress;
      return (
        <span className="progress">
          <span className="bar" aria-hidden="true">
            <span style={{ width: `${value ?? 0}%` }} />
          </span>
          <span>{percent(value)}</span>
        </span>
      );
    }
    case "status":
      if (line.kind === "objective" || !row.status) return null;
      return (
        <span className="status">
          <span className="dot" style={{ background: row.status.color }} aria-hidden="true" />
          {row.status.name}
        </span>
      );
    case "updated":
      return line.kind === "objective" ? null : <time dateTime={row.updatedAt}>{day(row.updatedAt)}</time>;
    case "responsible":
      return line.kind === "objective" ? null : <span title={row.responsible.map((person) => person.name).join(", ")}>{row.responsible.map((person) => person.name).join(", ") || "—"}</span>;
    case "link":
      return isObjective ? (
        <Link href={`/objectives/id/${row.objectiveId}`} aria-label={`Open ${row.objectiveTitle}`}>
          Open
        </Link>
      ) : null;
    case "level":
      return isObjective ? <span>{LEVEL_LABELS[row.level]}</span> : null;
    case "unit":
      return isObjective ? <span>{row.unit?.name ?? row.owner?.name ?? "—"}</span> : null;
    case "period":
      return isObjective ? <span>{period(row.startsOn, row.endsOn)}</span> : null;
    case "confidence":
      return keyResult ? <span>{keyResult.confidence === null ? "—" : `${keyResult.confidence}/10`}</span> : null;
  }
}

const Section = styled.section`
  display: grid;
  gap: ${SPACE.sm};
  min-width: 0;
  .count { margin: 0; color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;

const Frame = styled.div`
  position: relative;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  background: ${(p) => p.theme.surface};
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .head { overflow: hidden; scrollbar-gutter: stable; }
  .body { scrollbar-gutter: stable; }
  .row { display: grid; grid-template-columns: var(--columns); column-gap: 12px; align-items: center; padding: 0 12px; }
  .head .row { ${headerCell} padding: ${SPACE.xs} 12px; min-height: 40px; }
  .body .row { ${bodyCell} height: ${ROW_HEIGHT}px; padding: 0 12px; }
  .body .row.objective { background: ${(p) => p.theme.surfaceRaised}; }
  .body .row:hover { background: ${(p) => p.theme.surfaceHover}; }
  .cell { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
  .num { ${numericCell} }
  .indent { padding-left: ${SPACE.lg}; }
  .muted { color: ${(p) => p.theme.textMuted}; }
  strong { font-weight: ${FONT_WEIGHT.semibold}; }
  .sort { font: inherit; color: inherit; background: none; border: 0; padding: 4px 0; cursor: pointer; text-align: inherit; }
  .sort:hover { color: ${(p) => p.theme.text}; }
  [aria-sort="ascending"] .sort, [aria-sort="descending"] .sort { color: ${(p) => p.theme.text}; }
  .progress { display: inline-flex; align-items: center; gap: ${SPACE.sm}; width: 100%; }
  .bar { flex: 1; height: 6px; border-radius: ${RADIUS.pill}; background: ${(p) => p.theme.border}; overflow: hidden; max-width: 90px; }
  .bar > span { display: block; height: 100%; background: ${(p) => p.theme.accent}; }
  .status { display: inline-flex; align-items: center; gap: ${SPACE.xs}; }
  .dot { width: 10px; height: 10px; border-radius: 50%; flex: none; }
  .empty { margin: 0; padding: ${SPACE.md}; color: ${(p) => p.theme.textMuted}; }
`;

const ChooserBody = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  justify-items: start;
  p { margin: 0; color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  ol, ul { list-style: none; margin: 0; padding: 0; width: 100%; display: grid; gap: 2px; }
  li { display: flex; align-items: center; justify-content: space-between; gap: ${SPACE.sm}; min-height: 32px; }
  label { display: inline-flex; align-items: center; gap: ${SPACE.sm}; cursor: pointer; }
  .moves { display: inline-flex; gap: 2px; }
`;
