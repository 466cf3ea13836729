import { autoUpdate, flip, FloatingFocusManager, FloatingPortal, offset, shift, size, useClick, useDismiss, useFloating, useInteractions, useRole, type Placement } from "@floating-ui/react";
import { useId, useState, type ReactElement, type ReactNode } from "react";
import { styled } from "styled-components";
import { LAYER, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

/** Props to spread on the popover's trigger (a Button or IconButton): its ref, click and ARIA state. */
export type PopoverTriggerProps = Record<string, unknown> & { ref: (node: HTMLElement | null) => void };

export interface PopoverProps {
  /** The panel's accessible name, and its heading unless `hideHeading`. */
  readonly label: string;
  /** Renders the trigger with the props it needs: `(props) => <Button {...props}>More filters</Button>`. */
  readonly trigger: (props: PopoverTriggerProps) => ReactElement;
  /** The panel's content; a function gets `close` (e.g. for an Apply button). */
  readonly children: ReactNode | ((close: () => void) => ReactNode);
  readonly placement?: Placement;
  /** Width of the panel (it never grows wider than the viewport). */
  readonly width?: string;
  readonly hideHeading?: boolean;
  /** Called when the panel opens (e.g. to mark notifications seen). */
  readonly onOpen?: () => void;
  /** Controlled open state; uncontrolled without it. */
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
}

/**
 * A panel next to a button, for content a person opens on purpose: more filters, column settings,
 * the notification list. Not modal: Escape or a click outside closes it and focus returns to the
 * trigger; Tab moves through it. For a list of commands use a plain list of buttons inside.
 */
export function Popover({ label, trigger, children, placement = "bottom-end", width = "320px", hideHeading = false, onOpen, open: controlled, onOpenChange }: PopoverProps) {
  const [uncontrolled, setUncontrolled] = useState(false);
  const open = controlled ?? uncontrolled;
  const setOpen = (next: boolean) => {
    if (next && !open) onOpen?.();
    if (controlled === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  const headingId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [
      offset(6),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({ padding: 8, apply: ({ availableHeight, elements }) => void (elements.floating.style.maxHeight = `${Math.max(160, availableHeight)}px`) }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: "dialog" })]);
  const close = () => setOpen(false);
  return (
    <>
      {trigger({ ...getReferenceProps(), ref: refs.setReference })}
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <Panel ref={refs.setFloating} style={{ ...floatingStyles, width: `min(${width}, calc(100vw - 16px))` }} aria-labelledby={headingId} {...getFloatingProps()}>
              <h2 id={headingId} className={hideHeading ? "hidden" : "heading"}>
                {label}
              </h2>
              {typeof children === "function" ? children(close) : children}
            </Panel>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}

/** The floating panel's frame: raised surface, overlay shadow, the popover layer. For custom floating content. */
export const Panel = styled.div`
  z-index: ${LAYER.popover};
  display: grid;
  gap: ${SPACE.md};
  align-content: start;
  overflow: auto;
  padding: ${SPACE.lg};
  border-radius: ${RADIUS.lg};
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  box-shadow: ${(p) => p.theme.shadowOverlay};
  font-size: ${TYPE_SCALE.md.size};
  .heading { font-size: ${TYPE_SCALE.md.size}; line-height: ${TYPE_SCALE.md.lineHeight}; }
  .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
