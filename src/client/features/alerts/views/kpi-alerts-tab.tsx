import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { KpiAlert } from "../../../../contracts/alerts";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Icon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import type { DetailTabProps } from "../../kpis/views/detail/detail-tabs";
import { AlertDialog } from "./alert-dialog";
import { AlertsTable } from "./alerts-table";
import { useAlertList } from "./use-alert-list";

/**
 * The KPI detail's Alerts tab (/reporting/kpi-detail/{kpiId}/alerts): the person's alerts on this
 * KPI with their last trigger and next check; set one in the two-stage dialog (also opened by
 * …/alerts/new, where the detail's bell links), edit, pause, delete. Alerts are personal: nobody
 * else sees them.
 */
export function KpiAlertsTab({ kpi, rest }: DetailTabProps) {
  const [, navigate] = useLocation();
  const { list, timeZone, reload } = useAlertList(kpi.id);
  const [editing, setEditing] = useState<KpiAlert | null>(null);
  const [creating, setCreating] = useState(false);
  const tabPath = `/reporting/kpi-detail/${kpi.id}/alerts`;
  const asked = rest[0] === "new";
  const close = () => {
    setEditing(null);
    setCreating(false);
    if (asked) navigate(tabPath, { replace: true });
  };
  const open = creating || asked || editing !== null;
  const setAlert = (
    <Button variant="primary" icon={<Icon name="bell" />} onClick={() => setCreating(true)}>
      Set alert
    </Button>
  );
  let body;
  if (!list || (list.status === "loading" && list.alerts.length === 0)) body = <LoadingState variant="skeleton" lines={3} label="Loading alerts…" />;
  else if (list.status === "error") body = <ErrorState title="The alerts could not be loaded" message={list.message ?? ""} onRetry={reload} />;
  else if (list.alerts.length === 0) body = <EmptyState title={`You have no alert on ${kpi.name} yet.`} text="An alert e-mails and notifies you when the value leaves its boundaries or moves by a percentage, checked at 6.30 pm in the company's time zone." action={setAlert} headingLevel={3} />;
  else body = <AlertsTable alerts={list.alerts} timeZone={timeZone ?? "UTC"} showKpi={false} onEdit={setEditing} empty="No alerts." />;
  return (
    <Card
      title="Your alerts on this KPI"
      actions={
        <>
          <Link href="/reporting/alerts">All my alerts</Link>
          {list?.alerts.length ? setAlert : null}
        </>
      }
    >
      {body}
      {open && timeZone !== null ? <AlertDialog kpi={kpi} alert={editing} onClose={close} /> : null}
    </Card>
  );
}
