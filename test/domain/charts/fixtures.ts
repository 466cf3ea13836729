import type { HistoryBucket } from "../../../src/contracts/kpis";

/** A history bucket with the figures given (the others null) and `months` of data behind each of them. */
export function bucket(label: string, startDate: string, figures: Partial<Record<"actual" | "planning" | "lastYear" | "forecast", number>>, months = { period: 1, data: 1 }): HistoryBucket {
  const count = (key: "actual" | "planning" | "lastYear" | "forecast") => (figures[key] === undefined ? 0 : months.data);
  return {
    label,
    rangeLabel: label,
    startDate,
    endDate: startDate,
    actual: figures.actual ?? null,
    planning: figures.planning ?? null,
    forecast: figures.forecast ?? null,
    lastYear: figures.lastYear ?? null,
    monthCounts: { period: months.period, inRange: months.period, actual: count("actual"), planning: count("planning"), forecast: count("forecast"), lastYear: count("lastYear") },
    actualVsPlanning: { months: 0, actual: null, planning: null },
    actualVsLastYear: { months: 0, actual: null, lastYear: null },
  };
}
