import { monthIndexOf, monthLabel, monthRangeLabel } from "../../../../domain/months";

/** "Oct 2025 – Sep 2026" for a timeframe of month dates; "—" when there is none. */
export const timeframe = (from: string | null, to: string | null) => (from && to ? monthRangeLabel(monthIndexOf(from), monthIndexOf(to)) : "—");
export const month = (date: string) => monthLabel(monthIndexOf(date));
export const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
