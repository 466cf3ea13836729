import { FloatingFocusManager, FloatingOverlay, FloatingPortal, useDismiss, useFloating, useInteractions, useRole } from "@floating-ui/react";
import { useId, useRef, type ReactNode } from "react";
import { styled } from "styled-components";
import { Button } from "./button";
import { LAYER, MEDIA, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

export interface ConfirmDialogProps {
  readonly open: boolean;
  /** The question, e.g. "Delete Revenue?", "Leave this page?". */
  readonly title: string;
  /** What happens if the person confirms, e.g. "Its 36 monthly values are deleted too." */
  readonly children?: ReactNode;
  /** The confirm button's label: a verb that says what happens ("Delete", "Leave"), never "OK". */
  readonly confirmLabel: string;
  /** The cancel button's label; "Cancel" by default ("Stay" for leaving a page). */
  readonly cancelLabel?: string;
  /** `danger` for destructive actions: a red confirm button, and focus starts on Cancel. */
  readonly tone?: "default" | "danger";
  readonly onConfirm: () => void;
  /** Cancel, Escape: the dialog closes and nothing happens. */
  readonly onCancel: () => void;
  /** The confirmed action is running: the confirm button shows it and both buttons wait. */
  readonly busy?: boolean;
}

/**
 * A modal question before an action that cannot be undone or that loses work. Focus is trapped
 * inside while it is open and returns to where it was; Escape cancels; a click outside does not
 * (a stray click must not answer). For the common case call `useConfirm()` instead of rendering it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = "Cancel", tone = "default", onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const { refs, context } = useFloating({ open, onOpenChange: (next) => (next || busy ? undefined : onCancel()) });
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePress: false }), useRole(context, { role: "alertdialog" })]);
  if (!open) return null;
  return (
    <FloatingPortal>
      <Veil lockScroll>
        <FloatingFocusManager context={context} modal initialFocus={tone === "danger" ? cancelRef : confirmRef} returnFocus>
          <DialogBox ref={refs.setFloating} aria-modal="true" aria-labelledby={titleId} aria-describedby={children ? bodyId : undefined} {...getFloatingProps()}>
            <h2 id={titleId}>{title}</h2>
            {children ? (
              <div id={bodyId} className="dialog-body">
                {children}
              </div>
            ) : null}
            <div className="dialog-actions">
              <Button ref={cancelRef} onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button ref={confirmRef} variant={tone === "danger" ? "danger" : "primary"} onClick={onConfirm} busy={busy}>
                {confirmLabel}
              </Button>
            </div>
          </DialogBox>
        </FloatingFocusManager>
      </Veil>
    </FloatingPortal>
  );
}

const Veil = styled(FloatingOverlay)`
  z-index: ${LAYER.dialog};
  display: grid;
  place-items: center;
  padding: ${SPACE.lg};
  background: ${(p) => p.theme.overlay};
`;

const DialogBox = styled.div`
  width: min(440px, 100%);
  display: grid;
  gap: ${SPACE.md};
  padding: ${SPACE.xl};
  border-radius: ${RADIUS.lg};
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  box-shadow: ${(p) => p.theme.shadowOverlay};
  h2 { font-size: ${TYPE_SCALE.xl.size}; line-height: ${TYPE_SCALE.xl.lineHeight}; }
  .dialog-body { color: ${(p) => p.theme.textMuted}; }
  .dialog-actions { display: flex; justify-content: flex-end; gap: ${SPACE.sm}; margin-top: ${SPACE.xs}; flex-wrap: wrap; }
  ${MEDIA.narrow} {
    padding: ${SPACE.lg};
    .dialog-actions > * { flex: 1; }
  }
`;
