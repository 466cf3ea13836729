/**
 * VAT settlement (issue 17, outflows): the company collects output VAT on the revenue it
 * invoices and pays input VAT with its expenses; the difference goes to (or comes back from)
 * the tax office on the 10th of the month after the settlement period — a calendar month, or
 * a calendar quarter (Jan–Mar settled Apr 10). Output VAT belongs to the period of the invoice
 * (the revenue month's last day), input VAT to the period the expense is paid in: the accrual
 * most small companies file on. A negative balance is a refund, an inflow on the same date.
 * "none" means the company is not VAT-registered or plans net: no VAT is charged, paid or
 * settled, and every amount is taken as it is (net).
 */
import type { VatSettlement } from "../../contracts/liquidity";
import { monthDateOf, monthIndexOf, type MonthDate, type MonthIndex } from "../months";
import { firstDayOf, isoDateOf, type DayNumber } from "./days";

/** The day of the month the VAT balance of the previous period is settled. */
export const VAT_SETTLEMENT_DAY = 10;

export interface VatSettlementEntry {
  /** The period's first and last month (YYYY-MM-01). */
  readonly periodFrom: MonthDate;
  readonly periodTo: MonthDate;
  /** YYYY-MM-DD */
  readonly settledOn: string;
  readonly output: number;
  readonly input: number;
  /** output − input: positive is paid to the tax office, negative is refunded. */
  readonly balance: number;
}

/** The last month of the settlement period a month belongs to. */
export function periodEndOf(month: MonthIndex, settlement: Exclude<VatSettlement, "none">): MonthIndex {
  return settlement === "monthly" ? month : month - (month % 3) + 2;
}

/** The day the VAT of a month's period is settled: the 10th of the month after the period. */
export function settlementDayOf(month: MonthIndex, settlement: Exclude<VatSettlement, "none">): DayNumber {
  return firstDayOf(periodEndOf(month, settlement) + 1) + VAT_SETTLEMENT_DAY - 1;
}

/**
 * The settlements of the VAT collected and paid by month: one entry per period that has a
 * month in `vatByMonth`, in date order; none at all for "none".
 */
export function vatSettlements(vatByMonth: readonly { readonly month: MonthDate; readonly output: number; readonly input: number }[], settlement: VatSettlement): VatSettlementEntry[] {
  if (settlement === "none") return [];
  const periods = new Map<MonthIndex, { output: number; input: number }>();
  for (const { month, output, input } of vatByMonth) {
    const end = periodEndOf(monthIndexOf(month), settlement);
    const period = periods.get(end) ?? { output: 0, input: 0 };
    period.output += output;
    period.input += input;
    periods.set(end, period);
  }
  return [...periods.entries()]
    .sort(([a], [b]) => a - b)
    .map(([end, { output, input }]) => ({
      periodFrom: monthDateOf(settlement === "monthly" ? end : end - 2),
      periodTo: monthDateOf(end),
      settledOn: isoDateOf(settlementDayOf(end, settlement)),
      output,
      input,
      balance: output - input,
    }));
}

/** The VAT on a net amount at a rate in percent; none when the company settles no VAT. */
export const vatOn = (net: number, ratePercent: number, settlement: VatSettlement): number => (settlement === "none" ? 0 : (net * ratePercent) / 100);
