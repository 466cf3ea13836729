import { formatKpiValue, formatNumber, MINUS } from "../kpi/number-format";

/**
 * How the offline analyst words its answers: short, with the numbers as the screens show them.
 * Names from the data (KPI names) appear only as names, in bold, never as part of a sentence's
 * instructions; glossary text and comments are never quoted.
 */
export const CAPABILITIES = [
  "I am the built-in analyst: I answer from your company's numbers, without an external AI model. I can answer:",
  "- which KPIs are furthest behind plan (this year, last month, over the last 12 months, for the full year);",
  "- how a KPI is doing against plan (\"how is revenue doing against plan this year?\");",
  "- why a calculated KPI changed: the formula inputs that moved it most (\"why did EBITDA change last month?\");",
  "- the cash runway;",
  "- which KPIs moved most;",
  "- a KPI over the last months (\"show revenue over the last 12 months\").",
].join("\n");

export const cannotAnswer = () => `I can't answer that question from the numbers with the built-in analyst.\n\n${CAPABILITIES}`;

export const noSuchKpi = (phrase: string) => `I found no KPI called “${phrase}” that you can read. Ask with the KPI's name as it appears in reporting.`;

export const value = (amount: number | null, unit: string, currency: string) => formatKpiValue(amount, unit, { currency });

/** "12.5 %" with a leading sign: "+12.5 %", "−3.0 %". */
export function signedPercent(percent: number): string {
  const text = `${formatNumber(Math.abs(percent), 1)} %`;
  return percent > 0 ? `+${text}` : percent < 0 ? `${MINUS}${text}` : text;
}

/** "4.0 % ahead of plan" or "12.5 % behind plan", in the KPI's good direction. */
export function againstPlan(deviationPercent: number, higherIsBetter: boolean): string {
  if (deviationPercent === 0) return "exactly on plan";
  const ahead = higherIsBetter ? deviationPercent > 0 : deviationPercent < 0;
  return `${formatNumber(Math.abs(deviationPercent), 1)} % ${deviationPercent > 0 ? "above" : "below"} plan (${ahead ? "ahead of" : "behind"} plan)`;
}

/** "1 month", "2.5 months". */
export const monthsText = (months: number) => `${formatNumber(months, 1)} month${months === 1 ? "" : "s"}`;
