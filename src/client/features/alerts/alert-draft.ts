import type { AlertCondition, KpiAlert } from "../../../contracts/alerts";
import { conditionProblems } from "../../../domain/alerts/alert-condition";
import type { AlertFrequency } from "../../../domain/alerts/send-times";
import { parseNumberInput } from "../../../domain/kpi/number-input";

/**
 * What the alert dialog holds while a person types: numbers as text (parsed with the domain's
 * number rules, in the KPI's unit, so "1.2m" works for money), both kinds of condition at once so
 * switching kind loses nothing. `conditionOfDraft` turns it into a condition or field messages.
 */
export interface AlertDraft {
  readonly kind: AlertCondition["kind"];
  readonly lower: string;
  readonly upper: string;
  readonly basis: "previous_period" | "plan";
  readonly direction: "up" | "down" | "either";
  readonly percent: string;
  readonly minimumBaseline: string;
  readonly monthOffset: 0 | -1;
  readonly frequency: AlertFrequency;
}

export const NEW_ALERT_DRAFT: AlertDraft = { kind: "boundary", lower: "", upper: "", basis: "previous_period", direction: "either", percent: "10", minimumBaseline: "", monthOffset: 0, frequency: "weekly" };

/** The draft of an alert being edited. */
export function draftOf(alert: KpiAlert | null): AlertDraft {
  if (!alert) return NEW_ALERT_DRAFT;
  const text = (value: number | null) => (value === null ? "" : String(value));
  const base = { ...NEW_ALERT_DRAFT, monthOffset: alert.monthOffset, frequency: alert.frequency };
  const condition = alert.condition;
  if (condition.kind === "boundary") return { ...base, kind: "boundary", lower: text(condition.lower), upper: text(condition.upper) };
  return { ...base, kind: "change", basis: condition.basis, direction: condition.direction, percent: String(condition.percent), minimumBaseline: condition.minimumBaseline === 0 ? "" : String(condition.minimumBaseline) };
}

export type DraftOutcome = { readonly condition: AlertCondition } | { readonly problems: Readonly<Record<string, readonly string[]>> };

/** The draft's condition, or what is wrong with it by field (lower, upper, percent, minimumBaseline). */
export function conditionOfDraft(draft: AlertDraft, unit: string): DraftOutcome {
  const problems: Record<string, string[]> = {};
  // An empty box means no boundary (spec section 5); for the baseline, none (0).
  const number = (field: string, text: string, valueUnit: string): number | null => {
    if (text.trim() === "") return null;
    const parsed = parseNumberInput(text, valueUnit);
    if (parsed.kind === "value") return parsed.value;
    problems[field] = [parsed.kind === "invalid" ? parsed.message : "Leave the box empty for no value."];
    return null;
  };
  let condition: AlertCondition;
  if (draft.kind === "boundary") {
    condition = { kind: "boundary", lower: number("lower", draft.lower, unit), upper: number("upper", draft.upper, unit) };
  } else {
    const percent = number("percent", draft.percent, "number");
    if (percent === null && !problems["percent"]) problems["percent"] = ["Enter the change in percent, such as 10."];
    condition = { kind: "change", basis: draft.basis, direction: draft.direction, percent: percent ?? 0, minimumBaseline: Math.abs(number("minimumBaseline", draft.minimumBaseline, unit) ?? 0) };
  }
  if (Object.keys(problems).length > 0) return { problems };
  const domain = conditionProblems(condition);
  if (Object.keys(domain).length > 0) return { problems: domain };
  return { condition };
}

/** The server's field messages ("condition.lower") as the dialog's fields ("lower"). */
export function draftFieldsOf(fields: Readonly<Record<string, readonly string[]>>): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field.replace(/^condition\./, ""), messages]));
}
