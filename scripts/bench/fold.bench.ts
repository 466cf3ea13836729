// Folding 100,000 recorded events: our store against Redux with combineReducers over the same
// reducers (and redux-observable for the command → epic → event path), with a bare loop over
// the root reducer as the floor.
process.env["NODE_ENV"] = "production";
import { map } from "rxjs";
import { applyMiddleware, combineReducers as reduxCombine, legacy_createStore as reduxCreateStore, type Action } from "redux";
import { createEpicMiddleware, ofType, type Epic as ReduxEpic } from "redux-observable";
import type { DomainEvent } from "../../src/contracts/messages";
import type { EventEnvelope } from "../../src/contracts/messages/envelopes";
import { FxRateSelected, SelectFxRate, ServerEventReceived, ThemeChanged } from "../../src/contracts/messages/session";
import { initialState, rootReducer, type AppState } from "../../src/client/app/state";
import { createBus, type Epic } from "../../src/client/bus/bus";
import { createCatalogue } from "../../src/client/bus/catalogue";
import { ofCommand } from "../../src/client/bus/operators";
import { createStore } from "../../src/client/bus/store";
import { sessionReducer } from "../../src/client/features/session/model";
import { shellReducer } from "../../src/client/features/shell/model";

const COUNT = 100_000;
const ROUNDS = 5;

const events: EventEnvelope<DomainEvent>[] = Array.from({ length: COUNT }, (_, index) => {
  const event: DomainEvent =
    index % 10 === 0
      ? ThemeChanged.make({ theme: (["dark", "light", "auto"] as const)[index % 3]! })
      : index % 10 === 1
        ? ServerEventReceived.make({ seq: index, type: "KpiValueEdited", actor: "user:3", payload: { kpi: index % 60, value: index }, occurredAt: "2026-11-21T10:00:00.000Z" })
        : FxRateSelected.make({ fxRateId: index % 4 === 0 ? null : index % 4 });
  return { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "2026-11-21T10:00:00.000Z", origin: "replay" };
});

function best(run: () => void): number {
  let fastest = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

// The floor: the root reducer in a loop, nothing else.
let floorState: AppState = initialState;
const floor = best(() => {
  let state = initialState;
  for (const envelope of events) state = rootReducer(state, envelope.payload, envelope);
  floorState = state;
});

// Our store, with one subscriber as a view would have.
let oursState: AppState = initialState;
const ours = best(() => {
  const store = createStore(rootReducer, initialState);
  let notified = 0;
  store.subscribe(() => notified++);
  for (const envelope of events) store.fold(envelope);
  oursState = store.getState();
});

// Redux with combineReducers over the same feature reducers.
type FoldAction = Action<string> & { event: DomainEvent; envelope: EventEnvelope<DomainEvent> };
const reduxReducer = reduxCombine({
  session: (state: AppState["session"] = initialState.session, action: FoldAction) => (action.event ? sessionReducer(state, action.event, action.envelope) : state),
  shell: (state: AppState["shell"] = initialState.shell, action: FoldAction) => (action.event ? shellReducer(state, action.event, action.envelope) : state),
});
let reduxState: unknown;
const redux = best(() => {
  const store = reduxCreateStore(reduxReducer as never);
  let notified = 0;
  store.subscribe(() => notified++);
  for (const envelope of events) store.dispatch({ type: envelope.type, event: envelope.payload, envelope } as never);
  reduxState = store.getState();
});

const same = JSON.stringify(oursState) === JSON.stringify(floorState) && JSON.stringify((reduxState as AppState).shell) === JSON.stringify(floorState.shell);
if (!same) throw new Error("the three folds disagree");

// The epic path: a command through an epic to a folded event.
const COMMANDS = 20_000;
const oursEpic: Epic<AppState, object> = ({ command$ }) =>
  command$.pipe(
    ofCommand("SelectFxRate"),
    map(({ command, commandId }) => ({ event: FxRateSelected.make({ fxRateId: command.fxRateId }), commandId })),
  );
const oursEpicMs = best(() => {
  const bus = createBus<AppState, object>({
    store: createStore(rootReducer, initialState),
    messages: createCatalogue(),
    features: [{ name: "shell", messages: [SelectFxRate, FxRateSelected], epics: { oursEpic } }],
    deps: {},
    clock: { now: () => new Date(0) },
    newId: () => "id",
  });
  for (let index = 0; index < COMMANDS; index++) bus.dispatch({ _tag: "SelectFxRate", fxRateId: index % 5 });
  bus.stop();
});
const reduxEpic: ReduxEpic<FoldAction | (Action<string> & { fxRateId: number })> = (action$) =>
  action$.pipe(
    ofType("SelectFxRate"),
    map((action) => {
      const event = FxRateSelected.make({ fxRateId: (action as unknown as { fxRateId: number }).fxRateId });
      return { type: "FxRateSelected", event, envelope: { seq: 0, type: "FxRateSelected", version: 1, payload: event, occurredAt: "", origin: "local" } } as FoldAction;
    }),
  );
const reduxEpicMs = best(() => {
  const middleware = createEpicMiddleware();
  const store = reduxCreateStore(reduxReducer as never, applyMiddleware(middleware));
  middleware.run(reduxEpic as never);
  for (let index = 0; index < COMMANDS; index++) store.dispatch({ type: "SelectFxRate", fxRateId: index % 5 } as never);
});

console.log(
  JSON.stringify({
    name: `client core: fold ${COUNT.toLocaleString("en")} events; ${COMMANDS.toLocaleString("en")} commands through an epic (best of ${ROUNDS})`,
    rows: [
      { case: "bare loop over the root reducer (floor)", "fold ms": +floor.toFixed(1) },
      { case: "our store", "fold ms": +ours.toFixed(1) },
      { case: "redux + combineReducers", "fold ms": +redux.toFixed(1) },
      { case: "our bus: command → epic → fold", "epic path ms": +oursEpicMs.toFixed(1) },
      { case: "redux-observable: action → epic → reducer", "epic path ms": +reduxEpicMs.toFixed(1) },
    ],
    ratios: [
      { label: "redux fold time / our fold time", value: redux / ours, goal: "≥ 3", met: redux / ours >= 3 },
      { label: "our fold time / floor", value: ours / floor, goal: "≤ 1.5", met: ours / floor <= 1.5 },
      { label: "redux-observable epic path / ours", value: reduxEpicMs / oursEpicMs },
    ],
  }),
);
