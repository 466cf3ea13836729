import { useContext, useId, useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { NUMBER_INPUT_HINT } from "../../../../domain/kpi/number-input";
import { monthDateOf, monthIndexAt, monthIndexOf, monthLabel } from "../../../../domain/months";
import { ClockContext } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { MonthInput } from "../../../ui/compact-controls";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { ValueCell } from "../../kpis/views/detail/value-cell";
import { useKpiMeta, useKpiView } from "../../kpis/views/hooks";
import { useDrafts } from "../../kpis/views/value-grid";
import { selectCanUpload } from "../permissions";

/**
 * /data-management/data-input: one month's actuals for every KPI the person may write, typed in
 * a grid with the KPI detail's cells and rules (English number format, '-' removes, unit
 * shorthands, binary and position KPIs, the same messages), saved together in one request
 * (POST /api/kpis/monthly-values/: all values or none). Money is in the corporate currency.
 */
export default function DataInputScreen() {
  const allowed = useModel(selectCanUpload);
  return allowed ? <DataInput /> : <PermissionDenied />;
}

function DataInput() {
  const dispatch = useDispatch();
  const now = useContext(ClockContext);
  const meta = useKpiMeta();
  const currency = useModel((state: AppState) => state.session.company?.localCurrency ?? "EUR");
  // The last complete month: the one whose actuals come in now.
  const [month, setMonth] = useState(() => monthIndexAt(new Date(now())) - 1);
  const date = monthDateOf(month);
  const writable = meta.kpis.filter((kpi) => kpi.writable);
  const values = useKpiView(meta.status === "loaded" ? ({ _tag: "LoadKpiValues", key: "data-input", startDate: date, date, type: "all", idList: null, includePlanning: true, fxRate: null } as const) : null);
  const pendingAll = useModel((state: AppState) => state.kpis.pending);
  const rejectedAll = useModel((state: AppState) => state.kpis.rejected);
  const savingAll = useModel((state: AppState) => state.kpis.saving);
  const drafts = useDrafts();
  const hintId = useId();

  const pendingIds = writable.filter((kpi) => pendingAll[kpi.id]?.[date]).map((kpi) => kpi.id);
  const rejectedIds = writable.filter((kpi) => rejectedAll[kpi.id]?.[date]).map((kpi) => kpi.id);
  const saving = pendingIds.some((id) => savingAll[id]?.status === "saving");
  const failure = pendingIds.map((id) => savingAll[id]).find((entry) => entry?.status === "error")?.message ?? null;
  const unsaved = pendingIds.length > 0 || rejectedIds.length > 0 || drafts.any;
  useUnsavedChangesGuard(unsaved);

  const byKpi = new Map((values?.data ?? []).map((entry) => [entry.id, entry.values[0]] as const));
  const categories = groupByCategory(writable);

  return (
    <Page>
      <PageHeader title="Data input" description={`Type one month's actuals for the KPIs you may write. Money is in ${currency}, the corporate currency. Nothing is saved until you press Save; then all values are saved together, or none.`} />
      <Stack $gap="md">
        <Cluster $gap="md">
          <MonthInput label="Month" value={date.slice(0, 7)} disabled={unsaved} onChange={(value) => setMonth(monthIndexOf(`${value}-01`))} />
          <Button variant="primary" disabled={pendingIds.length === 0} busy={saving} onClick={() => dispatch({ _tag: "SaveMonthValues", date, kpiIds: pendingIds })}>
            {pendingIds.length === 1 ? "Save 1 change" : `Save ${pendingIds.length} changes`}
          </Button>
          <Button disabled={pendingIds.length === 0 && rejectedIds.length === 0} onClick={() => [...new Set([...pendingIds, ...rejectedIds])].forEach((kpiId) => dispatch({ _tag: "DiscardPendingValues", kpiId }))}>
            Discard
          </Button>
        </Cluster>
        <Text $size="sm" $tone="muted" id={hintId}>
          {NUMBER_INPUT_HINT} {unsaved ? "Save or discard your changes to choose another month." : ""}
        </Text>
        {failure ? (
          <Alert tone="danger" title="Not saved">
            {failure} Your typed values are kept below; correct them or try Save again.
          </Alert>
        ) : null}
        {meta.status === "error" ? (
          <ErrorState message={meta.message ?? "The KPIs could not be loaded."} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} />
        ) : meta.status !== "loaded" || !values?.data ? (
          values?.status === "error" ? (
            <ErrorState message={values.message ?? "The values could not be loaded."} onRetry={() => dispatch({ _tag: "LoadKpiValues", key: "data-input", startDate: date, date, type: "all", idList: null, includePlanning: true, fxRate: null })} />
          ) : (
            <LoadingState variant="skeleton" lines={8} label="Loading KPIs…" />
          )
        ) : writable.length === 0 ? (
          <EmptyState title="No KPI to enter" text="You may not write any KPI's values. Ask an administrator for write permissions." />
        ) : (
          categories.map(([category, kpis]) => (
            <Card key={category} title={category} padding="md" style={{ minWidth: 0 }}>
              <AlignedTable>
              <TableFrame label={`${category}: actuals of ${monthLabel(month)}, scrollable`} maxHeight="none">
                <Table aria-label={`${category}: actuals of ${monthLabel(month)}`}>
                  <thead>
                    <tr>
                      <Th scope="col" sticky>
                        KPI
                      </Th>
                      <Th scope="col" numeric>
                        {`Actual ${monthLabel(month)}`}
                      </Th>
                      <Th scope="col" numeric>
                        Plan
                      </Th>
                      <Th scope="col" numeric>
                        Last year
                      </Th>
                    </tr>
                  </thead>
                  <tbody>
                    {kpis.map((kpi) => {
                      const stored = byKpi.get(kpi.id);
                      const entry = pendingAll[kpi.id]?.[date];
                      const refused = rejectedAll[kpi.id]?.[date];
                      const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency, scale: "none" });
                      return (
                        <tr key={kpi.id} data-kpi={kpi.id}>
                          <Th scope="row" sticky>
                            <Link href={`/reporting/kpi-detail/${kpi.id}`} state={{ from: "/data-management/data-input" }}>
                              {kpi.name}
                            </Link>
                          </Th>
                          <InputCell numeric>
                            <ValueCell
                              label={`${kpi.name} actual ${monthLabel(month)}`}
                              id={`input-${kpi.id}-${date}`}
                              stored={stored?.value ?? null}
                              text={entry?.text ?? refused?.text}
                              display={entry ? (typeof entry.value === "number" ? format(entry.value) : null) : refused ? null : stored?.value == null ? null : format(stored.value)}
                              error={refused?.message ?? (entry && failure ? `Not saved: ${failure}` : undefined)}
                              hintId={hintId}
                              pending={entry !== undefined}
                              onCommit={(text) => dispatch({ _tag: "EditKpiValue", kpiId: kpi.id, date, text, unit: kpi.unit })}
                              onDraftChange={(dirty) => drafts.set(String(kpi.id), dirty)}
                            />
                          </InputCell>
                          <Td numeric>{format(stored?.planningValue)}</Td>
                          <Td numeric>{format(stored?.lastYearValue)}</Td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Table>
              </TableFrame>
              </AlignedTable>
            </Card>
          ))
        )}
      </Stack>
    </Page>
  );
}

/** The KPIs by category, in catalogue order. */
function groupByCategory(kpis: readonly KpiMeta[]): [string, KpiMeta[]][] {
  const groups = new Map<string, KpiMeta[]>();
  for (const kpi of kpis) groups.set(kpi.category.name, [...(groups.get(kpi.category.name) ?? []), kpi]);
  return [...groups];
}

/** Every category's table has the same columns, so they line up from card to card. */
const AlignedTable = styled.div`
  min-width: 0;
  table { table-layout: fixed; width: 100%; min-width: 46rem; }
  thead th:nth-child(2) { width: 12.5rem; }
  thead th:nth-child(3), thead th:nth-child(4) { width: 9rem; }
  th:first-child a { overflow-wrap: anywhere; }
`;

const InputCell = styled(Td)`
  height: auto;
  padding-top: 2px;
  padding-bottom: 2px;
`;
