import { map, mergeMap, of, throwError } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../src/contracts/messages";
import type { EventEnvelope } from "../../../src/contracts/messages/envelopes";
import { CycleTheme, FxRateSelected, SelectFxRate, SessionCommand, SessionEvent, ThemeChanged } from "../../../src/contracts/messages/session";
import { createBus, InvalidCommand, type Epic } from "../../../src/client/bus/bus";
import { createCatalogue } from "../../../src/client/bus/catalogue";
import { causedBy, ofCommand } from "../../../src/client/bus/operators";
import { combineReducers, createStore, type Reducer } from "../../../src/client/bus/store";

type State = { theme: { name: string }; fx: { id: number | null } };
const themeReducer: Reducer<State["theme"]> = (model, event) => (event._tag === "ThemeChanged" ? { name: event.theme } : model);
const fxReducer: Reducer<State["fx"]> = (model, event) => (event._tag === "FxRateSelected" ? { id: event.fxRateId } : model);
const initial: State = { theme: { name: "dark" }, fx: { id: null } };

function setup(epics: Record<string, Epic<State, object>> = {}, options: { runEpics?: boolean } = {}) {
  let id = 0;
  const store = createStore(combineReducers<State>({ theme: themeReducer, fx: fxReducer }), initial);
  const seen: EventEnvelope<DomainEvent>[] = [];
  const errors: string[] = [];
  const bus = createBus<State, object>({
    store,
    messages: createCatalogue(),
    features: [{ name: "session", messages: [SessionCommand, SessionEvent], epics }],
    ...options,
    deps: {},
    clock: { now: () => new Date("2026-11-21T10:00:00Z") },
    newId: () => `id-${++id}`,
    onEvent: (envelope) => seen.push(envelope),
    onEpicError: (epic) => errors.push(epic),
  });
  return { bus, store, seen, errors };
}

test("the root reducer keeps untouched slices and the root itself by identity", () => {
  const { bus, store } = setup();
  const before = store.getState();
  bus.receive(FxRateSelected.make({ fxRateId: 4 }), "remote");
  const after = store.getState();
  assert.is.not(after, before);
  assert.is(after.theme, before.theme, "the theme slice was not touched");
  assert.equal(after.fx, { id: 4 });
  bus.receive(FxRateSelected.make({ fxRateId: 4 }), "remote");
  assert.is.not(store.getState(), after, "a new object from the reducer is a change");
});

test("dispatch validates the command and wraps it in an envelope", () => {
  const { bus } = setup();
  const envelope = bus.dispatch({ _tag: "SelectFxRate", fxRateId: 2 });
  assert.equal(envelope, { command: { _tag: "SelectFxRate", fxRateId: 2 }, commandId: "id-1", issuedAt: "2026-11-21T10:00:00.000Z", correlationId: "id-1" });
  const chained = bus.dispatch({ _tag: "CycleTheme" }, { correlationId: envelope.correlationId });
  assert.is(chained.correlationId, "id-1");
  assert.throws(() => bus.dispatch({ _tag: "SelectFxRate", fxRateId: "two" } as never), (error: Error) => error instanceof InvalidCommand);
  assert.throws(() => bus.dispatch({ _tag: "NoSuchCommand" } as never), (error: Error) => error instanceof InvalidCommand);
});

test("a feature's commands are valid once it registers, and its epics run from then on, once", () => {
  const seen: EventEnvelope<DomainEvent>[] = [];
  const store = createStore(combineReducers<State>({ theme: themeReducer, fx: fxReducer }), initial);
  const bus = createBus<State, object>({ store, messages: createCatalogue(), features: [{ name: "theme", messages: [CycleTheme], epics: {} }], deps: {}, clock: { now: () => new Date(0) }, newId: () => "id", onEvent: (envelope) => seen.push(envelope) });
  const fxEpic: Epic<State, object> = ({ command$ }) =>
    command$.pipe(
      ofCommand("SelectFxRate"),
      map(({ command, commandId }) => ({ event: FxRateSelected.make({ fxRateId: command.fxRateId }), commandId })),
    );
  const fx = { name: "fx", messages: [SelectFxRate, FxRateSelected], epics: { fxEpic } };
  assert.throws(() => bus.dispatch({ _tag: "SelectFxRate", fxRateId: 1 }), (error: Error) => error instanceof InvalidCommand && /no loaded feature knows the command SelectFxRate/.test(error.message));
  bus.register(fx);
  bus.register(fx);
  bus.dispatch({ _tag: "SelectFxRate", fxRateId: 1 });
  assert.equal(seen.map((envelope) => envelope.type), ["FxRateSelected"], "one epic, not two");
  assert.equal(store.getState().fx, { id: 1 });
});

test("with epics off (replay), a registered feature adds its schemas but runs no epic", () => {
  const cycled: Epic<State, object> = ({ command$ }) => command$.pipe(map(() => ({ event: ThemeChanged.make({ theme: "light" }) })));
  const { bus, seen } = setup({}, { runEpics: false });
  bus.register({ name: "theme", messages: [CycleTheme], epics: { cycled } });
  bus.dispatch({ _tag: "CycleTheme" });
  assert.equal(seen, []);
});

test("events from epics are folded in order with seq, version, cause and origin", () => {
  const themes: Epic<State, object> = ({ command$ }) =>
    command$.pipe(
      ofCommand("CycleTheme"),
      map((envelope) => ({ event: ThemeChanged.make({ theme: "light" }), commandId: envelope.commandId })),
    );
  const { bus, store, seen } = setup({ themes });
  const command = bus.dispatch({ _tag: "CycleTheme" });
  bus.receive(ThemeChanged.make({ theme: "auto" }), "remote", "2026-11-20T08:00:00.000Z");
  assert.equal(
    seen.map((envelope) => [envelope.seq, envelope.type, envelope.version, envelope.commandId, envelope.origin]),
    [
      [1, "ThemeChanged", 1, command.commandId, "local"],
      [2, "ThemeChanged", 1, undefined, "remote"],
    ],
  );
  assert.is(seen[1]?.occurredAt, "2026-11-20T08:00:00.000Z");
  assert.equal(store.getState().theme, { name: "auto" });
});

test("an epic that fails unexpectedly emits EpicFailed and keeps working", () => {
  const flaky: Epic<State, object> = ({ command$ }) =>
    command$.pipe(
      ofCommand("SelectFxRate"),
      mergeMap((envelope) => {
        if (envelope.command.fxRateId === 13) return throwError(() => new Error("unlucky"));
        return of(FxRateSelected.make({ fxRateId: envelope.command.fxRateId })).pipe(causedBy(envelope.commandId));
      }),
    );
  const { bus, store, seen, errors } = setup({ flaky });
  bus.dispatch({ _tag: "SelectFxRate", fxRateId: 13 });
  bus.dispatch({ _tag: "SelectFxRate", fxRateId: 5 });
  assert.equal(seen.map((envelope) => envelope.type), ["EpicFailed", "FxRateSelected"]);
  assert.equal(seen[0]?.payload, { _tag: "EpicFailed", epic: "flaky", message: "unlucky" });
  assert.equal(errors, ["flaky"]);
  assert.equal(store.getState().fx, { id: 5 });
});

test.run();
