import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { List, useListRef, type RowComponentProps } from "react-window";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { PERCENT_CHANGE_SENTINEL, percentChange } from "../../../../domain/kpi/percent-change";
import { FY_TOTAL_RULE, fiscalYearTotal, type PlanningMonth } from "../../../../domain/planning/fiscal-year";
import { parseClipboardBlock } from "../../../../domain/planning/paste";
import { numeric } from "../../../ui/numeric";
import { MEDIA, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import type { PlanningDraft } from "../model";

/** What a row of the grid shows: the plan (editable), or beside it actuals, last year, a version and the differences. */
export type RowKind = "plan" | "actual" | "lastYear" | "version" | "planVsVersion" | "actualVsVersion" | "group";

export interface GridRow {
  readonly kind: RowKind;
  readonly kpi: KpiMeta | null;
  /** A group's name (a category), or the version's name on a version row. */
  readonly label: string;
}

export interface CellValues {
  /** The month's values by date: plan (stored), actual, last year's actual, the version's plan. */
  readonly plan: ReadonlyMap<string, number | null>;
  readonly actual: ReadonlyMap<string, number | null>;
  readonly lastYear: ReadonlyMap<string, number | null>;
  readonly version: ReadonlyMap<string, number | null>;
}

export interface PlanningGridProps {
  readonly label: string;
  readonly rows: readonly GridRow[];
  readonly months: readonly PlanningMonth[];
  readonly values: ReadonlyMap<number, CellValues>;
  readonly pending: Readonly<Record<number, Readonly<Record<string, PlanningDraft>>>>;
  readonly rejected: Readonly<Record<number, Readonly<Record<string, { readonly text: string; readonly message: string }>>>>;
  readonly conflicts: Readonly<Record<number, Readonly<Record<string, number | null>>>>;
  /** Whether the person may change this KPI's plan here. */
  readonly editable: (kpi: KpiMeta) => boolean;
  readonly currency: string;
  readonly onEdit: (kpi: KpiMeta, date: string, text: string) => void;
  readonly onPaste: (rowIndex: number, monthIndex: number, block: string[][]) => void;
  readonly onFillRight: (kpi: KpiMeta, monthIndex: number, text: string) => void;
  readonly onFocusCell: (kpi: KpiMeta, monthIndex: number) => void;
  readonly height: number;
  /** Every row is read only (a version is shown): the rows do not each say so. */
  readonly allReadOnly?: boolean;
}

export const ROW_HEIGHT = 44;
const ROW_NAMES: Record<Exclude<RowKind, "plan" | "group">, string> = {
  actual: "Actual",
  lastYear: "Last year",
  version: "Version",
  planVsVersion: "Plan − version",
  actualVsVersion: "Actual − version",
};

/**
 * The planning grid: KPIs × the fiscal year's months and the FY figure. Plan rows are editable where
 * the person may write the KPI (typing, paste of a block, Ctrl+R fills right, '-' removes); read-only
 * rows say so. Only the rows in view are rendered (react-window), so 200 KPIs stay smooth. The keyboard
 * moves as in a spreadsheet: Enter and the arrow keys go to the next editable cell (see PlanCell).
 */
export function PlanningGrid(props: PlanningGridProps) {
  const { rows, months, label, height } = props;
  const list = useListRef(null);
  const editableRow = (index: number) => {
    const row = rows[index];
    return !!row && row.kind === "plan" && !!row.kpi && props.editable(row.kpi);
  };
  /** Moves the focus from a plan cell to the next editable one in `direction`, scrolling it into view first. */
  const moveFrom = (rowIndex: number, monthIndex: number, direction: Direction) => {
    let targetRow = rowIndex;
    let targetMonth = monthIndex;
    if (direction === "left" || direction === "right") {
      targetMonth += direction === "left" ? -1 : 1;
      if (targetMonth < 0 || targetMonth >= months.length) return;
    } else {
      const step = direction === "up" ? -1 : 1;
      do targetRow += step;
      while (targetRow >= 0 && targetRow < rows.length && !editableRow(targetRow));
      if (targetRow < 0 || targetRow >= rows.length) return;
    }
    const id = cellId(rows[targetRow]!.kpi!.id, months[targetMonth]!.date);
    list.current?.scrollToRow({ index: targetRow, align: "smart" });
    // The row may render only after the scroll: try for a few frames.
    let frames = 0;
    const focus = () => {
      const input = document.getElementById(id);
      if (input) return input.focus();
      if (++frames < 10) requestAnimationFrame(focus);
    };
    focus();
  };
  const grid = { ...props, moveFrom };
  return (
    <Frame role="table" aria-label={label} aria-rowcount={rows.length + 1} style={{ "--months": months.length } as CSSProperties}>
      <div className="row head" role="row" aria-rowindex={1}>
        <span role="columnheader" className="cell name">
          KPI
        </span>
        {months.map((month) => (
          <span key={month.date} role="columnheader" className="cell num" title={month.label}>
            <span className="period">{month.period}</span> {month.label}
          </span>
        ))}
        <span role="columnheader" className="cell num total" title="Sum for cumulative KPIs, average for averaged ones, last month for balances">
          FY
        </span>
      </div>
      <List className="body" role="rowgroup" tabIndex={-1} rowComponent={GridRowView} rowCount={rows.length} rowHeight={ROW_HEIGHT} listRef={list} rowProps={{ grid }} overscanCount={6} style={{ height: Math.min(height, rows.length * ROW_HEIGHT + 2) }} />
    </Frame>
  );
}

type Direction = "up" | "down" | "left" | "right";
const cellId = (kpi: number, date: string) => `plan-${kpi}-${date}`;

function GridRowView({ index, style, grid }: RowComponentProps<{ grid: PlanningGridProps & { moveFrom: (row: number, month: number, direction: Direction) => void } }>) {
  const row = grid.rows[index]!;
  if (row.kind === "group" || !row.kpi)
    return (
      <div className="row group" role="row" aria-rowindex={index + 2} style={style}>
        <span role="rowheader" className="cell name">
          {row.label}
        </span>
      </div>
    );
  const kpi = row.kpi;
  const values = grid.values.get(kpi.id);
  const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency: grid.currency, scale: "none" });
  if (row.kind !== "plan") {
    const shown = grid.months.map((month) => rowValue(row.kind, values, month.date, grid.pending[kpi.id]?.[month.date]));
    const total = row.kind === "planVsVersion" || row.kind === "actualVsVersion" ? differenceTotal(row.kind, values, grid.months, kpi) : fiscalYearTotal(shown.map((cell) => cell.value), kpi.aggregationType);
    return (
      <div className={`row sub ${row.kind}`} role="row" aria-rowindex={index + 2} style={style}>
        <span role="rowheader" className="cell name sub">
          {row.kind === "version" ? `Version ${row.label}` : ROW_NAMES[row.kind]}
          <span className="visually-hidden"> of {kpi.name}</span>
        </span>
        {shown.map((cell, monthIndex) => (
          <span key={grid.months[monthIndex]!.date} role="cell" className="cell num muted">
            {cell.percent !== undefined && cell.percent !== null ? (
              <span className="difference">
                <span>{format(cell.value)}</span>
                <span className="percent">{percentText(cell.percent)}</span>
              </span>
            ) : (
              format(cell.value)
            )}
          </span>
        ))}
        <span role="cell" className="cell num total muted">
          {format(total)}
        </span>
      </div>
    );
  }
  const editable = grid.editable(kpi);
  const planned = grid.months.map((month) => {
    const draft = grid.pending[kpi.id]?.[month.date];
    return draft ? (draft.value === "-" ? null : draft.value) : (values?.plan.get(month.date) ?? null);
  });
  const total = kpi.periodRule === "weighted" ? null : fiscalYearTotal(planned, kpi.aggregationType);
  return (
    <div className={`row plan${editable ? "" : " read-only"}`} role="row" aria-rowindex={index + 2} style={style} data-kpi={kpi.id}>
      <span role="rowheader" className="cell name" title={kpi.name}>
        <span className="kpi-name">{kpi.name}</span>
        {editable || grid.allReadOnly ? null : <span className="badge">Read only</span>}
      </span>
      {grid.months.map((month, monthIndex) => {
        const draft = grid.pending[kpi.id]?.[month.date];
        const refused = grid.rejected[kpi.id]?.[month.date];
        const conflict = grid.conflicts[kpi.id]?.[month.date];
        const stored = values?.plan.get(month.date) ?? null;
        return (
          <span key={month.date} role="cell" className="cell num">
            {editable ? (
              <PlanCell
                label={`${kpi.name} plan ${month.label}`}
                id={cellId(kpi.id, month.date)}
                raw={refused?.text ?? draft?.text ?? (stored === null ? "" : String(stored))}
                display={refused ? null : format(planned[monthIndex])}
                pending={draft !== undefined}
                error={refused?.message ?? null}
                conflict={conflict === undefined ? null : `Changed by someone else to ${format(conflict)} while you edited; Save keeps yours.`}
                onCommit={(text) => grid.onEdit(kpi, month.date, text)}
                onPaste={(block) => grid.onPaste(index, monthIndex, block)}
                onFillRight={(text) => grid.onFillRight(kpi, monthIndex, text)}
                onFocus={() => grid.onFocusCell(kpi, monthIndex)}
                onMove={(direction) => grid.moveFrom(index, monthIndex, direction)}
              />
            ) : (
              <span className="read-only-value" aria-label={`${kpi.name} plan ${month.label}: ${format(planned[monthIndex])}, read only`}>
                {format(planned[monthIndex])}
              </span>
            )}
          </span>
        );
      })}
      <span role="cell" className="cell num total" title={kpi.periodRule === "weighted" ? "A ratio's year is made from its inputs' totals: see the financial dashboard." : FY_TOTAL_RULE[kpi.aggregationType]}>
        {format(total)}
      </span>
    </div>
  );
}

/** A sub-row's month: its value, and for a difference row the difference in percent of the version. */
function rowValue(kind: RowKind, values: CellValues | undefined, date: string, draft: PlanningDraft | undefined): { value: number | null; percent?: number | null } {
  const plan = draft ? (draft.value === "-" ? null : draft.value) : (values?.plan.get(date) ?? null);
  const version = values?.version.get(date) ?? null;
  const actual = values?.actual.get(date) ?? null;
  switch (kind) {
    case "actual":
      return { value: actual };
    case "lastYear":
      return { value: values?.lastYear.get(date) ?? null };
    case "version":
      return { value: version };
    case "planVsVersion":
      return difference(plan, version);
    case "actualVsVersion":
      return difference(actual, version);
    default:
      return { value: plan };
  }
}

/** A difference in percent of the version, one decimal; the sentinel (from a zero base or across a sign change) reads as ±∞. */
const percentText = (percent: number) => (Math.abs(percent) === PERCENT_CHANGE_SENTINEL ? (percent > 0 ? "+∞ %" : "−∞ %") : `${percent > 0 ? "+" : percent < 0 ? "−" : ""}${Math.abs(percent).toFixed(1)} %`);

const difference = (value: number | null, base: number | null) => (value === null || base === null ? { value: null, percent: null } : { value: value - base, percent: percentChange(value, base) });

/** The FY difference: the FY figures of both rows over the months where both have a value. */
function differenceTotal(kind: RowKind, values: CellValues | undefined, months: readonly PlanningMonth[], kpi: KpiMeta): number | null {
  const pairs = months.map((month) => [kind === "planVsVersion" ? (values?.plan.get(month.date) ?? null) : (values?.actual.get(month.date) ?? null), values?.version.get(month.date) ?? null] as const).filter(([a, b]) => a !== null && b !== null);
  if (pairs.length === 0) return null;
  const first = fiscalYearTotal(pairs.map(([a]) => a), kpi.aggregationType);
  const second = fiscalYearTotal(pairs.map(([, b]) => b), kpi.aggregationType);
  return first === null || second === null ? null : first - second;
}

interface PlanCellProps {
  readonly label: string;
  readonly id: string;
  /** The raw text to edit: typed and not saved, refused, or the stored number. */
  readonly raw: string;
  /** Shown while the cell is not focused, formatted with its unit; null shows the raw text. */
  readonly display: string | null;
  readonly pending: boolean;
  readonly error: string | null;
  readonly conflict: string | null;
  readonly onCommit: (text: string) => void;
  readonly onPaste: (block: string[][]) => void;
  readonly onFillRight: (text: string) => void;
  readonly onFocus: () => void;
  /** Enter, Shift+Enter and the arrow keys: to the next editable cell that way. */
  readonly onMove: (direction: Direction) => void;
}

/**
 * One plan cell: formatted at rest, the raw number when focused; an edit counts on Enter or leaving
 * the cell. As in a spreadsheet, Enter goes down (Shift+Enter up), the up and down arrows go to
 * the cell above or below, and left and right go to the next month when the caret is at that end
 * of the text, or the whole text is selected as it is on arriving in a cell.
 */
const PlanCell = memo(function PlanCell({ label, id, raw, display, pending, error, conflict, onCommit, onPaste, onFillRight, onFocus, onMove }: PlanCellProps) {
  const [draft, setDraft] = useState(raw);
  const [focused, setFocused] = useState(false);
  const sent = useRef(raw);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setDraft(raw);
    sent.current = raw;
  }, [raw]);
  // Arriving in a cell selects its number (now that the raw number has replaced the formatted one),
  // so typing replaces it at once, as in a spreadsheet. A mouse click's release can collapse the
  // selection a frame later: then it is selected again, unless the person typed meanwhile.
  useLayoutEffect(() => {
    const element = input.current;
    if (!focused || !element) return;
    element.select();
    const arrived = element.value;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === element && element.value === arrived && element.selectionStart === element.selectionEnd) element.select();
    });
    return () => cancelAnimationFrame(frame);
  }, [focused]);
  const commit = () => {
    if (draft.trim() === sent.current.trim()) return;
    sent.current = draft;
    onCommit(draft.trim() === "" ? "-" : draft);
  };
  const message = error ?? conflict;
  return (
    <CellBox data-pending={pending || undefined} data-invalid={error ? "" : undefined} data-conflict={conflict && !error ? "" : undefined} title={message ?? undefined}>
      <input
        ref={input}
        id={id}
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        value={focused || display === null || draft.trim() !== sent.current.trim() ? draft : display}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onFocus={() => {
          setFocused(true);
          onFocus();
        }}
        onBlur={() => {
          setFocused(false);
          commit();
        }}
        onKeyDown={(event) => {
          const direction = directionOf(event);
          if (direction) {
            event.preventDefault();
            commit();
            onMove(direction);
            return;
          }
          if (event.key === "Escape") setDraft(sent.current);
          // Fill right, as in a spreadsheet.
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "r") {
            event.preventDefault();
            commit();
            onFillRight(draft.trim() === "" ? "-" : draft);
          }
        }}
        onPaste={(event) => {
          const text = event.clipboardData.getData("text/plain");
          const block = parseClipboardBlock(text);
          // A single value pastes like typing; a block lands cell by cell from here.
          if (block.length > 1 || (block[0]?.length ?? 0) > 1) {
            event.preventDefault();
            onPaste(block);
          }
        }}
      />
      {message ? (
        <span className="message" id={`${id}-message`}>
          {message}
        </span>
      ) : null}
    </CellBox>
  );
});

/** Where a key press moves from a cell, or null when it edits in place (the caret moves in the text). */
function directionOf(event: KeyboardEvent<HTMLInputElement>): Direction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === "Enter") return event.shiftKey ? "up" : "down";
  if (event.shiftKey) return null;
  if (event.key === "ArrowUp") return "up";
  if (event.key === "ArrowDown") return "down";
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return null;
  const input = event.currentTarget;
  const length = input.value.length;
  const start = input.selectionStart ?? 0;
  const end = input.selectionEnd ?? length;
  const allSelected = start === 0 && end === length;
  if (event.key === "ArrowLeft") return allSelected || (start === 0 && end === 0) ? "left" : null;
  return allSelected || (start === length && end === length) ? "right" : null;
}

const CellBox = styled.span`
  display: grid;
  width: 100%;
  input {
    ${numeric}
    width: 100%;
    height: 26px;
    padding: 0 ${SPACE.xs};
    text-align: right;
    font: inherit;
    font-size: ${TYPE_SCALE.sm.size};
    color: ${(p) => p.theme.text};
    background: ${(p) => p.theme.surface};
    border: 1px solid ${(p) => p.theme.border};
    border-radius: 4px;
  }
  input:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 0; }
  &[data-pending] input { border-color: ${(p) => p.theme.accent}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.accent}; }
  &[data-invalid] input { border-color: ${(p) => p.theme.danger}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.danger}; }
  &[data-conflict] input { border-color: ${(p) => p.theme.warning}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.warning}; }
  .message {
    font-size: 11px;
    line-height: 14px;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    text-align: left;
    color: ${(p) => p.theme.danger};
  }
  &[data-conflict] .message { color: ${(p) => p.theme.warning}; }
`;

const Frame = styled.div`
  --name: 15rem;
  --month: 7.5rem;
  /* On a phone the KPI column keeps room for about two months beside it. */
  ${MEDIA.narrow} {
    --name: 9.5rem;
    --month: 6.75rem;
  }
  min-width: calc(var(--name) + (var(--months) + 1) * var(--month));
  font-size: ${TYPE_SCALE.sm.size};
  .row { display: grid; grid-template-columns: var(--name) repeat(calc(var(--months) + 1), var(--month)); align-items: center; border-bottom: 1px solid ${(p) => p.theme.border}; }
  .row.head { height: 36px; font-weight: 600; color: ${(p) => p.theme.textMuted}; background: ${(p) => p.theme.surfaceRaised}; }
  .row.group { background: ${(p) => p.theme.surfaceRaised}; font-weight: 600; }
  .row.sub { color: ${(p) => p.theme.textMuted}; }
  .cell { padding: 0 ${SPACE.xs}; min-width: 0; overflow: hidden; }
  .cell.num { ${numeric} text-align: right; white-space: nowrap; }
  .cell.name { position: sticky; left: 0; z-index: 1; display: flex; gap: ${SPACE.xs}; align-items: center; background: ${(p) => p.theme.surface}; height: 100%; }
  .row.head .cell.name, .row.group .cell.name { background: ${(p) => p.theme.surfaceRaised}; }
  .cell.name.sub { padding-left: ${SPACE.lg}; }
  .kpi-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .cell.total { font-weight: 600; }
  .period { color: ${(p) => p.theme.textMuted}; font-weight: 400; }
  .difference { display: grid; justify-items: end; line-height: 1.2; }
  .percent { font-size: 11px; }
  .badge { flex: none; font-size: 11px; padding: 0 6px; border-radius: 999px; border: 1px solid ${(p) => p.theme.borderStrong}; color: ${(p) => p.theme.textMuted}; }
  .read-only .read-only-value { display: block; padding: 0 ${SPACE.xs}; color: ${(p) => p.theme.textMuted}; font-style: italic; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  /* On a phone names take two lines rather than an ellipsis. */
  ${MEDIA.narrow} {
    .kpi-name { white-space: normal; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; line-height: 1.2; }
    .row.read-only .cell.name { flex-direction: column; align-items: flex-start; justify-content: center; gap: 1px; }
    .row.read-only .kpi-name { -webkit-line-clamp: 1; }
    .row.read-only .badge { font-size: 10px; line-height: 14px; }
  }
`;
