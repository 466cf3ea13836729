import {
  DEFAULT_FULL_TIME_HOURS,
  DEFAULT_PAYMENT_DELAY_DAYS,
  DEFAULT_PROJECTION_MONTHS,
  DEPARTMENT_UNKNOWN,
  LIQUIDITY_USER_UNKNOWN,
  MERGE_SAME_SCENARIO,
  SCENARIO_MERGE_FAILED,
  SCENARIO_NAME_TAKEN,
  SCENARIO_NOT_FOUND,
  SCENARIO_UPDATE_FAILED,
  type EmployeeCreateRequest,
  type ExpenseCreateRequest,
  type LiquidityScenario,
  type ScenarioChangeRequest,
  type ScenarioCreateRequest,
  type ScenarioList,
  type ScenarioMergeRequest,
  type ScenarioSettings,
} from "../../../contracts/liquidity";
import {
  LIQUIDITY_SCENARIO_APPROVED,
  LIQUIDITY_SCENARIO_CHANGED,
  LIQUIDITY_SCENARIO_CREATED,
  LIQUIDITY_SCENARIO_DELETED,
  LIQUIDITY_SCENARIOS_MERGED,
} from "../../../contracts/liquidity-events";
import { mergeScenarios } from "../../../domain/liquidity/merging";
import type { TenantContext } from "../../db/tenancy";
import { companyToday } from "../../platform/company-clock";
import { badRequest, forbidden, HttpError, notFound } from "../../platform/http/errors";
import { guarded, mayCreateScenarios, requireRight, scenarioRights, type LiquidityReader, type ScenarioNeed } from "./liquidity-access";
import { seedTransactions } from "./expense-service";
import { recordLiquidityEvent } from "./liquidity-events";
import { defaultKpis, readableKpiIds } from "./liquidity-kpis";
import { expenseOf, loadEmployees, loadExpenses, loadScenario, loadScenarios, scenariosAsSeen, settingsColumns, settingsOf, type LoadedScenario } from "./liquidity-repository";
import { writeExpenses, writeHeadcount, type SeedableExpense } from "./liquidity-rows";

const KPI_UNKNOWN = "Choose a money KPI you may read.";
const NAME_TAKEN = { liquidity_scenarios_name: () => badRequest({ name: [SCENARIO_NAME_TAKEN] }) };

export async function listScenarios(context: TenantContext, reader: LiquidityReader): Promise<ScenarioList> {
  const readable = (await loadScenarios(context)).filter((scenario) => scenarioRights(reader, scenario).canRead);
  return { scenarios: await scenariosAsSeen(context, reader, readable), canCreate: mayCreateScenarios(reader) };
}

/** The scenario if the reader may do `need` with it; 404 SCENARIO_NOT_FOUND when it does not exist or they may not read it. */
export async function scenarioFor(context: TenantContext, reader: LiquidityReader, scenarioId: number, need: ScenarioNeed): Promise<LoadedScenario> {
  const scenario = await loadScenario(context, scenarioId);
  if (!scenario) throw notFound(SCENARIO_NOT_FOUND);
  requireRight(reader, scenario, need);
  return scenario;
}

export async function scenarioAsSeen(context: TenantContext, reader: LiquidityReader, scenarioId: number): Promise<LiquidityScenario> {
  const scenario = await scenarioFor(context, reader, scenarioId, "read");
  return (await scenariosAsSeen(context, reader, [scenario]))[0]!;
}

export async function createScenario(context: TenantContext, reader: LiquidityReader, request: ScenarioCreateRequest, now: Date): Promise<LiquidityScenario> {
  if (!mayCreateScenarios(reader)) throw forbidden();
  const defaults = await defaultSettings(context, reader, now);
  const settings = withSettings(defaults, request.settings);
  const access = { departmentIds: request.departmentIds ?? [], readUserIds: request.readUserIds ?? [], writeUserIds: request.writeUserIds ?? [] };
  await checkScenarioFields(context, reader, { name: request.name, settings, ...access });
  const id = await insertScenario(context, reader, request.name.trim(), settings, access, { parentId: null, mergedFrom: [] }, now);
  // "Seeded from the accounting import when it exists" (issue 17, scope 3).
  await seedTransactions(context, (await loadScenario(context, id))!, now);
  const created = (await loadScenario(context, id))!;
  await recordLiquidityEvent(context, LIQUIDITY_SCENARIO_CREATED, id, created);
  return (await scenariosAsSeen(context, reader, [created]))[0]!;
}

/** PATCH: refusals answer 400 with SCENARIO_UPDATE_FAILED and the fields' messages. */
export async function changeScenario(context: TenantContext, reader: LiquidityReader, scenarioId: number, change: ScenarioChangeRequest, now: Date): Promise<LiquidityScenario> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const settings = withSettings(settingsOf(scenario.row), change.settings);
  const name = change.name?.trim() ?? scenario.row.name;
  const access = { departmentIds: change.departmentIds ?? scenario.departmentIds, readUserIds: change.readUserIds ?? scenario.readUserIds, writeUserIds: change.writeUserIds ?? scenario.writeUserIds };
  try {
    await checkScenarioFields(context, reader, { name, settings, ...access }, scenarioId, settingsOf(scenario.row));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) throw new HttpError(400, { detail: SCENARIO_UPDATE_FAILED, ...error.body });
    throw error;
  }
  await guarded(async () => {
    await context.db.updateTable("liquidity_scenarios").set({ name, ...settingsColumns(settings), updated_at: now }).where("id", "=", scenarioId).execute();
    if (change.departmentIds) await replaceDepartments(context, scenarioId, access.departmentIds);
    if (change.readUserIds || change.writeUserIds) await replaceUsers(context, scenarioId, access.readUserIds, access.writeUserIds);
  }, NAME_TAKEN);
  const changed = (await loadScenario(context, scenarioId))!;
  await recordLiquidityEvent(context, LIQUIDITY_SCENARIO_CHANGED, scenarioId, changed);
  return (await scenariosAsSeen(context, reader, [changed]))[0]!;
}

/** Deleting: drafts only (an approved scenario is kept for good: approval is irreversible). */
export async function deleteScenario(context: TenantContext, reader: LiquidityReader, scenarioId: number): Promise<void> {
  const scenario = await scenarioFor(context, reader, scenarioId, "delete");
  await guarded(() => context.db.deleteFrom("liquidity_scenarios").where("id", "=", scenarioId).execute());
  await recordLiquidityEvent(context, LIQUIDITY_SCENARIO_DELETED, scenarioId, scenario);
}

/** Approval is irreversible: the scenario and its rows are locked by the database from now on. */
export async function approveScenario(context: TenantContext, reader: LiquidityReader, scenarioId: number, now: Date): Promise<LiquidityScenario> {
  await scenarioFor(context, reader, scenarioId, "approve");
  await guarded(() => context.db.updateTable("liquidity_scenarios").set({ status: "approved", approved_at: now, approved_by: reader.userId, updated_at: now }).where("id", "=", scenarioId).where("status", "=", "draft").execute());
  const approved = (await loadScenario(context, scenarioId))!;
  await recordLiquidityEvent(context, LIQUIDITY_SCENARIO_APPROVED, scenarioId, approved);
  return (await scenariosAsSeen(context, reader, [approved]))[0]!;
}

/** A draft child of any scenario the person may read (approved ones too): a copy of all its rows. */
export async function duplicateScenario(context: TenantContext, reader: LiquidityReader, scenarioId: number, name: string, now: Date): Promise<LiquidityScenario> {
  if (!mayCreateScenarios(reader)) throw forbidden();
  const parent = await scenarioFor(context, reader, scenarioId, "read");
  const settings = settingsOf(parent.row);
  const access = { departmentIds: parent.departmentIds, readUserIds: parent.readUserIds, writeUserIds: parent.writeUserIds };
  await checkName(context, name.trim());
  const id = await insertScenario(context, reader, name.trim(), settings, access, { parentId: scenarioId, mergedFrom: [] }, now);
  const side = await sideOf(context, parent);
  await writeHeadcount(context, id, side.employees);
  await writeExpenses(context, id, side.expenses);
  const created = (await loadScenario(context, id))!;
  await recordLiquidityEvent(context, LIQUIDITY_SCENARIO_CREATED, id, created);
  return (await scenariosAsSeen(context, reader, [created]))[0]!;
}

/**
 * A new draft from two scenarios the person may read (domain mergeScenarios decides the rows);
 * neither source changes. Conflicting employees answer 409 SCENARIO_MERGE_FAILED naming their IDs.
 */
export async function mergeIntoNew(context: TenantContext, reader: LiquidityReader, request: ScenarioMergeRequest, now: Date): Promise<LiquidityScenario> {
  if (!mayCreateScenarios(reader)) throw forbidden();
  if (request.firstId === request.secondId) throw badRequest({ secondId: [MERGE_SAME_SCENARIO] });
  const first = await scenarioFor(context, reader, request.firstId, "read");
  const second = await scenarioFor(context, reader, request.secondId, "read");
  const merged = mergeScenarios(await sideOf(context, first), await sideOf(context, second));
  if (merged.conflicts.length > 0) throw new HttpError(409, { detail: SCENARIO_MERGE_FAILED, conflicts: [...merged.conflicts] });
  await checkName(context, request.name.trim());
  const access = { departmentIds: [...merged.departmentIds], readUserIds: [...merged.readUserIds], writeUserIds: [...merged.writeUserIds] };
  const id = await insertScenario(context, reader, request.name.trim(), settingsOf(first.row), access, { parentId: null, mergedFrom: [first.row.id, second.row.id] }, now);
  await writeHeadcount(context, id, merged.employees);
  await writeExpenses(context, id, merged.expenses);
  const created = (await loadScenario(context, id))!;
  await recordLiquidityEvent(context, LIQUIDITY_SCENARIOS_MERGED, id, created, [first.row.id, second.row.id]);
  return (await scenariosAsSeen(context, reader, [created]))[0]!;
}

/** A scenario's rows as the create requests that would make them again (merging and duplicating read this). */
async function sideOf(context: TenantContext, scenario: LoadedScenario) {
  const [employees, expenses] = await Promise.all([loadEmployees(context, scenario.row.id), loadExpenses(context, scenario.row.id)]);
  return {
    employees: employees.map(
      (row): EmployeeCreateRequest => ({
        employeeId: row.employee_id,
        fullName: row.full_name,
        employmentType: row.employment_type,
        departmentId: row.department_id,
        role: row.role,
        weeklyHours: Number(row.weekly_hours),
        fixSalary: Number(row.fix_salary),
        hireDate: row.hire_date,
        terminationDate: row.termination_date,
        costCenter: row.cost_center,
        openPosition: row.open_position,
        salaryIncreases: row.increases,
        employerCostRate: row.employer_cost_rate === null ? null : Number(row.employer_cost_rate),
      }),
    ),
    // The expense as the API shows it, less its id: exactly the fields that make it again.
    expenses: expenses.map((row): SeedableExpense => {
      const { id: _id, ...fields } = expenseOf(row);
      return fields;
    }),
    departmentIds: scenario.departmentIds,
    readUserIds: scenario.readUserIds,
    writeUserIds: scenario.writeUserIds,
  };
}

interface AccessLists {
  readonly departmentIds: readonly number[];
  readonly readUserIds: readonly number[];
  readonly writeUserIds: readonly number[];
}

async function insertScenario(context: TenantContext, reader: LiquidityReader, name: string, settings: ScenarioSettings, access: AccessLists, origin: { parentId: number | null; mergedFrom: number[] }, now: Date): Promise<number> {
  const { id } = await guarded(
    () =>
      context.db
        .insertInto("liquidity_scenarios")
        .values({ tenant_id: context.tenantId, name, author_id: reader.userId, parent_id: origin.parentId, merged_from: origin.mergedFrom, ...settingsColumns(settings), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow(),
    NAME_TAKEN,
  );
  await replaceDepartments(context, id, access.departmentIds);
  await replaceUsers(context, id, access.readUserIds, access.writeUserIds);
  return id;
}

async function replaceDepartments(context: TenantContext, scenarioId: number, departmentIds: readonly number[]) {
  await context.db.deleteFrom("liquidity_scenario_departments").where("scenario_id", "=", scenarioId).execute();
  const unique = [...new Set(departmentIds)];
  if (unique.length > 0) await context.db.insertInto("liquidity_scenario_departments").values(unique.map((department_id) => ({ tenant_id: context.tenantId, scenario_id: scenarioId, department_id }))).execute();
}

/** A person on both lists is a write user. */
async function replaceUsers(context: TenantContext, scenarioId: number, readUserIds: readonly number[], writeUserIds: readonly number[]) {
  await context.db.deleteFrom("liquidity_scenario_users").where("scenario_id", "=", scenarioId).execute();
  const writers = new Set(writeUserIds);
  const rows = [...[...writers].map((user_id) => ({ user_id, access: "write" as const })), ...[...new Set(readUserIds)].filter((id) => !writers.has(id)).map((user_id) => ({ user_id, access: "read" as const }))];
  if (rows.length > 0) await context.db.insertInto("liquidity_scenario_users").values(rows.map((row) => ({ tenant_id: context.tenantId, scenario_id: scenarioId, ...row }))).execute();
}

async function checkName(context: TenantContext, name: string, except?: number) {
  let query = context.db.selectFrom("liquidity_scenarios").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (except !== undefined) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [SCENARIO_NAME_TAKEN] });
}

/** Every field's problems at once: name taken, departments not of the company, users not active in it, KPIs not readable. */
async function checkScenarioFields(context: TenantContext, reader: LiquidityReader, fields: AccessLists & { name: string; settings: ScenarioSettings }, except?: number, before?: ScenarioSettings) {
  const problems: Record<string, string[]> = {};
  try {
    await checkName(context, fields.name, except);
  } catch (error) {
    if (error instanceof HttpError) Object.assign(problems, error.body);
    else throw error;
  }
  const departments = fields.departmentIds.length === 0 ? [] : await context.db.selectFrom("org_units").select("id").where("kind", "=", "department").where("id", "in", [...fields.departmentIds]).execute();
  if (departments.length !== new Set(fields.departmentIds).size) problems["departmentIds"] = [DEPARTMENT_UNKNOWN];
  for (const field of ["readUserIds", "writeUserIds"] as const) {
    const ids = [...new Set(fields[field])];
    const found = ids.length === 0 ? [] : await context.db.selectFrom("users").select("id").where("is_active", "=", true).where("id", "in", ids).execute();
    if (found.length !== ids.length) problems[field] = [LIQUIDITY_USER_UNKNOWN];
  }
  // A KPI is checked when it is chosen: someone who may not read the scenario's KPIs may still change its other fields.
  const kpis = await readableKpiIds(context, reader);
  const chosen = (key: "revenueKpiId" | "cashKpiId") => fields.settings[key] !== null && fields.settings[key] !== (before?.[key] ?? null);
  if (chosen("revenueKpiId") && !kpis.has(fields.settings.revenueKpiId!)) problems["settings.revenueKpiId"] = [KPI_UNKNOWN];
  if (chosen("cashKpiId") && !kpis.has(fields.settings.cashKpiId!)) problems["settings.cashKpiId"] = [KPI_UNKNOWN];
  if (Object.keys(problems).length > 0) throw badRequest(problems);
}

/** A new scenario's assumptions: from next month, 24 months, the default KPIs, 30 days to payment, no VAT on revenue, monthly VAT, 20 % employer costs, 40 hours. */
async function defaultSettings(context: TenantContext, reader: LiquidityReader, now: Date): Promise<ScenarioSettings> {
  const today = await companyToday(context, now);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  const kpis = await defaultKpis(context, reader);
  return {
    startMonth: next,
    months: DEFAULT_PROJECTION_MONTHS,
    revenueKpiId: kpis.revenue,
    cashKpiId: kpis.cash,
    paymentDelayDays: DEFAULT_PAYMENT_DELAY_DAYS,
    revenueVatRate: 0,
    vatSettlement: "monthly",
    employerCostRate: 20,
    fullTimeHours: DEFAULT_FULL_TIME_HOURS,
  };
}

/** The settings with what a request gives (its left-out fields keep theirs). */
const withSettings = (base: ScenarioSettings, given: { readonly [K in keyof ScenarioSettings]?: ScenarioSettings[K] | undefined } | undefined): ScenarioSettings => ({ ...base, ...Object.fromEntries(Object.entries(given ?? {}).filter(([, value]) => value !== undefined)) });

export type { ExpenseCreateRequest };
