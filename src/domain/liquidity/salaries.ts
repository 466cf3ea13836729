/**
 * What an employee costs each month (issue 17, headcount). `fixSalary` is the gross annual
 * salary, so a full month costs a twelfth of it whatever the month's length. A month worked in
 * part (the hire month, the termination month, a month whose salary changes mid-way) costs
 * each rate's twelfth × the calendar days at that rate / the days in the month: hired on the
 * 16th of a 30-day month is 15/30 of a month. Both the hire and the termination date are days
 * worked. Employer costs (social security and the like) are the salary × the rate in percent.
 * Salaries and employer costs are paid on the month's last day.
 */
import { monthDateOf, monthIndexOf, type MonthDate, type MonthIndex } from "../months";
import { dayNumberOf, daysInMonth, firstDayOf, lastDayOf, type DayNumber } from "./days";

export interface SalaryInput {
  /** Gross annual salary before any increase. */
  readonly fixSalary: number;
  /** YYYY-MM-DD, the first day worked; null: employed since before the projection. */
  readonly hireDate: string | null;
  /** YYYY-MM-DD, the last day worked; null: stays. */
  readonly terminationDate: string | null;
  /** From `effectiveFrom` on, the annual salary is `annualSalary` (until a later increase). */
  readonly salaryIncreases: readonly { readonly effectiveFrom: string; readonly annualSalary: number }[];
  /** Percent of the salary. */
  readonly employerCostRate: number;
}

export interface MonthlySalaryCost {
  readonly month: MonthDate;
  readonly salary: number;
  readonly employerCosts: number;
}

/** The salary and employer costs of each of `months` months from `firstMonth` (YYYY-MM-01). */
export function monthlySalaryCosts(employee: SalaryInput, firstMonth: MonthDate, months: number): MonthlySalaryCost[] {
  const plan = salaryPlan(employee);
  const first = monthIndexOf(firstMonth);
  return Array.from({ length: months }, (_, offset) => {
    const salary = salaryOfMonth(plan, first + offset);
    return { month: monthDateOf(first + offset), salary, employerCosts: (salary * employee.employerCostRate) / 100 };
  });
}

/**
 * An employee's dates parsed once: employed from `hired` to `terminated` (inclusive), with the
 * annual salary changing at each `steps` day. Increases are applied in date order; two on the
 * same day: the later one in the list wins (the last word entered).
 */
export interface SalaryPlan {
  readonly hired: DayNumber;
  readonly terminated: DayNumber;
  readonly steps: readonly { readonly from: DayNumber; readonly annual: number }[];
}

export function salaryPlan(employee: SalaryInput): SalaryPlan {
  const increases = employee.salaryIncreases
    .map((increase, order) => ({ from: dayNumberOf(increase.effectiveFrom), annual: increase.annualSalary, order }))
    .sort((a, b) => a.from - b.from || a.order - b.order);
  const steps: { from: DayNumber; annual: number }[] = [{ from: -Infinity, annual: employee.fixSalary }];
  for (const { from, annual } of increases) {
    if (steps[steps.length - 1]!.from === from) steps[steps.length - 1] = { from, annual };
    else steps.push({ from, annual });
  }
  return {
    hired: employee.hireDate === null ? -Infinity : dayNumberOf(employee.hireDate),
    terminated: employee.terminationDate === null ? Infinity : dayNumberOf(employee.terminationDate),
    steps,
  };
}

/** The gross salary of one month: each rate's twelfth for the share of the month's days worked at it. */
export function salaryOfMonth(plan: SalaryPlan, month: MonthIndex): number {
  const monthFirst = firstDayOf(month);
  const monthLast = lastDayOf(month);
  const from = Math.max(plan.hired, monthFirst);
  const to = Math.min(plan.terminated, monthLast);
  if (from > to) return 0;
  const days = daysInMonth(month);
  let salary = 0;
  for (let index = 0; index < plan.steps.length; index++) {
    const step = plan.steps[index]!;
    const next = plan.steps[index + 1];
    const segmentFrom = Math.max(from, step.from);
    const segmentTo = Math.min(to, next ? next.from - 1 : Infinity);
    if (segmentFrom > segmentTo) continue;
    // A whole month at one rate is exactly a twelfth, not twelfth × days / days.
    salary += segmentFrom === monthFirst && segmentTo === monthLast ? step.annual / 12 : ((step.annual / 12) * (segmentTo - segmentFrom + 1)) / days;
  }
  return salary;
}
