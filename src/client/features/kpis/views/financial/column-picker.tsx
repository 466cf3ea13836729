import type { FlexibleColumn } from "../../../../../contracts/kpis";
import { columnTitle, type CompareWith } from "../../../../../domain/kpi/flexible-columns";
import { Button } from "../../../../ui/button";
import { Icon } from "../../../../ui/icons";
import { Checkbox } from "../../../../ui/inputs";
import { Popover } from "../../../../ui/popover";

export const COMPARE_WITH_LABEL: Record<CompareWith, string> = { planning: "Plan", lastYear: "Last year", forecast: "Forecast" };

export interface ColumnPickerProps {
  /** The columns the table offers, listed with their titles. */
  readonly columns: readonly FlexibleColumn[];
  /** The columns shown, by id; absent means all. */
  readonly selectedColumnIds: readonly string[] | undefined;
  readonly onChange: (ids: string[]) => void;
}

/** "Select columns": which of the table's columns show; the last one shown stays. */
export function ColumnPicker({ columns, selectedColumnIds, onChange }: ColumnPickerProps) {
  const selected = new Set(selectedColumnIds ?? columns.map((column) => column.id));
  const shownCount = columns.filter((column) => selected.has(column.id)).length;
  // Keeps the columns' own order, whatever order they were ticked in.
  const change = (id: string, checked: boolean) => onChange(columns.map((column) => column.id).filter((candidate) => (candidate === id ? checked : selected.has(candidate))));
  return (
    <Popover
      label="Select columns"
      width="280px"
      trigger={(props) => (
        <Button {...props} size="sm" icon={<Icon name="more" size={14} />}>
          {shownCount < columns.length ? `Select columns (${shownCount} of ${columns.length})` : "Select columns"}
        </Button>
      )}
    >
      {columns.map((column) => {
        const checked = selected.has(column.id);
        return (
          <Checkbox
            key={column.id}
            label={columnTitle(column, columns)}
            checked={checked}
            // The last shown column stays: a table of names only says nothing.
            disabled={checked && shownCount === 1}
            onChange={(event) => change(column.id, event.target.checked)}
          />
        );
      })}
      <Button size="sm" variant="quiet" onClick={() => onChange(columns.map((column) => column.id))} disabled={shownCount === columns.length}>
        Show all
      </Button>
    </Popover>
  );
}
