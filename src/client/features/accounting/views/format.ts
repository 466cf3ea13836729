import { formatNumber, MINUS, withLeadingMinus } from "../../../../domain/kpi/number-format";
import { monthIndexOf, monthLabel, monthRangeLabel } from "../../../../domain/months";

/** An amount as bookkeeping shows it: two decimals, thousands separated, the minus in front. */
export const amountText = (value: number) => withLeadingMinus(value, (size) => formatNumber(size, 2));

/** A booking date (YYYY-MM-DD) as "31 Jan 2026". */
export function dateText(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day} ${monthLabel(year * 12 + month - 1)}`;
}

/** An instant (ISO) as "31 Jan 2026, 14:05". */
export function instantText(iso: string): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return `${dateText(at.toISOString().slice(0, 10))}, ${time}`;
}

/** The months an import covers: "Mar 2025 – Feb 2026"; "no bookings" when it has none. */
export const monthsText = (first: string | null, last: string | null) => (first && last ? monthRangeLabel(monthIndexOf(first), monthIndexOf(last)) : "no bookings");

export const count = (value: number, noun: string) => `${value.toLocaleString("en")} ${noun}${value === 1 ? "" : "s"}`;

export { MINUS };
