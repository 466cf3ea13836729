import { NO_SUCH_FX_RATE } from "../../../contracts/kpis";
import type { LiquidityProjection } from "../../../contracts/liquidity";
import { rateFor, type DatedRate } from "../../../domain/kpi/fx";
import { projectScenario, type Projection, type ProjectionInput } from "../../../domain/liquidity/projection";
import { monthDateOf, monthIndexOf, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { companyToday } from "../../platform/company-clock";
import { badRequest } from "../../platform/http/errors";
import { loadFxRate, loadKpis } from "../kpis/kpi-repository";
import { numericSeries } from "../okrs/okr-kpis";
import type { LiquidityReader } from "./liquidity-access";
import { moneyKpisFor } from "./liquidity-kpis";
import { loadEmployees, loadExpenses, settingsOf } from "./liquidity-repository";
import { scenarioFor } from "./scenario-service";

/** Months of revenue before the start whose invoices may still be paid within the projection (365 days of delay at most). */
const REVENUE_LOOKBACK_MONTHS = 13;

/**
 * A scenario's cash projection (domain projectScenario) from its rows and the company's KPIs:
 * the opening balance is the cash KPI's actual of the month before the start (else its newest
 * actual before it, else 0); revenue is the revenue KPI's planning by month (actuals for months
 * already closed before the start, whose invoices may still be unpaid). A KPI the person may not
 * read is left out as if none were chosen, so the projection never shows what they may not see.
 * With an FX rate every amount is converted at its month's rate, as KPI reporting does.
 */
export async function projectionOf(context: TenantContext, reader: LiquidityReader, scenarioId: number, fxRateId: number | undefined, now: Date): Promise<LiquidityProjection> {
  const scenario = await scenarioFor(context, reader, scenarioId, "read");
  const settings = settingsOf(scenario.row);
  let rates: DatedRate[] | null = null;
  let currency = (await context.db.selectFrom("tenants").select("local_currency").executeTakeFirstOrThrow()).local_currency;
  if (fxRateId !== undefined) {
    rates = await loadFxRate(context, fxRateId);
    if (!rates) throw badRequest({ fxRate: [NO_SUCH_FX_RATE] });
    currency = (await context.db.selectFrom("fx_rates").select("currency").where("id", "=", fxRateId).executeTakeFirstOrThrow()).currency;
  }
  const first = monthIndexOf(settings.startMonth);
  const last = first + settings.months - 1;
  const readable = await moneyKpisFor(context, reader);
  const byId = new Map(readable.map((kpi) => [kpi.id, kpi] as const));
  const revenueKpi = settings.revenueKpiId === null ? undefined : byId.get(settings.revenueKpiId);
  const cashKpi = settings.cashKpiId === null ? undefined : byId.get(settings.cashKpiId);
  const wanted = [revenueKpi, cashKpi].filter((kpi) => kpi !== undefined);
  const allKpis = wanted.some((kpi) => kpi.formula !== null) ? await loadKpis(context) : wanted;
  // Cash actuals from far enough back to find the newest one before the start.
  const series = await numericSeries(context, wanted, allKpis, first - 120, last);

  let opening = { amount: 0, fromKpi: false };
  const actuals: { month: string; amount: number }[] = [];
  if (cashKpi) {
    const cash = series.get(cashKpi.id)?.actual ?? new Map<MonthIndex, number>();
    const before = [...cash.keys()].filter((month) => month < first).sort((left, right) => right - left)[0];
    if (before !== undefined) opening = { amount: cash.get(before)!, fromKpi: true };
    for (const [month, amount] of [...cash].sort(([left], [right]) => left - right)) if (month >= first && month <= last) actuals.push({ month: monthDateOf(month), amount });
  }
  const revenue: { month: string; amount: number }[] = [];
  if (revenueKpi) {
    const { actual, planning } = series.get(revenueKpi.id) ?? { actual: new Map<MonthIndex, number>(), planning: new Map<MonthIndex, number>() };
    for (let month = first - REVENUE_LOOKBACK_MONTHS; month <= last; month++) {
      const amount = month < first ? (actual.get(month) ?? planning.get(month)) : planning.get(month);
      if (amount !== undefined) revenue.push({ month: monthDateOf(month), amount });
    }
  }
  const [employees, expenses] = await Promise.all([loadEmployees(context, scenarioId), loadExpenses(context, scenarioId)]);
  const input: ProjectionInput = {
    scenarioId,
    startMonth: settings.startMonth,
    months: settings.months,
    today: await companyToday(context, now),
    opening,
    employees: employees.map((row) => ({
      fixSalary: Number(row.fix_salary),
      hireDate: row.hire_date,
      terminationDate: row.termination_date,
      salaryIncreases: row.increases,
      employerCostRate: row.employer_cost_rate === null ? settings.employerCostRate : Number(row.employer_cost_rate),
    })),
    expenses: expenses.map((row) => ({ kind: row.kind, amount: Number(row.amount), vatRate: Number(row.vat_rate), frequency: row.frequency, startDate: row.start_date, endDate: row.end_date })),
    revenue,
    revenueVatRate: settings.revenueVatRate,
    paymentDelayDays: settings.paymentDelayDays,
    vatSettlement: settings.vatSettlement,
    actuals,
  };
  return { ...converted(projectScenario(input), rates), currency };
}

/** Every amount at its month's rate (a week's: the month it starts in; the opening's: the month before the start). */
export function converted(projection: Projection, rates: readonly DatedRate[] | null): Projection {
  if (!rates) return projection;
  const at = (date: string) => rateFor(rates, monthIndexOf(`${date.slice(0, 7)}-01`)) ?? 1;
  const round = (value: number) => Math.round(value * 100) / 100;
  const by = (date: string) => (value: number) => round(value * at(date));
  return {
    ...projection,
    opening: { ...projection.opening, amount: by(projection.opening.date)(projection.opening.amount) },
    months: projection.months.map((month) => {
      const convert = by(month.month);
      return {
        month: month.month,
        opening: convert(month.opening),
        closing: convert(month.closing),
        inflows: { revenue: convert(month.inflows.revenue), vatRefund: convert(month.inflows.vatRefund) },
        outflows: { salaries: convert(month.outflows.salaries), employerCosts: convert(month.outflows.employerCosts), contracts: convert(month.outflows.contracts), transactions: convert(month.outflows.transactions), vat: convert(month.outflows.vat) },
      };
    }),
    weeks: projection.weeks.map((week) => {
      const convert = by(week.weekStart);
      return { weekStart: week.weekStart, opening: convert(week.opening), inflow: convert(week.inflow), outflow: convert(week.outflow), closing: convert(week.closing) };
    }),
    lowest: { date: projection.lowest.date, amount: by(projection.lowest.date)(projection.lowest.amount) },
    actuals: projection.actuals.map((each) => {
      const convert = by(each.month);
      return { month: each.month, actual: convert(each.actual), planned: convert(each.planned), gap: convert(each.gap) };
    }),
  };
}
