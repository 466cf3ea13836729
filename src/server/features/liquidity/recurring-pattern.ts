import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { Frequency } from "../../../contracts/liquidity";

dayjs.extend(utc);

/**
 * How seeding reads a vendor's bookings on one expense account as a recurring payment: the
 * typical (median) gap between bookings names the frequency, the mean amount is each payment,
 * and the next payment is due one period after the last booking. A single booking is a one-off,
 * not a pattern (null). The bounds sit between the periods' lengths in days.
 */
export function recurringPattern(bookings: readonly { readonly date: string; readonly amount: number }[]): { frequency: Frequency; amount: number; startDate: string } | null {
  if (bookings.length < 2) return null;
  const sorted = [...bookings].sort((left, right) => left.date.localeCompare(right.date));
  const gaps = sorted.slice(1).map((booking, index) => dayjs.utc(booking.date).diff(dayjs.utc(sorted[index]!.date), "day"));
  gaps.sort((left, right) => left - right);
  const middle = Math.floor(gaps.length / 2);
  const median = gaps.length % 2 === 1 ? gaps[middle]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  const frequency = FREQUENCY_BOUNDS.find(([, upTo]) => median <= upTo)![0];
  const amount = Math.round((sorted.reduce((sum, booking) => sum + booking.amount, 0) / sorted.length) * 100) / 100;
  const [count, unit] = PERIOD[frequency];
  return { frequency, amount, startDate: dayjs.utc(sorted[sorted.length - 1]!.date).add(count, unit).format("YYYY-MM-DD") };
}

const FREQUENCY_BOUNDS: readonly (readonly [Frequency, number])[] = [
  ["daily", 3],
  ["weekly", 10],
  ["bi-weekly", 21],
  ["monthly", 45],
  ["quarterly", 135],
  ["yearly", Number.POSITIVE_INFINITY],
];

const PERIOD: Record<Frequency, [number, "day" | "week" | "month" | "year"]> = {
  daily: [1, "day"],
  weekly: [1, "week"],
  "bi-weekly": [2, "week"],
  monthly: [1, "month"],
  quarterly: [3, "month"],
  yearly: [1, "year"],
};
