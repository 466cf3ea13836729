/**
 * When planned revenue turns into cash (issue 17, inflows). The revenue KPI's planning value of
 * a month is the net amount invoiced on that month's last day; the customer pays it, with VAT
 * on top unless the company settles none, `paymentDelayDays` later. A delay can carry a month's
 * revenue into the next year or past the projection's end, where it is simply not projected.
 */
import type { VatSettlement } from "../../contracts/liquidity";
import { monthIndexOf, type MonthDate } from "../months";
import { isoDateOf, lastDayOf, type DayNumber } from "./days";
import { vatOn } from "./vat";

export interface RevenueReceipt {
  /** YYYY-MM-DD: the month's last day. */
  readonly invoicedOn: string;
  /** YYYY-MM-DD: invoicedOn + the delay. */
  readonly receivedOn: string;
  readonly net: number;
  /** The output VAT invoiced with it. */
  readonly vat: number;
  /** What arrives: net + VAT. */
  readonly gross: number;
}

export function revenueReceipt(month: MonthDate, net: number, revenueVatRate: number, paymentDelayDays: number, settlement: VatSettlement): RevenueReceipt {
  const invoiced = invoiceDayOf(month);
  const vat = vatOn(net, revenueVatRate, settlement);
  return { invoicedOn: isoDateOf(invoiced), receivedOn: isoDateOf(invoiced + paymentDelayDays), net, vat, gross: net + vat };
}

/** The day a month's revenue is invoiced: its last day. */
export const invoiceDayOf = (month: MonthDate): DayNumber => lastDayOf(monthIndexOf(month));
