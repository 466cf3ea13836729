import { DashboardView } from "./dashboard-view";

/** /my-dashboard/{tab?}: the favorite KPIs (tab favorite-kpis, the only tab so far). */
export default function MyDashboardScreen() {
  return <DashboardView kind="favorites" title="My dashboard" />;
}
