import type { CSSProperties } from "react";
import type { RowComponentProps } from "react-window";
import { cellText, LIST_VIEW_COLUMNS, type ListViewRow, type ListViewSettings } from "../../../../../domain/kpi/list-view";

export interface ListViewRowData {
  readonly rows: readonly ListViewRow[];
  readonly settings: ListViewSettings;
  readonly currency: string;
}

/** One body row (the list places it with `style`); row 1 of the table is the head. */
export function ListViewRowView({ index, style, rows, settings, currency }: RowComponentProps<ListViewRowData>) {
  return <ListViewCells row={rows[index]!} rowIndex={index + 2} settings={settings} currency={currency} style={style} />;
}

/** The cells of a row; shared with anything that renders the rows without the list. */
export function ListViewCells({ row, rowIndex, settings, currency, style }: { row: ListViewRow; rowIndex: number; settings: ListViewSettings; currency: string; style?: CSSProperties }) {
  return (
    <div className="row" role="row" aria-rowindex={rowIndex} style={style}>
      {LIST_VIEW_COLUMNS.map((column) => (
        <span key={column.key} role="cell" className={column.kind === "value" || column.kind === "percent" ? "cell num" : "cell"}>
          {cellText(row, column.key, settings[column.key], currency)}
        </span>
      ))}
    </div>
  );
}
