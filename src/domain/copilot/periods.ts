import { fiscalYearEnd, fiscalYearStart } from "../fiscal-calendar";
import { fiscalBucketOf } from "../kpi/periods";
import { monthIndexOf, monthRangeLabel, type MonthIndex } from "../months";

/**
 * The periods a copilot question or tool names, as whole months of the company's fiscal calendar.
 * `ytd`, `ltm`, `fy` and `month` end at `end`; `fy` covers the whole fiscal year holding `end`.
 */
export const COPILOT_PERIODS = ["month", "quarter", "ytd", "ltm", "fy"] as const;
export type CopilotPeriodKind = (typeof COPILOT_PERIODS)[number];

export interface CopilotPeriod {
  readonly kind: CopilotPeriodKind;
  readonly first: MonthIndex;
  /** The last month the period reads (for `fy`, the year's last month). */
  readonly last: MonthIndex;
  /** The reporting month the figures are taken at (the aggregates API's endDate). */
  readonly end: MonthIndex;
  /** "YTD Apr – Jun 2026", "Jun 2026", "FY Apr 2026 – Mar 2027", "LTM Jul 2025 – Jun 2026". */
  readonly label: string;
}

/** The last complete month on `today` (YYYY-MM-DD): reporting reads closed months. */
export const lastCompleteMonth = (today: string): MonthIndex => monthIndexOf(`${today.slice(0, 7)}-01`) - 1;

/** The period of `kind` at the reporting month `end`. */
export function periodAt(kind: CopilotPeriodKind, end: MonthIndex, fiscalYearOffset: number): CopilotPeriod {
  switch (kind) {
    case "month":
      return { kind, first: end, last: end, end, label: monthRangeLabel(end, end) };
    case "quarter": {
      const first = fiscalBucketOf(end, 3, fiscalYearOffset).first;
      return { kind, first, last: end, end, label: `QTD ${monthRangeLabel(first, end)}` };
    }
    case "ytd": {
      const first = fiscalYearStart(end, fiscalYearOffset);
      return { kind, first, last: end, end, label: `YTD ${monthRangeLabel(first, end)}` };
    }
    case "ltm":
      return { kind, first: end - 11, last: end, end, label: `LTM ${monthRangeLabel(end - 11, end)}` };
    case "fy": {
      const first = fiscalYearStart(end, fiscalYearOffset);
      return { kind, first, last: fiscalYearEnd(end, fiscalYearOffset), end, label: `FY ${monthRangeLabel(first, first + 11)}` };
    }
  }
}

/** A period word found in a question, and the period it means on `today`. */
interface PeriodWord {
  readonly pattern: RegExp;
  readonly period: (lastComplete: MonthIndex, fiscalYearOffset: number) => CopilotPeriod;
}

// Order matters: the more specific phrase first ("last 12 months" before "last month").
const PERIOD_WORDS: readonly PeriodWord[] = [
  { pattern: /\b(last|past|trailing)\s+(12|twelve)\s+months\b|\bltm\b/, period: (end) => periodAt("ltm", end, 0) },
  { pattern: /\b(this|current)\s+(fiscal\s+)?quarter\b|\bqtd\b|\bquarter\s+to\s+date\b/, period: (end, offset) => periodAt("quarter", end, offset) },
  { pattern: /\blast\s+(fiscal\s+)?year\b|\bprevious\s+(fiscal\s+)?year\b/, period: (end, offset) => periodAt("fy", fiscalYearStart(end, offset) - 1, offset) },
  { pattern: /\b(full|whole)\s+(fiscal\s+)?year\b|\bfy\b|\bfor\s+the\s+year\b|\byear[-\s]end\b/, period: (end, offset) => periodAt("fy", end, offset) },
  { pattern: /\b(this|current)\s+(fiscal\s+)?year\b|\bytd\b|\byear\s+to\s+date\b|\bso\s+far\s+this\s+year\b/, period: (end, offset) => periodAt("ytd", end, offset) },
  { pattern: /\blast\s+month\b|\bprevious\s+month\b|\bthis\s+month\b|\bcurrent\s+month\b/, period: (end) => periodAt("month", end, 0) },
];

/**
 * The period a question names ("this year", "last month", "over the last 12 months", "last
 * year", "this quarter", "full year"), else year to date. "This month" is the last complete
 * month: the month under way has no actuals yet.
 */
export function periodOfQuestion(question: string, today: string, fiscalYearOffset: number): CopilotPeriod & { readonly named: boolean } {
  const text = question.toLowerCase();
  const lastComplete = lastCompleteMonth(today);
  for (const word of PERIOD_WORDS) if (word.pattern.test(text)) return { ...word.period(lastComplete, fiscalYearOffset), named: true };
  return { ...periodAt("ytd", lastComplete, fiscalYearOffset), named: false };
}
