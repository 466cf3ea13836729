import { styled } from "styled-components";
import type { PivotCell, PivotTable } from "../../../../domain/charts/pivot-table";
import { columnScale, columnScaleCaption, formatInColumn } from "../../../../domain/kpi/column-scale";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";

/**
 * The pivot table of a chart (domain/charts/pivot-table) as an HTML table: fiscal-year subtotals
 * and the total set apart, partial figures marked with an asterisk and their months in the
 * cell's title. Money shows in one scale for the whole table, said once in the caption.
 */
export function PivotTableView({ table, title, currency, mode = "screen" }: { table: PivotTable; title: string; currency: string; mode?: "screen" | "print" }) {
  const cells = table.rows.flatMap((row) => row.cells);
  const scale = columnScale(cells.filter((cell) => cell.unit === "currency").map((cell) => cell.value));
  const hasMoney = cells.some((cell) => cell.unit === "currency");
  const anyPartial = cells.some((cell) => cell.partial !== null);
  return (
    <Frame>
      <TableFrame label={title} maxHeight={mode === "print" ? "none" : "70vh"}>
        <Table data-pivot>
          <caption>
            {title}
            {hasMoney ? <span className="scale"> · money in {columnScaleCaption(scale, currency)}</span> : null}
          </caption>
          <thead>
            <tr>
              <Th scope="col" sticky>
                {table.rowsLabel}
              </Th>
              {table.columns.map((column) => (
                <Th scope="col" key={column.key} numeric={table.rowsLabel === "KPI"} title={column.detail ?? undefined} data-kind={column.kind}>
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
                  <Td key={table.columns[index]?.key ?? index} numeric data-kind={cell.kind} data-partial={cell.partial ?? undefined} title={cellTitle(cell)}>
                    {formatInColumn(cell.value, cell.unit, scale)}
                    {cell.partial ? <span aria-label={` (partial: ${cell.partial})`}>*</span> : null}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      {anyPartial ? <p className="note">* Partial: fewer months of data than the period has (the cell says how many).</p> : null}
    </Frame>
  );
}

const cellTitle = (cell: PivotCell) => cell.note ?? (cell.partial ? `Partial: ${cell.partial}` : undefined);

const Frame = styled.div`
  display: grid;
  gap: 6px;
  .scale { font-weight: 400; color: ${(p) => p.theme.textMuted}; }
  [data-kind="subtotal"], [data-kind="total"] { font-weight: 600; background: ${(p) => p.theme.surfaceRaised}; }
  tr[data-kind="total"] > *, td[data-kind="total"], th[data-kind="total"] { border-left: 0; }
  td[data-partial] span { color: ${(p) => p.theme.warning}; margin-left: 2px; }
  .note { margin: 0; font-size: 12px; color: ${(p) => p.theme.textMuted}; }
`;
