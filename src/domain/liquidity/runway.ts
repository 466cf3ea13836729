/**
 * The lowest balance and the runway (issue 17, scope 4), from the balance after each day's
 * payments. Balances are compared in cents, so float dust (−0.0000001 after paying out exactly
 * what was there) is never "below zero".
 *
 * Lowest: the lowest balance after any day's payments and the first day it is reached; when no
 * day goes below the opening balance, the opening balance on the start date.
 *
 * Runway: the first day the balance is below zero (`runsOutOn`), and `months`: the projected
 * months that closed at zero or above before it — the whole calendar months from the start
 * month to the month of that day. Below zero on 2027-03-31 with a start in January 2027 is 2
 * months (January and February closed non-negative; March did not, even though it was
 * positive until its last day). Below zero on the very first day is 0 months. Both null when
 * the balance never goes below zero within the projection: the runway is longer than the
 * projection, and the screen says so instead of inventing a number.
 */
import type { MonthDate } from "../months";
import { dayNumberOf, isoDateOf, monthOfDay, type DayNumber } from "./days";
import { roundTo2 } from "./fte";

export interface LowestAndRunway {
  readonly lowest: { readonly date: string; readonly amount: number };
  readonly runway: { readonly months: number | null; readonly runsOutOn: string | null };
}

/**
 * From dated movements (YYYY-MM-DD, positive in, negative out; any order, several a day):
 * movements before the start month are ignored, as the opening balance already holds them.
 * The opening balance is the balance before the start month's first day.
 */
export function lowestAndRunway(opening: number, startMonth: MonthDate, movements: readonly { readonly date: string; readonly amount: number }[]): LowestAndRunway {
  const startDay = dayNumberOf(startMonth);
  // The start day is always a day of the walk, so an opening balance below zero runs out on it.
  const byDay = new Map<DayNumber, number>([[startDay, 0]]);
  for (const { date, amount } of movements) {
    const day = dayNumberOf(date);
    if (day >= startDay) byDay.set(day, (byDay.get(day) ?? 0) + amount);
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  let balance = opening;
  const balances = days.map((day) => (balance += byDay.get(day)!));
  return lowestAndRunwayOfBalances(opening, startDay, days, balances);
}

/** The same from the balance after each listed day (`days` ascending from the start day, `balances[i]` after `days[i]`). */
export function lowestAndRunwayOfBalances(opening: number, startDay: DayNumber, days: ArrayLike<DayNumber>, balances: ArrayLike<number>): LowestAndRunway {
  let lowestCents = roundTo2(opening);
  let lowestDay = startDay;
  let runsOutOn: DayNumber | null = null;
  for (let index = 0; index < days.length; index++) {
    const cents = roundTo2(balances[index]!);
    if (cents < lowestCents) {
      lowestCents = cents;
      lowestDay = days[index]!;
    }
    if (runsOutOn === null && cents < 0) runsOutOn = days[index]!;
  }
  return {
    lowest: { date: isoDateOf(lowestDay), amount: lowestCents },
    runway: runsOutOn === null ? { months: null, runsOutOn: null } : { months: monthOfDay(runsOutOn) - monthOfDay(startDay), runsOutOn: isoDateOf(runsOutOn) },
  };
}
