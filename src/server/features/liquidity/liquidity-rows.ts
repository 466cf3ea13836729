import type { EmployeeCreateRequest, ExpenseCreateRequest } from "../../../contracts/liquidity";
import type { TenantContext } from "../../db/tenancy";

/** An expense as written: by hand (seeded false) or from the accounting import. */
export type SeedableExpense = ExpenseCreateRequest & { readonly seeded: boolean };

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest row. */
const CHUNK = 1000;

/**
 * Adds employees (with their salary increases) to a scenario in a few statements, keeping their
 * order after the ones it has. The lock trigger refuses it for an approved scenario.
 */
export async function writeHeadcount(context: TenantContext, scenarioId: number, employees: readonly EmployeeCreateRequest[]): Promise<number[]> {
  const ids: number[] = [];
  const last = await context.db.selectFrom("liquidity_employees").select((eb) => eb.fn.max("position").as("position")).where("scenario_id", "=", scenarioId).executeTakeFirst();
  let position = Number(last?.position ?? -1) + 1;
  for (let start = 0; start < employees.length; start += CHUNK) {
    const chunk = employees.slice(start, start + CHUNK);
    const rows = await context.db
      .insertInto("liquidity_employees")
      .values(chunk.map((employee) => ({ tenant_id: context.tenantId, scenario_id: scenarioId, ...employeeColumns(employee), position: position++ })))
      .returning(["id", "position"])
      .execute();
    // RETURNING's order is not promised: the positions say which row is which.
    const byPosition = new Map(rows.map((row) => [row.position, row.id]));
    const chunkIds = chunk.map((_, index) => byPosition.get(position - chunk.length + index)!);
    ids.push(...chunkIds);
    const increases = chunk.flatMap((employee, index) => employee.salaryIncreases.map((increase) => ({ tenant_id: context.tenantId, employee_row_id: chunkIds[index]!, effective_from: increase.effectiveFrom, annual_salary: increase.annualSalary })));
    for (let from = 0; from < increases.length; from += CHUNK) await context.db.insertInto("liquidity_salary_increases").values(increases.slice(from, from + CHUNK)).execute();
  }
  return ids;
}

export const employeeColumns = (employee: EmployeeCreateRequest) => ({
  employee_id: employee.employeeId === null ? null : employee.employeeId.trim() || null,
  full_name: employee.fullName.trim(),
  employment_type: employee.employmentType,
  department_id: employee.departmentId,
  role: employee.role,
  weekly_hours: employee.weeklyHours,
  fix_salary: employee.fixSalary,
  hire_date: employee.hireDate,
  termination_date: employee.terminationDate,
  cost_center: employee.costCenter,
  open_position: employee.openPosition,
  employer_cost_rate: employee.employerCostRate,
});

export const expenseColumns = (expense: ExpenseCreateRequest) => ({
  kind: expense.kind,
  account: expense.account.trim(),
  vendor: expense.vendor,
  cost_driver: expense.costDriver,
  start_date: expense.startDate,
  end_date: expense.endDate,
  amount: expense.amount,
  cost_center: expense.costCenter,
  frequency: expense.frequency,
  vat_rate: expense.vatRate,
});

export async function writeExpenses(context: TenantContext, scenarioId: number, expenses: readonly SeedableExpense[]): Promise<void> {
  for (let start = 0; start < expenses.length; start += CHUNK) {
    await context.db
      .insertInto("liquidity_expenses")
      .values(expenses.slice(start, start + CHUNK).map((expense) => ({ tenant_id: context.tenantId, scenario_id: scenarioId, ...expenseColumns(expense), seeded: expense.seeded })))
      .execute();
  }
}
