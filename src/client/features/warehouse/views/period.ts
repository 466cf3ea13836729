import { fiscalYearStart } from "../../../../domain/fiscal-calendar";
import type { MonthIndex } from "../../../../domain/months";

/** The periods the warehouse screens offer, counted from the current month. */
export const PERIOD_PRESETS = [
  { value: "last-12-months", label: "Last 12 months" },
  { value: "this-fiscal-year", label: "This fiscal year" },
  { value: "last-fiscal-year", label: "Last fiscal year" },
  { value: "last-3-months", label: "Last 3 months" },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]["value"];
export const DEFAULT_PERIOD: PeriodPreset = "last-12-months";

/** A preset's months, both included; "last 12 months" ends with the current one (its deals so far). */
export function presetPeriod(preset: PeriodPreset, current: MonthIndex, fiscalYearOffset: number): { from: MonthIndex; to: MonthIndex } {
  const yearStart = fiscalYearStart(current, fiscalYearOffset);
  switch (preset) {
    case "last-12-months":
      return { from: current - 11, to: current };
    case "this-fiscal-year":
      return { from: yearStart, to: yearStart + 11 };
    case "last-fiscal-year":
      return { from: yearStart - 12, to: yearStart - 1 };
    case "last-3-months":
      return { from: current - 2, to: current };
  }
}
