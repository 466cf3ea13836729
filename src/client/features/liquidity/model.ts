import { castDraft, produce } from "immer";
import type { Expense, HeadcountEmployee, LiquidityChoices, LiquidityProjection, LiquidityScenario, MasterData, ScenarioList } from "../../../contracts/liquidity";
import type { LiquidityAction } from "../../../contracts/messages/liquidity";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

export interface ProjectionSlot {
  readonly status: "loading" | "loaded" | "error";
  /** The FX selection it was asked in (null: local currency). */
  readonly fxRateId: number | null;
  readonly value: LiquidityProjection | null;
  readonly message: string | null;
}

export interface ImportRowError {
  readonly row: number;
  readonly messages: readonly string[];
}

/** The liquidity screens: the scenarios and their comparison, the open scenario's rows, the latest change. */
export interface LiquidityModel {
  readonly list: { readonly status: LoadStatus; readonly value: ScenarioList | null; readonly message: string | null };
  readonly choices: { readonly status: LoadStatus; readonly value: LiquidityChoices | null; readonly message: string | null };
  /** The scenarios on the comparison chart, in the order they were chosen (at most MAX_COMPARED_SCENARIOS). */
  readonly compared: readonly number[];
  /** Why the last choice for the chart was refused. */
  readonly comparisonNotice: string | null;
  /** By scenario id. */
  readonly projections: Readonly<Record<string, ProjectionSlot>>;
  /** The scenario the headcount or expenses screen shows. */
  readonly scenario: { readonly scenarioId: number | null; readonly status: LoadStatus; readonly value: LiquidityScenario | null; readonly message: string | null; readonly notFound: boolean };
  readonly headcount: { readonly scenarioId: number | null; readonly status: LoadStatus; readonly value: readonly HeadcountEmployee[]; readonly message: string | null };
  readonly expenses: {
    readonly scenarioId: number | null;
    readonly status: LoadStatus;
    readonly contracts: readonly Expense[];
    readonly transactions: readonly Expense[];
    readonly masterData: MasterData | null;
    readonly message: string | null;
  };
  readonly action: {
    readonly status: "idle" | "busy" | "error";
    readonly action: LiquidityAction | null;
    readonly target: number | null;
    readonly message: string | null;
    readonly fields: Readonly<Record<string, readonly string[]>>;
    readonly conflicts: readonly string[];
    readonly rows: readonly ImportRowError[];
  };
}

const IDLE_ACTION: LiquidityModel["action"] = { status: "idle", action: null, target: null, message: null, fields: {}, conflicts: [], rows: [] };

export const initialLiquidity: LiquidityModel = {
  list: { status: "idle", value: null, message: null },
  choices: { status: "idle", value: null, message: null },
  compared: [],
  comparisonNotice: null,
  projections: {},
  scenario: { scenarioId: null, status: "idle", value: null, message: null, notFound: false },
  headcount: { scenarioId: null, status: "idle", value: [], message: null },
  expenses: { scenarioId: null, status: "idle", contracts: [], transactions: [], masterData: null, message: null },
  action: IDLE_ACTION,
};

const byName = (left: HeadcountEmployee, right: HeadcountEmployee) => left.fullName.localeCompare(right.fullName) || left.id - right.id;
const byStart = (left: Expense, right: Expense) => left.startDate.localeCompare(right.startDate) || left.id - right.id;

export const liquidityReducer: Reducer<LiquidityModel> = (model, event) => {
  switch (event._tag) {
    case "LiquidityScenariosLoadStarted":
      return produce(model, (draft) => {
        if (draft.list.status !== "loaded") draft.list.status = "loading";
        draft.list.message = null;
      });
    case "LiquidityScenariosLoaded":
      return produce(model, (draft) => {
        draft.list = castDraft({ status: "loaded" as const, value: event.list, message: null });
        // A scenario deleted elsewhere leaves the chart.
        const ids = new Set(event.list.scenarios.map((scenario) => scenario.id));
        draft.compared = draft.compared.filter((id) => ids.has(id));
      });
    case "LiquidityScenariosLoadFailed":
      return produce(model, (draft) => {
        draft.list.status = "error";
        draft.list.message = event.message;
      });
    case "LiquidityChoicesLoaded":
      return produce(model, (draft) => {
        draft.choices = castDraft({ status: "loaded" as const, value: event.choices, message: null });
      });
    case "LiquidityChoicesLoadFailed":
      return produce(model, (draft) => {
        draft.choices.status = "error";
        draft.choices.message = event.message;
      });
    case "LiquidityScenarioSaved":
      return produce(model, (draft) => {
        const scenarios = draft.list.value?.scenarios;
        if (scenarios) {
          const index = scenarios.findIndex((scenario) => scenario.id === event.scenario.id);
          if (index >= 0) scenarios[index] = castDraft(event.scenario);
          else scenarios.unshift(castDraft(event.scenario)); // newest first
        }
        if (draft.scenario.scenarioId === event.scenario.id) draft.scenario.value = castDraft(event.scenario);
      });
    case "LiquidityScenarioRemoved":
      return produce(model, (draft) => {
        if (draft.list.value) draft.list.value.scenarios = draft.list.value.scenarios.filter((scenario) => scenario.id !== event.scenarioId);
        draft.compared = draft.compared.filter((id) => id !== event.scenarioId);
        delete draft.projections[String(event.scenarioId)];
      });
    case "ComparedScenariosChanged":
      return produce(model, (draft) => {
        draft.compared = [...event.scenarioIds];
        draft.comparisonNotice = null;
        for (const id of Object.keys(draft.projections)) if (!event.scenarioIds.includes(Number(id))) delete draft.projections[id];
      });
    case "ComparedScenarioRefused":
      return produce(model, (draft) => {
        draft.comparisonNotice = event.message;
      });
    case "LiquidityProjectionLoadStarted":
      return produce(model, (draft) => {
        const slot = draft.projections[String(event.scenarioId)];
        // A reload keeps the chart on screen until the new numbers arrive.
        draft.projections[String(event.scenarioId)] = { status: slot?.value ? slot.status : "loading", fxRateId: event.fxRateId, value: slot?.value ?? null, message: null };
      });
    case "LiquidityProjectionLoaded":
      return produce(model, (draft) => {
        const key = String(event.projection.scenarioId);
        if (!draft.compared.includes(event.projection.scenarioId)) return; // taken off the chart meanwhile
        if (draft.projections[key] && draft.projections[key].fxRateId !== event.fxRateId) return; // an older FX selection's late answer
        draft.projections[key] = castDraft({ status: "loaded" as const, fxRateId: event.fxRateId, value: event.projection, message: null });
      });
    case "LiquidityProjectionLoadFailed":
      return produce(model, (draft) => {
        const key = String(event.scenarioId);
        if (!draft.compared.includes(event.scenarioId)) return;
        draft.projections[key] = { status: "error", fxRateId: draft.projections[key]?.fxRateId ?? null, value: null, message: event.message };
      });
    case "LiquidityScenarioLoadStarted":
      return produce(model, (draft) => {
        const same = draft.scenario.scenarioId === event.scenarioId && draft.scenario.status === "loaded";
        draft.scenario = castDraft({ scenarioId: event.scenarioId, status: same ? ("loaded" as const) : ("loading" as const), value: same ? draft.scenario.value : null, message: null, notFound: false });
      });
    case "LiquidityScenarioLoaded":
      return produce(model, (draft) => {
        if (draft.scenario.scenarioId !== event.scenario.id) return;
        draft.scenario = castDraft({ scenarioId: event.scenario.id, status: "loaded" as const, value: event.scenario, message: null, notFound: false });
      });
    case "LiquidityScenarioLoadFailed":
      return produce(model, (draft) => {
        if (draft.scenario.scenarioId !== event.scenarioId) return;
        draft.scenario = { scenarioId: event.scenarioId, status: "error", value: null, message: event.message, notFound: event.notFound };
      });
    case "HeadcountLoadStarted":
      return produce(model, (draft) => {
        const same = draft.headcount.scenarioId === event.scenarioId && draft.headcount.status === "loaded";
        draft.headcount = castDraft({ scenarioId: event.scenarioId, status: same ? ("loaded" as const) : ("loading" as const), value: same ? draft.headcount.value : [], message: null });
      });
    case "HeadcountLoaded":
      return produce(model, (draft) => {
        if (draft.headcount.scenarioId !== event.scenarioId) return;
        draft.headcount = castDraft({ scenarioId: event.scenarioId, status: "loaded" as const, value: [...event.employees].sort(byName), message: null });
      });
    case "HeadcountLoadFailed":
      return produce(model, (draft) => {
        if (draft.headcount.scenarioId !== event.scenarioId) return;
        draft.headcount.status = "error";
        draft.headcount.message = event.message;
      });
    case "HeadcountEmployeeSaved":
      return produce(model, (draft) => {
        if (draft.headcount.scenarioId !== event.scenarioId) return;
        const others = draft.headcount.value.filter((employee) => employee.id !== event.employee.id);
        draft.headcount.value = castDraft([...others, event.employee].sort(byName));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "HeadcountEmployeeRemoved":
      return produce(model, (draft) => {
        if (draft.headcount.scenarioId === event.scenarioId) draft.headcount.value = draft.headcount.value.filter((employee) => employee.id !== event.employeeId);
        draft.action = castDraft(IDLE_ACTION);
      });
    case "LiquidityExpensesLoadStarted":
      return produce(model, (draft) => {
        const same = draft.expenses.scenarioId === event.scenarioId && draft.expenses.status === "loaded";
        if (same) draft.expenses.message = null;
        else draft.expenses = { scenarioId: event.scenarioId, status: "loading", contracts: [], transactions: [], masterData: null, message: null };
      });
    case "LiquidityExpensesLoaded":
      return produce(model, (draft) => {
        if (draft.expenses.scenarioId !== event.scenarioId) return;
        draft.expenses = castDraft({ scenarioId: event.scenarioId, status: "loaded" as const, contracts: [...event.contracts].sort(byStart), transactions: [...event.transactions].sort(byStart), masterData: event.masterData, message: null });
      });
    case "LiquidityExpensesLoadFailed":
      return produce(model, (draft) => {
        if (draft.expenses.scenarioId !== event.scenarioId) return;
        draft.expenses.status = "error";
        draft.expenses.message = event.message;
      });
    case "LiquidityExpenseSaved":
      return produce(model, (draft) => {
        if (draft.expenses.scenarioId !== event.scenarioId) return;
        const list = event.expense.kind === "contract" ? "contracts" : "transactions";
        draft.expenses.contracts = draft.expenses.contracts.filter((expense) => expense.id !== event.expense.id);
        draft.expenses.transactions = draft.expenses.transactions.filter((expense) => expense.id !== event.expense.id);
        draft.expenses[list] = castDraft([...draft.expenses[list], event.expense].sort(byStart));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "LiquidityExpenseRemoved":
      return produce(model, (draft) => {
        if (draft.expenses.scenarioId === event.scenarioId) {
          draft.expenses.contracts = draft.expenses.contracts.filter((expense) => expense.id !== event.expenseId);
          draft.expenses.transactions = draft.expenses.transactions.filter((expense) => expense.id !== event.expenseId);
        }
        draft.action = castDraft(IDLE_ACTION);
      });
    case "LiquidityActionStarted":
      return produce(model, (draft) => {
        draft.action = castDraft({ ...IDLE_ACTION, status: "busy" as const, action: event.action, target: event.target });
      });
    case "LiquidityActionSucceeded":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
      });
    case "LiquidityActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, target: event.target, message: event.message, fields: event.fields, conflicts: event.conflicts, rows: event.rows });
      });
    default:
      return model;
  }
};

/** The form of an action shows the server's answer only if it is that action's, on that row. */
export function actionFor(model: LiquidityModel, action: LiquidityAction, target: number | null) {
  const mine = model.action.action === action && model.action.target === target;
  const failed = mine && model.action.status === "error";
  return {
    busy: mine && model.action.status === "busy",
    status: mine ? model.action.status : ("idle" as const),
    fields: failed ? model.action.fields : {},
    message: failed ? model.action.message : null,
    conflicts: failed ? model.action.conflicts : [],
    rows: failed ? model.action.rows : [],
  };
}
