import type { ComponentPropsWithRef, ComponentPropsWithoutRef, ReactNode } from "react";
import { styled } from "styled-components";
import { Alert } from "./alert";
import { ButtonFrame } from "./button";
import { Card as DesignCard } from "./card";
import { controlBox, selectBox } from "./control-style";
import { ErrorState } from "./states";
import { FONT_WEIGHT, MEDIA, SPACE, TYPE_SCALE } from "./tokens";

/*
 * The first primitives, kept so existing screens keep working while they move to the design
 * system; each is now built on it (tokens, focus ring, disabled look). New code imports from the
 * component files (button.tsx, form-field.tsx, alert.tsx, states.tsx, card.tsx, layout.tsx).
 */

export { GlobalStyle } from "./global-style";
export { VisuallyHidden } from "./visually-hidden";

/**
 * @deprecated Use `Button` from "./button" (`variant`, `size`, `busy`). This one keeps the old
 * `$variant` ("plain" is the secondary button) and leaves `type` as given (no attribute: the HTML
 * default, submit), so existing forms and selectors behave as before.
 */
export function Button({ $variant, children, ...props }: Omit<ComponentPropsWithRef<"button">, "children"> & { $variant?: "primary" | "plain" | "danger"; children?: ReactNode }) {
  return (
    <ButtonFrame $variant={$variant === "primary" ? "primary" : $variant === "danger" ? "danger" : "secondary"} $size="md" {...props}>
      {children}
    </ButtonFrame>
  );
}

/**
 * @deprecated Use `FormField` with `TextInput` / `Select` (error next to the field). A label
 * wrapping its text and one input or select.
 */
export const Field = styled.label`
  display: grid;
  gap: ${SPACE.xs};
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  font-weight: ${FONT_WEIGHT.medium};
  color: ${(p) => p.theme.text};
  input { ${controlBox("md")} font-weight: ${FONT_WEIGHT.regular}; }
  select { ${selectBox("md")} font-weight: ${FONT_WEIGHT.regular}; }
`;

/** @deprecated Use `Alert tone="danger"`. The danger alert of forms: the server's messages, one per line. */
export function DangerAlert({ children, ...props }: ComponentPropsWithoutRef<"div">) {
  return (
    <Alert tone="danger" {...props}>
      {children}
    </Alert>
  );
}

/** @deprecated Use `Card` from "./card" (title, actions, padding). A section on a surface with roomy padding. */
export function Card({ children, ...props }: Omit<ComponentPropsWithoutRef<"section">, "title"> & { children?: ReactNode }) {
  return (
    <DesignCard padding="xl" {...props}>
      {children}
    </DesignCard>
  );
}

/** @deprecated Use `Page` from "./layout" with a `PageHeader`. A screen inside the shell: title, then its content. */
export const ScreenPage = styled.section`
  padding: ${SPACE.xl} ${SPACE.xxl};
  max-width: 880px;
  display: grid;
  gap: ${SPACE.lg};
  align-content: start;
  min-width: 0;
  h2 { margin: 0 0 ${SPACE.sm}; }
  p { margin: 0; line-height: 1.5; }
  ol { margin: 0; padding-left: 20px; display: grid; gap: ${SPACE.lg}; }
  ${MEDIA.narrow} { padding: ${SPACE.lg}; }
`;

/** @deprecated Use `ErrorState`. A failed load: the reason and a way to ask again. */
export function RetryAlert({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return <ErrorState message={message} onRetry={onRetry} />;
}
