import { autoUpdate, flip, FloatingFocusManager, FloatingPortal, offset, shift, useClick, useDismiss, useFloating, useInteractions, useRole } from "@floating-ui/react";
import { useId, useState, type ReactNode } from "react";
import { IconButton, PopoverPanel } from "./styles";

export interface ColumnPopoverProps {
  /** The trigger's accessible name, e.g. "Filter Actual". */
  readonly label: string;
  /** The popover's heading. */
  readonly heading: string;
  /** A glyph or icon on the trigger (hidden from assistive technology; `label` names it). */
  readonly icon: ReactNode;
  /** Shown highlighted: a filter or setting is in effect. */
  readonly active?: boolean;
  /** The control cannot be used; it stays focusable and opens to say why (`unavailableReason`). */
  readonly unavailableReason?: string | null;
  readonly children: (close: () => void) => ReactNode;
}

/** A header control that opens a small dialog next to it (settings or filter of one column). */
export function ColumnPopover({ label, heading, icon, active = false, unavailableReason = null, children }: ColumnPopoverProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: "bottom-end",
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: "dialog" })]);
  const unavailable = unavailableReason !== null;
  return (
    <>
      <IconButton
        ref={refs.setReference}
        type="button"
        $active={active}
        aria-label={unavailable ? `${label} (unavailable)` : label}
        aria-disabled={unavailable || undefined}
        title={unavailableReason ?? label}
        {...getReferenceProps()}
      >
        <span aria-hidden="true">{icon}</span>
      </IconButton>
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <PopoverPanel ref={refs.setFloating} style={floatingStyles} aria-labelledby={headingId} {...getFloatingProps()}>
              <h3 id={headingId}>{heading}</h3>
              {unavailable ? <p role="note">{unavailableReason}</p> : children(() => setOpen(false))}
            </PopoverPanel>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
