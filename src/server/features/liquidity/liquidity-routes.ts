import {
  EmployeeChangeRequest,
  EmployeeCreateRequest,
  EmployeeParams,
  ExpenseChangeRequest,
  ExpenseCreateRequest,
  ExpenseList,
  ExpenseParams,
  Expense,
  HeadcountEmployee,
  HeadcountImportResult,
  HeadcountList,
  LIQUIDITY_SOMETHING_WRONG,
  LiquidityChoices,
  LiquidityProjection,
  LiquidityScenario,
  ProjectionQuery,
  ScenarioChangeRequest,
  ScenarioCreateRequest,
  ScenarioDuplicateRequest,
  ScenarioList,
  ScenarioMergeRequest,
  ScenarioParams,
} from "../../../contracts/liquidity";
import { checkXlsx, XlsxRefused } from "../../platform/files/xlsx-guard";
import { badRequest, HttpError } from "../../platform/http/errors";
import { userRoute, type RouteDefinition, type UploadedFile, type UserCall } from "../../platform/http/route";
import { choicesFor } from "./choices-service";
import { createExpense, changeExpense, deleteExpense, listExpenses, seedExpenses } from "./expense-service";
import { changeEmployee, createEmployee, deleteEmployee, importEmployees, listEmployees } from "./headcount-service";
import { buildHeadcountTemplate, HeadcountFileRefused, readHeadcountFile } from "./headcount-template";
import { LIQUIDITY_ACCESS, type LiquidityReader } from "./liquidity-access";
import { departmentsOf } from "./liquidity-repository";
import { projectionOf } from "./projection-service";
import { approveScenario, changeScenario, createScenario, deleteScenario, duplicateScenario, listScenarios, mergeIntoNew, scenarioAsSeen, scenarioFor } from "./scenario-service";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

type Call = UserCall<any, any, any>;
const readerOf = (call: Call): LiquidityReader => ({ userId: call.user.userId, isStaff: call.reader.isStaff, permissions: call.reader.permissions });
const nowOf = (call: Call) => call.services.now?.() ?? new Date();

/**
 * Expected refusals answer their own status; anything else is a fault: logged, and answered 500
 * with the spec's liquidity text ("Something goes wrong. Please try again.").
 */
async function answer<T>(call: Call, work: (reader: LiquidityReader) => Promise<T>): Promise<T> {
  try {
    return await work(readerOf(call));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    call.request.log.error({ err: error }, "liquidity request failed");
    throw new HttpError(500, { detail: LIQUIDITY_SOMETHING_WRONG });
  }
}

const SCENARIO_404 = "A scenario that does not exist or that the person may not read answers 404 \"Scenario not exist or you don't have access to it\".";

/** Liquidity planning (issue 17): scenarios, headcount, expenses, the projection. */
export const liquidityRoutes: readonly RouteDefinition[] = [
  userRoute({
    method: "GET",
    path: "/liquidity/scenarios/",
    summary: "The scenarios the person may read, newest first, and whether they may create one",
    access: LIQUIDITY_ACCESS,
    response: ScenarioList,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => listScenarios(context, reader))),
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/",
    summary: "Create a draft scenario (needs write_liquidity_scenarios); settings left out take the defaults",
    description: "Seeds its transactions from the accounting import when the company has one.",
    access: LIQUIDITY_ACCESS,
    body: ScenarioCreateRequest,
    response: LiquidityScenario,
    status: 201,
    handle: async (call) => call.reply.status(201).send(await answer(call, (reader) => call.inTenant((context) => createScenario(context, reader, call.body, nowOf(call))))),
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/merge/",
    summary: "Merge two scenarios into a new draft (neither changes)",
    description: "409 \"Error while merging scenarios.\" with `conflicts` naming the employee IDs that differ between the two. " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    body: ScenarioMergeRequest,
    response: LiquidityScenario,
    status: 201,
    handle: async (call) => call.reply.status(201).send(await answer(call, (reader) => call.inTenant((context) => mergeIntoNew(context, reader, call.body, nowOf(call))))),
  }),
  userRoute({
    method: "GET",
    path: "/liquidity/scenarios/{scenarioId}/",
    summary: "A scenario with its settings, access lists, counts and what the person may do with it",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    response: LiquidityScenario,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => scenarioAsSeen(context, reader, call.params.scenarioId))),
  }),
  userRoute({
    method: "PATCH",
    path: "/liquidity/scenarios/{scenarioId}/",
    summary: "Change a draft scenario's name, departments, read and write users or settings",
    description: "Refusals answer 400 with detail \"Error while updating scenario.\" and the fields' messages; an approved scenario 409. " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    body: ScenarioChangeRequest,
    response: LiquidityScenario,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => changeScenario(context, reader, call.params.scenarioId, call.body, nowOf(call)))),
  }),
  userRoute({
    method: "DELETE",
    path: "/liquidity/scenarios/{scenarioId}/",
    summary: "Delete a draft scenario with its rows (its author or a liquidity administrator)",
    description: "An approved scenario is never deleted (409): approval is irreversible. " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    status: 204,
    handle: async (call) => {
      await answer(call, (reader) => call.inTenant((context) => deleteScenario(context, reader, call.params.scenarioId)));
      return call.reply.status(204).send();
    },
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/{scenarioId}/duplicate/",
    summary: "A draft child of the scenario with a copy of all its rows",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    body: ScenarioDuplicateRequest,
    response: LiquidityScenario,
    status: 201,
    handle: async (call) => call.reply.status(201).send(await answer(call, (reader) => call.inTenant((context) => duplicateScenario(context, reader, call.params.scenarioId, call.body.name, nowOf(call))))),
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/{scenarioId}/approve/",
    summary: "Approve a draft scenario: irreversible, it is read-only for everyone from then on",
    description: "Needs approve_liquidity_scenarios. " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    response: LiquidityScenario,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => approveScenario(context, reader, call.params.scenarioId, nowOf(call)))),
  }),
  userRoute({
    method: "GET",
    path: "/liquidity/scenarios/{scenarioId}/employees/",
    summary: "The scenario's headcount: employees and open positions",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    response: HeadcountList,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => listEmployees(context, reader, call.params.scenarioId))),
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/{scenarioId}/employees/",
    summary: "Add an employee or open position to a draft scenario",
    description: "The employee ID is unique in the scenario (\"Employee with this ID already exists in this scenario\"). " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    body: EmployeeCreateRequest,
    response: HeadcountEmployee,
    status: 201,
    handle: async (call) => call.reply.status(201).send(await answer(call, (reader) => call.inTenant((context) => createEmployee(context, reader, call.params.scenarioId, call.body)))),
  }),
  userRoute({
    method: "PATCH",
    path: "/liquidity/scenarios/{scenarioId}/employees/{employeeId}/",
    summary: "Change an employee of a draft scenario (salary increases: the whole list)",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: EmployeeParams,
    body: EmployeeChangeRequest,
    response: HeadcountEmployee,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => changeEmployee(context, reader, call.params.scenarioId, call.params.employeeId, call.body))),
  }),
  userRoute({
    method: "DELETE",
    path: "/liquidity/scenarios/{scenarioId}/employees/{employeeId}/",
    summary: "Remove an employee from a draft scenario",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: EmployeeParams,
    status: 204,
    handle: async (call) => {
      await answer(call, (reader) => call.inTenant((context) => deleteEmployee(context, reader, call.params.scenarioId, call.params.employeeId)));
      return call.reply.status(204).send();
    },
  }),
  userRoute<{ scenarioId: number }, undefined, UploadedFile>({
    method: "POST",
    path: "/liquidity/scenarios/{scenarioId}/employees/import/",
    summary: "Import the filled-in headcount template: all rows or none",
    description: "A row with an employee ID the scenario has updates that employee; the others are added. A refused file answers 400 with `rows` (each row's number and messages). " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    upload: { field: "file", maxBytes: IMPORT_MAX_BYTES, mediaTypes: [XLSX] },
    bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
    response: HeadcountImportResult,
    handle: (call) =>
      answer(call, async (reader) => {
        // The scenario first: another company's (or one the person may not change) is 404/403/409 whatever the file.
        await call.inTenant((context) => scenarioFor(context, reader, call.params.scenarioId, "edit"));
        let rows;
        try {
          await checkXlsx(call.body.bytes);
          rows = await readHeadcountFile(call.body.bytes);
        } catch (error) {
          if (error instanceof HeadcountFileRefused || error instanceof XlsxRefused) throw badRequest({ file: [error.message] });
          throw error;
        }
        if (rows.length === 0) throw badRequest({ file: ["The file lists no employees."] });
        return call.inTenant((context) => importEmployees(context, reader, call.params.scenarioId, rows));
      }),
  }),
  userRoute({
    method: "GET",
    path: "/liquidity/employees/template/",
    summary: "The headcount template (xlsx) with the company's departments",
    access: LIQUIDITY_ACCESS,
    response: { mediaType: XLSX, description: "The template workbook" },
    handle: async (call) => {
      const departments = await answer(call, () => call.inTenant(departmentsOf));
      const file = await buildHeadcountTemplate([...departments.values()]);
      return call.reply.header("content-type", XLSX).header("content-disposition", 'attachment; filename="meridian-headcount-template.xlsx"').send(file);
    },
  }),
  userRoute({
    method: "GET",
    path: "/liquidity/scenarios/{scenarioId}/expenses/",
    summary: "The scenario's contracts and transactions, and the expenses master data's state",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    response: ExpenseList,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => listExpenses(context, reader, call.params.scenarioId))),
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/{scenarioId}/expenses/",
    summary: "Add a contract or transaction to a draft scenario",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    body: ExpenseCreateRequest,
    response: Expense,
    status: 201,
    handle: async (call) => call.reply.status(201).send(await answer(call, (reader) => call.inTenant((context) => createExpense(context, reader, call.params.scenarioId, call.body)))),
  }),
  userRoute({
    method: "POST",
    path: "/liquidity/scenarios/{scenarioId}/expenses/seed/",
    summary: "Seed the draft scenario's transactions from the newest accounting import (replacing the seeded ones)",
    description: "One transaction per vendor and expense account whose bookings recur. " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    response: ExpenseList,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => seedExpenses(context, reader, call.params.scenarioId, nowOf(call)))),
  }),
  userRoute({
    method: "PATCH",
    path: "/liquidity/scenarios/{scenarioId}/expenses/{expenseId}/",
    summary: "Change a contract or transaction of a draft scenario",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ExpenseParams,
    body: ExpenseChangeRequest,
    response: Expense,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => changeExpense(context, reader, call.params.scenarioId, call.params.expenseId, call.body))),
  }),
  userRoute({
    method: "DELETE",
    path: "/liquidity/scenarios/{scenarioId}/expenses/{expenseId}/",
    summary: "Remove a contract or transaction from a draft scenario",
    description: SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ExpenseParams,
    status: 204,
    handle: async (call) => {
      await answer(call, (reader) => call.inTenant((context) => deleteExpense(context, reader, call.params.scenarioId, call.params.expenseId)));
      return call.reply.status(204).send();
    },
  }),
  userRoute({
    method: "GET",
    path: "/liquidity/scenarios/{scenarioId}/projection/",
    summary: "The scenario's cash projection: months, the next 13 weeks, lowest balance, runway, actuals",
    description: "fxRate: a named FX rate's id; every amount at its month's rate. " + SCENARIO_404,
    access: LIQUIDITY_ACCESS,
    params: ScenarioParams,
    query: ProjectionQuery,
    response: LiquidityProjection,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => projectionOf(context, reader, call.params.scenarioId, call.query.fxRate, nowOf(call)))),
  }),
  userRoute({
    method: "GET",
    path: "/liquidity/choices/",
    summary: "What the liquidity forms offer: departments, users, money KPIs and defaults, expense accounts, cost centers",
    access: LIQUIDITY_ACCESS,
    response: LiquidityChoices,
    handle: (call) => answer(call, (reader) => call.inTenant((context) => choicesFor(context, reader))),
  }),
];
