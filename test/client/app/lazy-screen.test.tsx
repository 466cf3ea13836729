import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../src/contracts/messages";
import type { EventEnvelope } from "../../../src/contracts/messages/envelopes";
import { SessionCommand, SessionEvent } from "../../../src/contracts/messages/session";
import { ChunkLoaderContext, type ChunkLoader } from "../../../src/client/app/chunk-loader";
import { lazyScreen } from "../../../src/client/app/lazy-screen";
import { initialState, rootReducer } from "../../../src/client/app/state";
import { createBus, InvalidCommand } from "../../../src/client/bus/bus";
import { createCatalogue } from "../../../src/client/bus/catalogue";
import { createStore } from "../../../src/client/bus/store";
import { BusContext } from "../../../src/client/bus/use-model";
import { renderUi, wait } from "../ui/render";

test.after.each(() => cleanup());

/** A bus that knows only the core messages, as the app's does before any screen loads. */
function coreBus() {
  const events: EventEnvelope<DomainEvent>[] = [];
  const bus = createBus({ store: createStore(rootReducer, initialState), messages: createCatalogue([SessionCommand, SessionEvent]), features: [], runEpics: false, deps: {}, clock: { now: () => new Date() }, newId: () => "id", onEvent: (envelope) => events.push(envelope) });
  return { bus, events };
}

const Screen = () => <h1>The login screen</h1>;

test("the screen's features register with the bus before the screen shows", async () => {
  const { bus } = coreBus();
  const loads: string[] = [];
  const loader: ChunkLoader = async (chunk, importer) => {
    loads.push(chunk);
    return { ok: true, value: await importer() };
  };
  assert.throws(() => bus.dispatch({ _tag: "LoadSsoProviders" }), (error: Error) => error instanceof InvalidCommand);
  const Login = lazyScreen("login", async () => ({ default: Screen }), ["account"]);
  renderUi(
    <BusContext.Provider value={bus}>
      <ChunkLoaderContext.Provider value={loader}>
        <Login />
      </ChunkLoaderContext.Provider>
    </BusContext.Provider>,
  );
  assert.ok(screen.getByText("Loading the screen…"));
  // The account feature's chunk is the real one (its first import compiles it: allow for that).
  assert.ok(await screen.findByRole("heading", { name: "The login screen" }, { timeout: 10_000 }));
  assert.equal(loads, ["login", "login"], "the screen's chunk and the account feature's, both through the loader");
  assert.is(bus.dispatch({ _tag: "LoadSsoProviders" }).command._tag, "LoadSsoProviders", "the account feature's commands are known now");

  // Mounted again under another bus (replay opens a second log): the screen shows at once, and
  // its features are on that bus before the screen's effects run.
  cleanup();
  const other = coreBus().bus;
  renderUi(
    <BusContext.Provider value={other}>
      <ChunkLoaderContext.Provider value={loader}>
        <Login />
      </ChunkLoaderContext.Provider>
    </BusContext.Provider>,
  );
  assert.ok(screen.getByRole("heading", { name: "The login screen" }));
  assert.is(other.dispatch({ _tag: "LoadSsoProviders" }).command._tag, "LoadSsoProviders");
  assert.is(loads.length, 2, "nothing loaded twice");
});

test("a chunk that does not load: ChunkLoadFailed, the chunk load error, and Try again loads it", async () => {
  const { bus, events } = coreBus();
  let attempts = 0;
  const loader: ChunkLoader = async (chunk, importer) => {
    attempts++;
    return attempts === 1 ? { ok: false, message: `The ${chunk} screen did not load within 120 seconds.` } : { ok: true, value: await importer() };
  };
  const Detail = lazyScreen("kpi-detail", async () => ({ default: Screen }));
  renderUi(
    <BusContext.Provider value={bus}>
      <ChunkLoaderContext.Provider value={loader}>
        <Detail />
      </ChunkLoaderContext.Provider>
    </BusContext.Provider>,
  );
  await act(() => wait(20));
  assert.match(screen.getByRole("alert").textContent ?? "", /Chunk load error: The kpi-detail screen did not load within 120 seconds\./);
  assert.equal(events.map((envelope) => envelope.payload), [{ _tag: "ChunkLoadFailed", chunk: "kpi-detail", message: "The kpi-detail screen did not load within 120 seconds." }]);
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  await act(() => wait(20));
  assert.ok(screen.getByRole("heading", { name: "The login screen" }));
});

test.run();
