import { memo } from "react";
import {
  FILTER_TOO_MANY_VALUES,
  LIST_VIEW_COLUMNS,
  type ColumnSettings,
  type ListViewColumn,
  type ListViewColumnKey,
  type ListViewFilters,
  type ListViewRow,
  type ListViewScales,
  type ListViewSettings,
  type ListViewSort,
} from "../../../../../domain/kpi/list-view";
import { columnScaleCaption, columnScaleDescription } from "../../../../../domain/kpi/column-scale";
import { Icon } from "../../../../ui/icons";
import { VisuallyHidden } from "../../../../ui/visually-hidden";
import { ColumnFilterForm, ColumnSettingsForm } from "./column-controls";
import { ColumnPopover } from "./column-popover";
import { HeaderCell } from "./styles";

export interface ListViewHeaderProps {
  readonly rows: readonly ListViewRow[];
  readonly currency: string;
  readonly sort: ListViewSort | null;
  readonly filters: ListViewFilters;
  readonly settings: ListViewSettings;
  /** Per value column, the one scale of its money; null when the list holds no money. */
  readonly scales: ListViewScales | null;
  /** Per column, whether it has few enough unique values to filter. */
  readonly filterable: Readonly<Record<ListViewColumnKey, boolean>>;
  readonly onSort: (column: ListViewColumnKey) => void;
  readonly onFilter: (column: ListViewColumnKey, selected: ReadonlySet<string>) => void;
  readonly onSettings: (column: ListViewColumnKey, settings: ColumnSettings | undefined) => void;
}

/** The head row: per column a sort button, number settings (value columns) and a filter. */
export const ListViewHeader = memo(function ListViewHeader(props: ListViewHeaderProps) {
  return (
    <div className="head" role="rowgroup">
      <div className="row" role="row" aria-rowindex={1}>
        {LIST_VIEW_COLUMNS.map((column) => (
          <ColumnHeader key={column.key} column={column} {...props} />
        ))}
      </div>
    </div>
  );
});

const SORT_GLYPH = { ascending: "▲", descending: "▼" } as const;

function ColumnHeader({ column, rows, currency, sort, filters, settings, scales, filterable, onSort, onFilter, onSettings }: ListViewHeaderProps & { column: ListViewColumn }) {
  const direction = sort?.column === column.key ? sort.direction : null;
  const numeric = column.kind === "value" || column.kind === "percent";
  const selected = filters[column.key] ?? NOTHING;
  const scale = scales?.[column.key];
  const sortButton = (
    <span className="stack">
      <button type="button" className="sort" onClick={() => onSort(column.key)}>
        {column.label}
        {direction && <span aria-hidden="true">{` ${SORT_GLYPH[direction]}`}</span>}
      </button>
      {scale ? (
        <span className="scale" data-scale={scale}>
          <span aria-hidden="true">{columnScaleCaption(scale, currency)}</span>
          <VisuallyHidden>{`Money ${columnScaleDescription(scale, currency)}`}</VisuallyHidden>
        </span>
      ) : null}
    </span>
  );
  const filter = (
    <ColumnPopover
      label={selected.size > 0 ? `Filter ${column.label} (active)` : `Filter ${column.label}`}
      // The choices are the cells' bare numbers: the heading names their scale.
      heading={scale ? `Filter ${column.label} (${columnScaleCaption(scale, currency)})` : `Filter ${column.label}`}
      icon={<FunnelIcon />}
      active={selected.size > 0}
      unavailableReason={filterable[column.key] ? null : FILTER_TOO_MANY_VALUES}
    >
      {() => <ColumnFilterForm column={column} rows={rows} settings={settings[column.key]} currency={currency} scales={scales ?? {}} selected={selected} onChange={(next) => onFilter(column.key, next)} />}
    </ColumnPopover>
  );
  if (!numeric)
    return (
      <HeaderCell role="columnheader" aria-sort={direction ?? "none"}>
        {sortButton}
        {filter}
      </HeaderCell>
    );
  // Numbers are right-aligned, so is their label: the controls come first.
  return (
    <HeaderCell role="columnheader" aria-sort={direction ?? "none"} className="num">
      <ColumnPopover label={`Settings of ${column.label}`} heading={`${column.label}: number format`} icon={<Icon name="more" size={14} />} active={settings[column.key] !== undefined}>
        {() => <ColumnSettingsForm column={column} settings={settings[column.key]} onChange={(next) => onSettings(column.key, next)} />}
      </ColumnPopover>
      {filter}
      {sortButton}
    </HeaderCell>
  );
}

const FunnelIcon = () => <Icon name="filter" size={14} />;

const NOTHING: ReadonlySet<string> = new Set();
