import type { Selectable } from "kysely";
import type { Expense, HeadcountEmployee, LiquidityScenario, ScenarioSettings } from "../../../contracts/liquidity";
import { fteOf } from "../../../domain/liquidity/fte";
import type { LiquidityEmployeesTable, LiquidityExpensesTable, LiquidityScenariosTable } from "../../db/schema";
import type { TenantContext } from "../../db/tenancy";
import { userNames } from "../../platform/people";
import { scenarioRights, type LiquidityReader, type ScenarioAccessFacts } from "./liquidity-access";

export type ScenarioRow = Selectable<LiquidityScenariosTable>;
export type EmployeeRow = Selectable<LiquidityEmployeesTable>;
export type ExpenseRow = Selectable<LiquidityExpensesTable>;

/** A scenario row with its departments and access lists: what access and answers are decided from. */
export interface LoadedScenario extends ScenarioAccessFacts {
  readonly row: ScenarioRow;
  readonly departmentIds: readonly number[];
}

const money = (value: string | number) => Number(value);
const isoOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** The scenarios (all, or those of `ids`) with their departments and users, in one query each. */
export async function loadScenarios({ db }: TenantContext, ids?: readonly number[]): Promise<LoadedScenario[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom("liquidity_scenarios").selectAll();
  if (ids) query = query.where("id", "in", [...ids]);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  if (rows.length === 0) return [];
  const scenarioIds = rows.map((row) => row.id);
  const [departments, users] = await Promise.all([
    db.selectFrom("liquidity_scenario_departments").select(["scenario_id", "department_id"]).where("scenario_id", "in", scenarioIds).execute(),
    db.selectFrom("liquidity_scenario_users").select(["scenario_id", "user_id", "access"]).where("scenario_id", "in", scenarioIds).orderBy("user_id").execute(),
  ]);
  return rows.map((row) => ({
    row,
    authorId: row.author_id,
    status: row.status,
    departmentIds: departments.filter((each) => each.scenario_id === row.id).map((each) => each.department_id),
    readUserIds: users.filter((each) => each.scenario_id === row.id && each.access === "read").map((each) => each.user_id),
    writeUserIds: users.filter((each) => each.scenario_id === row.id && each.access === "write").map((each) => each.user_id),
  }));
}

export async function loadScenario(context: TenantContext, id: number): Promise<LoadedScenario | null> {
  return (await loadScenarios(context, [id]))[0] ?? null;
}

export const settingsOf = (row: ScenarioRow): ScenarioSettings => ({
  startMonth: row.start_month,
  months: row.months,
  revenueKpiId: row.revenue_kpi_id,
  cashKpiId: row.cash_kpi_id,
  paymentDelayDays: row.payment_delay_days,
  revenueVatRate: money(row.revenue_vat_rate),
  vatSettlement: row.vat_settlement,
  employerCostRate: money(row.employer_cost_rate),
  fullTimeHours: money(row.full_time_hours),
});

export const settingsColumns = (settings: ScenarioSettings) => ({
  start_month: settings.startMonth,
  months: settings.months,
  revenue_kpi_id: settings.revenueKpiId,
  cash_kpi_id: settings.cashKpiId,
  payment_delay_days: settings.paymentDelayDays,
  revenue_vat_rate: settings.revenueVatRate,
  vat_settlement: settings.vatSettlement,
  employer_cost_rate: settings.employerCostRate,
  full_time_hours: settings.fullTimeHours,
});

/** The scenarios as the reader sees them: names of people and departments, counts, rights. */
export async function scenariosAsSeen(context: TenantContext, reader: LiquidityReader, scenarios: readonly LoadedScenario[]): Promise<LiquidityScenario[]> {
  if (scenarios.length === 0) return [];
  const ids = scenarios.map((scenario) => scenario.row.id);
  const departmentIds = [...new Set(scenarios.flatMap((scenario) => scenario.departmentIds))];
  const [names, departments, employeeCounts, expenseCounts] = await Promise.all([
    userNames(context, scenarios.flatMap((scenario) => [scenario.authorId, scenario.row.approved_by, ...scenario.readUserIds, ...scenario.writeUserIds])),
    departmentIds.length === 0 ? [] : context.db.selectFrom("org_units").select(["id", "name"]).where("id", "in", departmentIds).execute(),
    context.db
      .selectFrom("liquidity_employees")
      .select((eb) => ["scenario_id", "open_position", eb.fn.countAll<string>().as("count")])
      .where("scenario_id", "in", ids)
      .groupBy(["scenario_id", "open_position"])
      .execute(),
    context.db
      .selectFrom("liquidity_expenses")
      .select((eb) => ["scenario_id", "kind", eb.fn.countAll<string>().as("count")])
      .where("scenario_id", "in", ids)
      .groupBy(["scenario_id", "kind"])
      .execute(),
  ]);
  const departmentName = new Map(departments.map((department) => [department.id, department.name]));
  const person = (id: number | null) => (id === null || !names.has(id) ? null : { id, name: names.get(id)! });
  const people = (userIds: readonly number[]) => userIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
  const count = <R extends { scenario_id: number; count: string }>(rows: readonly R[], id: number, where: (row: R) => boolean) => rows.filter((row) => row.scenario_id === id && where(row)).reduce((sum, row) => sum + Number(row.count), 0);
  return scenarios.map((scenario) => {
    const { row } = scenario;
    const rights = scenarioRights(reader, scenario);
    return {
      id: row.id,
      name: row.name,
      author: person(row.author_id),
      createdAt: isoOf(row.created_at),
      updatedAt: isoOf(row.updated_at),
      status: row.status,
      approvedAt: row.approved_at ? isoOf(row.approved_at) : null,
      approvedBy: person(row.approved_by),
      parentId: row.parent_id,
      mergedFrom: row.merged_from.map(Number),
      departments: scenario.departmentIds.flatMap((id) => (departmentName.has(id) ? [{ id, name: departmentName.get(id)! }] : [])).sort((left, right) => left.name.localeCompare(right.name)),
      readUsers: people(scenario.readUserIds),
      writeUsers: people(scenario.writeUserIds),
      settings: settingsOf(row),
      employeeCount: count(employeeCounts, row.id, (each) => !each.open_position),
      openPositionCount: count(employeeCounts, row.id, (each) => each.open_position),
      contractCount: count(expenseCounts, row.id, (each) => each.kind === "contract"),
      transactionCount: count(expenseCounts, row.id, (each) => each.kind === "transaction"),
      canEdit: rights.canEdit,
      canApprove: rights.canApprove,
      canDelete: rights.canDelete,
    };
  });
}

/** A scenario's employees (in their order) with their salary increases. */
export async function loadEmployees({ db }: TenantContext, scenarioId: number, only?: number): Promise<(EmployeeRow & { increases: { effectiveFrom: string; annualSalary: number }[] })[]> {
  let query = db.selectFrom("liquidity_employees").selectAll().where("scenario_id", "=", scenarioId);
  if (only !== undefined) query = query.where("id", "=", only);
  const rows = await query.orderBy("position").orderBy("id").execute();
  if (rows.length === 0) return [];
  const increases = await db
    .selectFrom("liquidity_salary_increases")
    .select(["employee_row_id", "effective_from", "annual_salary"])
    .where("employee_row_id", "in", rows.map((row) => row.id))
    .orderBy("effective_from")
    .execute();
  const byEmployee = new Map<number, { effectiveFrom: string; annualSalary: number }[]>();
  for (const increase of increases) {
    const list = byEmployee.get(increase.employee_row_id) ?? [];
    list.push({ effectiveFrom: increase.effective_from, annualSalary: money(increase.annual_salary) });
    byEmployee.set(increase.employee_row_id, list);
  }
  return rows.map((row) => ({ ...row, increases: byEmployee.get(row.id) ?? [] }));
}

export function employeeOf(row: EmployeeRow & { increases: { effectiveFrom: string; annualSalary: number }[] }, departments: ReadonlyMap<number, string>, fullTimeHours: number): HeadcountEmployee {
  const weeklyHours = money(row.weekly_hours);
  return {
    id: row.id,
    employeeId: row.employee_id,
    fullName: row.full_name,
    employmentType: row.employment_type,
    department: row.department_id === null ? null : { id: row.department_id, name: departments.get(row.department_id) ?? "" },
    role: row.role,
    weeklyHours,
    fte: fteOf(weeklyHours, fullTimeHours),
    fixSalary: money(row.fix_salary),
    hireDate: row.hire_date,
    terminationDate: row.termination_date,
    costCenter: row.cost_center,
    openPosition: row.open_position,
    salaryIncreases: row.increases,
    employerCostRate: row.employer_cost_rate === null ? null : money(row.employer_cost_rate),
  };
}

export const expenseOf = (row: ExpenseRow): Expense => ({
  id: row.id,
  kind: row.kind,
  account: row.account,
  vendor: row.vendor,
  costDriver: row.cost_driver,
  startDate: row.start_date,
  endDate: row.end_date,
  amount: money(row.amount),
  costCenter: row.cost_center,
  frequency: row.frequency,
  vatRate: money(row.vat_rate),
  seeded: row.seeded,
});

export function loadExpenses({ db }: TenantContext, scenarioId: number): Promise<ExpenseRow[]> {
  return db.selectFrom("liquidity_expenses").selectAll().where("scenario_id", "=", scenarioId).orderBy("kind").orderBy("start_date").orderBy("id").execute();
}

/** The company's departments (org units of kind department) by id. */
export async function departmentsOf({ db }: TenantContext): Promise<Map<number, string>> {
  const rows = await db.selectFrom("org_units").select(["id", "name"]).where("kind", "=", "department").orderBy("name").execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
