import { AGGREGATION_TYPES, KPI_CADENCES, KPI_UNITS, VALIDATION_STATES } from "../../../../contracts/kpi-management";
import type { SelectOption } from "../../../ui/inputs";

/** The words the KPI settings show for each stored value. */
export const UNIT_LABEL: Readonly<Record<string, string>> = {
  number: "Number",
  percentage: "Percentage",
  currency: "Currency",
  seconds: "Seconds",
  days: "Days",
  months: "Months",
  years: "Years",
  positions: "Positions (FTE)",
  binary: "Yes / no",
};
export const AGGREGATION_LABEL: Readonly<Record<string, string>> = { cum: "Sum of the months", ad: "Average of the months", dd: "Last month's value" };
export const SENSITIVITY_LABEL: readonly string[] = ["0 · Non-sensitive", "1 · Sensitive", "2 · Most sensitive", "3 · Super sensitive"];
/** The level alone, for the table's narrow column. */
export const SENSITIVITY_SHORT: readonly string[] = ["Non-sensitive", "Sensitive", "Most sensitive", "Super sensitive"];
export const AGGREGATION_SHORT: Readonly<Record<string, string>> = { cum: "sum", ad: "average", dd: "last month" };
export const VALIDATION_LABEL: Readonly<Record<string, string>> = { validated: "Validated", in_validation: "In validation", unvalidated: "Unvalidated" };
export const CADENCE_LABEL = (cadence: string) => cadence.charAt(0).toUpperCase() + cadence.slice(1).replace("-", " ");

export const UNIT_OPTIONS: SelectOption[] = KPI_UNITS.map((unit) => ({ value: unit, label: UNIT_LABEL[unit]! }));
export const AGGREGATION_OPTIONS: SelectOption[] = AGGREGATION_TYPES.map((type) => ({ value: type, label: AGGREGATION_LABEL[type]! }));
export const CADENCE_OPTIONS: SelectOption[] = KPI_CADENCES.map((cadence) => ({ value: cadence, label: CADENCE_LABEL(cadence) }));
export const VALIDATION_OPTIONS: SelectOption[] = VALIDATION_STATES.map((state) => ({ value: state, label: VALIDATION_LABEL[state]! }));
export const DIRECTION_OPTIONS: SelectOption[] = [
  { value: "higher", label: "Higher is better" },
  { value: "lower", label: "Lower is better" },
];
/** Levels up to the one the person may read: a higher one would hide the KPI from them. */
export const sensitivityOptions = (readLevel: number): SelectOption<number>[] => SENSITIVITY_LABEL.map((label, level) => ({ value: level, label, disabled: level > readLevel }));
