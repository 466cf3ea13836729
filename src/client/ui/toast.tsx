import { useEffect, useRef, useState } from "react";
import { styled } from "styled-components";
import { Button } from "./button";
import { IconButton } from "./icon-button";
import { Icon, type IconName } from "./icons";
import { FONT_WEIGHT, LAYER, MEDIA, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

/** `success` after a save ("Saved"), `error` when an action failed ("Failed — try again"), `info` for anything else. */
export type ToastKind = "success" | "error" | "info";

export interface ToastData {
  readonly id: string | number;
  readonly kind: ToastKind;
  /** The short outcome: "Saved", "Failed — try again", "Copied". */
  readonly title: string;
  /** What it was about: "Revenue, Oct 2026". */
  readonly text?: string;
  /** One action on the outcome: "Undo" after a delete, "Try again" after a failure. */
  readonly actionLabel?: string;
  /**
   * How long it stays, in ms; null stays until dismissed. Defaults: success 5 s, info 6 s, with an
   * action 10 s, errors stay (a person must be able to read and act on a failure).
   */
  readonly duration?: number | null;
}

export interface ToastRegionProps {
  readonly toasts: readonly ToastData[];
  /** The toast closed: by its close button, or its time ran out. */
  readonly onDismiss: (id: ToastData["id"]) => void;
  /** Its action button was pressed (the toast is dismissed as well). */
  readonly onAction?: (id: ToastData["id"]) => void;
  /** At most this many show at once (the newest); the others wait their turn. */
  readonly max?: number;
}

/** The default time a toast stays, by kind and whether it offers an action. */
export const toastDuration = (toast: ToastData): number | null => (toast.duration !== undefined ? toast.duration : toast.kind === "error" ? null : toast.actionLabel ? 10_000 : toast.kind === "success" ? 5_000 : 6_000);

/**
 * Where toasts appear: bottom right, small, stacked, at most three, never over the page's header,
 * filters or primary actions. Successes and infos are announced politely, errors at once. Place
 * it once in the shell; the toasts themselves come from the app's state (props only).
 */
export function ToastRegion({ toasts, onDismiss, onAction, max = 3 }: ToastRegionProps) {
  const shown = toasts.slice(-max);
  const render = (toast: ToastData) => <Toast key={toast.id} toast={toast} onDismiss={() => onDismiss(toast.id)} {...(onAction ? { onAction: () => onAction(toast.id) } : {})} />;
  return (
    <Region data-toast-region="">
      <div className="stack" role="alert" aria-live="assertive" aria-relevant="additions">
        {shown.filter((toast) => toast.kind === "error").map(render)}
      </div>
      <div className="stack" role="status" aria-live="polite" aria-relevant="additions">
        {shown.filter((toast) => toast.kind !== "error").map(render)}
      </div>
    </Region>
  );
}

const ICON: Record<ToastKind, IconName> = { success: "check", error: "error", info: "info" };

/**
 * One toast: icon, title, text, an optional action and a close button. It leaves by itself after
 * its duration; the countdown pauses while the pointer is on it or focus is in it.
 */
export function Toast({ toast, onDismiss, onAction }: { toast: ToastData; onDismiss: () => void; onAction?: () => void }) {
  const duration = toastDuration(toast);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (paused || remaining.current === null) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused]);
  return (
    <ToastItem
      $kind={toast.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <span className="toast-icon">
        <Icon name={ICON[toast.kind]} />
      </span>
      <div className="toast-body">
        <span className="toast-title">{toast.title}</span>
        {toast.text ? <span className="toast-text">{toast.text}</span> : null}
      </div>
      {toast.actionLabel && onAction ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            onAction();
            onDismiss();
          }}
        >
          {toast.actionLabel}
        </Button>
      ) : null}
      <IconButton label="Dismiss" icon={<Icon name="close" size={14} />} size="sm" onClick={onDismiss} tooltip={false} />
    </ToastItem>
  );
}

// A plain box, not a landmark: it is empty most of the time; its two live regions must exist
// before a toast arrives for screen readers to announce it.
const Region = styled.div`
  position: fixed;
  right: ${SPACE.lg};
  bottom: ${SPACE.lg};
  z-index: ${LAYER.toast};
  width: min(360px, calc(100vw - 2 * ${SPACE.lg}));
  display: grid;
  gap: ${SPACE.sm};
  pointer-events: none;
  .stack { display: grid; gap: ${SPACE.sm}; }
  .stack:empty { display: none; }
  ${MEDIA.narrow} {
    right: ${SPACE.sm};
    bottom: ${SPACE.sm};
    width: calc(100vw - 2 * ${SPACE.sm});
  }
`;

const ToastItem = styled.div<{ $kind: ToastKind }>`
  pointer-events: auto;
  display: flex;
  align-items: center;
  gap: ${SPACE.sm};
  padding: ${SPACE.sm} ${SPACE.sm} ${SPACE.sm} ${SPACE.md};
  border: 1px solid ${(p) => p.theme.border};
  border-left: 4px solid ${(p) => (p.$kind === "error" ? p.theme.danger : p.$kind === "success" ? p.theme.success : p.theme.info)};
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme.surfaceRaised};
  box-shadow: ${(p) => p.theme.shadowOverlay};
  font-size: ${TYPE_SCALE.md.size};
  .toast-icon { display: inline-flex; flex: none; color: ${(p) => (p.$kind === "error" ? p.theme.danger : p.$kind === "success" ? p.theme.success : p.theme.info)}; }
  .toast-body { flex: 1; display: grid; min-width: 0; }
  .toast-title { font-weight: ${FONT_WEIGHT.semibold}; }
  .toast-text { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; overflow-wrap: anywhere; }
`;
