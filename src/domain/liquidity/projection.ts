import { PROJECTED_WEEKS, type Frequency, type LiquidityProjection, type ProjectedMonth, type ProjectedWeek, type VatSettlement } from "../../contracts/liquidity";
import { monthDateOf, monthIndexOf } from "../months";
import { dayNumberOf, firstDayOf, isoDateOf, lastDayOf, mondayOf } from "./days";
import { dailyRun, dueSchedule, forEachDueDay } from "./frequencies";
import { roundTo2 } from "./fte";
import { lowestAndRunwayOfBalances } from "./runway";
import { salaryOfMonth, salaryPlan } from "./salaries";
import { periodEndOf, settlementDayOf, vatOn } from "./vat";

/**
 * The cash projection of one scenario (issue 17, scope 4): every payment the scenario implies
 * is dated (salaries and employer costs on each month's last day, contract and transaction
 * payments on their due dates by frequency, revenue on the invoice month's last day plus the
 * payment delay, the VAT balance on the 10th of the month after its settlement period), then
 * folded into months, the next 13 weeks, the lowest balance and the runway. Amounts in the
 * input are local currency; the caller converts the result for an FX selection.
 *
 * With VAT settled (monthly or quarterly), expenses are paid gross (amount + VAT, in the
 * contracts and transactions outflows) and revenue arrives gross; the VAT balance of each
 * period is its own outflow (or a refund inflow). Only what is dated inside the projection
 * counts: a settlement for a period before the start is not known (the opening balance is the
 * cash before it), and one for the last months falls after the end.
 *
 * How it stays fast (500 employees and 2,000 contracts over 36 months in a few ms): every
 * movement is added into one array per source with a slot per projected day, daily payments as
 * a run (two entries in a difference array, not one per day); months, weeks, the lowest
 * balance and the runway are then single passes over those arrays. Money is rounded to cents
 * only in the output.
 *
 * SEAM (issue 17): the types are the agreement between the server (which reads the rows) and
 * this module.
 */

export interface EmployeeCostInput {
  readonly fixSalary: number;
  readonly hireDate: string | null;
  readonly terminationDate: string | null;
  readonly salaryIncreases: readonly { readonly effectiveFrom: string; readonly annualSalary: number }[];
  /** Percent; the scenario's rate already applied when the employee has none. */
  readonly employerCostRate: number;
}

export interface ExpenseInput {
  readonly kind: "contract" | "transaction";
  readonly amount: number;
  readonly vatRate: number;
  readonly frequency: Frequency;
  readonly startDate: string;
  readonly endDate: string | null;
}

export interface ProjectionInput {
  readonly scenarioId: number;
  /** YYYY-MM-01 */
  readonly startMonth: string;
  readonly months: number;
  /** The company's today (YYYY-MM-DD): the 13 weeks start on the Monday of max(today, start). */
  readonly today: string;
  readonly opening: { readonly amount: number; readonly fromKpi: boolean };
  readonly employees: readonly EmployeeCostInput[];
  readonly expenses: readonly ExpenseInput[];
  /** Planned net revenue by month (YYYY-MM-01), invoiced on the month's last day. */
  readonly revenue: readonly { readonly month: string; readonly amount: number }[];
  readonly revenueVatRate: number;
  readonly paymentDelayDays: number;
  readonly vatSettlement: VatSettlement;
  /** The cash KPI's actual month-end balances (YYYY-MM-01), for the actuals line and the gap. */
  readonly actuals: readonly { readonly month: string; readonly amount: number }[];
}

/** The projection in local currency, `currency` left for the caller to fill. */
export type Projection = Omit<LiquidityProjection, "currency">;

export function projectScenario(input: ProjectionInput): Projection {
  if (!Number.isInteger(input.months) || input.months < 1) throw new RangeError(`A projection needs at least one month: ${input.months}`);
  const startMonth = monthIndexOf(input.startMonth);
  const monthCount = input.months;
  const first = firstDayOf(startMonth);
  const last = lastDayOf(startMonth + monthCount - 1);
  const dayCount = last - first + 1;
  /** Each day's projected month (0-based), and each month's first day as an index. */
  const monthOfIndex = new Int32Array(dayCount);
  const monthStart = new Int32Array(monthCount + 1);
  for (let month = 0; month <= monthCount; month++) monthStart[month] = firstDayOf(startMonth + month) - first;
  for (let month = 0; month < monthCount; month++) monthOfIndex.fill(month, monthStart[month]!, monthStart[month + 1]!);

  const flows = newFlows(dayCount);
  const withVat = input.vatSettlement !== "none";
  const inputVat = new Float64Array(monthCount);
  const outputVat = new Float64Array(monthCount);

  for (const expense of input.expenses) {
    const vat = vatOn(expense.amount, expense.vatRate, input.vatSettlement);
    const gross = expense.amount + vat;
    const schedule = dueSchedule(expense);
    if (expense.frequency === "daily") {
      const run = dailyRun(schedule, first, last);
      if (run === null) continue;
      const runs = expense.kind === "contract" ? flows.contractRuns : flows.transactionRuns;
      runs[run.first - first]! += gross;
      runs[run.last - first + 1]! -= gross;
      if (withVat) {
        for (let month = monthOfIndex[run.first - first]!; month <= monthOfIndex[run.last - first]!; month++) {
          const days = Math.min(run.last - first, monthStart[month + 1]! - 1) - Math.max(run.first - first, monthStart[month]!) + 1;
          inputVat[month]! += vat * days;
        }
      }
      continue;
    }
    const paid = expense.kind === "contract" ? flows.contracts : flows.transactions;
    forEachDueDay(schedule, first, last, (day) => {
      paid[day - first]! += gross;
      inputVat[monthOfIndex[day - first]!]! += vat;
    });
  }
  let contractRun = 0;
  let transactionRun = 0;
  for (let index = 0; index < dayCount; index++) {
    flows.contracts[index]! += contractRun += flows.contractRuns[index]!;
    flows.transactions[index]! += transactionRun += flows.transactionRuns[index]!;
  }

  for (const employee of input.employees) {
    const plan = salaryPlan(employee);
    for (let month = 0; month < monthCount; month++) {
      const salary = salaryOfMonth(plan, startMonth + month);
      if (salary === 0) continue;
      const payday = monthStart[month + 1]! - 1;
      flows.salaries[payday]! += salary;
      flows.employerCosts[payday]! += (salary * employee.employerCostRate) / 100;
    }
  }

  for (const { month, amount } of input.revenue) {
    const invoiced = lastDayOf(monthIndexOf(month));
    const vat = vatOn(amount, input.revenueVatRate, input.vatSettlement);
    const received = invoiced + input.paymentDelayDays;
    if (received >= first && received <= last) flows.revenue[received - first]! += amount + vat;
    if (invoiced >= first && invoiced <= last) outputVat[monthOfIndex[invoiced - first]!]! += vat;
  }

  if (input.vatSettlement !== "none") {
    const balances = new Map<number, number>();
    for (let month = 0; month < monthCount; month++) {
      const end = periodEndOf(startMonth + month, input.vatSettlement);
      balances.set(end, (balances.get(end) ?? 0) + outputVat[month]! - inputVat[month]!);
    }
    for (const [end, balance] of balances) {
      const settled = settlementDayOf(end, input.vatSettlement) - first;
      if (settled >= dayCount) continue;
      if (balance >= 0) flows.vat[settled]! += balance;
      else flows.vatRefund[settled]! -= balance;
    }
  }

  // One pass: the balance after each day, and the months' sums.
  const balanceAfter = new Float64Array(dayCount);
  const inflowOf = (index: number) => flows.revenue[index]! + flows.vatRefund[index]!;
  const outflowOf = (index: number) => flows.salaries[index]! + flows.employerCosts[index]! + flows.contracts[index]! + flows.transactions[index]! + flows.vat[index]!;
  const months: ProjectedMonth[] = [];
  const closings: number[] = [];
  let balance = input.opening.amount;
  for (let month = 0; month < monthCount; month++) {
    const opening = balance;
    const sums = { revenue: 0, vatRefund: 0, salaries: 0, employerCosts: 0, contracts: 0, transactions: 0, vat: 0 };
    for (let index = monthStart[month]!; index < monthStart[month + 1]!; index++) {
      sums.revenue += flows.revenue[index]!;
      sums.vatRefund += flows.vatRefund[index]!;
      sums.salaries += flows.salaries[index]!;
      sums.employerCosts += flows.employerCosts[index]!;
      sums.contracts += flows.contracts[index]!;
      sums.transactions += flows.transactions[index]!;
      sums.vat += flows.vat[index]!;
      balance += inflowOf(index) - outflowOf(index);
      balanceAfter[index] = balance;
    }
    closings.push(balance);
    months.push({
      month: monthDateOf(startMonth + month),
      opening: roundTo2(opening),
      inflows: { revenue: roundTo2(sums.revenue), vatRefund: roundTo2(sums.vatRefund) },
      outflows: { salaries: roundTo2(sums.salaries), employerCosts: roundTo2(sums.employerCosts), contracts: roundTo2(sums.contracts), transactions: roundTo2(sums.transactions), vat: roundTo2(sums.vat) },
      closing: roundTo2(balance),
    });
  }

  const weeks: ProjectedWeek[] = [];
  const firstMonday = mondayOf(Math.max(dayNumberOf(input.today), first));
  for (let week = 0; week < PROJECTED_WEEKS; week++) {
    const weekStart = firstMonday + week * 7;
    if (weekStart > last) break;
    const from = Math.max(weekStart, first) - first;
    const to = Math.min(weekStart + 6, last) - first;
    const opening = from === 0 ? input.opening.amount : balanceAfter[from - 1]!;
    let inflow = 0;
    let outflow = 0;
    for (let index = from; index <= to; index++) {
      inflow += inflowOf(index);
      outflow += outflowOf(index);
    }
    weeks.push({ weekStart: isoDateOf(weekStart), opening: roundTo2(opening), inflow: roundTo2(inflow), outflow: roundTo2(outflow), closing: roundTo2(balanceAfter[to]!) });
  }

  const days = new Float64Array(dayCount);
  for (let index = 0; index < dayCount; index++) days[index] = first + index;
  const { lowest, runway } = lowestAndRunwayOfBalances(input.opening.amount, first, days, balanceAfter);

  const actuals = input.actuals
    .map(({ month, amount }) => ({ offset: monthIndexOf(month) - startMonth, month, amount }))
    .filter(({ offset }) => offset >= 0 && offset < monthCount)
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, month, amount }) => {
      const [actual, planned] = [roundTo2(amount), roundTo2(closings[offset]!)];
      return { month, actual, planned, gap: roundTo2(actual - planned) };
    });

  return {
    scenarioId: input.scenarioId,
    opening: { amount: roundTo2(input.opening.amount), date: input.startMonth, fromKpi: input.opening.fromKpi },
    months,
    weeks,
    lowest,
    runway,
    actuals,
  };
}

/** One slot per projected day for each source; the runs are difference arrays for daily payments (one slot longer). */
function newFlows(dayCount: number) {
  const day = () => new Float64Array(dayCount);
  return {
    salaries: day(), employerCosts: day(), contracts: day(), transactions: day(), vat: day(), revenue: day(), vatRefund: day(),
    contractRuns: new Float64Array(dayCount + 1), transactionRuns: new Float64Array(dayCount + 1),
  };
}
