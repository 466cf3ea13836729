import dayjs from "dayjs";
import type { ChangeAction, ChangeItem, TimeRange } from "../../../../contracts/okr-insights";
import type { OkrLevel } from "../../../../contracts/okrs";

/** Words the three OKR insight screens share. */
export const ACTION_LABELS: Readonly<Record<ChangeAction, string>> = { created: "Created", updated: "Updated", deleted: "Deleted", moved: "Moved", copied: "Copied", checked_in: "Checked in" };
export const ITEM_LABELS: Readonly<Record<ChangeItem, string>> = { objective: "Objective", key_result: "Key result", milestone: "Milestone" };
export const LEVEL_LABELS: Readonly<Record<OkrLevel, string>> = { corporate: "Corporate", team: "Team", employee: "Employee" };
export const TIME_RANGE_LABELS: Readonly<Record<TimeRange, string>> = { "7d": "Last 7 days", "30d": "Last 30 days", "90d": "Last 90 days", "365d": "Last 365 days", all: "All time" };

/** "13 May 2026, 14:05" in the reader's time. */
export const dateTime = (iso: string) => dayjs(iso).format("D MMM YYYY, HH:mm");
/** "13 May 2026". */
export const day = (date: string) => dayjs(date).format("D MMM YYYY");
/** A period as "1 Apr – 30 Jun 2026". */
export const period = (from: string, to: string) => (from.slice(0, 4) === to.slice(0, 4) ? `${dayjs(from).format("D MMM")} – ${day(to)}` : `${day(from)} – ${day(to)}`);

/** A progress figure: "42 %", or "—" without one. */
export const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value)} %`);

/** A number as people write it (up to two decimals). */
export const figure = (value: number | null) => (value === null ? "—" : value.toLocaleString("en", { maximumFractionDigits: 2 }));

/** A field's name from the change log's details ("target_value", "responsibleIds") in words. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase()
    .replace(/\bids?\b/g, "")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value from the change log's details as text. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number") return figure(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(changeValue).join(", ");
  if (typeof value === "object" && value !== null && "name" in value) return String((value as { name: unknown }).name);
  if (typeof value === "object" && value !== null && "title" in value) return String((value as { title: unknown }).title);
  return JSON.stringify(value);
}
