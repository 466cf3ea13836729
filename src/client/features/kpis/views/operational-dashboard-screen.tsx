import { DashboardView } from "./dashboard-view";

/** /reporting/operational-dashboard */
export default function OperationalDashboardScreen() {
  return <DashboardView kind="operational" title="Operational dashboard" />;
}
