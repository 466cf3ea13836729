import { useRef } from "react";
import { styled } from "styled-components";
import type { PivotCell, PivotTable } from "../../../../domain/charts/pivot-table";
import { columnScale, columnScaleCaption, formatInColumn } from "../../../../domain/kpi/column-scale";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { LAYER } from "../../../ui/tokens";
import { useScrollEdges } from "./use-scroll-edges";

/**
 * The pivot table of a chart (domain/charts/pivot-table) as an HTML table: fiscal-year subtotals
 * and the total set apart, partial figures marked with an asterisk and their months in the
 * cell's title. Money shows in one scale for the whole table, said once in the caption.
 * A wide table scrolls sideways with its row headers stuck on the left and, when the periods are
 * the columns, the Total stuck on the right, so the figure people look for is always in view;
 * shadows under the stuck columns (or a fade at the right edge) say that more lies beyond.
 */
export function PivotTableView({ table, title, currency, mode = "screen" }: { table: PivotTable; title: string; currency: string; mode?: "screen" | "print" }) {
  const cells = table.rows.flatMap((row) => row.cells);
  const scale = columnScale(cells.filter((cell) => cell.unit === "currency").map((cell) => cell.value));
  const hasMoney = cells.some((cell) => cell.unit === "currency");
  const anyPartial = cells.some((cell) => cell.partial !== null);
  const frame = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(frame, (element) => element.querySelector<HTMLElement>(".scroller > *"));
  const onScreen = mode === "screen";
  // Only a Total column sticks (rows of KPIs); a Total row is simply the last row.
  const stickyEnd = (kind: string) => onScreen && kind === "total" && table.rowsLabel === "KPI";
  const hasStickyEnd = table.columns.some((column) => stickyEnd(column.kind));
  return (
    <Frame ref={frame} data-more-left={(onScreen && edges.left) || undefined} data-more-right={(onScreen && edges.right) || undefined} data-end-stuck={hasStickyEnd || undefined}>
      <div className="scroller">
        <TableFrame label={title} maxHeight={mode === "print" ? "none" : "70vh"}>
          <Table data-pivot>
            <caption>
              <span className="caption-text">
                {title}
                {hasMoney ? <span className="scale"> · money in {columnScaleCaption(scale, currency)}</span> : null}
              </span>
            </caption>
            <thead>
              <tr>
                <Th scope="col" sticky>
                  {table.rowsLabel}
                </Th>
                {table.columns.map((column) => (
                  <Th scope="col" key={column.key} numeric={table.rowsLabel === "KPI"} title={column.detail ?? undefined} data-kind={column.kind} data-sticky-end={stickyEnd(column.kind) || undefined}>
                    {column.label}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.header.key} data-kind={row.header.kind}>
                  <Th scope="row" sticky title={row.header.detail ?? undefined}>
                    {row.header.label}
                  </Th>
                  {row.cells.map((cell, index) => (
                    <Td key={table.columns[index]?.key ?? index} numeric data-kind={cell.kind} data-sticky-end={stickyEnd(table.columns[index]?.kind ?? "") || undefined} data-partial={cell.partial ?? undefined} title={cellTitle(cell)}>
                      {formatInColumn(cell.value, cell.unit, scale)}
                      {cell.partial ? <span aria-label={` (partial: ${cell.partial})`}>*</span> : null}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      </div>
      {anyPartial ? <p className="note">* Partial: fewer months of data than the period has (the cell says how many).</p> : null}
    </Frame>
  );
}

const edgeShadow = (theme: string) => (theme === "dark" ? "rgba(0, 0, 0, 0.6)" : "rgba(22, 27, 38, 0.18)");

const cellTitle = (cell: PivotCell) => cell.note ?? (cell.partial ? `Partial: ${cell.partial}` : undefined);

const Frame = styled.div`
  display: grid;
  gap: 6px;
  /* The caption's words stay in view while the table scrolls sideways. */
  caption .caption-text { position: sticky; left: 12px; display: inline-block; }
  .scale { font-weight: 400; color: ${(p) => p.theme.textMuted}; }
  [data-kind="subtotal"], [data-kind="total"] { font-weight: 600; background: ${(p) => p.theme.surfaceRaised}; }
  tr[data-kind="total"] > *, td[data-kind="total"], th[data-kind="total"] { border-left: 0; }
  td[data-partial] span { color: ${(p) => p.theme.warning}; margin-left: 2px; }
  /* The Total column stuck on the right, above the scrolling cells, as the row headers on the left. */
  [data-sticky-end] { position: sticky; right: 0; z-index: ${LAYER.sticky - 1}; }
  thead [data-sticky-end] { z-index: ${LAYER.sticky + 1}; }
  /* Edge cues: a shadow where cells slide under a stuck column; without a stuck Total, a fade. */
  &[data-more-left] [data-sticky-column] { box-shadow: 6px 0 6px -4px ${(p) => edgeShadow(p.theme.name)}; clip-path: inset(0 -12px 0 0); }
  &[data-more-right] [data-sticky-end] { box-shadow: -6px 0 6px -4px ${(p) => edgeShadow(p.theme.name)}; clip-path: inset(0 0 0 -12px); }
  .scroller { position: relative; min-width: 0; }
  .scroller::after { content: ""; position: absolute; top: 1px; right: 1px; bottom: 1px; width: 28px; pointer-events: none; border-radius: 0 8px 8px 0; opacity: 0; transition: opacity 120ms; background: linear-gradient(to right, transparent, ${(p) => edgeShadow(p.theme.name)}); }
  &[data-more-right]:not([data-end-stuck]) .scroller::after { opacity: 1; }
  .note { margin: 0; font-size: 12px; color: ${(p) => p.theme.textMuted}; }
`;
