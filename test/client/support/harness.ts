import { NEVER, type Observable } from "rxjs";
import type { DomainEvent } from "../../../src/contracts/messages";
import type { KpiMeta } from "../../../src/contracts/kpis";
import type { EventEnvelope } from "../../../src/contracts/messages/envelopes";
import type { ServerEvent } from "../../../src/contracts/server-events";
import { createChallengeHolder, memoryStorage, type EpicDeps } from "../../../src/client/app/deps";
import { LAZY_FEATURES } from "../../../src/client/app/features";
import { CORE_FEATURES } from "../../../src/client/app/platform";
import { initialState, rootReducer, type AppState } from "../../../src/client/app/state";
import { createBus } from "../../../src/client/bus/bus";
import { initialKpis } from "../../../src/client/features/kpis/model";
import { createCatalogue } from "../../../src/client/bus/catalogue";
import { createStore } from "../../../src/client/bus/store";
import { makeApi } from "../../../src/client/effect/http-client";
import { createTokenKeeper } from "../../../src/client/effect/token-keeper";
import { fakeServer, type FakeRoute } from "../effect/fake-server";

export const ROOTS = { main: "/api", auth: "/auth-api", warehouse: "/warehouse-api", ai: "/ai-api" };

/** Every feature, core and lazy, registered from the start as if every screen had loaded. */
const LOADED_FEATURES = await Promise.all(Object.values(LAZY_FEATURES).map(async (load) => (await load()).feature));

/** The real bus, reducers and epics over a fake server: what an epic test drives. */
export function testClient(
  routes: Record<string, FakeRoute>,
  options: { serverEvents?: (after: number | null) => Observable<ServerEvent>; state?: AppState; embed?: EpicDeps["embed"] } = {},
) {
  const server = fakeServer(routes);
  const tokens = createTokenKeeper(null);
  const storage = memoryStorage();
  const navigations: string[] = [];
  const saved: { file: Blob; name: string }[] = [];
  const left: string[] = [];
  let id = 0;
  const deps: EpicDeps = {
    api: makeApi({ fetch: server.fetch, roots: ROOTS, tokens, now: Date.now }),
    tokens,
    clock: { now: () => new Date() },
    ids: () => `id-${++id}`,
    storage,
    navigate: (to) => void navigations.push(to),
    serverEvents: options.serverEvents ?? (() => NEVER),
    challenge: createChallengeHolder(),
    saveFile: (file, name) => void saved.push({ file, name }),
    leave: (url) => void left.push(url),
    roots: ROOTS,
    embed: options.embed ?? null,
  };
  const store = createStore(rootReducer, options.state ?? initialState);
  const events: EventEnvelope<DomainEvent>[] = [];
  const bus = createBus<AppState, EpicDeps>({ store, messages: createCatalogue(), features: [...CORE_FEATURES, ...LOADED_FEATURES], deps, clock: deps.clock, newId: deps.ids, onEvent: (envelope) => events.push(envelope) });
  const types = () => events.map((envelope) => envelope.type);
  /** Resolves once an event of `type` has been folded (fails after 2 s). */
  const waitFor = (type: string) =>
    new Promise<EventEnvelope<DomainEvent>>((resolve, reject) => {
      const found = events.find((envelope) => envelope.type === type);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no ${type} event; saw ${types().join(", ")}`)), 2000);
      const subscription = bus.event$.subscribe((envelope) => {
        if (envelope.type === type) {
          clearTimeout(timer);
          subscription.unsubscribe();
          resolve(envelope);
        }
      });
    });
  return { bus, store, server, tokens, storage, navigations, saved, left, events, types, waitFor };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Demo GmbH (EUR, one currency) signed in with `kpis` already loaded: where a screen over KPIs starts. */
export function stateWithKpis(kpis: readonly KpiMeta[], fiscalYearOffset = 0): AppState {
  return {
    ...initialState,
    session: { ...initialState.session, company: { name: "Demo GmbH", kind: "company", multiCurrency: false, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: fiscalYearOffset, fxRates: [] } },
    kpis: { ...initialKpis, meta: { status: "loaded", message: null, kpis: [...kpis], answers: initialKpis.revision, refreshing: false, requestedAt: 0 }, settingsLoaded: true },
  } as AppState;
}

/** Tokens good for a minute: the client's calls go out signed in. */
export const signIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
