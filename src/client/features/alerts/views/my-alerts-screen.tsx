import { useState } from "react";
import type { KpiAlert } from "../../../../contracts/alerts";
import { Card } from "../../../ui/card";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { AlertDialog } from "./alert-dialog";
import { AlertsTable } from "./alerts-table";
import { useAlertList } from "./use-alert-list";

/**
 * /reporting/alerts: all of the person's KPI alerts, each linking to its KPI's Alerts tab, with
 * their last trigger and next check in the company's time zone; edit, pause, delete. New alerts
 * are set on a KPI's detail, where its figures are in view.
 */
export default function MyAlertsScreen() {
  const { list, timeZone, reload } = useAlertList(null);
  const [editing, setEditing] = useState<KpiAlert | null>(null);
  const paused = list?.alerts.filter((alert) => alert.paused).length ?? 0;
  let body;
  if (!list || (list.status === "loading" && list.alerts.length === 0)) body = <LoadingState variant="skeleton" lines={4} label="Loading alerts…" />;
  else if (list.status === "error") body = <ErrorState title="The alerts could not be loaded" message={list.message ?? ""} onRetry={reload} />;
  else if (list.alerts.length === 0) body = <EmptyState title="You have no alerts yet." text="Open a KPI and set one on its Alerts tab: you are e-mailed and notified when its value leaves the boundaries you set or moves by a percentage." />;
  else body = <AlertsTable alerts={list.alerts} timeZone={timeZone ?? "UTC"} showKpi onEdit={setEditing} empty="No alerts." />;
  return (
    <Page>
      <PageHeader
        title="My alerts"
        description={
          list?.status === "loaded" && list.alerts.length > 0
            ? `${list.alerts.length} alert${list.alerts.length === 1 ? "" : "s"}${paused ? `, ${paused} paused` : ""}. Checked at 6.30 pm ${timeZone ? `(${timeZone})` : ""}: daily, on Fridays, or on the last Friday of the month.`
            : "Your KPI alerts, checked at 6.30 pm in the company's time zone."
        }
      />
      <Card padding="none">{body}</Card>
      {editing ? <AlertDialog kpi={{ id: editing.kpiId, name: editing.kpiName, unit: editing.kpiUnit }} alert={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
