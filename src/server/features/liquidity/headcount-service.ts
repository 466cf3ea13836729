import {
  DEPARTMENT_NOT_IN_SCENARIO,
  DEPARTMENT_UNKNOWN,
  EMPLOYEE_ID_TAKEN,
  EmployeeCreateRequest,
  MAX_EMPLOYEES_PER_SCENARIO,
  TERMINATION_BEFORE_HIRE,
  type EmployeeChangeRequest,
  type HeadcountEmployee,
  type HeadcountList,
} from "../../../contracts/liquidity";
import { LIQUIDITY_HEADCOUNT_CHANGED } from "../../../contracts/liquidity-events";
import type { TenantContext } from "../../db/tenancy";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { guarded, type LiquidityReader } from "./liquidity-access";
import { recordLiquidityEvent } from "./liquidity-events";
import { departmentsOf, employeeOf, loadEmployees, type LoadedScenario } from "./liquidity-repository";
import { employeeColumns, writeHeadcount } from "./liquidity-rows";
import { scenarioFor } from "./scenario-service";

const EMPLOYEE_ID_UNIQUE = { liquidity_employees_employee_id: () => badRequest({ employeeId: [EMPLOYEE_ID_TAKEN] }) };

export async function listEmployees(context: TenantContext, reader: LiquidityReader, scenarioId: number): Promise<HeadcountList> {
  const scenario = await scenarioFor(context, reader, scenarioId, "read");
  return { employees: await employeesAsSeen(context, scenario) };
}

export async function createEmployee(context: TenantContext, reader: LiquidityReader, scenarioId: number, request: EmployeeCreateRequest): Promise<HeadcountEmployee> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const count = await context.db.selectFrom("liquidity_employees").select((eb) => eb.fn.countAll<string>().as("count")).where("scenario_id", "=", scenarioId).executeTakeFirstOrThrow();
  if (Number(count.count) >= MAX_EMPLOYEES_PER_SCENARIO) throw badRequest({ detail: [`A scenario holds at most ${MAX_EMPLOYEES_PER_SCENARIO} employees.`] });
  const problems = await employeeProblems(context, scenario, request, null);
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  const [id] = await guarded(() => writeHeadcount(context, scenarioId, [request]), EMPLOYEE_ID_UNIQUE);
  await touched(context, scenario);
  return (await employeesAsSeen(context, scenario, id))[0]!;
}

export async function changeEmployee(context: TenantContext, reader: LiquidityReader, scenarioId: number, employeeRowId: number, change: EmployeeChangeRequest): Promise<HeadcountEmployee> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const [current] = await loadEmployees(context, scenarioId, employeeRowId);
  if (!current) throw notFound();
  const next: EmployeeCreateRequest = {
    employeeId: current.employee_id,
    fullName: current.full_name,
    employmentType: current.employment_type,
    departmentId: current.department_id,
    role: current.role,
    weeklyHours: Number(current.weekly_hours),
    fixSalary: Number(current.fix_salary),
    hireDate: current.hire_date,
    terminationDate: current.termination_date,
    costCenter: current.cost_center,
    openPosition: current.open_position,
    salaryIncreases: current.increases,
    employerCostRate: current.employer_cost_rate === null ? null : Number(current.employer_cost_rate),
    ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)),
  };
  const problems = await employeeProblems(context, scenario, next, employeeRowId);
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  await guarded(async () => {
    await context.db.updateTable("liquidity_employees").set(employeeColumns(next)).where("id", "=", employeeRowId).execute();
    if (change.salaryIncreases) {
      await context.db.deleteFrom("liquidity_salary_increases").where("employee_row_id", "=", employeeRowId).execute();
      if (next.salaryIncreases.length > 0) {
        await context.db.insertInto("liquidity_salary_increases").values(next.salaryIncreases.map((increase) => ({ tenant_id: context.tenantId, employee_row_id: employeeRowId, effective_from: increase.effectiveFrom, annual_salary: increase.annualSalary }))).execute();
      }
    }
  }, EMPLOYEE_ID_UNIQUE);
  await touched(context, scenario);
  return (await employeesAsSeen(context, scenario, employeeRowId))[0]!;
}

export async function deleteEmployee(context: TenantContext, reader: LiquidityReader, scenarioId: number, employeeRowId: number): Promise<void> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const deleted = await guarded(() => context.db.deleteFrom("liquidity_employees").where("scenario_id", "=", scenarioId).where("id", "=", employeeRowId).returning("id").executeTakeFirst());
  if (!deleted) throw notFound();
  await touched(context, scenario);
}

/**
 * Imports the rows of the template (headcount-template.ts): all or none. A row whose employee ID
 * the scenario has updates that employee; any other row is a new one.
 */
export async function importEmployees(context: TenantContext, reader: LiquidityReader, scenarioId: number, rows: readonly { row: number; fields: Record<string, unknown>; problems: readonly string[] }[]) {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const departments = await departmentsOf(context);
  const departmentByName = new Map([...departments].map(([id, name]) => [name.toLowerCase(), id]));
  const existing = await loadEmployees(context, scenarioId);
  const byEmployeeId = new Map(existing.filter((row) => row.employee_id !== null).map((row) => [row.employee_id!, row]));
  const seen = new Set<string>();
  const accepted: { row: number; request: EmployeeCreateRequest; updates: number | null }[] = [];
  const refused: { row: number; messages: string[] }[] = [];
  for (const { row, fields, problems } of rows) {
    const messages = [...problems];
    const departmentName = String(fields["department"] ?? "").trim();
    const departmentId = departmentName === "" ? null : (departmentByName.get(departmentName.toLowerCase()) ?? null);
    if (departmentName !== "" && departmentId === null) messages.push(`Department: ${DEPARTMENT_UNKNOWN}`);
    let request: EmployeeCreateRequest | null = null;
    try {
      request = decodeRow({ ...fields, departmentId, salaryIncreases: [] });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      for (const [field, fieldMessages] of Object.entries(error.body)) for (const message of fieldMessages as string[]) messages.push(`${labelOf(field)}: ${message}`);
    }
    if (request) {
      for (const [field, fieldMessages] of Object.entries(await employeeProblems(context, scenario, request, null, departments))) {
        if (field !== "employeeId") for (const message of fieldMessages) messages.push(`${labelOf(field)}: ${message}`);
      }
      const id = request.employeeId?.trim() || null;
      if (id !== null && seen.has(id)) messages.push(`Employee ID: ${EMPLOYEE_ID_TAKEN}`);
      if (id !== null) seen.add(id);
    }
    if (messages.length > 0) refused.push({ row, messages });
    else accepted.push({ row, request: request!, updates: request!.employeeId ? (byEmployeeId.get(request!.employeeId.trim())?.id ?? null) : null });
  }
  if (refused.length > 0) throw new HttpError(400, { detail: IMPORT_REFUSED, rows: refused } as never);
  const created = accepted.filter((each) => each.updates === null);
  if (existing.length + created.length > MAX_EMPLOYEES_PER_SCENARIO) throw badRequest({ file: [`A scenario holds at most ${MAX_EMPLOYEES_PER_SCENARIO} employees.`] });
  await guarded(async () => {
    for (const each of accepted.filter((candidate) => candidate.updates !== null)) {
      const { salaryIncreases: _kept, ...request } = each.request;
      await context.db.updateTable("liquidity_employees").set(employeeColumns({ ...request, salaryIncreases: [] })).where("id", "=", each.updates!).execute();
    }
    await writeHeadcount(context, scenarioId, created.map((each) => each.request));
  }, EMPLOYEE_ID_UNIQUE);
  await touched(context, scenario);
  return { created: created.length, updated: accepted.length - created.length };
}

export const IMPORT_REFUSED = "The file has rows that cannot be imported. Nothing was imported: correct the rows listed and upload it again.";

const LABELS: Record<string, string> = {
  employeeId: "Employee ID",
  fullName: "Full name",
  employmentType: "Employment type",
  departmentId: "Department",
  role: "Role",
  weeklyHours: "Weekly hours",
  fixSalary: "Fix salary",
  hireDate: "Hire date",
  terminationDate: "Termination date",
  costCenter: "Cost center",
  openPosition: "Open position",
  employerCostRate: "Employer cost rate",
};
const labelOf = (field: string) => LABELS[field] ?? field;

/** The same contract the API decodes with: one set of rules for typed and imported rows. */
const decodeRow = (fields: Record<string, unknown>): EmployeeCreateRequest => decodeInput(EmployeeCreateRequest, fields);

/** What is wrong with an employee beyond its contract: dates, department, employee ID taken. */
async function employeeProblems(context: TenantContext, scenario: LoadedScenario, employee: EmployeeCreateRequest, except: number | null, departments?: ReadonlyMap<number, string>): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  if (employee.hireDate && employee.terminationDate && employee.terminationDate < employee.hireDate) problems["terminationDate"] = [TERMINATION_BEFORE_HIRE];
  if (employee.departmentId !== null) {
    const known = departments ?? (await departmentsOf(context));
    if (!known.has(employee.departmentId)) problems["departmentId"] = [DEPARTMENT_UNKNOWN];
    else if (scenario.departmentIds.length > 0 && !scenario.departmentIds.includes(employee.departmentId)) problems["departmentId"] = [DEPARTMENT_NOT_IN_SCENARIO];
  }
  const employeeId = employee.employeeId?.trim() || null;
  if (employeeId !== null) {
    let query = context.db.selectFrom("liquidity_employees").select("id").where("scenario_id", "=", scenario.row.id).where("employee_id", "=", employeeId);
    if (except !== null) query = query.where("id", "<>", except);
    if (await query.executeTakeFirst()) problems["employeeId"] = [EMPLOYEE_ID_TAKEN];
  }
  return problems;
}

async function employeesAsSeen(context: TenantContext, scenario: LoadedScenario, only?: number): Promise<HeadcountEmployee[]> {
  const [rows, departments] = await Promise.all([loadEmployees(context, scenario.row.id, only), departmentsOf(context)]);
  const fullTimeHours = Number(scenario.row.full_time_hours);
  return rows.map((row) => employeeOf(row, departments, fullTimeHours));
}

async function touched(context: TenantContext, scenario: LoadedScenario) {
  await context.db.updateTable("liquidity_scenarios").set({ updated_at: new Date() }).where("id", "=", scenario.row.id).execute();
  await recordLiquidityEvent(context, LIQUIDITY_HEADCOUNT_CHANGED, scenario.row.id, scenario);
}

