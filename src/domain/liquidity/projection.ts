import type { Frequency, LiquidityProjection, VatSettlement } from "../../contracts/liquidity";

/**
 * The cash projection of one scenario (issue 17, scope 4): every payment the scenario implies
 * is dated (salaries and employer costs on each month's last day, contract and transaction
 * payments on their due dates by frequency, revenue on the invoice month's last day plus the
 * payment delay, the VAT balance on the 10th of the month after its settlement period), then
 * folded into months, the next 13 weeks, the lowest balance and the runway. Amounts in the
 * input are local currency; the caller converts the result for an FX selection.
 *
 * SEAM (issue 17): the types are the agreement between the server (which reads the rows) and
 * this module; the implementation lands with the liquidity domain work.
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
  void input;
  throw new Error("projectScenario: not built yet (issue 17 seam)");
}
