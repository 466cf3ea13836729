import type { ComponentPropsWithRef, MouseEvent, ReactNode } from "react";
import { css, styled } from "styled-components";
import { Link } from "wouter";
import { Spinner } from "./spinner";
import { CONTROL_HEIGHT, FONT_WEIGHT, MOTION, RADIUS, SPACE, TYPE_SCALE, type ControlSize } from "./tokens";

/**
 * - `primary`: the one main action of a view (Save, Invite). At most one per area.
 * - `secondary`: every other action (Cancel, Export, Reset).
 * - `danger`: an action that destroys (Delete, Leave without saving); usually behind ConfirmDialog.
 * - `quiet`: small actions in dense places (table rows, card headers, toolbars).
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "quiet";

export interface ButtonProps extends Omit<ComponentPropsWithRef<"button">, "children"> {
  readonly variant?: ButtonVariant;
  /** `md` (36 px) in forms and page headers; `sm` (28 px) in filter bars, tables and cards. */
  readonly size?: ControlSize;
  /**
   * Work started by this button is running: it shows a spinner, ignores clicks and stays focusable
   * (so focus is not lost), and says so with `aria-busy`. Keep the label; do not swap it for "…".
   */
  readonly busy?: boolean;
  /** An icon before the label (decoration; the label names the button). */
  readonly icon?: ReactNode;
  /** The visible label, which is also the accessible name (or at least its start). */
  readonly children: ReactNode;
}

/**
 * Every button in the product. Defaults to `type="button"` (a submit button says `type="submit"`).
 * Disabled looks disabled: flat, no edge, faded text, the not-allowed cursor.
 */
export function Button({ variant = "secondary", size = "md", busy = false, icon, children, type = "button", onClick, ...props }: ButtonProps) {
  const guardedClick = busy ? (event: MouseEvent<HTMLButtonElement>) => event.preventDefault() : onClick;
  return (
    <ButtonFrame type={busy && type === "submit" ? "button" : type} $variant={variant} $size={size} aria-busy={busy || undefined} aria-disabled={busy || undefined} onClick={guardedClick} {...props}>
      {busy ? <Spinner $size={size === "sm" ? 12 : 14} /> : icon ? <span className="icon" aria-hidden="true">{icon}</span> : null}
      {children}
    </ButtonFrame>
  );
}

/**
 * A link drawn as a button, for an action that is a place to go ("Connect" opens the connect
 * view): it stays a link (opens in a new tab, shows its address), only its look is a button's.
 */
export function ButtonLink({ href, variant = "secondary", size = "md", children, ...props }: Omit<ComponentPropsWithRef<"a">, "href" | "children"> & { readonly href: string; readonly variant?: ButtonVariant; readonly size?: ControlSize; readonly children: ReactNode }) {
  return (
    <ButtonFrame as={Link} href={href} $variant={variant} $size={size} {...(props as object)}>
      {children}
    </ButtonFrame>
  );
}

const variantStyle = {
  primary: css`
    background: ${(p) => p.theme.accent};
    border-color: ${(p) => p.theme.accent};
    color: ${(p) => p.theme.accentText};
    &:hover:not(:disabled):not([aria-disabled="true"]) { background: ${(p) => p.theme.accentHover}; border-color: ${(p) => p.theme.accentHover}; }
  `,
  secondary: css`
    background: ${(p) => p.theme.surface};
    border-color: ${(p) => p.theme.borderStrong};
    color: ${(p) => p.theme.text};
    &:hover:not(:disabled):not([aria-disabled="true"]) { background: ${(p) => p.theme.surfaceHover}; }
  `,
  danger: css`
    background: ${(p) => p.theme.danger};
    border-color: ${(p) => p.theme.danger};
    color: ${(p) => p.theme.dangerText};
    &:hover:not(:disabled):not([aria-disabled="true"]) { filter: brightness(1.08); }
  `,
  quiet: css`
    background: transparent;
    border-color: transparent;
    color: ${(p) => p.theme.text};
    &:hover:not(:disabled):not([aria-disabled="true"]) { background: ${(p) => p.theme.surfaceHover}; }
    &[aria-pressed="true"] { color: ${(p) => p.theme.accent}; }
  `,
} as const;

/** The styled `<button>` behind Button and IconButton, for the rare part that must be a button but look otherwise. */
export const ButtonFrame = styled.button<{ $variant: ButtonVariant; $size: ControlSize; $square?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${SPACE.sm};
  flex: none;
  min-height: ${(p) => CONTROL_HEIGHT[p.$size]};
  ${(p) => (p.$square ? `width: ${CONTROL_HEIGHT[p.$size]}; padding: 0;` : `padding: 0 ${p.$size === "sm" ? SPACE.md : SPACE.lg};`)}
  border: 1px solid transparent;
  border-radius: ${RADIUS.md};
  font-size: ${(p) => (p.$size === "sm" ? TYPE_SCALE.sm.size : TYPE_SCALE.md.size)};
  line-height: 1.2;
  font-weight: ${FONT_WEIGHT.medium};
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition: background ${MOTION.fast} ${MOTION.easing}, border-color ${MOTION.fast} ${MOTION.easing};
  ${(p) => variantStyle[p.$variant]}
  .icon { display: inline-flex; }
  &[aria-busy="true"] { cursor: wait; }
  &:disabled {
    background: ${(p) => (p.$variant === "quiet" ? "transparent" : p.theme.disabledSurface)};
    border-color: transparent;
    color: ${(p) => p.theme.disabledText};
    cursor: not-allowed;
    filter: none;
  }
`;
