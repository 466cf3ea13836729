import { Schema } from "@effect/schema";
import { EMPLOYMENT_TYPES, EXPENSE_KINDS, Expense, FREQUENCIES, HeadcountEmployee, LiquidityChoices, LiquidityProjection, LiquidityScenario, MasterData, ScenarioList, VAT_SETTLEMENTS } from "../liquidity";

/**
 * Liquidity planning (issue 17): the scenarios list and comparison (/liquidity-planning), a
 * scenario's headcount and expenses. The API is /api/liquidity/ (contracts/liquidity.ts).
 *
 * Commands carry what a person typed, as the form holds it (plain numbers and strings, no
 * limits): the server checks it and answers by field with the contract's texts, which a command
 * refused on the client would lose.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
/** What a person did, for the busy and failed states of its form (the id of the row it concerns, if any). */
export const LiquidityAction = Schema.Literal(
  "scenario-create",
  "scenario-change",
  "scenario-duplicate",
  "scenario-merge",
  "scenario-delete",
  "scenario-approve",
  "employee-create",
  "employee-change",
  "employee-delete",
  "headcount-import",
  "template-download",
  "expense-create",
  "expense-change",
  "expense-delete",
  "expenses-seed",
);
export type LiquidityAction = typeof LiquidityAction.Type;

const SettingsDraft = Schema.Struct({
  startMonth: Schema.optional(Schema.String),
  months: Schema.optional(Schema.Number),
  revenueKpiId: Schema.optional(Schema.NullOr(Schema.Number)),
  cashKpiId: Schema.optional(Schema.NullOr(Schema.Number)),
  paymentDelayDays: Schema.optional(Schema.Number),
  revenueVatRate: Schema.optional(Schema.Number),
  vatSettlement: Schema.optional(Schema.Literal(...VAT_SETTLEMENTS)),
  employerCostRate: Schema.optional(Schema.Number),
  fullTimeHours: Schema.optional(Schema.Number),
});
export type ScenarioSettingsDraft = typeof SettingsDraft.Type;
const ScenarioDraft = Schema.Struct({
  name: Schema.optional(Schema.String),
  departmentIds: Schema.optional(Schema.Array(Schema.Number)),
  readUserIds: Schema.optional(Schema.Array(Schema.Number)),
  writeUserIds: Schema.optional(Schema.Array(Schema.Number)),
  settings: Schema.optional(SettingsDraft),
});
export type ScenarioDraft = typeof ScenarioDraft.Type;
const EmployeeDraft = Schema.Struct({
  employeeId: Schema.optional(Schema.NullOr(Schema.String)),
  fullName: Schema.optional(Schema.String),
  employmentType: Schema.optional(Schema.Literal(...EMPLOYMENT_TYPES)),
  departmentId: Schema.optional(Schema.NullOr(Schema.Number)),
  role: Schema.optional(Schema.String),
  weeklyHours: Schema.optional(Schema.Number),
  fixSalary: Schema.optional(Schema.Number),
  hireDate: Schema.optional(Schema.NullOr(Schema.String)),
  terminationDate: Schema.optional(Schema.NullOr(Schema.String)),
  costCenter: Schema.optional(Schema.String),
  openPosition: Schema.optional(Schema.Boolean),
  salaryIncreases: Schema.optional(Schema.Array(Schema.Struct({ effectiveFrom: Schema.String, annualSalary: Schema.Number }))),
  employerCostRate: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type EmployeeDraft = typeof EmployeeDraft.Type;
const ExpenseDraft = Schema.Struct({
  kind: Schema.optional(Schema.Literal(...EXPENSE_KINDS)),
  account: Schema.optional(Schema.String),
  vendor: Schema.optional(Schema.String),
  costDriver: Schema.optional(Schema.String),
  startDate: Schema.optional(Schema.String),
  endDate: Schema.optional(Schema.NullOr(Schema.String)),
  amount: Schema.optional(Schema.Number),
  costCenter: Schema.optional(Schema.String),
  frequency: Schema.optional(Schema.Literal(...FREQUENCIES)),
  vatRate: Schema.optional(Schema.Number),
});
export type ExpenseDraft = typeof ExpenseDraft.Type;
const ScenarioRef = { scenarioId: Schema.Number, name: Schema.String };

// ── commands ────────────────────────────────────────────────────────────────
export class LoadLiquidityScenarios extends Schema.TaggedStruct("LoadLiquidityScenarios", {}) {}
/** The departments, users, KPIs, accounts and cost centres the forms offer. */
export class LoadLiquidityChoices extends Schema.TaggedStruct("LoadLiquidityChoices", {}) {}
export class CreateLiquidityScenario extends Schema.TaggedStruct("CreateLiquidityScenario", { draft: ScenarioDraft }) {}
export class ChangeLiquidityScenario extends Schema.TaggedStruct("ChangeLiquidityScenario", { scenarioId: Schema.Number, change: ScenarioDraft }) {}
/** A draft child with a copy of all its parent's data. */
export class DuplicateLiquidityScenario extends Schema.TaggedStruct("DuplicateLiquidityScenario", { scenarioId: Schema.Number, name: Schema.String }) {}
export class MergeLiquidityScenarios extends Schema.TaggedStruct("MergeLiquidityScenarios", { firstId: Schema.Number, secondId: Schema.Number, name: Schema.String }) {}
export class DeleteLiquidityScenario extends Schema.TaggedStruct("DeleteLiquidityScenario", ScenarioRef) {}
/** Irreversible: the scenario never changes again. */
export class ApproveLiquidityScenario extends Schema.TaggedStruct("ApproveLiquidityScenario", ScenarioRef) {}
/** Add a scenario to the comparison chart or take it off (at most MAX_COMPARED_SCENARIOS on it). */
export class ToggleComparedScenario extends Schema.TaggedStruct("ToggleComparedScenario", { scenarioId: Schema.Number }) {}
/** The projections of the compared scenarios, in the FX selection (after it changed, say). */
export class LoadLiquidityProjections extends Schema.TaggedStruct("LoadLiquidityProjections", {}) {}

/** Open a scenario's headcount or expenses screen: the scenario, then its rows. */
export class OpenLiquidityScenario extends Schema.TaggedStruct("OpenLiquidityScenario", { scenarioId: Schema.Number, part: Schema.Literal("headcount", "expenses") }) {}
export class CreateHeadcountEmployee extends Schema.TaggedStruct("CreateHeadcountEmployee", { scenarioId: Schema.Number, draft: EmployeeDraft }) {}
export class ChangeHeadcountEmployee extends Schema.TaggedStruct("ChangeHeadcountEmployee", { scenarioId: Schema.Number, employeeId: Schema.Number, change: EmployeeDraft }) {}
export class DeleteHeadcountEmployee extends Schema.TaggedStruct("DeleteHeadcountEmployee", { scenarioId: Schema.Number, employeeId: Schema.Number, name: Schema.String }) {}
export class DownloadHeadcountTemplate extends Schema.TaggedStruct("DownloadHeadcountTemplate", {}) {}
/** The filled-in Excel template; the file itself is not kept in a session log. */
export class ImportHeadcount extends Schema.TaggedStruct("ImportHeadcount", {
  scenarioId: Schema.Number,
  file: Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob),
  fileName: Schema.String,
}) {}
export class CreateLiquidityExpense extends Schema.TaggedStruct("CreateLiquidityExpense", { scenarioId: Schema.Number, draft: ExpenseDraft }) {}
export class ChangeLiquidityExpense extends Schema.TaggedStruct("ChangeLiquidityExpense", { scenarioId: Schema.Number, expenseId: Schema.Number, change: ExpenseDraft }) {}
export class DeleteLiquidityExpense extends Schema.TaggedStruct("DeleteLiquidityExpense", { scenarioId: Schema.Number, expenseId: Schema.Number, name: Schema.String }) {}
/** Read the transactions again from the accounting import. */
export class SeedLiquidityExpenses extends Schema.TaggedStruct("SeedLiquidityExpenses", { scenarioId: Schema.Number }) {}

export const LiquidityCommand = Schema.Union(
  LoadLiquidityScenarios,
  LoadLiquidityChoices,
  CreateLiquidityScenario,
  ChangeLiquidityScenario,
  DuplicateLiquidityScenario,
  MergeLiquidityScenarios,
  DeleteLiquidityScenario,
  ApproveLiquidityScenario,
  ToggleComparedScenario,
  LoadLiquidityProjections,
  OpenLiquidityScenario,
  CreateHeadcountEmployee,
  ChangeHeadcountEmployee,
  DeleteHeadcountEmployee,
  DownloadHeadcountTemplate,
  ImportHeadcount,
  CreateLiquidityExpense,
  ChangeLiquidityExpense,
  DeleteLiquidityExpense,
  SeedLiquidityExpenses,
);
export type LiquidityCommand = typeof LiquidityCommand.Type;

// ── events ──────────────────────────────────────────────────────────────────
export class LiquidityScenariosLoadStarted extends Schema.TaggedStruct("LiquidityScenariosLoadStarted", {}) {}
export class LiquidityScenariosLoaded extends Schema.TaggedStruct("LiquidityScenariosLoaded", { list: ScenarioList }) {}
export class LiquidityScenariosLoadFailed extends Schema.TaggedStruct("LiquidityScenariosLoadFailed", { message: Schema.String }) {}
export class LiquidityChoicesLoaded extends Schema.TaggedStruct("LiquidityChoicesLoaded", { choices: LiquidityChoices }) {}
export class LiquidityChoicesLoadFailed extends Schema.TaggedStruct("LiquidityChoicesLoadFailed", { message: Schema.String }) {}
/** A scenario made, changed, duplicated, merged or approved: its new state. */
export class LiquidityScenarioSaved extends Schema.TaggedStruct("LiquidityScenarioSaved", { scenario: LiquidityScenario }) {}
export class LiquidityScenarioRemoved extends Schema.TaggedStruct("LiquidityScenarioRemoved", { scenarioId: Schema.Number }) {}

/** The scenarios on the comparison chart, in the order they were chosen. */
export class ComparedScenariosChanged extends Schema.TaggedStruct("ComparedScenariosChanged", { scenarioIds: Schema.Array(Schema.Number) }) {}
/** A fifth scenario was chosen: refused, with why. */
export class ComparedScenarioRefused extends Schema.TaggedStruct("ComparedScenarioRefused", { scenarioId: Schema.Number, message: Schema.String }) {}
export class LiquidityProjectionLoadStarted extends Schema.TaggedStruct("LiquidityProjectionLoadStarted", { scenarioId: Schema.Number, fxRateId: Schema.NullOr(Schema.Number) }) {}
export class LiquidityProjectionLoaded extends Schema.TaggedStruct("LiquidityProjectionLoaded", { fxRateId: Schema.NullOr(Schema.Number), projection: LiquidityProjection }) {}
export class LiquidityProjectionLoadFailed extends Schema.TaggedStruct("LiquidityProjectionLoadFailed", { scenarioId: Schema.Number, message: Schema.String }) {}

export class LiquidityScenarioLoadStarted extends Schema.TaggedStruct("LiquidityScenarioLoadStarted", { scenarioId: Schema.Number }) {}
export class LiquidityScenarioLoaded extends Schema.TaggedStruct("LiquidityScenarioLoaded", { scenario: LiquidityScenario }) {}
/** `notFound`: unknown, or not the person's to read (the spec's one text for both). */
export class LiquidityScenarioLoadFailed extends Schema.TaggedStruct("LiquidityScenarioLoadFailed", { scenarioId: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class HeadcountLoadStarted extends Schema.TaggedStruct("HeadcountLoadStarted", { scenarioId: Schema.Number }) {}
export class HeadcountLoaded extends Schema.TaggedStruct("HeadcountLoaded", { scenarioId: Schema.Number, employees: Schema.Array(HeadcountEmployee) }) {}
export class HeadcountLoadFailed extends Schema.TaggedStruct("HeadcountLoadFailed", { scenarioId: Schema.Number, message: Schema.String }) {}
export class HeadcountEmployeeSaved extends Schema.TaggedStruct("HeadcountEmployeeSaved", { scenarioId: Schema.Number, employee: HeadcountEmployee }) {}
export class HeadcountEmployeeRemoved extends Schema.TaggedStruct("HeadcountEmployeeRemoved", { scenarioId: Schema.Number, employeeId: Schema.Number }) {}
export class LiquidityExpensesLoadStarted extends Schema.TaggedStruct("LiquidityExpensesLoadStarted", { scenarioId: Schema.Number }) {}
export class LiquidityExpensesLoaded extends Schema.TaggedStruct("LiquidityExpensesLoaded", {
  scenarioId: Schema.Number,
  contracts: Schema.Array(Expense),
  transactions: Schema.Array(Expense),
  masterData: MasterData,
}) {}
export class LiquidityExpensesLoadFailed extends Schema.TaggedStruct("LiquidityExpensesLoadFailed", { scenarioId: Schema.Number, message: Schema.String }) {}
export class LiquidityExpenseSaved extends Schema.TaggedStruct("LiquidityExpenseSaved", { scenarioId: Schema.Number, expense: Expense }) {}
export class LiquidityExpenseRemoved extends Schema.TaggedStruct("LiquidityExpenseRemoved", { scenarioId: Schema.Number, expenseId: Schema.Number }) {}

export class LiquidityActionStarted extends Schema.TaggedStruct("LiquidityActionStarted", { action: LiquidityAction, target: Schema.NullOr(Schema.Number) }) {}
export class LiquidityActionSucceeded extends Schema.TaggedStruct("LiquidityActionSucceeded", { action: LiquidityAction, target: Schema.NullOr(Schema.Number) }) {}
/**
 * `fields`: the server's messages by field; `conflicts`: the employee IDs a refused merge names;
 * `rows`: the refused rows of an import, each with its messages.
 */
export class LiquidityActionFailed extends Schema.TaggedStruct("LiquidityActionFailed", {
  action: LiquidityAction,
  target: Schema.NullOr(Schema.Number),
  message: Schema.String,
  fields: FieldMessages,
  conflicts: Schema.Array(Schema.String),
  rows: Schema.Array(Schema.Struct({ row: Schema.Number, messages: Schema.Array(Schema.String) })),
}) {}

export const LiquidityEvent = Schema.Union(
  LiquidityScenariosLoadStarted,
  LiquidityScenariosLoaded,
  LiquidityScenariosLoadFailed,
  LiquidityChoicesLoaded,
  LiquidityChoicesLoadFailed,
  LiquidityScenarioSaved,
  LiquidityScenarioRemoved,
  ComparedScenariosChanged,
  ComparedScenarioRefused,
  LiquidityProjectionLoadStarted,
  LiquidityProjectionLoaded,
  LiquidityProjectionLoadFailed,
  LiquidityScenarioLoadStarted,
  LiquidityScenarioLoaded,
  LiquidityScenarioLoadFailed,
  HeadcountLoadStarted,
  HeadcountLoaded,
  HeadcountLoadFailed,
  HeadcountEmployeeSaved,
  HeadcountEmployeeRemoved,
  LiquidityExpensesLoadStarted,
  LiquidityExpensesLoaded,
  LiquidityExpensesLoadFailed,
  LiquidityExpenseSaved,
  LiquidityExpenseRemoved,
  LiquidityActionStarted,
  LiquidityActionSucceeded,
  LiquidityActionFailed,
);
export type LiquidityEvent = typeof LiquidityEvent.Type;
