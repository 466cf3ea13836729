import { useEffect } from "react";
import { styled } from "styled-components";
import { useDispatch, useModel } from "../../bus/use-model";
import type { AppState } from "../state";

const Stack = styled.div`
  position: fixed;
  right: 16px;
  bottom: 16px;
  display: grid;
  gap: 8px;
  z-index: 15;
  width: min(360px, 90vw);
`;

const Item = styled.div`
  display: flex;
  gap: 8px;
  align-items: start;
  background: ${(p) => p.theme.surfaceRaised};
  border: 1px solid ${(p) => p.theme.border};
  border-left: 3px solid ${(p) => p.theme.accent};
  border-radius: 6px;
  padding: 10px 12px;
  font-size: 14px;
  p { margin: 0; flex: 1; }
  button { background: none; border: none; color: ${(p) => p.theme.textMuted}; cursor: pointer; font-size: 16px; }
`;

/** An alert leaves by itself after this long, so it never hides the screen for good. */
export const ALERT_VISIBLE_MS = 8_000;

/** What other users just changed, from the server's event stream. */
export function Alerts() {
  const alerts = useModel((state: AppState) => state.shell.alerts);
  return (
    <Stack role="status" aria-live="polite">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} id={alert.id} text={alert.text} />
      ))}
    </Stack>
  );
}

function AlertItem({ id, text }: { id: number; text: string }) {
  const dispatch = useDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ _tag: "DismissAlert", id }), ALERT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [id, dispatch]);
  return (
    <Item>
      <p>{text}</p>
      <button aria-label="Dismiss" onClick={() => dispatch({ _tag: "DismissAlert", id })}>
        ×
      </button>
    </Item>
  );
}
