import type { ComponentPropsWithRef, ReactNode } from "react";
import { ButtonFrame, type ButtonVariant } from "./button";
import type { ControlSize } from "./tokens";
import { Tooltip } from "./tooltip";

export interface IconButtonProps extends Omit<ComponentPropsWithRef<"button">, "children" | "aria-label"> {
  /** The accessible name, also shown as a tooltip on hover and focus. Required: an icon says nothing. */
  readonly label: string;
  /** The icon (e.g. `<Icon name="close" />`). */
  readonly icon: ReactNode;
  readonly variant?: ButtonVariant;
  readonly size?: ControlSize;
  /** Shown as a toggle: pressed (`aria-pressed`), e.g. a favourite star that is on. */
  readonly pressed?: boolean;
  /** Set false where the label is already visible next to the button. */
  readonly tooltip?: boolean;
}

/** A square button with only an icon: close, more actions, star, bell. */
export function IconButton({ label, icon, variant = "quiet", size = "md", pressed, tooltip = true, type = "button", ...props }: IconButtonProps) {
  const button = (
    <ButtonFrame type={type} $variant={variant} $size={size} $square aria-label={label} aria-pressed={pressed} {...props}>
      <span className="icon" aria-hidden="true">
        {icon}
      </span>
    </ButtonFrame>
  );
  return tooltip ? (
    <Tooltip content={label} describe={false}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
