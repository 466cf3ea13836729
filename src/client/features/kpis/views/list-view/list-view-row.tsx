import type { CSSProperties } from "react";
import type { RowComponentProps } from "react-window";
import { Link } from "wouter";
import { partialText } from "../../../../../domain/kpi/flexible-columns";
import { cellText, LIST_VIEW_COLUMNS, partialFigure, type ListViewRow, type ListViewScales, type ListViewSettings } from "../../../../../domain/kpi/list-view";
import { VisuallyHidden } from "../../../../ui/visually-hidden";
import { CellPartialMark } from "../financial/period-marks";

export interface ListViewRowData {
  readonly rows: readonly ListViewRow[];
  readonly settings: ListViewSettings;
  readonly currency: string;
  readonly scales: ListViewScales;
}

/** One body row (the list places it with `style`); row 1 of the table is the head. */
export function ListViewRowView({ index, style, rows, settings, currency, scales }: RowComponentProps<ListViewRowData>) {
  return <ListViewCells row={rows[index]!} rowIndex={index + 2} settings={settings} currency={currency} scales={scales} style={style} />;
}

/** The cells of a row; shared with anything that renders the rows without the list. */
export function ListViewCells({ row, rowIndex, settings, currency, scales, style }: { row: ListViewRow; rowIndex: number; settings: ListViewSettings; currency: string; scales: ListViewScales; style?: CSSProperties }) {
  return (
    <div className="row" role="row" aria-rowindex={rowIndex} style={style}>
      {LIST_VIEW_COLUMNS.map((column) =>
        column.key === "month" ? (
          <PeriodCell key={column.key} row={row} />
        ) : column.key === "kpi" ? (
          <span key={column.key} role="cell" className="cell">
            {/* Every KPI opens from every place it is shown; the state names this screen for the detail's breadcrumbs. */}
            <Link href={`/reporting/kpi-detail/${row.kpiId}`} state={{ from: LIST_VIEW_PATH }}>
              {row.kpi}
            </Link>
          </span>
        ) : (
          <span key={column.key} role="cell" className={column.kind === "value" || column.kind === "percent" ? "cell num" : "cell"}>
            {/* The mark goes before the figure, so the figures stay aligned at the column's right edge. */}
            {isSeries(column.key) ? <FigureMark row={row} series={column.key} /> : null}
            {cellText(row, column.key, settings[column.key], currency, scales)}
          </span>
        ),
      )}
    </div>
  );
}

const LIST_VIEW_PATH = "/reporting/list-view";

type Series = "actual" | "planning" | "lastYear" | "forecast";
const isSeries = (key: string): key is Series => key === "actual" || key === "planning" || key === "lastYear" || key === "forecast";

function FigureMark({ row, series }: { row: ListViewRow; series: Series }) {
  const partial = partialFigure(row, series);
  return partial ? <CellPartialMark text={partial} /> : null;
}

/** The period by its name; a bucket's months on hover and for screen readers; a partial bucket marked. */
function PeriodCell({ row }: { row: ListViewRow }) {
  const { label, rangeLabel, size, monthsInRange } = row.period;
  const partial = partialText(monthsInRange, size);
  return (
    <span role="cell" className="cell" title={size > 1 ? rangeLabel : undefined}>
      {label}
      {size > 1 ? <VisuallyHidden>{` (${rangeLabel})`}</VisuallyHidden> : null}
      {partial ? <CellPartialMark text={partial} placement="after" /> : null}
    </span>
  );
}
