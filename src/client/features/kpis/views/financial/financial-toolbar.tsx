import { autoUpdate, FloatingFocusManager, offset, useClick, useDismiss, useFloating, useInteractions, useRole } from "@floating-ui/react";
import { useId, useState } from "react";
import { styled } from "styled-components";
import type { FlexibleColumn } from "../../../../../contracts/kpis";
import { columnTitle, COMPARE_WITH, type CompareWith } from "../../../../../domain/kpi/flexible-columns";
import { Button } from "../../../../ui/primitives";

export interface FinancialToolbarProps {
  readonly fullYear: boolean;
  readonly onFullYearChange: (fullYear: boolean) => void;
  readonly compareWith: CompareWith;
  readonly onCompareWithChange: (compareWith: CompareWith) => void;
  /** The columns the table offers; "Select columns" lists them with their titles. */
  readonly columns: readonly FlexibleColumn[];
  /** The columns shown, by id; absent means all. */
  readonly selectedColumnIds: readonly string[] | undefined;
  readonly onSelectedColumnIdsChange: (ids: string[]) => void;
}

export const COMPARE_WITH_LABEL: Record<CompareWith, string> = { planning: "Plan", lastYear: "Last year", forecast: "Forecast" };

/** Full year, Compare with, Select columns: controlled, the screen keeps the state. */
export function FinancialToolbar(props: FinancialToolbarProps) {
  const compareId = useId();
  return (
    <Bar>
      <label className="switch">
        <input type="checkbox" role="switch" checked={props.fullYear} onChange={(event) => props.onFullYearChange(event.target.checked)} />
        Full year
      </label>
      <label htmlFor={compareId}>Compare with</label>
      <select id={compareId} value={props.compareWith} onChange={(event) => props.onCompareWithChange(event.target.value as CompareWith)}>
        {COMPARE_WITH.map((option) => (
          <option key={option} value={option}>
            {COMPARE_WITH_LABEL[option]}
          </option>
        ))}
      </select>
      <ColumnPicker columns={props.columns} selectedColumnIds={props.selectedColumnIds} onChange={props.onSelectedColumnIdsChange} />
    </Bar>
  );
}

function ColumnPicker({ columns, selectedColumnIds, onChange }: { columns: readonly FlexibleColumn[]; selectedColumnIds: readonly string[] | undefined; onChange: (ids: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement: "bottom-start", middleware: [offset(6)], whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: "dialog" })]);
  const selected = new Set(selectedColumnIds ?? columns.map((column) => column.id));
  const shownCount = columns.filter((column) => selected.has(column.id)).length;
  // Keeps the columns' own order, whatever order they were ticked in.
  const change = (id: string, checked: boolean) => onChange(columns.map((column) => column.id).filter((candidate) => (candidate === id ? checked : selected.has(candidate))));
  return (
    <>
      <Button ref={refs.setReference} {...getReferenceProps()}>
        Select columns
      </Button>
      {open && (
        <FloatingFocusManager context={context} modal={false}>
          <Popover ref={refs.setFloating} style={floatingStyles} aria-label="Select columns" {...getFloatingProps()}>
            <fieldset>
              <legend>Columns</legend>
              {columns.map((column) => {
                const checked = selected.has(column.id);
                return (
                  <label key={column.id}>
                    <input
                      type="checkbox"
                      checked={checked}
                      // The last shown column stays: a table of names only says nothing.
                      disabled={checked && shownCount === 1}
                      onChange={(event) => change(column.id, event.target.checked)}
                    />
                    {columnTitle(column, columns)}
                  </label>
                );
              })}
            </fieldset>
            <Button $variant="plain" onClick={() => onChange(columns.map((column) => column.id))}>
              Show all
            </Button>
          </Popover>
        </FloatingFocusManager>
      )}
    </>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  font-size: 14px;
  .switch { display: inline-flex; gap: 8px; align-items: center; }
  select {
    font: inherit;
    padding: 7px 9px;
    border-radius: 6px;
    border: 1px solid ${(p) => p.theme.border};
    background: ${(p) => p.theme.surface};
    color: ${(p) => p.theme.text};
  }
`;

const Popover = styled.div`
  z-index: 10;
  min-width: 240px;
  display: grid;
  gap: 8px;
  padding: 10px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  fieldset { border: none; margin: 0; padding: 0; display: grid; gap: 6px; }
  legend { font-size: 13px; color: ${(p) => p.theme.textMuted}; padding: 0 0 4px; }
  label { display: flex; gap: 8px; align-items: center; font-size: 14px; }
`;
