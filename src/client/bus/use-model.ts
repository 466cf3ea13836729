import { createContext, useCallback, useContext } from "react";
import { useSyncExternalStoreWithSelector } from "use-sync-external-store/with-selector";
import type { Command } from "../../contracts/messages";
import type { Bus } from "./bus";

export const BusContext = createContext<Bus<any> | null>(null);

function useBus<S>(): Bus<S> {
  const bus = useContext(BusContext);
  if (!bus) throw new Error("useModel and useDispatch need a <BusContext.Provider>");
  return bus as Bus<S>;
}

/**
 * Reads a slice of the state. The view re-renders only when the selected value changes
 * (by `isEqual`, identity by default), whatever else the fold touched.
 */
export function useModel<S, T>(selector: (state: S) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const { store } = useBus<S>();
  return useSyncExternalStoreWithSelector(store.subscribe, store.getState, store.getState, selector, isEqual);
}

/** A stable dispatch function (safe in effect dependencies). */
export function useDispatch(): (command: Command) => void {
  const bus = useBus();
  return useCallback((command: Command) => void bus.dispatch(command), [bus]);
}
