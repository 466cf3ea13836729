import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from "react";
import { Router, useLocation, type AroundNavHandler } from "wouter";
import { useOptionalConfirm, type Confirm } from "./confirm";
import { createHistoryGuard } from "./history-guard";

/** What the dialog says when the page has no message of its own. */
export const DEFAULT_UNSAVED_MESSAGE = "You have unsaved changes. If you leave this page, they are lost.";

interface GuardRegistry {
  readonly set: (id: string, message: string | null) => void;
}

const GuardContext = createContext<GuardRegistry | null>(null);

// Created as this module loads, before the router adds its own popstate listener (see history-guard.ts).
const historyGuard = typeof window !== "undefined" && window.history ? createHistoryGuard(window) : null;

/**
 * Asks before leaving a page with unsaved changes: on in-app navigation (links, `navigate`,
 * back and forward) with the confirm dialog ("Leave this page?" — Stay / Leave), and on reload,
 * closing the tab or typing an address with the browser's own question (`beforeunload`).
 * `dirty` true means there is something to lose; the guard ends when it turns false or the
 * component unmounts (after a save, set it false before navigating on).
 */
export function useUnsavedChangesGuard(dirty: boolean, message: string = DEFAULT_UNSAVED_MESSAGE): void {
  const registry = useContext(GuardContext);
  const id = useId();
  useEffect(() => {
    if (!registry) return;
    registry.set(id, dirty ? message : null);
    return () => registry.set(id, null);
  }, [registry, id, dirty, message]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message; // older browsers need it set; all show their own text
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, message]);
}

/**
 * Makes `useUnsavedChangesGuard` work for in-app navigation: a wouter `<Router aroundNav>` that
 * consults the registered guards before every `navigate` (wouter 3 has no blocking API; Link and
 * useLocation both navigate through `aroundNav`), and a popstate guard for back and forward.
 * It keeps the surrounding router's location hook (the browser's, or replay's memory location).
 * Needs a ConfirmProvider above it for the dialog (falls back to `window.confirm`).
 */
export function NavigationGuardProvider({ children }: { children: ReactNode }) {
  const guards = useRef(new Map<string, string>());
  const [location] = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const confirm = useOptionalConfirm();
  const confirmRef = useRef<Confirm | null>(confirm);
  confirmRef.current = confirm;
  const asking = useRef(false);

  const registry = useMemo<GuardRegistry>(
    () => ({
      set: (id, message) => {
        if (message === null) guards.current.delete(id);
        else guards.current.set(id, message);
      },
    }),
    [],
  );
  const blockingMessage = useCallback((): string | null => guards.current.values().next().value ?? null, []);
  const ask = useCallback(async (message: string): Promise<boolean> => {
    if (asking.current) return false;
    asking.current = true;
    try {
      const confirmLeave = confirmRef.current;
      if (!confirmLeave) return window.confirm(message);
      return await confirmLeave({ title: "Leave this page?", message, confirmLabel: "Leave", cancelLabel: "Stay", tone: "danger" });
    } finally {
      asking.current = false;
    }
  }, []);

  const aroundNav = useCallback<AroundNavHandler>(
    (navigate, to, options) => {
      const message = blockingMessage();
      if (!message || samePage(to, locationRef.current)) return navigate(to, options);
      void ask(message).then((leave) => {
        if (leave) navigate(to, options);
      });
    },
    [ask, blockingMessage],
  );

  useEffect(() => historyGuard?.use({ blockingMessage, ask }), [blockingMessage, ask]);

  return (
    <GuardContext.Provider value={registry}>
      <Router aroundNav={aroundNav}>{children}</Router>
    </GuardContext.Provider>
  );
}

/** A navigation to the page already shown (same path, maybe another fragment) leaves nothing. */
function samePage(to: string, location: string): boolean {
  return to.split("#")[0] === location;
}
