import { styled, createGlobalStyle } from "styled-components";

export const GlobalStyle = createGlobalStyle`
  html, body { margin: 0; background: ${(p) => p.theme.background}; color: ${(p) => p.theme.text};
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 15px; }
  *, *::before, *::after { box-sizing: border-box; }
  :focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; }
  a { color: ${(p) => p.theme.accent}; }
`;

export const Button = styled.button<{ $variant?: "primary" | "plain" | "danger" }>`
  font: inherit;
  border-radius: 6px;
  padding: 8px 14px;
  cursor: pointer;
  border: 1px solid ${(p) => (p.$variant === "primary" ? p.theme.accent : p.theme.border)};
  background: ${(p) => (p.$variant === "primary" ? p.theme.accent : "transparent")};
  color: ${(p) => (p.$variant === "primary" ? p.theme.accentText : p.$variant === "danger" ? p.theme.danger : p.theme.text)};
  &:disabled { opacity: 0.6; cursor: progress; }
  &:hover:not(:disabled) { filter: brightness(1.1); }
`;

export const Field = styled.label`
  display: grid;
  gap: 6px;
  font-size: 14px;
  color: ${(p) => p.theme.textMuted};
  input, select {
    font: inherit;
    padding: 9px 11px;
    border-radius: 6px;
    border: 1px solid ${(p) => p.theme.border};
    background: ${(p) => p.theme.surface};
    color: ${(p) => p.theme.text};
  }
`;

/** The danger alert of forms: the server's messages, one per line. */
export const DangerAlert = styled.div.attrs({ role: "alert" })`
  white-space: pre-line;
  border: 1px solid ${(p) => p.theme.danger};
  background: ${(p) => p.theme.dangerSurface};
  color: ${(p) => p.theme.danger};
  border-radius: 6px;
  padding: 10px 12px;
`;

export const Card = styled.section`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  padding: 24px;
`;

export const VisuallyHidden = styled.span`
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
`;

/** A screen inside the shell: title, then its content. */
export const ScreenPage = styled.section`
  padding: 24px 32px;
  max-width: 880px;
  display: grid;
  gap: 20px;
  h1 { margin: 0; font-size: 22px; font-weight: 600; }
  h2 { margin: 0 0 8px; font-size: 16px; }
  p { margin: 0; line-height: 1.5; }
  ol { margin: 0; padding-left: 20px; display: grid; gap: 20px; }
`;

/** A failed load: the reason and a way to ask again. */
export function RetryAlert({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <DangerAlert>
      {message}{" "}
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </DangerAlert>
  );
}
