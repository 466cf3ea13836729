/**
 * Merging two scenarios into a new draft (issue 17, scope 1; the server answers 409 "Error
 * while merging scenarios." with `conflicts` when there are any).
 *
 * Headcount: one row per employee ID. The same person in both scenarios must be the same in
 * both (every field equal; salary increases compared as a set, in date order): a merge cannot
 * know which salary or termination date is meant, so a difference is a conflict naming the ID,
 * never a silent pick. Open positions (no employee ID) are planned hires, not people: each
 * scenario's are its own plan, so all of them are kept.
 *
 * Expenses: both lists, a row of the second that is identical to a row of the first (every
 * payment field; whether it was seeded is provenance, not content) taken once — the case of a
 * duplicate merged back with its parent. Matching is one to one, so two identical rows inside
 * one scenario (two equal licences) stay two. The first scenario's row is the one kept.
 *
 * Departments and users: unions, in first-seen order.
 */
import type { EmployeeCreateRequest, ExpenseCreateRequest } from "../../contracts/liquidity";

export type MergeExpense = ExpenseCreateRequest & { readonly seeded: boolean };

export interface MergeSide {
  readonly employees: readonly EmployeeCreateRequest[];
  readonly expenses: readonly MergeExpense[];
  readonly departmentIds: readonly number[];
  readonly readUserIds: readonly number[];
  readonly writeUserIds: readonly number[];
}

export interface MergeResult {
  readonly employees: EmployeeCreateRequest[];
  readonly expenses: MergeExpense[];
  readonly departmentIds: number[];
  readonly readUserIds: number[];
  readonly writeUserIds: number[];
  /** The employee IDs found in both with different fields, in first-seen order; empty: the merge may go ahead. */
  readonly conflicts: string[];
}

export function mergeScenarios(first: MergeSide, second: MergeSide): MergeResult {
  return {
    ...mergeEmployees(first.employees, second.employees),
    expenses: mergeExpenses(first.expenses, second.expenses),
    departmentIds: union(first.departmentIds, second.departmentIds),
    readUserIds: union(first.readUserIds, second.readUserIds),
    writeUserIds: union(first.writeUserIds, second.writeUserIds),
  };
}

function mergeEmployees(first: readonly EmployeeCreateRequest[], second: readonly EmployeeCreateRequest[]) {
  const employees = [...first];
  const byId = new Map<string, EmployeeCreateRequest>();
  for (const employee of first) if (employee.employeeId !== null) byId.set(employee.employeeId, employee);
  const conflicts: string[] = [];
  for (const employee of second) {
    const id = employee.employeeId;
    const known = id === null ? undefined : byId.get(id);
    if (known === undefined) {
      employees.push(employee);
      if (id !== null) byId.set(id, employee);
    } else if (employeeKey(known) !== employeeKey(employee) && !conflicts.includes(id!)) conflicts.push(id!);
  }
  return { employees, conflicts };
}

function mergeExpenses(first: readonly MergeExpense[], second: readonly MergeExpense[]): MergeExpense[] {
  // How many of each identical row of the first are still unmatched.
  const unmatched = new Map<string, number>();
  for (const expense of first) unmatched.set(expenseKey(expense), (unmatched.get(expenseKey(expense)) ?? 0) + 1);
  const expenses = [...first];
  for (const expense of second) {
    const key = expenseKey(expense);
    const left = unmatched.get(key) ?? 0;
    if (left > 0) unmatched.set(key, left - 1);
    else expenses.push(expense);
  }
  return expenses;
}

function union(first: readonly number[], second: readonly number[]): number[] {
  return [...new Set([...first, ...second])];
}

/** Every field of the employee in a fixed order, the salary increases sorted by date then amount. */
function employeeKey(employee: EmployeeCreateRequest): string {
  const increases = [...employee.salaryIncreases].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : a.annualSalary - b.annualSalary));
  return JSON.stringify([
    employee.employeeId, employee.fullName, employee.employmentType, employee.departmentId, employee.role, employee.weeklyHours, employee.fixSalary,
    employee.hireDate, employee.terminationDate, employee.costCenter, employee.openPosition, employee.employerCostRate,
    increases.map((increase) => [increase.effectiveFrom, increase.annualSalary]),
  ]);
}

/** The payment fields of an expense in a fixed order (not `seeded`). */
function expenseKey(expense: MergeExpense): string {
  return JSON.stringify([expense.kind, expense.account, expense.vendor, expense.costDriver, expense.startDate, expense.endDate, expense.amount, expense.costCenter, expense.frequency, expense.vatRate]);
}
