import { Schema } from "@effect/schema";
import { FiniteNumber, IsoDate, List, MonthDate, RecordId, RecordIdFromString, RequiredText, Text } from "./fields";

/**
 * Liquidity planning (issue 17, spec sections 2, 3, 4, 6, 8): cash scenarios built from
 * headcount and expenses (contracts and transactions), each projected month by month (and week
 * by week for the next 13 weeks) from an opening balance taken from the cash KPI. The API lives
 * under /api/liquidity/ (src/server/features/liquidity); domain/liquidity decides every rule
 * (frequencies, salaries, VAT, payment delays, merging, runway).
 *
 * Money is in the company's local currency, net of VAT where a VAT rate is given; the projection
 * converts to a chosen FX rate. An approved scenario never changes again: the database refuses
 * any write to it or its rows (a trigger), not only the screens.
 *
 * Who may do what: a scenario is read by its author, its read and write users, and liquidity
 * administrators (access_liquidity_planning_admin); its author, write users holding
 * write_liquidity_scenarios, and administrators change it; approve_liquidity_scenarios approves
 * any scenario the person may read. Every route needs access_liquidity_planning (held directly,
 * through a group, or as the per-user liquidity grant).
 */

// ── lists (spec section 9 and decisions) ────────────────────────────────────
/** Spec section 9, "Frequency list". */
export const FREQUENCIES = ["daily", "weekly", "bi-weekly", "monthly", "quarterly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "working_student", "intern", "freelancer"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const SCENARIO_STATUSES = ["draft", "approved"] as const;
export type ScenarioStatus = (typeof SCENARIO_STATUSES)[number];
/** Spec section 4: the expenses master data (seeded from the accounting import) is in one of these. */
export const MASTER_DATA_STATES = ["not_configured", "processing", "error", "pending_update", "active"] as const;
export type MasterDataState = (typeof MASTER_DATA_STATES)[number];
/** A contract is an agreement entered by hand; a transaction is an expected payment (entered, or seeded from the books). */
export const EXPENSE_KINDS = ["contract", "transaction"] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];
/** How often the VAT balance is settled with the tax office (on the 10th of the month after the period). */
export const VAT_SETTLEMENTS = ["monthly", "quarterly", "none"] as const;
export type VatSettlement = (typeof VAT_SETTLEMENTS)[number];

// ── limits and defaults ─────────────────────────────────────────────────────
export const MIN_PROJECTION_MONTHS = 1;
export const MAX_PROJECTION_MONTHS = 60;
export const DEFAULT_PROJECTION_MONTHS = 24;
/** The comparison chart shows at most this many scenarios at once. */
export const MAX_COMPARED_SCENARIOS = 4;
/** The weekly view covers the next 13 weeks (a quarter), Monday to Sunday. */
export const PROJECTED_WEEKS = 13;
/** Weekly hours of one FTE unless the scenario says otherwise. */
export const DEFAULT_FULL_TIME_HOURS = 40;
export const DEFAULT_PAYMENT_DELAY_DAYS = 30;
export const MAX_PAYMENT_DELAY_DAYS = 365;
export const MAX_EMPLOYEES_PER_SCENARIO = 5_000;
export const MAX_EXPENSES_PER_SCENARIO = 20_000;
export const MAX_SALARY_INCREASES = 20;
/** The largest amount anywhere (salaries, contract amounts): numeric(14, 2). */
export const MAX_AMOUNT = 999_999_999_999.99;

// ── texts (spec section 8, then our own) ────────────────────────────────────
export const LIQUIDITY_SOMETHING_WRONG = "Something goes wrong. Please try again.";
export const SCENARIO_UPDATE_FAILED = "Error while updating scenario.";
export const SCENARIO_MERGE_FAILED = "Error while merging scenarios.";
export const SCENARIO_NOT_FOUND = "Scenario not exist or you don't have access to it";
export const EMPLOYEE_ID_TAKEN = "Employee with this ID already exists in this scenario";
export const SCENARIO_APPROVED = "This scenario is approved and can no longer be changed.";
export const SCENARIO_NAME_TAKEN = "A scenario with this name already exists.";
export const SCENARIO_NAME_BLANK = "Enter a name for the scenario.";
export const MERGE_SAME_SCENARIO = "Choose two different scenarios to merge.";
export const TERMINATION_BEFORE_HIRE = "The termination date cannot be before the hire date.";
export const END_BEFORE_START = "The end date cannot be before the start date.";
export const DEPARTMENT_UNKNOWN = "Choose a department of the company.";
export const DEPARTMENT_NOT_IN_SCENARIO = "Choose one of the scenario's departments.";
export const LIQUIDITY_USER_UNKNOWN = "Choose active users of the company.";
export const IMPORT_NOT_WORKBOOK = "Upload the Excel template (.xlsx) filled in.";
/** Spec section 8, "messages for missing integration or accounts data": one per master-data state that needs one. */
export const MASTER_DATA_MESSAGES: Record<MasterDataState, string | null> = {
  not_configured: "No accounting data yet: import your bookings (Data integration › Accounting) to seed transactions, or enter them by hand.",
  processing: "The transactions are being read from the accounting import.",
  error: "The accounting import has no expense accounts mapped: map its accounts to P&L categories to seed transactions.",
  pending_update: "The accounting import changed since the transactions were seeded: seed them again to take the new bookings.",
  active: null,
};

// ── shared pieces ───────────────────────────────────────────────────────────
export const LiquidityPerson = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type LiquidityPerson = typeof LiquidityPerson.Type;
export const LiquidityDepartment = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type LiquidityDepartment = typeof LiquidityDepartment.Type;

const Amount = FiniteNumber.pipe(Schema.filter((value) => (value >= 0 && value <= MAX_AMOUNT) || `Enter an amount from 0 to ${MAX_AMOUNT}.`, { jsonSchema: { minimum: 0, maximum: MAX_AMOUNT } }));
/** A percentage 0–100 (VAT, employer costs). */
const Percent = FiniteNumber.pipe(Schema.filter((value) => (value >= 0 && value <= 100) || "Enter a percentage from 0 to 100.", { jsonSchema: { minimum: 0, maximum: 100 } }));
const ScenarioName = RequiredText(120, SCENARIO_NAME_BLANK);
const Months = FiniteNumber.pipe(Schema.filter((value) => (Number.isInteger(value) && value >= MIN_PROJECTION_MONTHS && value <= MAX_PROJECTION_MONTHS) || `Choose ${MIN_PROJECTION_MONTHS} to ${MAX_PROJECTION_MONTHS} months.`));
const DelayDays = FiniteNumber.pipe(Schema.filter((value) => (Number.isInteger(value) && value >= 0 && value <= MAX_PAYMENT_DELAY_DAYS) || `Enter 0 to ${MAX_PAYMENT_DELAY_DAYS} days.`));
const Hours = FiniteNumber.pipe(Schema.filter((value) => (value > 0 && value <= 80) || "Enter hours from 0 to 80 a week.", { jsonSchema: { exclusiveMinimum: 0, maximum: 80 } }));

// ── scenarios ───────────────────────────────────────────────────────────────
/** The assumptions a scenario projects with (all of them editable while it is a draft). */
export const ScenarioSettings = Schema.Struct({
  /** The first projected month; the opening balance is the cash KPI's actual of the month before. */
  startMonth: MonthDate,
  months: Months,
  /** The KPI whose planning values are the invoiced revenue (net); null: no revenue inflows. */
  revenueKpiId: Schema.NullOr(RecordId),
  /** The KPI whose actuals give the opening balance and the actuals line; null: opening balance 0. */
  cashKpiId: Schema.NullOr(RecordId),
  /** Days from invoicing (a month's last day) to the customer's payment. */
  paymentDelayDays: DelayDays,
  /** VAT charged on revenue, percent. */
  revenueVatRate: Percent,
  vatSettlement: Schema.Literal(...VAT_SETTLEMENTS),
  /** Employer costs on top of gross salaries, percent, for employees without their own rate. */
  employerCostRate: Percent,
  fullTimeHours: Hours,
});
export type ScenarioSettings = typeof ScenarioSettings.Type;

export const LiquidityScenario = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  author: Schema.NullOr(LiquidityPerson),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  status: Schema.Literal(...SCENARIO_STATUSES),
  approvedAt: Schema.NullOr(Schema.String),
  approvedBy: Schema.NullOr(LiquidityPerson),
  /** The scenario it was duplicated from (null when made new or by merging). */
  parentId: Schema.NullOr(Schema.Number),
  /** The two scenarios it was merged from, when it was. */
  mergedFrom: Schema.Array(Schema.Number),
  departments: Schema.Array(LiquidityDepartment),
  readUsers: Schema.Array(LiquidityPerson),
  writeUsers: Schema.Array(LiquidityPerson),
  settings: ScenarioSettings,
  employeeCount: Schema.Number,
  openPositionCount: Schema.Number,
  contractCount: Schema.Number,
  transactionCount: Schema.Number,
  /** What the asking person may do with it (approved scenarios: nobody may edit). */
  canEdit: Schema.Boolean,
  canApprove: Schema.Boolean,
  canDelete: Schema.Boolean,
});
export type LiquidityScenario = typeof LiquidityScenario.Type;

/** GET /api/liquidity/scenarios/: the scenarios the person may read, newest first. */
export const ScenarioList = Schema.Struct({ scenarios: Schema.Array(LiquidityScenario), canCreate: Schema.Boolean });
export type ScenarioList = typeof ScenarioList.Type;

export const ScenarioParams = Schema.Struct({ scenarioId: RecordIdFromString });

/** POST /api/liquidity/scenarios/: settings left out take the defaults (start: next month). */
export const ScenarioCreateRequest = Schema.Struct({
  name: ScenarioName,
  departmentIds: Schema.optional(List(RecordId, 200)),
  readUserIds: Schema.optional(List(RecordId, 500)),
  writeUserIds: Schema.optional(List(RecordId, 500)),
  settings: Schema.optional(Schema.partial(ScenarioSettings)),
});
export type ScenarioCreateRequest = typeof ScenarioCreateRequest.Type;

/** PATCH /api/liquidity/scenarios/{id}/ (drafts only: 409 SCENARIO_APPROVED otherwise). */
export const ScenarioChangeRequest = Schema.Struct({
  name: Schema.optional(ScenarioName),
  departmentIds: Schema.optional(List(RecordId, 200)),
  readUserIds: Schema.optional(List(RecordId, 500)),
  writeUserIds: Schema.optional(List(RecordId, 500)),
  settings: Schema.optional(Schema.partial(ScenarioSettings)),
});
export type ScenarioChangeRequest = typeof ScenarioChangeRequest.Type;

/** POST /api/liquidity/scenarios/{id}/duplicate/: a draft child with a copy of all its parent's data. */
export const ScenarioDuplicateRequest = Schema.Struct({ name: ScenarioName });
export type ScenarioDuplicateRequest = typeof ScenarioDuplicateRequest.Type;

/**
 * POST /api/liquidity/scenarios/merge/: a new draft from two scenarios (neither changes). Its
 * headcount is both headcounts, one row per employee ID (the same person in both must be the
 * same in both, else 409 SCENARIO_MERGE_FAILED naming the IDs in `conflicts`); its expenses
 * are both lists with identical rows once; departments and users are both lists; the settings
 * are the first scenario's.
 */
export const ScenarioMergeRequest = Schema.Struct({ firstId: RecordId, secondId: RecordId, name: ScenarioName });
export type ScenarioMergeRequest = typeof ScenarioMergeRequest.Type;
/** The 409 body of a refused merge. */
export const MergeConflicts = Schema.Struct({ detail: Schema.String, conflicts: Schema.Array(Schema.String) });

// ── headcount ───────────────────────────────────────────────────────────────
export const SalaryIncrease = Schema.Struct({
  /** From this date on the annual salary is `annualSalary`. */
  effectiveFrom: IsoDate,
  annualSalary: Amount,
});
export type SalaryIncrease = typeof SalaryIncrease.Type;

export const HeadcountEmployee = Schema.Struct({
  id: Schema.Number,
  /** The company's employee ID (unique in the scenario); open positions have none. */
  employeeId: Schema.NullOr(Schema.String),
  fullName: Schema.String,
  employmentType: Schema.Literal(...EMPLOYMENT_TYPES),
  department: Schema.NullOr(LiquidityDepartment),
  role: Schema.String,
  weeklyHours: Schema.Number,
  /** weeklyHours / the scenario's full-time hours, two decimals (domain/liquidity/fte.ts). */
  fte: Schema.Number,
  /** Gross annual salary for the hours worked ("fix salary"). */
  fixSalary: Schema.Number,
  hireDate: Schema.NullOr(Schema.String),
  terminationDate: Schema.NullOr(Schema.String),
  costCenter: Schema.String,
  /** An open position: a planned hire, no person yet. */
  openPosition: Schema.Boolean,
  salaryIncreases: Schema.Array(SalaryIncrease),
  /** Null: the scenario's employer cost rate. */
  employerCostRate: Schema.NullOr(Schema.Number),
});
export type HeadcountEmployee = typeof HeadcountEmployee.Type;

export const EmployeeFields = Schema.Struct({
  employeeId: Schema.NullOr(Text(40)),
  fullName: RequiredText(160, "Enter the employee's full name."),
  employmentType: Schema.Literal(...EMPLOYMENT_TYPES),
  departmentId: Schema.NullOr(RecordId),
  role: Text(120),
  weeklyHours: Hours,
  fixSalary: Amount,
  hireDate: Schema.NullOr(IsoDate),
  terminationDate: Schema.NullOr(IsoDate),
  costCenter: Text(60),
  openPosition: Schema.Boolean,
  salaryIncreases: List(SalaryIncrease, MAX_SALARY_INCREASES),
  employerCostRate: Schema.NullOr(Percent),
});
/** POST /api/liquidity/scenarios/{id}/employees/ */
export const EmployeeCreateRequest = EmployeeFields;
export type EmployeeCreateRequest = typeof EmployeeCreateRequest.Type;
/** PATCH /api/liquidity/scenarios/{id}/employees/{employeeId}/ */
export const EmployeeChangeRequest = Schema.partial(EmployeeFields);
export type EmployeeChangeRequest = typeof EmployeeChangeRequest.Type;
export const EmployeeParams = Schema.Struct({ scenarioId: RecordIdFromString, employeeId: RecordIdFromString });

/** GET /api/liquidity/scenarios/{id}/employees/ */
export const HeadcountList = Schema.Struct({ employees: Schema.Array(HeadcountEmployee) });
export type HeadcountList = typeof HeadcountList.Type;

/**
 * POST /api/liquidity/scenarios/{id}/employees/import/ (the filled-in template from
 * GET /api/liquidity/employees/template/): all rows or none. A refused file answers 400 with
 * `rows`: each refused row's number and messages.
 */
export const HeadcountImportResult = Schema.Struct({ created: Schema.Number, updated: Schema.Number });
export const ImportRowErrors = Schema.Struct({ detail: Schema.String, rows: Schema.Array(Schema.Struct({ row: Schema.Number, messages: Schema.Array(Schema.String) })) });

// ── expenses ────────────────────────────────────────────────────────────────
export const Expense = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literal(...EXPENSE_KINDS),
  account: Schema.String,
  vendor: Schema.String,
  costDriver: Schema.String,
  startDate: Schema.String,
  /** Null: runs on past the projection. */
  endDate: Schema.NullOr(Schema.String),
  /** Net amount of each payment. */
  amount: Schema.Number,
  costCenter: Schema.String,
  frequency: Schema.Literal(...FREQUENCIES),
  /** VAT on top of the amount, percent. */
  vatRate: Schema.Number,
  /** Seeded from the accounting import (true) or entered by hand. */
  seeded: Schema.Boolean,
});
export type Expense = typeof Expense.Type;

export const ExpenseFields = Schema.Struct({
  kind: Schema.Literal(...EXPENSE_KINDS),
  account: RequiredText(120, "Enter the account."),
  vendor: Text(160),
  costDriver: Text(120),
  startDate: IsoDate,
  endDate: Schema.NullOr(IsoDate),
  amount: Amount,
  costCenter: Text(60),
  frequency: Schema.Literal(...FREQUENCIES),
  vatRate: Percent,
});
/** POST /api/liquidity/scenarios/{id}/expenses/ */
export const ExpenseCreateRequest = ExpenseFields;
export type ExpenseCreateRequest = typeof ExpenseCreateRequest.Type;
/** PATCH /api/liquidity/scenarios/{id}/expenses/{expenseId}/ */
export const ExpenseChangeRequest = Schema.partial(ExpenseFields);
export type ExpenseChangeRequest = typeof ExpenseChangeRequest.Type;
export const ExpenseParams = Schema.Struct({ scenarioId: RecordIdFromString, expenseId: RecordIdFromString });

export const MasterData = Schema.Struct({
  state: Schema.Literal(...MASTER_DATA_STATES),
  /** MASTER_DATA_MESSAGES[state], or the error that stopped the last seeding. */
  message: Schema.NullOr(Schema.String),
  seededAt: Schema.NullOr(Schema.String),
});
export type MasterData = typeof MasterData.Type;

/** GET /api/liquidity/scenarios/{id}/expenses/; POST …/expenses/seed/ answers the same after seeding. */
export const ExpenseList = Schema.Struct({ contracts: Schema.Array(Expense), transactions: Schema.Array(Expense), masterData: MasterData });
export type ExpenseList = typeof ExpenseList.Type;

// ── the projection ──────────────────────────────────────────────────────────
/** Outflows by source, positive numbers (money leaving). */
export const Outflows = Schema.Struct({ salaries: Schema.Number, employerCosts: Schema.Number, contracts: Schema.Number, transactions: Schema.Number, vat: Schema.Number });
export type Outflows = typeof Outflows.Type;
/** Inflows by source, positive numbers; a VAT refund (more input than output VAT) is an inflow. */
export const Inflows = Schema.Struct({ revenue: Schema.Number, vatRefund: Schema.Number });
export type Inflows = typeof Inflows.Type;

export const ProjectedMonth = Schema.Struct({ month: Schema.String, opening: Schema.Number, inflows: Inflows, outflows: Outflows, closing: Schema.Number });
export type ProjectedMonth = typeof ProjectedMonth.Type;
/** A Monday-to-Sunday week. */
export const ProjectedWeek = Schema.Struct({ weekStart: Schema.String, opening: Schema.Number, inflow: Schema.Number, outflow: Schema.Number, closing: Schema.Number });
export type ProjectedWeek = typeof ProjectedWeek.Type;

export const LiquidityProjection = Schema.Struct({
  scenarioId: Schema.Number,
  /** The currency the amounts are in: the local one, or the chosen FX rate's. */
  currency: Schema.String,
  opening: Schema.Struct({ amount: Schema.Number, date: Schema.String, fromKpi: Schema.Boolean }),
  months: Schema.Array(ProjectedMonth),
  weeks: Schema.Array(ProjectedWeek),
  /** The lowest balance after any day's payments, and that day. */
  lowest: Schema.Struct({ date: Schema.String, amount: Schema.Number }),
  /**
   * Whole months from the start until the balance first goes below zero, and that day; both
   * null when it never does within the projection (the screen says "more than N months").
   */
  runway: Schema.Struct({ months: Schema.NullOr(Schema.Number), runsOutOn: Schema.NullOr(Schema.String) }),
  /** The cash KPI's actual month-end balances within the projection, and the gap to the plan. */
  actuals: Schema.Array(Schema.Struct({ month: Schema.String, actual: Schema.Number, planned: Schema.Number, gap: Schema.Number })),
});
export type LiquidityProjection = typeof LiquidityProjection.Type;

/** GET /api/liquidity/scenarios/{id}/projection/?fxRate= */
export const ProjectionQuery = Schema.Struct({ fxRate: Schema.optional(RecordIdFromString) });

// ── choices for the forms ───────────────────────────────────────────────────
/** GET /api/liquidity/choices/: what the scenario, headcount and expense forms offer. */
export const LiquidityChoices = Schema.Struct({
  departments: Schema.Array(LiquidityDepartment),
  /** Active users who may be given read or write access (they hold access_liquidity_planning). */
  users: Schema.Array(LiquidityPerson),
  /** KPIs that can feed revenue (money, stored or calculated) and the cash balance. */
  kpis: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  defaultRevenueKpiId: Schema.NullOr(Schema.Number),
  defaultCashKpiId: Schema.NullOr(Schema.Number),
  /** Expense accounts of the accounting import, for the account field's suggestions. */
  accounts: Schema.Array(Schema.String),
  costCenters: Schema.Array(Schema.String),
});
export type LiquidityChoices = typeof LiquidityChoices.Type;
