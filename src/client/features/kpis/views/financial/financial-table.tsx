import { useMemo, useState } from "react";
import { styled } from "styled-components";
import type { FlexibleColumn, KpiMeta, ValuesResponse } from "../../../../../contracts/kpis";
import { columnTitle, computeColumns, EMPTY_SERIES, formatCell, seriesFromMonthValues, type ColumnCell, type KpiSeriesSet, type Tone } from "../../../../../domain/kpi/flexible-columns";
import { DEFAULT_EXPAND_LEVEL, kpiTree, toggleRow, visibleRows } from "../../../../../domain/kpi/kpi-tree";
import type { Decimals, FormatOptions, Scale } from "../../../../../domain/kpi/number-format";
import type { MonthIndex } from "../../../../../domain/months";
import { VisuallyHidden } from "../../../../ui/primitives";

export interface FinancialTableProps {
  /** The category's KPIs, in the order rows show (children under their parent). */
  readonly kpis: readonly KpiMeta[];
  /** Monthly values in the chosen currency, covering the months the columns read (`columnsSpan`). */
  readonly values: ValuesResponse;
  readonly columns: readonly FlexibleColumn[];
  readonly selection: { readonly start: MonthIndex; readonly end: MonthIndex };
  readonly fiscalYearOffset: number;
  readonly currency: string;
  /** "Select columns": only these show (deviations still compute from hidden columns). All when absent. */
  readonly selectedColumnIds?: readonly string[] | undefined;
  readonly scale?: Scale | undefined;
  readonly decimals?: Decimals | undefined;
  /** The table's accessible name. */
  readonly label?: string | undefined;
}

const TONE_TEXT: Record<Tone, string> = { good: " (favourable)", bad: " (unfavourable)", neutral: "" };

/**
 * The P&L of one category: a row per KPI as a tree (default expand level 1), a column per
 * flexible column, every value from the one column engine and the one number formatter.
 */
export function FinancialTable({ kpis, values, columns, selection, fiscalYearOffset, currency, selectedColumnIds, scale, decimals, label = "Financial table" }: FinancialTableProps) {
  const [toggled, setToggled] = useState<ReadonlySet<number>>(() => new Set());
  const tree = useMemo(() => kpiTree(kpis), [kpis]);
  const rows = useMemo(() => visibleRows(tree, toggled, DEFAULT_EXPAND_LEVEL), [tree, toggled]);
  const seriesById = useMemo(() => new Map<number, KpiSeriesSet>(values.kpis.map((entry) => [entry.id, seriesFromMonthValues(entry.values)])), [values]);
  const shown = useMemo(() => (selectedColumnIds === undefined ? columns : columns.filter((column) => selectedColumnIds.includes(column.id))), [columns, selectedColumnIds]);
  const { start, end } = selection;
  const context = useMemo(() => ({ selection: { start, end }, fiscalYearOffset, currency }), [start, end, fiscalYearOffset, currency]);
  const cellsById = useMemo(
    () =>
      new Map(
        kpis.map((kpi) => [
          kpi.id,
          computeColumns(columns, { series: seriesById.get(kpi.id) ?? EMPTY_SERIES, aggregationType: kpi.aggregationType, unit: kpi.unit, higherIsBetter: kpi.higherIsBetter }, context),
        ]),
      ),
    [kpis, columns, seriesById, context],
  );
  const format = { currency, ...(scale ? { scale } : {}), ...(decimals !== undefined ? { decimals } : {}) };
  const perMonthNote = end > start && columns.some((column) => column.type === "current_selection") && kpis.some((kpi) => kpi.aggregationType === "cum");

  return (
    <Wrapper>
      <Scroll>
        <Table aria-label={label}>
          <thead>
            <tr>
              <th scope="col">KPI</th>
              {shown.map((column) => (
                <th scope="col" key={column.id} className={column.type === "column_unit" ? "text" : undefined}>
                  {columnTitle(column, columns)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={shown.length + 1} className="empty">
                  No KPIs in this category.
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const cells = cellsById.get(row.kpi.id);
              return (
                <tr key={row.kpi.id} data-depth={row.depth}>
                  <th scope="row" style={{ paddingLeft: 12 + row.depth * 20 }}>
                    {row.hasChildren ? (
                      <button type="button" aria-expanded={row.expanded} onClick={() => setToggled((current) => toggleRow(current, row.kpi.id))}>
                        <span aria-hidden="true" className="chevron">
                          {row.expanded ? "▾" : "▸"}
                        </span>
                        {row.kpi.name}
                      </button>
                    ) : (
                      <span className="leaf">{row.kpi.name}</span>
                    )}
                  </th>
                  {shown.map((column) => (
                    <ValueCell key={column.id} cell={cells?.get(column.id)} unit={row.kpi.unit} format={format} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Scroll>
      {perMonthNote && <Note>Cumulative KPIs over a selection of more than one month show the value per month.</Note>}
    </Wrapper>
  );
}

function ValueCell({ cell, unit, format }: { cell: ColumnCell | undefined; unit: string; format: FormatOptions }) {
  const tone = cell?.kind === "deviation" ? cell.tone : "neutral";
  const text = cell ? formatCell(cell, unit, format) : "–";
  return (
    <td data-tone={tone} className={cell?.kind === "unit" ? "text" : undefined}>
      <span className="value">{text}</span>
      {TONE_TEXT[tone] && <VisuallyHidden>{TONE_TEXT[tone]}</VisuallyHidden>}
    </td>
  );
}

const Wrapper = styled.div`
  display: grid;
  gap: 8px;
`;

const Scroll = styled.div`
  overflow: auto;
  max-height: 70vh;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
`;

const Table = styled.table`
  border-collapse: separate;
  border-spacing: 0;
  width: 100%;
  font-size: 14px;
  th, td { padding: 8px 12px; border-bottom: 1px solid ${(p) => p.theme.border}; white-space: nowrap; }
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    background: ${(p) => p.theme.surfaceRaised};
    color: ${(p) => p.theme.textMuted};
    font-weight: 600;
    font-size: 13px;
    text-align: right;
  }
  thead th:first-child, thead th.text { text-align: left; }
  thead th:first-child { left: 0; z-index: 3; }
  tbody th {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${(p) => p.theme.surface};
    text-align: left;
    font-weight: 400;
  }
  tbody tr[data-depth="0"] th { font-weight: 600; }
  td { text-align: right; font-variant-numeric: tabular-nums; color: ${(p) => p.theme.text}; background: ${(p) => p.theme.surface}; }
  td.text, td.empty { text-align: left; }
  td.empty { color: ${(p) => p.theme.textMuted}; }
  td[data-tone="good"] { color: ${(p) => p.theme.positive}; }
  td[data-tone="bad"] { color: ${(p) => p.theme.danger}; }
  button {
    font: inherit;
    font-weight: inherit;
    color: inherit;
    background: none;
    border: none;
    padding: 0;
    cursor: pointer;
    display: inline-flex;
    gap: 6px;
    align-items: center;
  }
  .chevron { display: inline-block; width: 14px; color: ${(p) => p.theme.textMuted}; }
  .leaf { padding-left: 20px; }
`;

const Note = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
`;
