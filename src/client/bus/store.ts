import type { EventEnvelope } from "../../contracts/messages/envelopes";
import type { DomainEvent } from "../../contracts/messages";

/** A pure fold step: no clock, no randomness, no I/O. Everything it needs is in the event. */
export type Reducer<M> = (model: M, event: DomainEvent, envelope: EventEnvelope<DomainEvent>) => M;

/**
 * The one immutable state and the fold that advances it. Listeners are told after every fold
 * that changed the state (by reference), which is what `useSyncExternalStore` needs.
 */
export interface Store<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  fold(envelope: EventEnvelope<DomainEvent>): S;
  /** Replay mode jumps between steps by setting the state a log recorded. */
  reset(state: S): void;
}

export function createStore<S>(reducer: Reducer<S>, initialState: S): Store<S> {
  let state = initialState;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fold(envelope) {
      const next = reducer(state, envelope.payload, envelope);
      if (next !== state) {
        state = next;
        notify();
      }
      return state;
    },
    reset(next) {
      state = next;
      notify();
    },
  };
}

/**
 * The root reducer from feature reducers, one per slice. A slice keeps its identity when its
 * reducer returns it unchanged, and the root keeps its identity when no slice changed, so views
 * of untouched slices do not re-render.
 */
export function combineReducers<S extends object>(reducers: { [K in keyof S]: Reducer<S[K]> }): Reducer<S> {
  const keys = Object.keys(reducers) as (keyof S)[];
  return (state, event, envelope) => {
    let next: S | undefined;
    for (const key of keys) {
      const before = state[key];
      const after = reducers[key](before, event, envelope);
      if (after !== before) {
        next ??= { ...state };
        (next as Record<keyof S, unknown>)[key] = after;
      }
    }
    return next ?? state;
  };
}
