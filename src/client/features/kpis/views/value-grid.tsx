import { useCallback, useId, useState } from "react";
import { styled } from "styled-components";
import type { KpiMeta, KpiMonthValue } from "../../../../contracts/kpis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { NUMBER_INPUT_HINT } from "../../../../domain/kpi/number-input";
import { absentDeviationText, percentDeviation } from "../../../../domain/kpi/percent-deviation";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Cluster } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { Table, TableFrame, Td, Th, type CellTone } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import type { PendingValue } from "../model";
import { ValueCell } from "./detail/value-cell";

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
 * The KPI's monthly values: actual, plan, deviation to plan, last year, forecast. Users who may
 * write the KPI edit actuals in place; each edit replaces the pending value of that month, and
 * Save sends them all at once (the saved toast comes from the notifications feature). Leaving the
 * page with edits not saved asks first. Every column is in one scale (whole numbers with the unit).
 */
export function ValueGrid({ kpi, months, currency, pending, rejected, saving, converted, onEdit, onSave, onDiscard }: ValueGridProps) {
  const editable = kpi.writable && !(converted && kpi.unit === "currency");
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency, scale: "none" });
  const pendingCount = Object.keys(pending).length;
  const rejectedCount = Object.keys(rejected).length;
  const drafts = useDrafts();
  useUnsavedChangesGuard(editable && (pendingCount > 0 || rejectedCount > 0 || drafts.any));
  const hintId = useId();
  const notSaved = saving?.status === "error" ? (saving.message ?? "The values were not saved.") : null;
  return (
    <Grid>
      {kpi.writable && !editable ? <Text as="p" $tone="muted">Values are shown converted by the selected FX rate; choose the local currency to edit them.</Text> : null}
      {editable ? (
        <Cluster $gap="md">
          <Button variant="primary" size="sm" disabled={pendingCount === 0} busy={saving?.status === "saving"} onClick={onSave}>
            {pendingCount === 1 ? "Save 1 change" : `Save ${pendingCount} changes`}
          </Button>
          <Button size="sm" disabled={pendingCount === 0 && rejectedCount === 0} onClick={onDiscard}>
            Discard
          </Button>
          <Text $size="sm" $tone="muted" id={hintId}>
            {NUMBER_INPUT_HINT}
          </Text>
        </Cluster>
      ) : null}
      {notSaved ? (
        <Alert tone="danger" title="Not saved">
          {notSaved} Your typed values are kept below; correct them or try Save again.
        </Alert>
      ) : null}
      <TableFrame label={`Monthly values of ${kpi.name}, scrollable`} maxHeight="60vh">
        <Table aria-label={`Monthly values of ${kpi.name}`}>
          <thead>
            <tr>
              <Th scope="col" sticky>
                Month
              </Th>
              <Th scope="col" numeric>
                Actual
              </Th>
              <Th scope="col" numeric>
                Plan
              </Th>
              <Th scope="col" numeric>
                Δ plan
              </Th>
              <Th scope="col" numeric>
                Last year
              </Th>
              <Th scope="col" numeric>
                Forecast
              </Th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => {
              const entry = pending[month.date];
              const refused = rejected[month.date];
              const name = monthLabel(monthIndexOf(month.date));
              const deviation = percentDeviation(month.value, month.planningValue);
              return (
                <tr key={month.date} className={entry ? "pending" : undefined} data-month={month.date}>
                  <Th scope="row" sticky>
                    {name}
                  </Th>
                  <Td numeric>
                    {editable ? (
                      <ValueCell
                        label={`${kpi.name} actual ${name}`}
                        id={`cell-${kpi.id}-${month.date}`}
                        stored={month.value}
                        text={entry?.text ?? refused?.text}
                        display={entry ? (typeof entry.value === "number" ? format(entry.value) : null) : refused ? null : month.value === null ? null : format(month.value)}
                        error={refused?.message ?? (entry && notSaved ? `Not saved: ${notSaved}` : undefined)}
                        hintId={hintId}
                        pending={entry !== undefined}
                        onCommit={(text) => onEdit(month.date, text)}
                        onDraftChange={(dirty) => drafts.set(month.date, dirty)}
                      />
                    ) : (
                      format(month.value)
                    )}
                  </Td>
                  <Td numeric>{format(month.planningValue)}</Td>
                  <Td numeric tone={deviation.kind === "percent" ? toneOf(deviation.percent, kpi.higherIsBetter) : undefined}>
                    {deviation.kind === "percent" ? (
                      <>
                        {deviation.text}
                        {deviation.percent !== 0 ? <VisuallyHidden>{toneOf(deviation.percent, kpi.higherIsBetter) === "good" ? " (favourable)" : " (unfavourable)"}</VisuallyHidden> : null}
                      </>
                    ) : (
                      <Text $tone="muted">{absentDeviationText(deviation, "plan")}</Text>
                    )}
                  </Td>
                  <Td numeric>{format(month.lastYearValue)}</Td>
                  <Td numeric>{format(month.forecastValue)}</Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableFrame>
    </Grid>
  );
}

/** Good when the deviation goes the KPI's way, bad against it, neutral at 0. */
const toneOf = (percent: number, higherIsBetter: boolean): CellTone => (percent === 0 ? "neutral" : percent > 0 === higherIsBetter ? "good" : "bad");

/** Which cells (by key: a month here, a KPI in the data input grid) hold typed text not yet committed: unsaved too, for the guard. */
export function useDrafts() {
  const [dirtyCells, setDirtyCells] = useState<ReadonlySet<string>>(new Set());
  const set = useCallback((cell: string, dirty: boolean) => {
    setDirtyCells((current) => {
      if (current.has(cell) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(cell);
      else next.delete(cell);
      return next;
    });
  }, []);
  return { any: dirtyCells.size > 0, set };
}

const Grid = styled.div`
  display: grid;
  gap: 12px;
  min-width: 0;
  /* Keeps the visually hidden "(favourable)" inside the scroll area, not widening the page. */
  tbody td { position: relative; }
  tbody td:has(input) { height: auto; padding-top: 2px; padding-bottom: 2px; }
`;
