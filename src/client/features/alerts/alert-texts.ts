import type { KpiAlert } from "../../../contracts/alerts";
import { describeCondition } from "../../../domain/alerts/alert-condition";
import type { AlertFrequency } from "../../../domain/alerts/send-times";
import { formatNumber } from "../../../domain/kpi/number-format";

/** How the alert screens name frequencies, months and times. */
export const FREQUENCY_LABELS: Record<AlertFrequency, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };
export const FREQUENCY_HINTS: Record<AlertFrequency, string> = {
  daily: "Every day at 6.30 pm",
  weekly: "Fridays at 6.30 pm",
  monthly: "The last Friday of the month at 6.30 pm",
};
export const MONTH_OFFSET_LABELS: Record<0 | -1, string> = { 0: "Current month", [-1]: "Previous month" };

/** An instant in the company's time zone: "Fri 27 Mar 2026, 18:30". */
export function sendTimeText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));
}

/** The condition in words with plain numbers (the KPI's unit is on the screen around it). */
export const conditionText = (alert: Pick<KpiAlert, "condition">) => {
  const text = describeCondition(alert.condition, (value) => formatNumber(value));
  return text.charAt(0).toUpperCase() + text.slice(1);
};
