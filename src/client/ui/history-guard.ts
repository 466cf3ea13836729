/**
 * Back and forward with unsaved changes. The browser has already changed the address when
 * `popstate` fires, so the guard stops the event before the router sees it, moves the history
 * back to the page the person is on (`history.go(-delta)`), asks, and only if the person leaves
 * goes the same way again. Each history entry is stamped with its position so the delta is known;
 * wouter dispatches "pushState" / "replaceState" events (it patches history), which keep the
 * stamps up to date.
 *
 * Listeners on `window` run in the order they were added — a capturing listener does not run
 * first there — so the guard must listen before the router does: `createHistoryGuard` is called
 * when navigation-guard.tsx loads, before React renders, and a guard provider switches it on.
 */

export interface HistoryGuardOptions {
  /** The message to ask with when leaving must be confirmed now; null lets the navigation pass. */
  readonly blockingMessage: () => string | null;
  /** Asks the person; resolves true to leave. */
  readonly ask: (message: string) => Promise<boolean>;
}

export interface HistoryGuard {
  /** Switches the guard on with these callbacks; returns the function that switches it off. */
  readonly use: (options: HistoryGuardOptions) => () => void;
}

const KEY = "meridianHistoryIndex";

/** Starts tracking `win`'s history; the guard blocks only while switched on with `use`. */
export function createHistoryGuard(win: Window): HistoryGuard {
  const { history } = win;
  const here = () => win.location.pathname + win.location.search;
  const indexOf = (state: unknown): number | null => {
    const value = state && typeof state === "object" ? (state as Record<string, unknown>)[KEY] : undefined;
    return typeof value === "number" ? value : null;
  };
  const stamp = (index: number) => {
    if (indexOf(history.state) === index) return;
    history.replaceState({ ...(history.state && typeof history.state === "object" ? history.state : {}), [KEY]: index }, "");
  };

  let options: HistoryGuardOptions | null = null;
  let index = indexOf(history.state) ?? 0;
  let shown = here();
  /** A blocked move while the history travels back to the shown page: how far, and the question. */
  let restoring: { readonly delta: number; readonly message: string } | null = null;
  /** The person chose to leave: the next popstate passes. */
  let leaving = false;
  stamp(index);

  win.addEventListener("pushState", () => {
    index += 1;
    stamp(index);
    shown = here();
  });
  win.addEventListener("replaceState", () => {
    if (indexOf(history.state) === null) stamp(index);
    shown = here();
  });
  win.addEventListener("popstate", (event: PopStateEvent) => {
    const target = indexOf(event.state);
    if (restoring) {
      // Back on the page the person is on; the router may see this (nothing changes for it).
      const { delta, message } = restoring;
      restoring = null;
      index = target ?? index;
      const ask = options?.ask;
      if (!ask) return;
      void ask(message).then((leave) => {
        if (!leave) return;
        leaving = true;
        history.go(delta);
      });
      return;
    }
    const message = leaving ? null : (options?.blockingMessage() ?? null);
    leaving = false;
    // Nothing to lose, or only the fragment changed (an in-page anchor): the move passes.
    if (!message || !options || here() === shown) {
      index = target ?? index + 1;
      if (target === null) stamp(index);
      shown = here();
      return;
    }
    event.stopImmediatePropagation();
    const { ask } = options;
    if (target === null) {
      // An entry we never stamped (before this app loaded): put the page back on top, ask, go on.
      const away = here();
      history.pushState(null, "", shown);
      void ask(message).then((leave) => {
        if (leave) history.pushState(null, "", away);
      });
      return;
    }
    restoring = { delta: target - index, message };
    history.go(index - target);
  });

  return {
    use: (next) => {
      options = next;
      return () => {
        if (options === next) options = null;
      };
    },
  };
}
