/**
 * Another person's change to a custom dashboard, in words (the server's events carry ids and
 * revisions only, so the dashboard's name comes from what the reader has loaded).
 */
export const DASHBOARD_EVENTS: ReadonlySet<string> = new Set([
  "CustomDashboardCreated",
  "CustomDashboardChanged",
  "CustomDashboardDeleted",
  "CustomDashboardSharesChanged",
  "DashboardCardAdded",
  "DashboardCardChanged",
  "DashboardCardRemoved",
  "DashboardLayoutChanged",
]);

export function describeDashboardChange(type: string, data: Record<string, unknown>, who: string, dashboardName: (id: number) => string | undefined): { text: string; href: string | null } | null {
  const id = typeof data["dashboardId"] === "number" ? data["dashboardId"] : null;
  const known = id === null ? undefined : dashboardName(id);
  const name = known ? `the custom dashboard “${known}”` : "a custom dashboard";
  const href = id === null ? "/reporting/custom" : `/reporting/custom-dashboard/${id}`;
  switch (type) {
    case "CustomDashboardCreated":
      return { text: typeof data["duplicateOf"] === "number" ? `${who} duplicated ${dashboardName(data["duplicateOf"]) ? `the custom dashboard “${dashboardName(data["duplicateOf"])}”` : "a custom dashboard"}` : `${who} created a custom dashboard`, href };
    case "CustomDashboardChanged":
      if (data["locked"] === true) return { text: `${who} locked ${name}`, href };
      if (data["locked"] === false) return { text: `${who} unlocked ${name}`, href };
      if (typeof data["name"] === "string") return { text: known && known !== data["name"] ? `${who} renamed the custom dashboard “${known}” to “${data["name"]}”` : `${who} renamed a custom dashboard to “${data["name"]}”`, href };
      return { text: `${who} changed ${name}`, href };
    case "CustomDashboardDeleted":
      return { text: `${who} deleted ${name}`, href: "/reporting/custom" };
    case "CustomDashboardSharesChanged":
      return { text: `${who} changed who sees ${name}`, href };
    case "DashboardCardAdded":
      return { text: `${who} added a card to ${name}`, href };
    case "DashboardCardChanged":
      return { text: `${who} changed a card on ${name}`, href };
    case "DashboardCardRemoved":
      return { text: `${who} removed a card from ${name}`, href };
    case "DashboardLayoutChanged":
      return { text: `${who} moved or resized cards on ${name}`, href };
    default:
      return null;
  }
}
