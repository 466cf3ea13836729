import { DashboardView } from "./dashboard-view";

/** /reporting/strategic-dashboard */
export default function StrategicDashboardScreen() {
  return <DashboardView kind="strategic" title="Strategic dashboard" />;
}
