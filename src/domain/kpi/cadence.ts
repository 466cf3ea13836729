import type { MonthIndex } from "../months";

export type ReportingCadence = "automated" | "weekly" | "bi-weekly" | "monthly" | "bi-monthly" | "quarterly" | "semi-annually" | "annually";

/**
 * Months a KPI's newest value may lag behind the last complete month before it is outdated.
 * Values are monthly, so weekly and automated KPIs are due every month, like monthly ones.
 */
export const ALLOWED_LAG_MONTHS: Readonly<Record<ReportingCadence, number>> = {
  automated: 0,
  weekly: 0,
  "bi-weekly": 0,
  monthly: 0,
  "bi-monthly": 1,
  quarterly: 2,
  "semi-annually": 5,
  annually: 11,
};

/** "outdated" when the newest actual is older than its cadence allows, seen from `currentMonth`. */
export function outdatedStatus(cadence: ReportingCadence, newestActual: MonthIndex | null, currentMonth: MonthIndex): "up to date" | "outdated" {
  const lastCompleteMonth = currentMonth - 1;
  if (newestActual === null) return "outdated";
  return lastCompleteMonth - newestActual > ALLOWED_LAG_MONTHS[cadence] ? "outdated" : "up to date";
}
