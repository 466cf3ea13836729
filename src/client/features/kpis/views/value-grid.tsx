import { useEffect, useRef, useState } from "react";
import { styled } from "styled-components";
import type { KpiMeta, KpiMonthValue } from "../../../../contracts/kpis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { NUMBER_INPUT_HINT } from "../../../../domain/kpi/number-input";
import { percentChange } from "../../../../domain/kpi/percent-change";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import { Button, DangerAlert } from "../../../ui/primitives";
import type { PendingValue } from "../model";
import { percentText } from "./kpi-card";

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  th, td { padding: 6px 10px; border-bottom: 1px solid ${(p) => p.theme.border}; text-align: right; }
  th:first-child, td:first-child { text-align: left; }
  thead th { color: ${(p) => p.theme.textMuted}; font-weight: 600; position: sticky; top: 0; background: ${(p) => p.theme.surface}; }
  input { font: inherit; width: 130px; text-align: right; padding: 4px 6px; border-radius: 5px; border: 1px solid ${(p) => p.theme.border}; background: ${(p) => p.theme.background}; color: ${(p) => p.theme.text}; }
  tr.pending input { border-color: ${(p) => p.theme.accent}; box-shadow: 0 0 0 1px ${(p) => p.theme.accent}; }
  input[aria-invalid="true"] { border-color: ${(p) => p.theme.danger}; }
  .cell-error { display: block; color: ${(p) => p.theme.danger}; font-size: 12px; max-width: 260px; margin-left: auto; white-space: normal; }
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
  align-items: center;
  margin: 10px 0;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
`;

export interface ValueGridProps {
  readonly kpi: KpiMeta;
  /** The months shown, in order (newest first reads best). */
  readonly months: readonly KpiMonthValue[];
  readonly currency: string;
  readonly pending: Readonly<Record<string, PendingValue>>;
  readonly rejected: Readonly<Record<string, { readonly text: string; readonly message: string }>>;
  readonly saving: { readonly status: "saving" | "error"; readonly message: string | null } | undefined;
  /** Money is editable only in the local currency: an FX view shows converted numbers. */
  readonly converted: boolean;
  readonly onEdit: (date: string, text: string) => void;
  readonly onSave: () => void;
  readonly onDiscard: () => void;
}

/**
 * The KPI's monthly values: actual, plan, last year, forecast, deviation to plan. Users who may
 * write the KPI edit actuals in place; each edit replaces the pending value of that month, and
 * Save sends them all at once.
 */
export function ValueGrid({ kpi, months, currency, pending, rejected, saving, converted, onEdit, onSave, onDiscard }: ValueGridProps) {
  const editable = kpi.writable && !(converted && kpi.unit === "currency");
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency });
  const pendingCount = Object.keys(pending).length;
  return (
    <div>
      {kpi.writable && !editable ? <p>Values are shown converted by the selected FX rate; choose the local currency to edit them.</p> : null}
      {editable ? (
        <Actions>
          <Button type="button" $variant="primary" disabled={pendingCount === 0 || saving?.status === "saving"} onClick={onSave}>
            {saving?.status === "saving" ? "Saving…" : pendingCount === 1 ? "Save 1 change" : `Save ${pendingCount} changes`}
          </Button>
          <Button type="button" disabled={pendingCount === 0 && Object.keys(rejected).length === 0} onClick={onDiscard}>
            Discard
          </Button>
          <span>{NUMBER_INPUT_HINT}</span>
        </Actions>
      ) : null}
      {saving?.status === "error" && saving.message ? <DangerAlert>{saving.message}</DangerAlert> : null}
      <Table aria-label={`Monthly values of ${kpi.name}`}>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Actual</th>
            <th scope="col">Plan</th>
            <th scope="col">Δ plan</th>
            <th scope="col">Last year</th>
            <th scope="col">Forecast</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => {
            const entry = pending[month.date];
            const error = rejected[month.date];
            return (
              <tr key={month.date} className={entry ? "pending" : undefined} data-month={month.date}>
                <th scope="row">{monthLabel(monthIndexOf(month.date))}</th>
                <td>
                  {editable ? (
                    <CellInput
                      label={`${kpi.name} actual ${monthLabel(monthIndexOf(month.date))}`}
                      stored={month.value}
                      text={entry?.text ?? error?.text}
                      error={error?.message}
                      id={`cell-${kpi.id}-${month.date}`}
                      onCommit={(text) => onEdit(month.date, text)}
                    />
                  ) : (
                    format(month.value)
                  )}
                </td>
                <td>{format(month.planningValue)}</td>
                <td>{percentText(percentChange(month.value, month.planningValue))}</td>
                <td>{format(month.lastYearValue)}</td>
                <td>{format(month.forecastValue)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

/** A cell: shows the pending text or the stored number; an edit counts when it leaves the cell. */
function CellInput({ label, stored, text, error, id, onCommit }: { label: string; stored: number | null; text: string | undefined; error: string | undefined; id: string; onCommit: (text: string) => void }) {
  const shown = text ?? (stored === null ? "" : String(stored));
  const [draft, setDraft] = useState(shown);
  // What this cell last sent: Enter then leaving the cell is one edit, not two.
  const sent = useRef(shown);
  useEffect(() => {
    setDraft(shown);
    sent.current = shown;
  }, [shown]);
  const commit = () => {
    if (draft.trim() === sent.current.trim()) return;
    sent.current = draft;
    // Clearing a cell means removing its value.
    onCommit(draft.trim() === "" ? "-" : draft);
  };
  return (
    <>
      <input
        aria-label={label}
        value={draft}
        inputMode="decimal"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
          if (event.key === "Escape") setDraft(shown);
        }}
      />
      {error ? (
        <span className="cell-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </>
  );
}
