import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { styled } from "styled-components";
import { ButtonFrame } from "./button";
import { Icon, type IconName } from "./icons";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

export type AlertTone = "danger" | "warning" | "info" | "success";

export interface AlertProps extends Omit<ComponentPropsWithoutRef<"div">, "title"> {
  readonly tone: AlertTone;
  /** A short bold first line, e.g. "Could not save". */
  readonly title?: ReactNode;
  /** The message. Line breaks in text are kept (the server's messages, one per line). */
  readonly children?: ReactNode;
  /** A button or link for what to do next ("Try again"). */
  readonly action?: ReactNode;
  /** Shows a close button. */
  readonly onDismiss?: () => void;
}

const ICON: Record<AlertTone, IconName> = { danger: "error", warning: "warning", info: "info", success: "check" };

/**
 * A message inside the page, next to what it is about: a failed form, a warning over a table.
 * Danger and warning are announced at once (`role="alert"`), info and success politely
 * (`role="status"`). For passing feedback after an action use a Toast instead.
 */
export function Alert({ tone, title, children, action, onDismiss, role, ...props }: AlertProps) {
  return (
    <AlertBox $tone={tone} role={role ?? (tone === "danger" || tone === "warning" ? "alert" : "status")} {...props}>
      <span className="alert-icon">
        <Icon name={ICON[tone]} />
      </span>
      <div className="alert-body">
        {title ? <div className="alert-title">{title}</div> : null}
        {children ? <div className="alert-text">{children}</div> : null}
        {action ? <div className="alert-action">{action}</div> : null}
      </div>
      {onDismiss ? (
        <ButtonFrame type="button" $variant="quiet" $size="sm" $square aria-label="Dismiss" onClick={onDismiss}>
          <Icon name="close" size={14} />
        </ButtonFrame>
      ) : null}
    </AlertBox>
  );
}

const SURFACE = { danger: "dangerSurface", warning: "warningSurface", info: "infoSurface", success: "successSurface" } as const;

const AlertBox = styled.div<{ $tone: AlertTone }>`
  display: flex;
  align-items: start;
  gap: ${SPACE.sm};
  padding: ${SPACE.sm} ${SPACE.md};
  border: 1px solid ${(p) => p.theme[p.$tone]};
  border-left-width: 4px;
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme[SURFACE[p.$tone]]};
  color: ${(p) => p.theme.text};
  font-size: ${TYPE_SCALE.md.size};
  .alert-icon { display: inline-flex; padding-top: 2px; color: ${(p) => p.theme[p.$tone]}; flex: none; }
  .alert-body { flex: 1; display: grid; gap: ${SPACE.xs}; min-width: 0; }
  .alert-title { font-weight: ${FONT_WEIGHT.semibold}; color: ${(p) => p.theme[p.$tone]}; }
  .alert-text { white-space: pre-line; overflow-wrap: anywhere; }
  .alert-action { display: flex; gap: ${SPACE.sm}; flex-wrap: wrap; }
`;
