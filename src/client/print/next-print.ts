import { PRINT_CLEAR_KEY, PRINT_NEXT_KEY } from "../../contracts/print";
import { printRouteOf } from "../../domain/navigation/print-routes";
import { handOverPrint, printedByRenderer } from "./print-session";

/** What main.tsx lends: a running app (its bus), how to take its React tree down and boot anew. */
export interface RunningApp {
  readonly bus: { stop(): void };
}
export interface AppReboot {
  unmount(): void;
  boot(): Promise<RunningApp>;
}

/**
 * Keeps a page the server's renderer prints on ready for its next prints (issue 13: a warm print
 * must not load and start the app again). The renderer calls window.__meridianPrintNext(handoff,
 * route): the last print's React tree is unmounted and its bus stopped, the new handoff replaces
 * the old, the address becomes the new print route (replaceState: no token in it), and the
 * platform boots again with a fresh store, token keeper and API client; the scripts are already
 * loaded, so only the print's own data is fetched. window.__meridianPrintClear drops the last
 * print once it is printed. A person's preview (no renderer handoff) gets neither.
 */
export function keepForNextPrints(first: RunningApp, reboot: AppReboot): void {
  if (!printedByRenderer()) return;
  let current: RunningApp | null = first;
  const clear = () => {
    current?.bus.stop();
    current = null;
    reboot.unmount();
    handOverPrint(null);
  };
  const next = async (handoff: unknown, path: unknown) => {
    clear();
    if (typeof path !== "string" || !printRouteOf(path)) throw new Error(`not a print route: ${String(path)}`);
    handOverPrint(handoff);
    window.history.replaceState(null, "", path);
    current = await reboot.boot();
  };
  Object.assign(window, { [PRINT_NEXT_KEY]: next, [PRINT_CLEAR_KEY]: clear });
}
