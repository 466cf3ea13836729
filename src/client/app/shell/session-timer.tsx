import { autoUpdate, FloatingPortal, offset, useFloating, useFocus, useHover, useInteractions, useRole } from "@floating-ui/react";
import { useEffect, useRef, useState } from "react";
import { styled } from "styled-components";
import { ACTIVITY_CHECK_MS, AUTO_LOGOUT_CHECK_MS, LOGOUT_WARNING_MINUTES, minutesUntilLogout } from "../../../domain/session/auto-logout";
import { useDispatch, useModel } from "../../bus/use-model";
import { Button, VisuallyHidden } from "../../ui/primitives";
import { useNow } from "../clock";
import type { AppState } from "../state";

const Tip = styled.div`
  background: ${(p) => p.theme.surfaceRaised};
  border: 1px solid ${(p) => p.theme.border};
  color: ${(p) => p.theme.text};
  padding: 4px 8px;
  border-radius: 4px;
  font-size: 13px;
`;

/**
 * The logout button with the minutes left until automatic logout (checked every 10 s), the
 * warning modal shortly before, automatic logout at 0, and session renewal on activity.
 */
export function SessionTimer() {
  const dispatch = useDispatch();
  const expiresAt = useModel((state: AppState) => state.session.refreshExpiresAt);
  const now = useNow(AUTO_LOGOUT_CHECK_MS);
  const minutes = expiresAt ? minutesUntilLogout(Date.parse(expiresAt), now) : null;
  const warning = minutes !== null && minutes <= LOGOUT_WARNING_MINUTES && minutes > 0;
  const signedOut = useRef(false);

  useEffect(() => {
    if (minutes !== null && minutes <= 0 && !signedOut.current) {
      signedOut.current = true;
      dispatch({ _tag: "SignOut", reason: "idle" });
    }
  }, [minutes, dispatch]);

  useActivityRenewal(!warning);

  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement: "bottom-end", middleware: [offset(6)], whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([useHover(context), useFocus(context), useRole(context, { role: "tooltip" })]);
  const hint = `auto logout after ${minutes ?? "–"} min`;

  return (
    <>
      {/* The visible text is the name; the hint is its description (and the hover tooltip). */}
      <Button ref={refs.setReference} {...getReferenceProps()} onClick={() => dispatch({ _tag: "SignOut", reason: "user" })} aria-describedby="logout-hint" data-testid="logout-button">
        Sign out · {minutes ?? "–"} min
      </Button>
      <VisuallyHidden id="logout-hint">{hint}</VisuallyHidden>
      {open && (
        <FloatingPortal>
          <Tip ref={refs.setFloating} style={floatingStyles} {...getFloatingProps()}>
            {hint}
          </Tip>
        </FloatingPortal>
      )}
      {warning && <LogoutWarning minutes={minutes} />}
    </>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.5);
  display: grid;
  place-items: center;
  z-index: 20;
`;

const Dialog = styled.div`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  padding: 24px;
  width: min(420px, 90vw);
  display: grid;
  gap: 16px;
  h2 { margin: 0; font-size: 18px; }
  div { display: flex; gap: 8px; justify-content: flex-end; }
`;

function LogoutWarning({ minutes }: { minutes: number }) {
  const dispatch = useDispatch();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <Backdrop>
      <Dialog role="alertdialog" aria-modal="true" aria-labelledby="logout-warning-title" aria-describedby="logout-warning-text">
        <h2 id="logout-warning-title">Still there?</h2>
        <p id="logout-warning-text">
          You will be signed out in {minutes} min because there was no activity.
        </p>
        <div>
          <Button onClick={() => dispatch({ _tag: "SignOut", reason: "user" })}>Sign out</Button>
          <Button ref={stay} $variant="primary" onClick={() => dispatch({ _tag: "ExtendSession" })}>
            Stay signed in
          </Button>
        </div>
      </Dialog>
    </Backdrop>
  );
}

/**
 * Activity renews the session: every 30 s, if the mouse moved (or a key was pressed: keyboard
 * users are active too), one refresh; never while the warning modal asks for a decision.
 */
function useActivityRenewal(enabled: boolean) {
  const dispatch = useDispatch();
  const active = useRef(false);
  useEffect(() => {
    const mark = () => (active.current = true);
    window.addEventListener("mousemove", mark, { passive: true });
    window.addEventListener("keydown", mark);
    const timer = setInterval(() => {
      if (active.current && enabled) dispatch({ _tag: "ExtendSession" });
      active.current = false;
    }, ACTIVITY_CHECK_MS);
    return () => {
      window.removeEventListener("mousemove", mark);
      window.removeEventListener("keydown", mark);
      clearInterval(timer);
    };
  }, [enabled, dispatch]);
}
