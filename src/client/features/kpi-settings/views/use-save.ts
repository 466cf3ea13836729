import { useEffect, useRef } from "react";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import type { SaveState } from "../model";

/** The progress of the changes saved under `keys` (the first error, any still saving). */
export function useSaves(keys: readonly string[]) {
  const saves = useModel((state: AppState) => state.kpiSettings.saves);
  const states = keys.map((key) => saves[key]).filter((state): state is SaveState => state !== undefined);
  const error = states.find((state) => state.status === "error") ?? null;
  return { saving: states.some((state) => state.status === "saving"), error, fields: Object.assign({}, ...states.map((state) => state.fields)) as Record<string, readonly string[]>, states };
}

/**
 * Calls `onDone` once the changes started under `keys` were all saved (not before anything was
 * asked: a dialog opened again does not close on an old success).
 */
export function useDoneWhenSaved(keys: readonly string[], asked: number, onDone: () => void) {
  const { saving, error, states } = useSaves(keys);
  const seen = useRef(0);
  const allSaved = states.length > 0 && states.every((state) => state.status === "saved");
  useEffect(() => {
    if (asked > seen.current && !saving && !error && allSaved) {
      seen.current = asked;
      onDone();
    }
  }, [asked, saving, error, allSaved, onDone]);
}
