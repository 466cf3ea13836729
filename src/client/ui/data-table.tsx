import { useMemo, useState, type ReactNode } from "react";
import { styled } from "styled-components";
import { Icon } from "./icons";
import { Table, TableFrame, Td, Th, type CellTone } from "./table-parts";

export interface DataTableColumn<Row> {
  /** Stable key of the column. */
  readonly key: string;
  /** The column header's text. */
  readonly header: string;
  /** What the cell shows: text or a small element (a link, a badge, an IconButton). */
  readonly cell: (row: Row) => ReactNode;
  /** Numbers: right-aligned tabular figures, header aligned with them. */
  readonly numeric?: boolean;
  /** This column names the row (`th scope="row"`), usually the first. */
  readonly rowHeader?: boolean;
  /** Makes the column sortable by this value (nulls last). */
  readonly sortValue?: (row: Row) => string | number | null;
  /** Colour of a deviation cell. */
  readonly tone?: (row: Row) => CellTone | undefined;
  /** Keeps the column in view while scrolling sideways (the first column of a wide table). */
  readonly sticky?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (and its scroll area's), e.g. "Users". */
  readonly label: string;
  /** A visible caption above the table; without it the label names the table invisibly. */
  readonly caption?: ReactNode;
  readonly columns: readonly DataTableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string | number;
  /** Shown in the table body when there are no rows, e.g. "No users match the filter." */
  readonly empty?: ReactNode;
  /** Height after which the body scrolls inside and the header sticks; "none" to grow with the page. */
  readonly maxHeight?: string;
  /** Initial sort (a column with `sortValue`). */
  readonly initialSort?: { readonly column: string; readonly direction: SortDirection };
}

export type SortDirection = "ascending" | "descending";

/**
 * A plain data table with real table semantics: caption or label, `th scope`, a sticky header,
 * dense rows, numeric columns right-aligned in tabular figures, sortable columns (`aria-sort`),
 * and a scroll area that keyboard users can reach when the table is wider than the screen. For
 * trees or virtualized lists build from the parts in table-parts.tsx.
 */
export function DataTable<Row>({ label, caption, columns, rows, rowKey, empty = "Nothing to show.", maxHeight = "70vh", initialSort }: DataTableProps<Row>) {
  const [sort, setSort] = useState(initialSort ?? null);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((candidate) => candidate.key === sort.column) : undefined;
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === "ascending" ? 1 : -1;
    return [...rows].sort((a, b) => compareNullsLast(value(a), value(b), factor));
  }, [rows, columns, sort]);
  const toggleSort = (column: string) => setSort((current) => ({ column, direction: current?.column === column && current.direction === "ascending" ? "descending" : "ascending" }));

  return (
    <TableFrame label={label} maxHeight={maxHeight}>
      <Table aria-label={caption ? undefined : label}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => {
              const direction = sort?.column === column.key ? sort.direction : undefined;
              return (
                <Th key={column.key} scope="col" numeric={column.numeric} sticky={column.sticky} aria-sort={column.sortValue ? (direction ?? "none") : undefined}>
                  {column.sortValue ? (
                    <SortButton type="button" onClick={() => toggleSort(column.key)} $numeric={!!column.numeric}>
                      {column.header}
                      <span className={direction ? `arrow ${direction}` : "arrow"} aria-hidden="true">
                        <Icon name="chevronDown" size={12} />
                      </span>
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </Th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td className="empty" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <Th key={column.key} scope="row" numeric={column.numeric} sticky={column.sticky} tone={column.tone?.(row)}>
                      {column.cell(row)}
                    </Th>
                  ) : (
                    <Td key={column.key} numeric={column.numeric} sticky={column.sticky} tone={column.tone?.(row)}>
                      {column.cell(row)}
                    </Td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </TableFrame>
  );
}

function compareNullsLast(a: string | number | null, b: string | number | null, factor: number): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return (a - b) * factor;
  return String(a).localeCompare(String(b), "en", { numeric: true, sensitivity: "base" }) * factor;
}

const SortButton = styled.button<{ $numeric: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  width: 100%;
  justify-content: ${(p) => (p.$numeric ? "flex-end" : "flex-start")};
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:hover { color: ${(p) => p.theme.text}; }
  .arrow { display: inline-flex; opacity: 0.35; }
  .arrow.ascending, .arrow.descending { opacity: 1; color: ${(p) => p.theme.text}; }
  .arrow.ascending { transform: rotate(180deg); }
`;
