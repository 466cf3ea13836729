import { formatKpiValue } from "../kpi/number-format";

/**
 * A change of a KPI in words: in its unit, except that a change of a percentage is in percentage
 * points ("3.8 pp"), so a margin falling from 68.3 % to 64.6 % is never read as a relative change.
 */
export function formatKpiChange(value: number, unit: string, currency: string): string {
  return unit === "percentage" ? `${formatKpiValue(value, "number", { decimals: 1, scale: "none" })} pp` : formatKpiValue(value, unit, { currency });
}
