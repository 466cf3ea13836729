import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiAlert } from "../../../../contracts/alerts";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { conditionText, FREQUENCY_LABELS, MONTH_OFFSET_LABELS, sendTimeText } from "../alert-texts";

export interface AlertsTableProps {
  readonly alerts: readonly KpiAlert[];
  readonly timeZone: string;
  /** The KPI column, linking to the KPI's Alerts tab (My alerts); the tab of one KPI leaves it out. */
  readonly showKpi: boolean;
  readonly onEdit: (alert: KpiAlert) => void;
  readonly empty: string;
}

/**
 * The person's alerts: what each watches, how often, when it last fired (and why) and when it is
 * next checked, in the company's time zone; edit, pause or resume, delete (confirmed).
 */
export function AlertsTable({ alerts, timeZone, showKpi, onEdit, empty }: AlertsTableProps) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const busy = useModel((state: AppState) => state.alerts.busy);
  const remove = async (alert: KpiAlert) => {
    const sure = await confirm({ title: `Delete the alert on ${alert.kpiName}?`, confirmLabel: "Delete", tone: "danger", message: `Its history of ${alert.history.length} trigger${alert.history.length === 1 ? "" : "s"} is deleted too.` });
    if (sure) dispatch({ _tag: "DeleteAlert", alertId: alert.id, kpiName: alert.kpiName });
  };
  const columns: DataTableColumn<KpiAlert>[] = [
    ...(showKpi ? [{ key: "kpi", header: "KPI", rowHeader: true, sortValue: (alert: KpiAlert) => alert.kpiName, cell: (alert: KpiAlert) => <Link href={`/reporting/kpi-detail/${alert.kpiId}/alerts`}>{alert.kpiName}</Link> }] : []),
    { key: "condition", header: "Condition", rowHeader: !showKpi, cell: (alert) => <Wrapped>{conditionText(alert)}</Wrapped> },
    { key: "month", header: "Month", cell: (alert) => MONTH_OFFSET_LABELS[alert.monthOffset] },
    { key: "frequency", header: "Frequency", sortValue: (alert) => ["daily", "weekly", "monthly"].indexOf(alert.frequency), cell: (alert) => FREQUENCY_LABELS[alert.frequency] },
    {
      key: "last",
      header: "Last triggered",
      sortValue: (alert) => alert.lastTriggeredAt,
      cell: (alert) =>
        alert.history[0] ? (
          <Cell>
            {sendTimeText(alert.history[0].triggeredAt, timeZone)}
            <span className="note">{alert.history[0].reason}</span>
          </Cell>
        ) : (
          <Cell>
            Never
            {alert.lastCheckNote ? <span className="note">Last check: {alert.lastCheckNote}</span> : null}
          </Cell>
        ),
    },
    {
      key: "next",
      header: "Next check",
      sortValue: (alert) => alert.nextCheckAt,
      cell: (alert) => (alert.nextCheckAt ? sendTimeText(alert.nextCheckAt, timeZone) : <Badge tone="warning">Paused</Badge>),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (alert) => {
        const working = busy.includes(alert.id);
        return (
          <Actions>
            <Button size="sm" variant="quiet" onClick={() => onEdit(alert)} aria-label={`Edit the alert on ${alert.kpiName}: ${conditionText(alert)}`}>
              Edit
            </Button>
            <Button size="sm" variant="quiet" busy={working} onClick={() => dispatch({ _tag: "PauseAlert", alertId: alert.id, kpiName: alert.kpiName, paused: !alert.paused })} aria-label={`${alert.paused ? "Resume" : "Pause"} the alert on ${alert.kpiName}: ${conditionText(alert)}`}>
              {alert.paused ? "Resume" : "Pause"}
            </Button>
            <Button size="sm" variant="quiet" disabled={working} onClick={() => void remove(alert)} aria-label={`Delete the alert on ${alert.kpiName}: ${conditionText(alert)}`}>
              Delete
            </Button>
          </Actions>
        );
      },
    },
  ];
  return <DataTable label="Alerts" columns={columns} rows={alerts} rowKey={(alert) => alert.id} empty={empty} maxHeight="none" />;
}

/** Long texts wrap in a readable measure, so the table fits beside the menu without scrolling sideways. */
const Wrapped = styled.span`
  display: block;
  white-space: normal;
  min-width: 18ch;
  max-width: 34ch;
`;

const Cell = styled.span`
  display: grid;
  white-space: normal;
  min-width: 16ch;
  gap: 2px;
  .note { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; max-width: 36ch; }
`;

const Actions = styled.span`
  display: inline-flex;
  gap: ${SPACE.xs};
  flex-wrap: nowrap;
`;
