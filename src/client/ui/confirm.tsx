import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog";

// The dialog (and floating-ui's focus trap) loads the first time a question is asked, so the
// sign-in page's bundle stays without it.
const ConfirmDialog = lazy(() => import("./confirm-dialog").then((module) => ({ default: module.ConfirmDialog })));

/** What `confirm` asks: the dialog's texts and tone. */
export type ConfirmRequest = Pick<ConfirmDialogProps, "title" | "confirmLabel" | "cancelLabel" | "tone"> & {
  /** The explanation under the title. */
  readonly message?: ReactNode;
};

/** Opens the confirm dialog; resolves true when the person confirms, false on Cancel or Escape. */
export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Hosts the one confirm dialog of the app (ThemeRoot renders it). Requests wait in line: a
 * second question shows after the first is answered.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<readonly { id: number; request: ConfirmRequest; resolve: (answer: boolean) => void }[]>([]);
  const queueRef = useRef(queue);
  queueRef.current = queue;
  const nextId = useRef(0);
  const confirm = useCallback<Confirm>((request) => new Promise<boolean>((resolve) => setQueue((current) => [...current, { id: nextId.current++, request, resolve }])), []);
  const answer = (id: number, value: boolean) => {
    const item = queueRef.current.find((candidate) => candidate.id === id);
    if (!item) return;
    item.resolve(value);
    queueRef.current = queueRef.current.filter((candidate) => candidate.id !== id);
    setQueue((items) => items.filter((candidate) => candidate.id !== id));
  };
  const current = queue[0];
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            key={current.id}
            open
            title={current.request.title}
            confirmLabel={current.request.confirmLabel}
            {...(current.request.cancelLabel ? { cancelLabel: current.request.cancelLabel } : {})}
            {...(current.request.tone ? { tone: current.request.tone } : {})}
            onConfirm={() => answer(current.id, true)}
            onCancel={() => answer(current.id, false)}
          >
            {current.request.message}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </ConfirmContext.Provider>
  );
}

/**
 * `const confirm = useConfirm(); if (await confirm({ title: "Delete Revenue?", confirmLabel: "Delete", tone: "danger" })) …`
 * Needs a ConfirmProvider above (ThemeRoot has one; component tests wrap in one).
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  return useMemo(
    () =>
      confirm ??
      (() => {
        throw new Error("useConfirm needs a <ConfirmProvider> above it (ThemeRoot renders one)");
      }),
    [confirm],
  );
}

/** The confirm function if a ConfirmProvider is present, else null (for components that can do without). */
export const useOptionalConfirm = (): Confirm | null => useContext(ConfirmContext);
