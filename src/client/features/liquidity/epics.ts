import { Effect } from "effect";
import { concat, concatMap, debounceTime, EMPTY, filter, from, map, merge, mergeMap, of, switchMap, type Observable } from "rxjs";
import {
  Expense,
  ExpenseList,
  HeadcountEmployee,
  HeadcountImportResult,
  HeadcountList,
  LIQUIDITY_SOMETHING_WRONG,
  LiquidityChoices,
  LiquidityProjection,
  LiquidityScenario,
  MAX_COMPARED_SCENARIOS,
  SCENARIO_MERGE_FAILED,
  SCENARIO_NOT_FOUND,
  SCENARIO_UPDATE_FAILED,
  ScenarioList,
} from "../../../contracts/liquidity";
import { LIQUIDITY_EVENTS } from "../../../contracts/liquidity-events";
import type { DomainEvent } from "../../../contracts/messages";
import {
  ComparedScenarioRefused,
  ComparedScenariosChanged,
  HeadcountEmployeeRemoved,
  HeadcountEmployeeSaved,
  HeadcountLoaded,
  HeadcountLoadFailed,
  HeadcountLoadStarted,
  LiquidityActionFailed,
  LiquidityActionStarted,
  LiquidityActionSucceeded,
  LiquidityChoicesLoaded,
  LiquidityChoicesLoadFailed,
  LiquidityExpenseRemoved,
  LiquidityExpenseSaved,
  LiquidityExpensesLoaded,
  LiquidityExpensesLoadFailed,
  LiquidityExpensesLoadStarted,
  LiquidityProjectionLoaded,
  LiquidityProjectionLoadFailed,
  LiquidityProjectionLoadStarted,
  LiquidityScenarioLoaded,
  LiquidityScenarioLoadFailed,
  LiquidityScenarioLoadStarted,
  LiquidityScenarioRemoved,
  LiquidityScenarioSaved,
  LiquidityScenariosLoaded,
  LiquidityScenariosLoadFailed,
  LiquidityScenariosLoadStarted,
  type LiquidityAction,
} from "../../../contracts/messages/liquidity";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import type { ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";

type LiquidityEpic = Epic<AppState, EpicDeps>;

const BASE = "/liquidity";
export const TEMPLATE_FILE_NAME = "headcount-template.xlsx";
export const COMPARE_LIMIT_TEXT = `At most ${MAX_COMPARED_SCENARIOS} scenarios fit on the chart: take one off before adding another.`;

/** The scenarios the person may read; the first time, the newest goes on the chart so it is never empty without reason. */
export const loadScenarios: LiquidityEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("LoadLiquidityScenarios"),
    switchMap(({ commandId }) =>
      concat(
        of(LiquidityScenariosLoadStarted.make({})),
        fromEffect(deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/`, decode: ScenarioList }).pipe(Effect.either)).pipe(
          mergeMap((result): Observable<DomainEvent> => {
            if (result._tag === "Left") return of(LiquidityScenariosLoadFailed.make({ message: loadFailureText(result.left) }));
            const first = state$.value.liquidity.list.status !== "loaded" && state$.value.liquidity.compared.length === 0 ? result.right.scenarios[0] : undefined;
            return concat(of(LiquidityScenariosLoaded.make({ list: result.right })), first ? concat(of(ComparedScenariosChanged.make({ scenarioIds: [first.id] })), projection$(deps, first.id, fxOf(state$.value))) : EMPTY);
          }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadChoices: LiquidityEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadLiquidityChoices"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: `${BASE}/choices/`, decode: LiquidityChoices }),
        (choices): DomainEvent => LiquidityChoicesLoaded.make({ choices }),
        (error): DomainEvent => LiquidityChoicesLoadFailed.make({ message: loadFailureText(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Create, change, duplicate, merge, delete, approve: in the order asked. */
export const changeScenario: LiquidityEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateLiquidityScenario", "ChangeLiquidityScenario", "DuplicateLiquidityScenario", "MergeLiquidityScenarios", "DeleteLiquidityScenario", "ApproveLiquidityScenario"),
    concatMap(({ command, commandId }) => {
      const saved =
        (text: (scenario: LiquidityScenario) => string) =>
        (scenario: LiquidityScenario): DomainEvent[] => [LiquidityScenarioSaved.make({ scenario }), LiquidityActionSucceeded.make({ action, target }), toast(deps, text(scenario))];
      let action: LiquidityAction;
      let target: number | null = null;
      let request: Effect.Effect<DomainEvent[], ApiError>;
      switch (command._tag) {
        case "CreateLiquidityScenario":
          action = "scenario-create";
          request = deps.api.request({ root: "main", method: "POST", path: `${BASE}/scenarios/`, body: command.draft, decode: LiquidityScenario }).pipe(Effect.map(saved((scenario) => `Scenario "${scenario.name}" created.`)));
          break;
        case "ChangeLiquidityScenario":
          action = "scenario-change";
          target = command.scenarioId;
          request = deps.api.request({ root: "main", method: "PATCH", path: `${BASE}/scenarios/${command.scenarioId}/`, body: command.change, decode: LiquidityScenario }).pipe(Effect.map(saved((scenario) => `Scenario "${scenario.name}" saved.`)));
          break;
        case "DuplicateLiquidityScenario":
          action = "scenario-duplicate";
          target = command.scenarioId;
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/${command.scenarioId}/duplicate/`, body: { name: command.name }, decode: LiquidityScenario })
            .pipe(Effect.map(saved((scenario) => `Scenario "${scenario.name}" created as a copy.`)));
          break;
        case "MergeLiquidityScenarios":
          action = "scenario-merge";
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/merge/`, body: { firstId: command.firstId, secondId: command.secondId, name: command.name }, decode: LiquidityScenario })
            .pipe(Effect.map(saved((scenario) => `Scenario "${scenario.name}" merged from two.`)));
          break;
        case "DeleteLiquidityScenario":
          action = "scenario-delete";
          target = command.scenarioId;
          request = deps.api
            .request({ root: "main", method: "DELETE", path: `${BASE}/scenarios/${command.scenarioId}/` })
            .pipe(Effect.as<DomainEvent[]>([LiquidityScenarioRemoved.make({ scenarioId: command.scenarioId }), LiquidityActionSucceeded.make({ action, target }), toast(deps, `Scenario "${command.name}" deleted.`)]));
          break;
        case "ApproveLiquidityScenario":
          action = "scenario-approve";
          target = command.scenarioId;
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/${command.scenarioId}/approve/`, decode: LiquidityScenario })
            .pipe(Effect.map(saved((scenario) => `Scenario "${scenario.name}" approved: it can no longer be changed.`)));
          break;
      }
      const base = action === "scenario-merge" ? SCENARIO_MERGE_FAILED : SCENARIO_UPDATE_FAILED;
      return concat(
        of(LiquidityActionStarted.make({ action, target })),
        fromEffect(request.pipe(Effect.catchAll((error) => Effect.succeed([failure(action, target, base, error)])))).pipe(mergeMap((events) => from(events))),
      ).pipe(causedBy(commandId));
    }),
  );

/** On or off the comparison chart; a fifth is refused, and a newly added one loads its projection. */
export const toggleCompared: LiquidityEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("ToggleComparedScenario"),
    mergeMap(({ command, commandId }) => {
      const compared = state$.value.liquidity.compared;
      const result$: Observable<DomainEvent> = compared.includes(command.scenarioId)
        ? of(ComparedScenariosChanged.make({ scenarioIds: compared.filter((id) => id !== command.scenarioId) }))
        : compared.length >= MAX_COMPARED_SCENARIOS
          ? of(ComparedScenarioRefused.make({ scenarioId: command.scenarioId, message: COMPARE_LIMIT_TEXT }))
          : concat(of(ComparedScenariosChanged.make({ scenarioIds: [...compared, command.scenarioId] })), projection$(deps, command.scenarioId, fxOf(state$.value)));
      return result$.pipe(causedBy(commandId));
    }),
  );

/** The compared scenarios' projections again: asked for, or the FX selection changed (all money follows it). */
export const loadProjections: LiquidityEpic = ({ command$, event$, state$ }, deps) =>
  merge(
    command$.pipe(
      ofCommand("LoadLiquidityProjections"),
      switchMap(({ commandId }) => allProjections$(deps, state$.value).pipe(causedBy(commandId))),
    ),
    event$.pipe(
      ofEvent("FxRateSelected"),
      switchMap(() => allProjections$(deps, state$.value).pipe(map((event): Emitted => ({ event })))),
    ),
  );

/** A scenario's headcount or expenses screen: the scenario (404: not there, or not the person's), then its rows. */
export const openScenario: LiquidityEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("OpenLiquidityScenario"),
    switchMap(({ command, commandId }) => concat(of(LiquidityScenarioLoadStarted.make({ scenarioId: command.scenarioId })), scenarioFlow$(deps, command.scenarioId, command.part)).pipe(causedBy(commandId))),
  );

/** Employees: add, change, delete, import; each then reads the scenario again (its counts). */
export const changeHeadcount: LiquidityEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateHeadcountEmployee", "ChangeHeadcountEmployee", "DeleteHeadcountEmployee", "ImportHeadcount", "DownloadHeadcountTemplate"),
    concatMap(({ command, commandId }) => {
      let action: LiquidityAction;
      let target: number | null = null;
      let request: Effect.Effect<DomainEvent[], ApiError>;
      let after$: (scenarioId: number) => Observable<DomainEvent> = (scenarioId) => scenario$(deps, scenarioId);
      switch (command._tag) {
        case "CreateHeadcountEmployee":
          action = "employee-create";
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/${command.scenarioId}/employees/`, body: command.draft, decode: HeadcountEmployee })
            .pipe(Effect.map((employee): DomainEvent[] => [HeadcountEmployeeSaved.make({ scenarioId: command.scenarioId, employee }), toast(deps, `${employee.fullName} added.`)]));
          break;
        case "ChangeHeadcountEmployee":
          action = "employee-change";
          target = command.employeeId;
          request = deps.api
            .request({ root: "main", method: "PATCH", path: `${BASE}/scenarios/${command.scenarioId}/employees/${command.employeeId}/`, body: command.change, decode: HeadcountEmployee })
            .pipe(Effect.map((employee): DomainEvent[] => [HeadcountEmployeeSaved.make({ scenarioId: command.scenarioId, employee }), toast(deps, `${employee.fullName} saved.`)]));
          break;
        case "DeleteHeadcountEmployee":
          action = "employee-delete";
          target = command.employeeId;
          request = deps.api
            .request({ root: "main", method: "DELETE", path: `${BASE}/scenarios/${command.scenarioId}/employees/${command.employeeId}/` })
            .pipe(Effect.as<DomainEvent[]>([HeadcountEmployeeRemoved.make({ scenarioId: command.scenarioId, employeeId: command.employeeId }), toast(deps, `${command.name} removed.`)]));
          break;
        case "ImportHeadcount": {
          action = "headcount-import";
          const form = new FormData();
          form.append("file", command.file, command.fileName);
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/${command.scenarioId}/employees/import/`, body: form, decode: HeadcountImportResult, timeoutMs: 60_000 })
            .pipe(Effect.map((result): DomainEvent[] => [LiquidityActionSucceeded.make({ action, target }), toast(deps, `Imported: ${result.created} employees added, ${result.updated} updated.`)]));
          after$ = (scenarioId) => merge(scenario$(deps, scenarioId), headcount$(deps, scenarioId));
          break;
        }
        case "DownloadHeadcountTemplate":
          action = "template-download";
          request = deps.api
            .request<Blob>({ root: "main", method: "GET", path: `${BASE}/employees/template/`, expect: "blob" })
            .pipe(Effect.tap((file) => Effect.sync(() => deps.saveFile(file, TEMPLATE_FILE_NAME))), Effect.as<DomainEvent[]>([LiquidityActionSucceeded.make({ action, target })]));
          after$ = () => EMPTY;
          break;
      }
      const scenarioId = "scenarioId" in command ? command.scenarioId : null;
      return rowChange$(action, target, request, scenarioId === null ? EMPTY : after$(scenarioId)).pipe(causedBy(commandId));
    }),
  );

/** Contracts and transactions: add, change, delete, seed from the accounting import. */
export const changeExpenses: LiquidityEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateLiquidityExpense", "ChangeLiquidityExpense", "DeleteLiquidityExpense", "SeedLiquidityExpenses"),
    concatMap(({ command, commandId }) => {
      let action: LiquidityAction;
      let target: number | null = null;
      let request: Effect.Effect<DomainEvent[], ApiError>;
      const what = (expense: Expense) => `The ${expense.kind} ${expense.vendor || expense.account}`;
      switch (command._tag) {
        case "CreateLiquidityExpense":
          action = "expense-create";
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/${command.scenarioId}/expenses/`, body: command.draft, decode: Expense })
            .pipe(Effect.map((expense): DomainEvent[] => [LiquidityExpenseSaved.make({ scenarioId: command.scenarioId, expense }), toast(deps, `${what(expense)} was added.`)]));
          break;
        case "ChangeLiquidityExpense":
          action = "expense-change";
          target = command.expenseId;
          request = deps.api
            .request({ root: "main", method: "PATCH", path: `${BASE}/scenarios/${command.scenarioId}/expenses/${command.expenseId}/`, body: command.change, decode: Expense })
            .pipe(Effect.map((expense): DomainEvent[] => [LiquidityExpenseSaved.make({ scenarioId: command.scenarioId, expense }), toast(deps, `${what(expense)} was saved.`)]));
          break;
        case "DeleteLiquidityExpense":
          action = "expense-delete";
          target = command.expenseId;
          request = deps.api
            .request({ root: "main", method: "DELETE", path: `${BASE}/scenarios/${command.scenarioId}/expenses/${command.expenseId}/` })
            .pipe(Effect.as<DomainEvent[]>([LiquidityExpenseRemoved.make({ scenarioId: command.scenarioId, expenseId: command.expenseId }), toast(deps, `${command.name} was deleted.`)]));
          break;
        case "SeedLiquidityExpenses":
          action = "expenses-seed";
          request = deps.api
            .request({ root: "main", method: "POST", path: `${BASE}/scenarios/${command.scenarioId}/expenses/seed/`, decode: ExpenseList, timeoutMs: 60_000 })
            .pipe(Effect.map((list): DomainEvent[] => [LiquidityExpensesLoaded.make({ scenarioId: command.scenarioId, ...list }), LiquidityActionSucceeded.make({ action, target }), toast(deps, `${list.transactions.length} transactions seeded from the accounting import.`)]));
          break;
      }
      return rowChange$(action, target, request, scenario$(deps, command.scenarioId)).pipe(causedBy(commandId));
    }),
  );

/** Reloads after this many ms of quiet, so a burst of changes reads once. */
const RELOAD_DEBOUNCE_MS = 300;

/** The server's liquidity events (contracts/liquidity-events.ts). */
export const isLiquidityServerEvent = (type: string) => (LIQUIDITY_EVENTS as readonly string[]).includes(type);

/** Another person changed a scenario, its headcount or its expenses: what is on screen is read again. */
export const changedElsewhere: LiquidityEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => isLiquidityServerEvent(envelope.payload.type)),
    debounceTime(RELOAD_DEBOUNCE_MS),
    switchMap((): Observable<DomainEvent> => {
      const model = state$.value.liquidity;
      const list = model.list.status === "loaded" ? list$(deps) : EMPTY;
      const projections = model.list.status === "loaded" ? allProjections$(deps, state$.value) : EMPTY;
      const open = model.scenario.scenarioId;
      const scenario = open !== null && model.scenario.status === "loaded" ? scenario$(deps, open) : EMPTY;
      const headcount = model.headcount.scenarioId !== null && model.headcount.status === "loaded" ? headcount$(deps, model.headcount.scenarioId) : EMPTY;
      const expenses = model.expenses.scenarioId !== null && model.expenses.status === "loaded" ? expenses$(deps, model.expenses.scenarioId) : EMPTY;
      return merge(list, projections, scenario, headcount, expenses);
    }),
    map((event): Emitted => ({ event, origin: "remote" })),
  );

export const liquidityEpics = { loadScenarios, loadChoices, changeScenario, toggleCompared, loadProjections, openScenario, changeHeadcount, changeExpenses, changedElsewhere };

// ── helpers ─────────────────────────────────────────────────────────────────
const fxOf = (state: AppState): number | null => {
  const selected = state.shell.fxRateId;
  return selected !== null && state.session.company?.fxRates.some((rate) => rate.id === selected) ? selected : null;
};

/** A failed load: the spec's texts (404: not there or not the person's). */
export function loadFailureText(error: ApiError): string {
  return error._tag === "NotFound" ? SCENARIO_NOT_FOUND : LIQUIDITY_SOMETHING_WRONG;
}

/**
 * A refused change: the spec's text for the kind of change, the server's own reason after it
 * when it gave one apart from field messages (an approved scenario, a name taken), the field
 * messages by field, a merge's conflicting employee IDs and an import's refused rows.
 */
export function failure(action: LiquidityAction, target: number | null, base: string, error: ApiError): DomainEvent {
  const body = "body" in error && error.body && typeof error.body === "object" ? (error.body as Record<string, unknown>) : {};
  const detail = typeof body["detail"] === "string" ? body["detail"] : null;
  const fields: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === "detail" || field === "conflicts" || field === "rows") continue;
    fields[field] = (Array.isArray(value) ? value : [value]).map(String);
  }
  const conflicts = Array.isArray(body["conflicts"]) ? body["conflicts"].map(String) : [];
  const rows = Array.isArray(body["rows"])
    ? body["rows"].flatMap((row) => (row && typeof row === "object" && typeof (row as { row?: unknown }).row === "number" ? [{ row: (row as { row: number }).row, messages: ((row as { messages?: unknown }).messages as unknown[] | undefined ?? []).map(String) }] : []))
    : [];
  const reason = error._tag === "NotFound" ? SCENARIO_NOT_FOUND : error._tag === "NetworkError" || error._tag === "Timeout" || error._tag === "ServerError" ? LIQUIDITY_SOMETHING_WRONG : detail;
  const message = reason && reason !== base ? `${base} ${reason}` : base;
  return LiquidityActionFailed.make({ action, target, message, fields, conflicts, rows });
}

function rowChange$(action: LiquidityAction, target: number | null, request: Effect.Effect<DomainEvent[], ApiError>, after$: Observable<DomainEvent>): Observable<DomainEvent> {
  return concat(
    of(LiquidityActionStarted.make({ action, target })),
    fromEffect(request.pipe(Effect.either)).pipe(mergeMap((result) => (result._tag === "Left" ? of(failure(action, target, SCENARIO_UPDATE_FAILED, result.left)) : concat(from(result.right), after$)))),
  );
}

const list$ = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/`, decode: ScenarioList }),
    (list): DomainEvent => LiquidityScenariosLoaded.make({ list }),
    (error): DomainEvent => LiquidityScenariosLoadFailed.make({ message: loadFailureText(error) }),
  );

function projection$(deps: EpicDeps, scenarioId: number, fxRateId: number | null): Observable<DomainEvent> {
  return concat(
    of(LiquidityProjectionLoadStarted.make({ scenarioId, fxRateId })),
    outcome$(
      deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/${scenarioId}/projection/`, query: fxRateId === null ? {} : { fxRate: String(fxRateId) }, decode: LiquidityProjection }),
      (projection): DomainEvent => LiquidityProjectionLoaded.make({ fxRateId, projection }),
      (error): DomainEvent => LiquidityProjectionLoadFailed.make({ scenarioId, message: loadFailureText(error) }),
    ),
  );
}

const allProjections$ = (deps: EpicDeps, state: AppState): Observable<DomainEvent> => merge(...state.liquidity.compared.map((id) => projection$(deps, id, fxOf(state))));

const scenario$ = (deps: EpicDeps, scenarioId: number) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/${scenarioId}/`, decode: LiquidityScenario }),
    (scenario): DomainEvent => LiquidityScenarioLoaded.make({ scenario }),
    (error): DomainEvent => LiquidityScenarioLoadFailed.make({ scenarioId, message: loadFailureText(error), notFound: error._tag === "NotFound" }),
  );

function scenarioFlow$(deps: EpicDeps, scenarioId: number, part: "headcount" | "expenses"): Observable<DomainEvent> {
  return fromEffect(deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/${scenarioId}/`, decode: LiquidityScenario }).pipe(Effect.either)).pipe(
    mergeMap((result): Observable<DomainEvent> => {
      if (result._tag === "Left") return of(LiquidityScenarioLoadFailed.make({ scenarioId, message: loadFailureText(result.left), notFound: result.left._tag === "NotFound" }));
      return concat(of(LiquidityScenarioLoaded.make({ scenario: result.right })), part === "headcount" ? concat(of(HeadcountLoadStarted.make({ scenarioId })), headcount$(deps, scenarioId)) : concat(of(LiquidityExpensesLoadStarted.make({ scenarioId })), expenses$(deps, scenarioId)));
    }),
  );
}

const headcount$ = (deps: EpicDeps, scenarioId: number) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/${scenarioId}/employees/`, decode: HeadcountList }),
    ({ employees }): DomainEvent => HeadcountLoaded.make({ scenarioId, employees }),
    (error): DomainEvent => HeadcountLoadFailed.make({ scenarioId, message: loadFailureText(error) }),
  );

const expenses$ = (deps: EpicDeps, scenarioId: number) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/scenarios/${scenarioId}/expenses/`, decode: ExpenseList }),
    (list): DomainEvent => LiquidityExpensesLoaded.make({ scenarioId, ...list }),
    (error): DomainEvent => LiquidityExpensesLoadFailed.make({ scenarioId, message: loadFailureText(error) }),
  );

const toast = (deps: EpicDeps, text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone: "success", text, action: null });
