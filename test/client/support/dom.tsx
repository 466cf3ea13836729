import type { ReactElement } from "react";

/** Component tests (*.test.tsx) run in their own pass with happy-dom registered (test/dom-setup.ts). */

export async function renderWithBus(ui: ReactElement, options: { state?: Partial<import("../../../src/client/app/state").AppState>; now?: () => number } = {}) {
  const { render } = await import("@testing-library/react");
  const { ThemeProvider } = await import("styled-components");
  const { ConfirmProvider } = await import("../../../src/client/ui/confirm");
  const { BusContext } = await import("../../../src/client/bus/use-model");
  const { createBus } = await import("../../../src/client/bus/bus");
  const { createCatalogue } = await import("../../../src/client/bus/catalogue");
  const { Command } = await import("../../../src/contracts/messages");
  const { createStore } = await import("../../../src/client/bus/store");
  const { initialState, rootReducer } = await import("../../../src/client/app/state");
  const { ClockContext } = await import("../../../src/client/app/clock");
  const { AppConfigContext } = await import("../../../src/client/app/config-context");
  const { DARK } = await import("../../../src/client/ui/theme");
  const commands: { _tag: string }[] = [];
  const store = createStore(rootReducer, { ...initialState, ...options.state });
  // Every command is valid here, as in the app once a view's features are registered.
  const bus = createBus({ store, messages: createCatalogue([Command]), features: [], deps: {}, clock: { now: () => new Date() }, newId: () => "id", onCommand: (envelope) => commands.push(envelope.command) });
  const config = { roots: { main: "/api", auth: "/auth-api", warehouse: "/warehouse-api", ai: "/ai-api" }, embedOrigins: [], demo: null };
  const view = render(
    <BusContext.Provider value={bus}>
      <AppConfigContext.Provider value={config}>
        <ClockContext.Provider value={options.now ?? (() => Date.now())}>
          <ThemeProvider theme={DARK}>
            <ConfirmProvider>{ui}</ConfirmProvider>
          </ThemeProvider>
        </ClockContext.Provider>
      </AppConfigContext.Provider>
    </BusContext.Provider>,
  );
  return { ...view, bus, store, commands };
}
